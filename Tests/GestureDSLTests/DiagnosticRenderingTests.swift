import GestureDSL
import Testing

@Suite("Diagnostic rendering")
struct DiagnosticRenderingTests {
    private func sample(_ text: String, start: Int, end: Int) -> (Diagnostic, SourceManager) {
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "dir/photo.gdl", text: text))
        let diagnostic = Diagnostic(
            id: "GDL103", severity: .error, message: "unknown recognizer 'dubleTap'",
            range: SourceRange(file: id, start: start, end: end),
            notes: [Note("did you mean 'doubleTap'?", at: SourceRange(file: id, start: 0, end: 9))])
        return (diagnostic, sources)
    }

    @Test("text: location, message, id, source line, caret and tildes, then notes")
    func text() {
        let source = "doubleTap\nsingleTap requires dubleTap to fail\n"
        let (diagnostic, sources) = sample(source, start: 29, end: 37)
        #expect(
            TextDiagnosticRenderer().render(diagnostic, in: sources) == """
                dir/photo.gdl:2:20: error: unknown recognizer 'dubleTap' [GDL103]
                singleTap requires dubleTap to fail
                                   ^~~~~~~~
                dir/photo.gdl:1:1: note: did you mean 'doubleTap'?
                doubleTap
                ^~~~~~~~~

                """)
    }

    @Test("the caret keeps tabs and counts characters, not bytes")
    func tabsAndUnicode() {
        let source = "\t// é\tx\n"
        let xOffset = Array(source.utf8).firstIndex(of: UInt8(ascii: "x")) ?? 0
        let (diagnostic, sources) = sample(source, start: xOffset, end: xOffset + 1)
        let lines = TextDiagnosticRenderer().render(diagnostic, in: sources).split(separator: "\n")
        #expect(lines[2] == "\t    \t^")
    }

    @Test("an empty range shows a lone caret; CRLF lines lose their CR")
    func emptyRangeAndCRLF() {
        let (diagnostic, sources) = sample("abc\r\ndef\r\n", start: 3, end: 3)
        let lines = TextDiagnosticRenderer().render(diagnostic, in: sources).split(separator: "\n")
        #expect(lines[1] == "abc")
        #expect(lines[2] == "   ^")
    }

    @Test("a range that starts on a line's CR, or spans lines, keeps the caret on the line")
    func rangesPastTheLine() {
        // Found by the fuzzer: a diagnostic at the '\r' of a CRLF line trapped.
        let (atCR, sources) = sample("ab\r\ncd\n", start: 2, end: 3)
        #expect(TextDiagnosticRenderer().render(atCR, in: sources).split(separator: "\n")[2] == "  ^")
        let (spanning, sources2) = sample("ab\ncd\n", start: 1, end: 5)
        #expect(TextDiagnosticRenderer().render(spanning, in: sources2).split(separator: "\n")[2] == " ^")
    }

    @Test("colour only when asked, and then with ANSI codes")
    func colour() {
        let (diagnostic, sources) = sample("doubleTap\n", start: 0, end: 9)
        #expect(!TextDiagnosticRenderer(colored: false).render(diagnostic, in: sources).contains("\u{1B}["))
        #expect(TextDiagnosticRenderer(colored: true).render(diagnostic, in: sources).contains("\u{1B}[1;31merror: "))
    }

    @Test("JSON: every field, notes with their own locations, escaping")
    func json() {
        let source = "doubleTap\nsingleTap requires dubleTap to fail\n"
        let (diagnostic, sources) = sample(source, start: 29, end: 37)
        var bag = DiagnosticBag()
        bag.report(diagnostic)
        #expect(
            JSONDiagnosticRenderer().render(bag, in: sources) == """
                {"diagnostics":[{"path":"dir/photo.gdl","line":2,"column":20,"end":{"line":2,"column":28},\
                "severity":"error","id":"GDL103","message":"unknown recognizer 'dubleTap'","notes":[\
                {"path":"dir/photo.gdl","line":1,"column":1,"end":{"line":1,"column":10},\
                "message":"did you mean 'doubleTap'?"}]}],"suppressedErrors":0}

                """)
        #expect(JSON.quote("a\"b\\c\nd\u{01}é") == #""a\"b\\c\nd\u0001é""#)
    }

    @Test("the bag stops storing errors at its limit and counts the rest")
    func errorLimit() {
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "t.gdl", text: "x\n"))
        var bag = DiagnosticBag(errorLimit: 2)
        for _ in 0..<5 {
            bag.report(Diagnostic(id: "GDL001", severity: .error, message: "m", range: SourceRange(file: id, start: 0, end: 1)))
        }
        bag.report(Diagnostic(id: "GDL900", severity: .warning, message: "w", range: SourceRange(file: id, start: 0, end: 1)))
        #expect(bag.diagnostics.count == 3)
        #expect(bag.errorCount == 5 && bag.suppressedErrorCount == 3)
        #expect(
            TextDiagnosticRenderer().render(bag, in: sources).hasSuffix(
                "note: 3 more errors not shown; use --all-errors to see them\n"))
    }
}

@Suite("Suggestions")
struct SuggestionsTests {
    @Test(
        "typos within a third of the length are suggested",
        arguments: [
            ("dubleTap", "doubleTap"), ("doubletap", "doubleTap"), ("recogniser", "recognizer"),
            ("singelTap", "singleTap"), ("pt", "px"), ("zzzzzz", nil),
        ])
    func closest(word: String, expected: String?) {
        let candidates = ["doubleTap", "singleTap", "recognizer", "px"]
        #expect(Suggestions.closest(to: word, among: candidates) == expected)
    }

    @Test("the word itself is never suggested")
    func notItself() {
        #expect(Suggestions.closest(to: "tap", among: ["tap"]) == nil)
    }
}

@Suite("Fix-its")
struct FixItTests {
    let file = FileID(0)

    func fix(_ start: Int, _ end: Int, _ text: String) -> FixIt {
        FixIt(replacing: SourceRange(file: FileID(0), start: start, end: end), with: text)
    }

    func diagnostic(_ fixes: [FixIt]) -> Diagnostic {
        Diagnostic(
            id: "GDL103", severity: .error, message: "m", range: SourceRange(file: file, start: 0, end: 1),
            notes: fixes.map { Note("did you mean it?", at: $0.range, fix: $0) } + [
                Note("declared here", at: SourceRange(file: file, start: 0, end: 1))
            ])
    }

    @Test("one repair per diagnostic that proposes exactly one, in order, none overlapping")
    func chosen() {
        var bag = DiagnosticBag(errorLimit: nil)
        bag.report(diagnostic([fix(10, 14, "tap")]))
        bag.report(diagnostic([fix(2, 5, "300ms")]))
        bag.report(diagnostic([fix(3, 8, "x")]))  // overlaps the one at 2..<5
        bag.report(diagnostic([fix(20, 21, "a"), fix(20, 21, "b")]))  // two choices: not obvious
        bag.report(diagnostic([]))
        #expect(bag.fixes(in: file) == [fix(2, 5, "300ms"), fix(10, 14, "tap")])
        #expect(bag.fixes(in: FileID(1)).isEmpty)
    }

    @Test("applying replaces each range, insertions included, and keeps the rest")
    func apply() {
        let bytes = Array("tap(interval: 300) on wndow".utf8)
        let fixed = FixIt.apply([fix(14, 17, "300ms"), fix(22, 27, "window"), fix(27, 27, "!")], to: bytes)
        #expect(String(decoding: fixed, as: UTF8.self) == "tap(interval: 300ms) on window!")
        // A fix past the end is skipped, never trapped on.
        #expect(FixIt.apply([fix(40, 45, "x")], to: bytes) == bytes)
    }
}
