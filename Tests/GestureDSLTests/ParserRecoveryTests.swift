import GestureDSL
import Testing

@Suite("Parser: errors and recovery")
struct ParserRecoveryTests {
    @Test("one mistake gives one diagnostic and the rest still parses")
    func oneMistakeOneDiagnostic() throws {
        let (syntax, diagnostics, sources) = parse(
            inSet(
                """
                  recognizer a = tap on window
                  recognizer b tap on window
                  recognizer c = pan on window
                """))
        #expect(located(diagnostics, in: sources) == ["4:16: expected '=', found 'tap'"])
        let names = try #require(syntax.gestureSets.first).members.compactMap { member -> String? in
            if case .recognizer(let r) = member { return r.name.name }
            return nil
        }
        #expect(names == ["a", "c"])
    }

    /// The parser pulls tokens from the lexer as it goes, so lexical and syntax errors
    /// are found in the order of the file: under an error limit, the first ones kept
    /// are the file's first, not every lexical error before any syntax error.
    @Test("under an error limit, the first errors of the file are kept, lexical or not")
    func errorsInFileOrder() {
        let text = inSet("  recognizer a tap on window\n" + String(repeating: "  view v { alpha: 1 } @\n", count: 30))
        var sources = SourceManager()
        let file = SourceFile(path: "test.gdl", text: text)
        let id = sources.add(file)
        var bag = DiagnosticBag(errorLimit: 3)
        _ = Parser.parse(file, id: id, diagnostics: &bag)
        let lines = located(bag.diagnostics, in: sources).map { $0.prefix { $0 != ":" } }
        #expect(lines == ["3", "4", "5"], "the syntax error on line 3 comes first, then the '@' of lines 4 and 5")
        #expect(bag.suppressedErrorCount > 0)
    }

    @Test("separate mistakes are each reported")
    func twoMistakes() {
        let (_, diagnostics, sources) = parse(
            inSet(
                """
                  recognizer a = tap on
                  view b { alpha 0.5 }
                  simultaneous a,
                """))
        #expect(
            located(diagnostics, in: sources) == [
                "4:3: expected a view role name, found 'view'",
                "4:18: expected ':' after the property name, found '0.5'",
                "6:1: expected a recognizer name, found '}'",
            ])
    }

    @Test(
        "misspelled declaration words get a suggestion",
        arguments: [
            ("gesture A { }", "unknown declaration 'gesture'", "did you mean 'gestures'?"),
            ("gestures A { recogniser a = tap on b }", "unknown declaration 'recogniser'", "did you mean 'recognizer'?"),
            ("kind k discret { }", "unknown declaration 'discret'", "did you mean 'discrete'?"),
            (
                "kind k discrete { possible { on dwn -> failed } }",
                "expected an event ('down', 'move', 'up', 'cancel' or 'timer NAME'), found 'dwn'", "did you mean 'down'?"
            ),
            (
                "kind k discrete { possible { on down { stat timer t after 1s } } }",
                "expected an action ('start timer', 'stop timer', 'ignore' or an assignment), found 'stat'",
                "did you mean 'start'?"
            ),
            (
                "kind k discrete { vr x: int = 0 }",
                "expected a state, 'var', 'report', 'require', prevention rule or property, found 'vr'", "did you mean 'var'?"
            ),
        ])
    func misspelledWords(text: String, message: String, note: String) {
        let (_, diagnostics, _) = parse(text)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.notes.map(\.message) == [note])
    }

    @Test("chained comparisons are reported and parsing goes on")
    func chainedComparison() {
        let (_, diagnostics, _) = parse(inSet("  a.shouldBegin: 1 < x < 3"))
        #expect(diagnostics.map(\.message) == ["comparisons cannot be chained; combine them with '&&'"])
    }

    @Test("a transition needs a target or actions")
    func emptyTransition() {
        let (_, diagnostics, _) = parse("kind k discrete { possible { on down } }")
        #expect(
            diagnostics.map(\.message)
                == ["a transition needs a target state ('-> STATE') or an action block, or both"])
    }

    @Test("a missing closing brace is reported at the end of the file, with the brace left open")
    func missingBrace() {
        let (syntax, diagnostics, sources) = parse("gestures A {\n  view v\n")
        #expect(located(diagnostics, in: sources) == ["3:1: expected '}' to close gesture set 'A', found end of file"])
        #expect(diagnostics.first?.notes.map(\.message) == ["to match this '{'"])
        #expect(syntax.gestureSets.isEmpty)
    }

    @Test("a view's missing '}' is reported once, where a set member begins, and the rest parses")
    func unclosedView() {
        let text = """
            gestures S {
              view window {
                view photo {
                  interactive: true
              }
              recognizer t = tap on photo
              recognizer d = tap(taps: 2) on photo
              t requires d to fail
            }
            """
        let (syntax, diagnostics, sources) = parse(text)
        #expect(located(diagnostics, in: sources) == ["6:3: expected '}' to close view 'window', found 'recognizer'"])
        // The brace left open, and the '}' indented as if it closed it: the one that
        // closes `photo`, which is the view the author left open.
        #expect(
            diagnostics.first?.notes.map { located($0.range, in: sources) + " " + $0.message } == [
                "2:15 to match this '{'",
                "5:3 this '}' is indented as if it closed this block, but it closes view 'photo': is that one left open?",
            ])
        // Everything after it is the set's: two recognizers and a requirement.
        let members = syntax.gestureSets.first?.members ?? []
        #expect(members.count == 4)
    }

    @Test("a recognizer's body ends at the next set member")
    func unclosedRecognizer() {
        let (syntax, diagnostics, sources) = parse("gestures S {\n  view w\n  recognizer t = tap on w {\n    enabled: true\n  hook h\n}\n")
        #expect(located(diagnostics, in: sources) == ["5:3: expected '}' to close recognizer 't', found 'hook'"])
        #expect(syntax.gestureSets.first?.members.count == 3)
    }

    @Test("numbers out of range are reported")
    func hugeNumber() {
        let (_, diagnostics, _) = parse(inSet("  a.shouldBegin: x > 99999999999"))
        #expect(diagnostics.map(\.message) == ["invalid number '99999999999'"])
    }
}

@Suite("Parser: hostile input")
struct ParserRobustnessTests {
    @Test("100,000 nested parentheses give one diagnostic, not a stack overflow")
    func deepParentheses() {
        let depth = 100_000
        let text = inSet(
            "  a.shouldBegin: " + String(repeating: "(", count: depth) + "x"
                + String(repeating: ")", count: depth) + "\n  view after")
        let (syntax, diagnostics, _) = parse(text)
        #expect(diagnostics.map(\.message) == ["nesting is too deep (the limit is \(Parser.maximumDepth) levels)"])
        // Recovery found the view after the deep expression.
        #expect(syntax.gestureSets.first?.members.count == 2)
    }

    @Test("100,000 nested views or braces give one diagnostic")
    func deepBraces() {
        let views = String(repeating: "view v {", count: 100_000) + String(repeating: "}", count: 100_000)
        #expect(parse(inSet(views)).diagnostics.count == 1)
        let braces = String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)
        #expect(parse(braces).diagnostics.count == 1)
    }

    @Test("100,000 unary operators give one diagnostic")
    func deepUnary() {
        let (_, diagnostics, _) = parse(inSet("  a.shouldBegin: " + String(repeating: "!", count: 100_000) + "x"))
        #expect(diagnostics.count == 1)
    }

    @Test("a 10 MB file parses")
    func tenMegabytes() {
        var text = "gestures Big {\n  view window\n"
        var index = 0
        while text.utf8.count < 10_000_000 {
            text += "  recognizer r\(index) = tap(taps: 2, interval: 300ms) on window { shouldBegin: touchCount == 1 }\n"
            index += 1
        }
        text += "}\n"
        let (syntax, diagnostics, _) = parse(text)
        #expect(diagnostics.isEmpty)
        #expect(syntax.gestureSets.first?.members.count == index + 1)
    }

    @Test("an empty file and a file of only comments are fine")
    func emptyFiles() {
        #expect(parse("").diagnostics.isEmpty)
        #expect(parse("// nothing\n/* at all */").diagnostics.isEmpty)
    }
}
