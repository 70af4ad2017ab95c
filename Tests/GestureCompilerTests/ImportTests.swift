import GestureCompiler
import GestureDSL
import TestSupport
import Testing

@Suite("Imports")
struct ImportTests {
    static let sharedKind = "kind shared discrete { possible { on down -> recognized } }"

    @Test("an imported kind can be used; paths are relative to the importing file")
    func importedKind() {
        let compilation = check(
            "import \"lib/a.gdl\"\n" + inSet("  recognizer r = shared on window"),
            others: ["lib/a.gdl": "import \"b.gdl\"", "lib/b.gdl": Self.sharedKind])
        #expect(messages(compilation) == [])
        #expect(compilation.files.map { compilation.sources[$0.file].path } == ["lib/b.gdl", "lib/a.gdl", "main.gdl"])
    }

    @Test("a file imported twice (a diamond) is loaded once")
    func diamond() {
        let compilation = check(
            "import \"a.gdl\"\nimport \"b.gdl\"",
            others: ["a.gdl": "import \"c.gdl\"", "b.gdl": "import \"./c.gdl\"", "c.gdl": Self.sharedKind])
        #expect(messages(compilation) == [])
        #expect(compilation.files.count == 4)
    }

    @Test("a cycle is reported once, where it closes, with a note at each earlier edge")
    func cycle() throws {
        let compilation = check("import \"a.gdl\"", others: ["a.gdl": "import \"b.gdl\"", "b.gdl": "import \"main.gdl\""])
        #expect(located(compilation) == ["b.gdl:1:1: import cycle: main.gdl -> a.gdl -> b.gdl -> main.gdl"])
        let notes = try #require(compilation.diagnostics.diagnostics.first).notes.map(\.message)
        #expect(notes == ["'main.gdl' imports 'a.gdl' here", "'a.gdl' imports 'b.gdl' here"])
    }

    @Test("a file importing itself is a cycle")
    func selfImport() {
        #expect(messages(check("import \"main.gdl\"")) == ["import cycle: main.gdl -> main.gdl"])
    }

    @Test("a missing file is reported at its path with where it was looked for")
    func missing() throws {
        let compilation = check("import \"../gone.gdl\"")
        #expect(located(compilation) == ["main.gdl:1:8: cannot import '../gone.gdl': no such file"])
        #expect(compilation.diagnostics.diagnostics.first?.notes.map(\.message) == ["looked for '../gone.gdl'"])
    }

    @Test("kinds and gesture sets are one namespace across files; the imported one comes first")
    func crossFileDuplicates() {
        let compilation = check(
            "import \"a.gdl\"\ngestures A { }\n" + Self.sharedKind,
            others: ["a.gdl": "gestures A { }\n" + Self.sharedKind])
        #expect(
            located(compilation) == [
                "main.gdl:2:10: invalid redeclaration of gesture set 'A'",
                "main.gdl:3:6: invalid redeclaration of kind 'shared'",
            ])
    }

    @Test("paths normalise '.' and '..'")
    func normalisation() {
        let compilation = check(
            "import \"x/../lib/./a.gdl\"", others: ["lib/a.gdl": "import \"../main.gdl\""])
        #expect(messages(compilation) == ["import cycle: main.gdl -> lib/a.gdl -> main.gdl"])
    }
}

@Suite("Checker")
struct CheckerTests {
    @Test("diagnostics come out in file order, whatever stage found them")
    func sorted() {
        let compilation = check(
            inSet(
                """
                  recognizer a = nope on window
                  recognizer b tap on window
                  recognizer c = tap on nowhere
                """))
        #expect(
            located(compilation).map { $0.split(separator: ":").prefix(3).joined(separator: ":") }
                == ["main.gdl:3:18", "main.gdl:4:16", "main.gdl:5:25"])
    }

    @Test("the error limit stores 20 errors and counts the rest")
    func errorLimit() {
        let members = (0..<30).map { "  recognizer r\($0) = nope on window" }.joined(separator: "\n")
        let compilation = Compilation.check(
            roots: [SourceFile(path: "main.gdl", text: inSet(members))], loader: InMemorySourceLoader([:]))
        #expect(compilation.diagnostics.diagnostics.count == 20)
        #expect(compilation.diagnostics.suppressedErrorCount == 10)
        #expect(compilation.diagnostics.errorCount == 30)
    }

    @Test("a parameter without a default must be given")
    func missingArgument() throws {
        let compilation = check(
            """
            kind hold(time: duration) discrete { possible { on down -> recognized } }
            \(inSet("  recognizer a = hold on window\n  recognizer b = hold(time: 1s) on window"))
            """)
        #expect(messages(compilation) == ["missing argument 'time' for kind 'hold'"])
        #expect(compilation.diagnostics.diagnostics.first?.notes.map(\.message) == ["'time' has no default value"])
    }

    @Test("'other' compares with recognizer names in shouldRecognizeSimultaneously")
    func otherInSimultaneity() {
        let compilation = check(
            inSet(
                """
                  recognizer a = pan on window { shouldRecognizeSimultaneously: other == b }
                  recognizer b = pinch on window
                """))
        #expect(messages(compilation) == [])
    }

    @Test("hooks, views and recognizers are usable in predicates and conditions")
    func predicates() {
        let compilation = check(
            inSet(
                """
                  view button in window
                  hook allow = false
                  recognizer a = tap on window { shouldReceiveTouch: touchedView != button && allow }
                  recognizer b = tap(taps: 2) on window
                  a requires b to fail where allow
                  simultaneous a, b where touchCount == 1
                """))
        #expect(messages(compilation) == [])
    }

    @Test("defaults and flags are constants: features are not in reach")
    func constantsOnly() {
        let compilation = check(
            inSet(
                """
                  hook h = touchCount > 1
                  recognizer a = tap(taps: tapCount) on window
                """))
        #expect(messages(compilation) == ["unknown constant 'touchCount'", "unknown constant 'tapCount'"])
    }

    @Test("functions must be called, and only functions can be")
    func calls() {
        let compilation = check(
            inSet(
                """
                  recognizer a = pan on window { shouldBegin: abs > 1 && touchCount(1) > 0 && sqr(1) > 0 }
                """))
        #expect(
            messages(compilation) == [
                "unknown name 'abs'", "'touchCount' is not a function", "unknown function 'sqr'",
            ])
    }

    @Test("a state named after a UIKit state may say so; custom states default to possible")
    func outwardStates() {
        let compilation = check(
            """
            kind k continuous {
              possible as possible { on down -> waiting }
              waiting { on up -> tracking }
              tracking as began { on up -> ended }
            }
            """)
        #expect(messages(compilation) == [])
    }
}
