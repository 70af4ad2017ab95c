import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

@testable import gesturec

/// Runs the tool with captured streams and in-memory files.
final class Harness: FileStore, @unchecked Sendable {
    var outBytes: [UInt8] = []
    var err = ""
    var files: [String: [UInt8]]
    var environment: [String: String] = [:]
    var errorIsTerminal = false

    init(files: [String: String] = [:]) { self.files = files.mapValues { Array($0.utf8) } }

    var out: String { String(decoding: outBytes, as: UTF8.self) }

    func run(_ arguments: String...) -> gesturec.ExitStatus {
        run(arguments: arguments)
    }

    func run(arguments: [String]) -> gesturec.ExitStatus {
        let terminal = Terminal(
            output: { self.outBytes += $0 }, errorOutput: { self.err += String(decoding: $0, as: UTF8.self) },
            environment: environment, errorIsTerminal: errorIsTerminal)
        return Tool(terminal: terminal, fileSystem: self).run(arguments)
    }

    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        files[path].map { .success($0) } ?? .failure(SourceLoadError(reason: "no such file"))
    }

    func write(_ bytes: [UInt8], to path: String, replacingReadOnly: Bool) -> Result<Void, SourceLoadError> {
        files[path] = bytes
        return .success(())
    }

    /// The names under `path/` among the files, a folder for each deeper path.
    func directoryEntries(_ path: String) -> [String]? {
        let prefix = path == "." ? "" : path.hasSuffix("/") ? path : path + "/"
        let names = Set(
            files.keys.filter { $0.hasPrefix(prefix) }.compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) })
        return files[path] == nil && !names.isEmpty ? names.sorted() : nil
    }

    func createDirectory(_ path: String) -> Result<Void, SourceLoadError> { .success(()) }
    /// The harness's files are named relative to `/work`.
    var currentDirectory: String? { "/work" }
}

let cleanSpec = "gestures A {\n  view window\n  recognizer t = tap on window\n}\n"
let brokenSpec = "gestures A {\n  view window\n  recognizer t = tapp on window\n}\n"

@Suite("gesturec check")
struct CheckCommandTests {
    @Test("a clean file exits 0 and prints nothing")
    func clean() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("check", "a.gdl") == .success)
        #expect(harness.out.isEmpty && harness.err.isEmpty)
    }

    @Test("errors exit 1 with swiftc-style diagnostics on standard error")
    func errors() {
        let harness = Harness(files: ["a.gdl": brokenSpec])
        #expect(harness.run("check", "a.gdl") == .inputErrors)
        #expect(harness.out.isEmpty)
        #expect(
            harness.err.hasPrefix(
                """
                a.gdl:3:18: error: unknown kind 'tapp' [GDL103]
                  recognizer t = tapp on window
                                 ^~~~
                <prelude>:
                """))
    }

    @Test("warnings are printed but do not fail the check")
    func warningsOnly() {
        let spec = """
            gestures A {
              view window { view left1; view right1 }
              recognizer a = pan on left1
              recognizer b = pan on right1
              simultaneous a, b
            }
            """
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("check", "a.gdl") == .success)
        #expect(harness.err.hasPrefix("a.gdl:5:3: warning: 'a' (on 'left1') and 'b' (on 'right1') never see the same touch"))
    }

    @Test("--diagnostics-format json prints one JSON document, on standard output for a pipe")
    func json() {
        let harness = Harness(files: ["a.gdl": brokenSpec])
        #expect(harness.run("check", "--diagnostics-format", "json", "a.gdl") == .inputErrors)
        #expect(harness.out.hasPrefix(#"{"diagnostics":[{"path":"a.gdl","line":3,"column":18,"#))
        #expect(harness.out.hasSuffix(#""suppressedErrors":0}"# + "\n"))
        #expect(harness.err.isEmpty)
        let clean = Harness(files: ["a.gdl": cleanSpec])
        #expect(clean.run("check", "--diagnostics-format=json", "a.gdl") == .success)
        #expect(clean.out == #"{"diagnostics":[],"suppressedErrors":0}"# + "\n")
    }

    @Test("colour only on a terminal, and never with NO_COLOR")
    func colour() {
        let plain = Harness(files: ["a.gdl": brokenSpec])
        _ = plain.run("check", "a.gdl")
        #expect(!plain.err.contains("\u{1B}["))

        let terminal = Harness(files: ["a.gdl": brokenSpec])
        terminal.errorIsTerminal = true
        _ = terminal.run("check", "a.gdl")
        #expect(terminal.err.contains("\u{1B}["))

        let noColor = Harness(files: ["a.gdl": brokenSpec])
        noColor.errorIsTerminal = true
        noColor.environment = ["NO_COLOR": "1"]
        _ = noColor.run("check", "a.gdl")
        #expect(!noColor.err.contains("\u{1B}["))
    }

    @Test("20 errors by default, every one with --all-errors")
    func errorLimit() {
        let members = (0..<25).map { "  recognizer r\($0) = nope on window" }.joined(separator: "\n")
        let spec = "gestures A {\n  view window\n\(members)\n}\n"
        let limited = Harness(files: ["a.gdl": spec])
        #expect(limited.run("check", "a.gdl") == .inputErrors)
        #expect(limited.err.components(separatedBy: ": error: ").count - 1 == 20)
        #expect(limited.err.hasSuffix("note: 5 more errors not shown; use --all-errors to see them\n"))

        let all = Harness(files: ["a.gdl": spec])
        #expect(all.run("check", "--all-errors", "a.gdl") == .inputErrors)
        #expect(all.err.components(separatedBy: ": error: ").count - 1 == 25)
    }

    @Test("several files are checked together")
    func severalFiles() {
        let harness = Harness(files: ["a.gdl": cleanSpec, "b.gdl": cleanSpec])
        #expect(harness.run("check", "a.gdl", "b.gdl") == .inputErrors)
        #expect(harness.err.hasPrefix("b.gdl:1:10: error: invalid redeclaration of gesture set 'A'"))
    }

    @Test("a missing file exits 2 with one line")
    func missingFile() {
        let harness = Harness()
        #expect(harness.run("check", "nope.gdl") == .usageOrIO)
        #expect(harness.err == "gesturec: error: cannot read 'nope.gdl': no such file\n")
    }

    @Test(
        "usage mistakes exit 2 with a suggestion",
        arguments: [
            (["check"], "gesturec: error: check needs at least one FILE"),
            (["check", "--all-error", "a.gdl"], "gesturec: error: unknown option '--all-error'; did you mean '--all-errors'?"),
            (
                ["check", "--diagnostics-format", "jsn", "a.gdl"],
                "gesturec: error: unknown diagnostics format 'jsn' (use 'text' or 'json'); did you mean 'json'?"
            ),
            (["check", "--diagnostics-format"], "gesturec: error: option '--diagnostics-format' needs a value"),
            (["chek"], "gesturec: error: unknown command 'chek'; did you mean 'check'?"),
            (["help", "chek"], "gesturec: error: no help for 'chek'; did you mean 'check'?"),
        ])
    func usage(arguments: [String], message: String) {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run(arguments: arguments) == .usageOrIO)
        #expect(harness.err == message + "\nRun 'gesturec --help' for usage.\n")
    }

    @Test("'--' ends options, so a file may start with a dash")
    func doubleDash() {
        let harness = Harness(files: ["-odd.gdl": cleanSpec])
        #expect(harness.run("check", "--", "-odd.gdl") == .success)
    }
}

@Suite("gesturec help and version")
struct HelpTests {
    @Test("--help, -h, help and no arguments print the overview", arguments: [["--help"], ["-h"], ["help"], []])
    func overview(arguments: [String]) {
        let harness = Harness()
        #expect(harness.run(arguments: arguments) == .success)
        #expect(harness.out.hasPrefix("OVERVIEW: gesturec compiles gesture rules"))
        #expect(harness.out.contains("check"))
    }

    @Test("help check describes the check command's options")
    func helpCheck() {
        let harness = Harness()
        #expect(harness.run("help", "check") == .success)
        #expect(harness.out.contains("USAGE: gesturec check [options] FILE..."))
        #expect(harness.out.contains("--all-errors") && harness.out.contains("--diagnostics-format"))
    }

    @Test("--version names the tool and the table format")
    func version() {
        let harness = Harness()
        #expect(harness.run("--version") == .success)
        #expect(harness.out == "gesturec 0.1.0 (table format 10)\n")
    }

    @Test("prelude prints the standard kinds")
    func prelude() {
        let harness = Harness()
        #expect(harness.run("prelude") == .success)
        #expect(harness.out == Prelude.source)
    }
}

@Suite("gesturec build and inspect")
struct BuildCommandTests {
    @Test("build writes Swift to standard output by default")
    func swiftToStandardOutput() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("build", "a.gdl") == .success)
        #expect(harness.out.hasPrefix("// DO NOT EDIT.\n// Generated by gesturec from a.gdl.\n"))
        #expect(harness.out.contains("public enum A: GestureSet {"))
        #expect(harness.out.contains("case t = 0"))
        #expect(harness.err.isEmpty)
    }

    /// The build plugin names its target's files relative to the target, so
    /// that the generated Swift is the same bytes on every machine.
    @Test("build --relative-to names the files under a directory relative to it in the output")
    func relativePaths() {
        let files = ["/home/ci/app/Sources/App/Gestures/a.gdl": cleanSpec]
        let absolute = Harness(files: files)
        #expect(absolute.run("build", "/home/ci/app/Sources/App/Gestures/a.gdl") == .success)
        #expect(absolute.out.contains("/home/ci/app"))
        let relative = Harness(files: files)
        #expect(
            relative.run(
                "build", "--relative-to", "/home/ci/app/Sources/App/", "/home/ci/app/Sources/App/Gestures/a.gdl") == .success)
        #expect(relative.out.hasPrefix("// DO NOT EDIT.\n// Generated by gesturec from Gestures/a.gdl.\n"))
        #expect(relative.out.contains("\"Gestures/a.gdl\"") && !relative.out.contains("/home/ci"))
        // The same spec elsewhere gives the same bytes.
        let moved = Harness(files: ["/tmp/x/Sources/App/Gestures/a.gdl": cleanSpec])
        #expect(moved.run("build", "--relative-to", "/tmp/x/Sources/App", "/tmp/x/Sources/App/Gestures/a.gdl") == .success)
        #expect(moved.out == relative.out)
        // Diagnostics keep the path as given, for the editor to open.
        let broken = Harness(files: ["/home/ci/app/b.gdl": brokenSpec])
        #expect(broken.run("build", "--relative-to", "/home/ci/app", "/home/ci/app/b.gdl") == .inputErrors)
        #expect(broken.err.hasPrefix("/home/ci/app/b.gdl:3:18: error:"))
        #expect(BuildCommand.path("./a.gdl", relativeTo: ".") == "a.gdl")
        #expect(BuildCommand.path("/a/bc.gdl", relativeTo: "/a/b") == "/a/bc.gdl", "a prefix of a name is not a folder")
    }

    @Test("build -o writes the file; binary and JSON load back through inspect")
    func outputsAndInspect() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("build", "--emit", "binary", "-o", "a.gdlb", "a.gdl") == .success)
        #expect(harness.run("build", "--emit=json", "-o", "a.json", "a.gdl") == .success)
        #expect(harness.files["a.gdlb"]?.starts(with: Array("GDLP".utf8)) == true)
        #expect(harness.out.isEmpty)
        #expect(harness.run("inspect", "a.gdlb") == .success)
        let fromBinary = harness.out
        harness.outBytes = []
        #expect(harness.run("inspect", "a.json") == .success)
        #expect(harness.out == fromBinary)
        harness.outBytes = []
        #expect(harness.run("build", "--dump-tables", "a.gdl") == .success)
        #expect(harness.out == fromBinary)
        #expect(fromBinary.hasPrefix("gesture set A (table format 10)\n"))
        // Values as a spec writes them, from the parameters' types.
        #expect(
            fromBinary.contains(
                "  0 t = tap(taps: 1, touches: 1, interval: 350ms, maximumDuration: 1500ms, allowableMovement: 45pt, allowableSeparation: 45pt, minimumInterval: 0ms) on window"
            ))
        #expect(
            fromBinary.contains(
                "  parameters taps: int, touches: int, interval: duration, maximumDuration: duration, allowableMovement: distance, allowableSeparation: distance, minimumInterval: duration\n"
            ))
        // Operands by name, where the program has one.
        #expect(fromBinary.contains("    r3: feature touchCount; parameter touches; greater\n"))
        #expect(fromBinary.contains("stopTimer next; parameter maximumDuration; startTimer hold"))
    }

    @Test("the listing says 'unlimited' and names hooks, as a spec writes them")
    func listingNames() {
        let spec = "gestures A {\n  view w\n  hook allow\n  recognizer p = pan on w { shouldBegin: allow }\n}\n"
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("build", "--emit", "binary", "-o", "a.gdlb", "a.gdl") == .success)
        #expect(harness.run("inspect", "a.gdlb") == .success)
        #expect(
            harness.out.contains(
                "  0 p = pan(minimumTouches: 1, maximumTouches: unlimited, hysteresis: 10pt, direction: [left, right, up, down]) on w"))
        #expect(harness.out.contains("  p0: hook allow\n"))
    }

    @Test("binary output goes to standard output byte for byte")
    func binaryToStandardOutput() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("build", "--emit", "binary", "a.gdl") == .success)
        #expect(harness.run("build", "--emit", "binary", "-o", "a.gdlb", "a.gdl") == .success)
        #expect(harness.outBytes == harness.files["a.gdlb"])
    }

    @Test("a spec with errors builds nothing and exits 1")
    func errors() {
        let harness = Harness(files: ["a.gdl": brokenSpec])
        #expect(harness.run("build", "-o", "out.swift", "a.gdl") == .inputErrors)
        #expect(harness.files["out.swift"] == nil)
        #expect(harness.err.hasPrefix("a.gdl:3:18: error: unknown kind 'tapp' [GDL103]"))
    }

    @Test("an unknown output form is a usage error with a suggestion")
    func unknownForm() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("build", "--emit", "jsn", "a.gdl") == .usageOrIO)
        #expect(harness.err.hasPrefix("gesturec: error: unknown output form 'jsn' (use 'swift', 'json' or 'binary'); did you mean 'json'?"))
    }

    @Test("inspect reports a damaged program and exits 1")
    func damaged() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("build", "--emit", "binary", "-o", "a.gdlb", "a.gdl") == .success)
        harness.files["a.gdlb"]?[20] ^= 0xFF
        #expect(harness.run("inspect", "a.gdlb") == .inputErrors)
        #expect(harness.err.hasPrefix("a.gdlb: error: checksum mismatch: the header says 0x"))
        harness.files["b.json"] = Array(#"{"formatVersion": 1, "programs": []}"#.utf8)
        harness.err = ""
        #expect(harness.run("inspect", "b.json") == .inputErrors)
        #expect(harness.err == "b.json: error: table format 1 is not supported (this runtime reads format 10)\n")
    }

    @Test("several files build into one output, in the order named")
    func severalFiles() {
        let harness = Harness(files: [
            "a.gdl": cleanSpec, "b.gdl": "gestures B {\n  view window\n}\n",
        ])
        #expect(harness.run("build", "--emit", "json", "b.gdl", "a.gdl") == .success)
        let names = harness.out.split(separator: "\n").filter { $0.hasPrefix("      \"name\"") }
        #expect(names == [#"      "name": "B","#, #"      "name": "A","#])
    }
}

@Suite("gesturec simulate")
struct SimulateCommandTests {
    static let files = [
        "a.gdl": cleanSpec,
        "scene.json": #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 100, 100]}]}"#,
        "trace.json": """
        {"events": [
          {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 10, "y": 10}]},
          {"t": 0.05, "touches": [{"id": 1, "phase": "up", "x": 10, "y": 10}]}
        ]}
        """,
        "bad.json": """
        {"events": [
          {"t": 0, "touches": [{"id": 1, "phase": "move", "x": 10, "y": 10}]}
        ]}
        """,
    ]

    @Test("a recognizer released after ending inside attributes each action to the row that sent it (R54)")
    func releasedActionsKeepTheirRows() {
        let spec = """
            gestures S {
              view window
              recognizer press = longPress on window
              recognizer two = tap(taps: 2) on window
              press requires two to fail
            }
            """
        let trace = """
            {"events": [
              {"t": 0, "touches": [{"id": 1, "phase": "down", "x": 10, "y": 10}]},
              {"t": 0.7, "touches": [{"id": 1, "phase": "up", "x": 10, "y": 10}]}
            ]}
            """
        let harness = Harness(files: ["a.gdl": spec, "scene.json": Self.files["scene.json"] ?? "", "trace.json": trace])
        #expect(harness.run("simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json") == .success)
        // The timer's row began it at 0.5s, held; the lift's row ended it at 0.7s; both
        // actions are sent at 1.05s, when the double tap fails.
        #expect(harness.out.contains("1.050  press@w  began  location (10, 10)  by its row 'on timer press -> began'"), "\(harness.out)")
        #expect(harness.out.contains("1.050  press@w  ended  location (10, 10)  by its row 'on up -> ended'"), "\(harness.out)")
    }

    @Test("a trace prints its timeline and exits 0; resets with --verbose; --format json and --explain")
    func timeline() {
        let harness = Harness(files: Self.files)
        #expect(harness.run("simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json") == .success)
        #expect(
            harness.out == """
                   0.000  w    touches began 1 (10, 10)
                   0.050  w    touches cancelled 1 (10, 10)
                   0.050  t@w  recognized  location (10, 10)  by its row 'on up where touchCount == 0 && tapsDone + 1 == taps -> recognized' (touchCount 0 == 0, (tapsDone + 1) 1 == taps 1)  [<prelude>:58:5]

                """)
        let verbose = Harness(files: Self.files)
        #expect(verbose.run("simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json", "--verbose") == .success)
        // With the input: each trace event before what answered it.
        #expect(
            verbose.out.hasPrefix(
                "   0.000  input  down 1 at (10, 10)\n   0.000  w      touches began 1 (10, 10)\n   0.050  input  up 1 at (10, 10)\n"),
            "\(verbose.out)")
        #expect(verbose.out.hasSuffix("   0.050  t@w    reset: its sequence is over  [a.gdl:3:14]\n"))
        let json = Harness(files: Self.files)
        #expect(
            json.run(
                "simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json", "--format", "json",
                "--explain", "t") == .success)
        #expect(json.out.hasPrefix("[\n  {\"t\": 0.05, \"type\": \"action\", \"recognizer\": \"t\""))
        #expect(
            json.out.contains(
                #""because": "by its row 'on up where touchCount == 0 && tapsDone + 1 == taps -> recognized' (touchCount 0 == 0, (tapsDone + 1) 1 == taps 1)", "source": "<prelude>:58:5""#
            ))
        // The values that decided the row, one comparison each.
        #expect(json.out.contains(#""decidedBy": ["touchCount 0 == 0", "(tapsDone + 1) 1 == taps 1"]"#))
    }

    @Test("--format html -o writes the run as a page; --explain keeps that recognizer's lane")
    func page() {
        let harness = Harness(files: Self.files)
        #expect(harness.run("simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json", "--format", "html", "-o", "t.html") == .success)
        #expect(harness.out.isEmpty)
        let page = String(decoding: harness.files["t.html"] ?? [], as: UTF8.self)
        #expect(page.contains("<title>A: trace.json</title>"))
        #expect(page.contains("{\"name\": \"w\", \"subject\": \"view\""))
        #expect(page.contains("{\"name\": \"t@w\", \"subject\": \"recognizer\""))
        let explained = Harness(files: Self.files)
        #expect(
            explained.run("simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json", "--format", "html", "--explain", "t") == .success)
        #expect(!explained.out.contains("\"subject\": \"view\"") && explained.out.contains("\"name\": \"t@w\""))
    }

    @Test("a bad trace exits 1 with a located diagnostic")
    func badTrace() {
        let harness = Harness(files: Self.files)
        #expect(harness.run("simulate", "a.gdl", "--scene", "scene.json", "--trace", "bad.json") == .inputErrors)
        #expect(harness.err.hasPrefix("bad.json:2:24: error: touch 1 is not down [GDL510]\n"))
    }

    @Test(
        "usage mistakes exit 2",
        arguments: [
            (["simulate", "a.gdl"], "gesturec: error: simulate needs --trace FILE"),
            (
                ["simulate", "a.gdl", "--trace", "trace.json", "--format", "jsn"],
                "gesturec: error: unknown timeline format 'jsn' (use 'text', 'json' or 'html'); did you mean 'json'?"
            ),
            (
                ["simulate", "a.gdl", "--scene", "scene.json", "--trace", "trace.json", "--explain", "s"],
                "gesturec: error: no recognizer 's' in A; did you mean 't'?"
            ),
        ])
    func usage(arguments: [String], message: String) {
        let harness = Harness(files: Self.files)
        #expect(harness.run(arguments: arguments) == .usageOrIO)
        #expect(harness.err.hasPrefix(message), "\(harness.err)")
    }
}

@Suite("gesturec verify")
struct VerifyCommandTests {
    /// `cleanSpec`'s tap on the window: recognized at the lift (R63).
    static func files(sawAt time: String) -> [String: String] {
        [
            "a.gdl": cleanSpec,
            "rec": "view w: window [0 0 100 100]\n0 down 1 at (10, 10) on w\n0.05 up 1 at (10, 10)\n\(time) saw t on w recognized\n",
        ]
    }

    @Test("a recording the engine agrees with exits 0 and says so")
    func agreement() {
        let harness = Harness(files: Self.files(sawAt: "0.05"))
        #expect(harness.run("verify", "rec", "--spec", "a.gdl") == .success)
        #expect(harness.out == "rec: no difference; 1 of 1 recorded states reached by the engine within 20 ms\n", "\(harness.out)")
    }

    @Test("a difference exits 1, located at the recording's line, with what the engine did")
    func difference() {
        // The app's tap 0.3 s after the lift: one state at two times.
        let harness = Harness(files: Self.files(sawAt: "0.35"))
        #expect(harness.run("verify", "rec", "--spec", "a.gdl") == .inputErrors)
        #expect(
            harness.out.hasPrefix(
                "rec:4:1: error: 't' on w ended at 0.35 s in the recording, and at 0.05 s in the engine [GDL530]\n"
                    + "0.35 saw t on w recognized\n^~~~~~~~~~~~~~~~~~~~~~~~~~\n  what the engine did with it until then:\n    0.050  t@w  recognized"),
            "\(harness.out)")
        #expect(harness.out.hasSuffix("rec: 1 difference; 0 of 1 recorded states reached by the engine within 20 ms\n"))
        // A tolerance that spans the gap makes it one moment.
        let loose = Harness(files: Self.files(sawAt: "0.35"))
        #expect(loose.run("verify", "rec", "--spec", "a.gdl", "--tolerance", "0.5") == .success)
    }

    @Test(
        "usage mistakes exit 2",
        arguments: [
            (["verify", "rec"], "gesturec: error: verify needs --spec SPEC"),
            (["verify", "--spec", "a.gdl"], "gesturec: error: verify needs exactly one RECORDING file"),
            (["verify", "rec", "--spec", "a.gdl", "--tolerance", "-1"], "gesturec: error: --tolerance needs seconds between 0 and 10"),
        ])
    func usage(arguments: [String], message: String) {
        let harness = Harness(files: Self.files(sawAt: "0.05"))
        #expect(harness.run(arguments: arguments) == .usageOrIO)
        #expect(harness.err.hasPrefix(message), "\(harness.err)")
    }
}

@Suite("gesturec convert")
struct ConvertCommandTests {
    static let actions = """
        {"actions": [{"type": "pointer", "id": "f", "actions": [
          {"type": "pointerMove", "x": 10, "y": 20}, {"type": "pointerDown", "button": 0},
          {"type": "pause", "duration": 80}, {"type": "pointerUp", "button": 0}]}]}
        """

    @Test("WebDriver Actions become a trace's events, and a trace's touches become Actions, each way by itself")
    func bothWays() {
        let harness = Harness(files: [
            "a.json": Self.actions, "t.trace": "view w: window [0 0 100 100]\n0 down 3 at (10, 20)\n0.08 up 3 at (10, 20)\n",
        ])
        #expect(harness.run("convert", "a.json") == .success)
        #expect(harness.out.hasSuffix("0.000  down 1 at (10, 20)\n0.080  up 1 at (10, 20)\n"), "\(harness.out)")
        #expect(harness.run("convert", "t.trace", "-o", "b.json") == .success)
        let written = String(decoding: harness.files["b.json"] ?? [], as: UTF8.self)
        #expect(written.contains("{\"type\": \"pause\", \"duration\": 80}"), "\(written)")
        #expect(written.contains("{\"type\": \"pointerUp\", \"button\": 0}"))
    }

    @Test("a mistake exits 1, located; a conversion the file cannot take is one too")
    func mistakes() {
        let harness = Harness(files: ["a.json": Self.actions, "bad.json": "{\"actions\": [{\"type\": \"pen\", \"actions\": []}]}"])
        #expect(harness.run("convert", "bad.json") == .inputErrors)
        #expect(
            harness.err.hasPrefix("bad.json:1:23: error: a source's type is 'pointer', 'none', 'key' or 'wheel', found 'pen' [GDL500]"),
            "\(harness.err)")
        let again = Harness(files: ["a.json": Self.actions])
        #expect(again.run("convert", "a.json", "--to", "webdriver") == .inputErrors)
        #expect(again.err.contains("the file is WebDriver Actions already"))
        #expect(again.run("convert", "a.json", "--to", "html") == .usageOrIO)
    }
}

@Suite("gesturec graph")
struct GraphCommandTests {
    static let spec = """
        gestures Photo {
          view photo
          recognizer single = tap on photo
          recognizer double = tap(taps: 2) on photo
          single requires double to fail
        }
        gestures Other {
          view window
        }
        """

    @Test("a set as DOT, by default, or Mermaid, to standard output or a file")
    func set() {
        let harness = Harness(files: ["a.gdl": Self.spec])
        #expect(harness.run("graph", "a.gdl", "--set", "Photo") == .success)
        #expect(harness.out.hasPrefix("digraph \"Photo\" {"))
        #expect(harness.out.contains("n0 -> n1 [label=\"requires to fail\\nwaits up to 350ms\""))
        #expect(harness.run("graph", "a.gdl", "--set", "Photo", "--format", "mermaid", "-o", "photo.mmd") == .success)
        let written = String(decoding: harness.files["photo.mmd"] ?? [], as: UTF8.self)
        #expect(written.contains("flowchart TB") && written.contains("n0 ==>|\"requires to fail<br/>waits up to 350ms\"| n1"))
    }

    @Test("a kind of the prelude, with or without a spec")
    func kind() {
        let harness = Harness(files: ["a.gdl": Self.spec])
        #expect(harness.run("graph", "--kind", "pinch") == .success)
        #expect(harness.out.hasPrefix("digraph \"kind pinch (continuous)\" {"))
        #expect(harness.run("graph", "a.gdl", "--kind", "swipe", "--format", "mermaid") == .success)
        #expect(harness.out.contains("title: 'kind swipe (discrete)'"))
    }

    @Test(
        "help, and mistakes exit 2 with a suggestion",
        arguments: [
            (["graph"], "gesturec: error: graph needs a SPEC file, or --kind NAME for a kind of the prelude"),
            (["graph", "a.gdl"], "gesturec: error: 'a.gdl' holds 2 gesture sets; name one with --set (Photo, Other)"),
            (["graph", "a.gdl", "--set", "Phot"], "gesturec: error: no gesture set 'Phot' in 'a.gdl'; did you mean 'Photo'?"),
            (["graph", "--kind", "pich"], "gesturec: error: no kind 'pich' in the prelude; did you mean 'pinch'?"),
            (["graph", "a.gdl", "--kind", "tapp"], "gesturec: error: no kind 'tapp' in 'a.gdl' or the prelude; did you mean 'tap'?"),
            (["graph", "a.gdl", "--format", "svg"], "gesturec: error: unknown graph format 'svg' (use 'dot' or 'mermaid')"),
            (["graph", "a.gdl", "--set", "Photo", "--kind", "tap"], "gesturec: error: --set and --kind draw different pictures; give one"),
        ])
    func mistakes(arguments: [String], message: String) {
        let harness = Harness(files: ["a.gdl": Self.spec])
        #expect(harness.run(arguments: arguments) == .usageOrIO)
        #expect(harness.err == message + "\nRun 'gesturec --help' for usage.\n")
    }

    @Test("every command's --help prints its help", arguments: ["check", "build", "inspect", "simulate", "lint", "graph"])
    func help(command: String) {
        let harness = Harness()
        #expect(harness.run(command, "--help") == .success)
        #expect(harness.out.hasPrefix("OVERVIEW: "))
        #expect(harness.out.contains("USAGE: gesturec \(command)"))
    }
}

@Suite("gesturec diff")
struct DiffCommandTests {
    static let old = """
        gestures Photo {
          view photo
          recognizer single = tap on photo
          recognizer double = tap(taps: 2) on photo
          single requires double to fail
        }
        """
    static let new = old.replacingOccurrences(of: "tap(taps: 2)", with: "tap(taps: 2, interval: 200ms)")

    @Test("OLD NEW: each change of behaviour with its place; exit 1 only with --fail-on-change")
    func text() {
        let harness = Harness(files: ["old.gdl": Self.old, "new.gdl": Self.new])
        #expect(harness.run("diff", "old.gdl", "new.gdl") == .success)
        // The single tap waits out the double tap's interval (R55): 150ms less now. A
        // finger down at 0.02s and up at 0.04s: recognized at 0.39s, now at 0.24s.
        #expect(
            harness.out.contains(
                "new.gdl:3:14: behaviour: 'single' now recognizes 150ms earlier on finger 1 goes down, the finger lifts on photo (0.390s → 0.240s)"
            ),
            "\(harness.out)")
        // A second tap between 200 and 350ms after the first lift was a double tap, and
        // is now two single taps: the explorer tries a pause on each side of each interval.
        #expect(harness.out.contains("behaviour: 'double' no longer recognizes on finger 1 goes down, finger 1 lifts, a pause of 278ms"))
        #expect(harness.out.hasSuffix("7 changes of behaviour\n"))
        #expect(harness.run("diff", "--fail-on-change", "old.gdl", "new.gdl") == .inputErrors)
        let same = Harness(files: ["old.gdl": Self.old, "new.gdl": Self.old])
        #expect(same.run("diff", "--fail-on-change", "old.gdl", "new.gdl") == .success)
        #expect(same.out == "no behaviour changed\n")
    }

    @Test("--counterexample writes each change's run and says how to replay it in both")
    func counterexamples() {
        let harness = Harness(files: ["old.gdl": Self.old, "new.gdl": Self.new])
        #expect(harness.run("diff", "old.gdl", "new.gdl", "--counterexample", "out") == .success)
        #expect(harness.files["out/1-delivery-moves.scene.json"] != nil && harness.files["out/5-action-moves.trace.json"] != nil)
        #expect(
            harness.out.contains(
                "change 5: gesturec simulate old.gdl --set Photo --scene out/5-action-moves.scene.json --trace out/5-action-moves.trace.json\n"))
        #expect(harness.out.contains("          gesturec simulate new.gdl --set Photo --scene out/5-action-moves.scene.json"))
        // Given by absolute paths under the current directory, they print relative to it.
        let absolute = Harness(files: ["/work/old.gdl": Self.old, "/work/new.gdl": Self.new])
        #expect(absolute.run("diff", "/work/old.gdl", "/work/new.gdl", "--counterexample", "/work/out") == .success)
        #expect(absolute.out.contains("change 5: gesturec simulate old.gdl --set Photo --scene out/5-action-moves.scene.json"), "\(absolute.out)")
    }

    @Test("a spec that does not check is an error, with its diagnostics")
    func broken() {
        let harness = Harness(files: ["old.gdl": Self.old, "new.gdl": "gestures {"])
        #expect(harness.run("diff", "old.gdl", "new.gdl") == .inputErrors)
        #expect(harness.err.hasPrefix("gesturec: error: new.gdl does not check; diff compares specs that do:\nnew.gdl:1:10: error:"))
    }

    @Test(
        "usage mistakes exit 2",
        arguments: [
            (["diff", "old.gdl"], "gesturec: error: diff needs OLD and NEW specs, or --git REV and one SPEC"),
            (["diff", "--git", "HEAD", "old.gdl", "new.gdl"], "gesturec: error: diff --git REV takes one SPEC, compared with itself at REV"),
            (
                ["diff", "old.gdl", "new.gdl", "--format", "html"],
                "gesturec: error: unknown diff format 'html' (use 'text', 'json' or 'sarif')"
            ),
            (["diff", "old.gdl", "new.gdl", "--set", "Phot"], "gesturec: error: no gesture set 'Phot' in either spec; did you mean 'Photo'?"),
        ])
    func usage(arguments: [String], message: String) {
        let harness = Harness(files: ["old.gdl": Self.old, "new.gdl": Self.new])
        #expect(harness.run(arguments: arguments) == .usageOrIO)
        #expect(harness.err.hasPrefix(message), "\(harness.err)")
    }

    @Test("--git reads the spec and its imports as a commit has them")
    func git() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesturec-git-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("shared"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", directory.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "git \(arguments)")
        }
        try Data(Self.old.utf8).write(to: directory.appendingPathComponent("spec.gdl"))
        try Data("kind k() discrete {\n  possible { on up -> recognized }\n}\n".utf8).write(
            to: directory.appendingPathComponent("shared/k.gdl"))
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "first")
        try Data(Self.new.utf8).write(to: directory.appendingPathComponent("spec.gdl"))

        let head = try GitRevision.resolve("HEAD", directory: directory.path).get()
        #expect(try head.load("spec.gdl").get() == Array(Self.old.utf8))
        #expect(try head.load("shared/../shared/k.gdl").get().count > 0)
        guard case .failure(let error) = head.load("missing.gdl") else {
            Issue.record("a file not in the commit loads")
            return
        }
        #expect(error.reason.hasPrefix("not at revision 'HEAD' (fatal: "))
        guard case .failure(let bad) = GitRevision.resolve("no-such-rev", directory: directory.path) else {
            Issue.record("an unknown revision resolves")
            return
        }
        #expect(bad.reason == "git knows no commit 'no-such-rev'")

        // A revision is never an option to git, whatever it holds: each is refused as
        // an unknown commit, and none makes git write a file.
        let written = directory.appendingPathComponent("written").path
        for hostile in [
            "--output=\(written)", "-c core.pager=touch \(written)", ";rm -rf \(written)", "-h", "--help",
            "HEAD --output=\(written)", "--end-of-options", "-",
        ] {
            guard case .failure(let refused) = GitRevision.resolve(hostile, directory: directory.path) else {
                Issue.record("'\(hostile)' resolves")
                continue
            }
            #expect(refused.reason == "git knows no commit '\(hostile)'")
        }
        #expect(!FileManager.default.fileExists(atPath: written))
    }
}

@Suite("gesturec explain")
struct ExplainCommandTests {
    @Test("a rule, a decision, a diagnostic: the entry of the reference")
    func entries() {
        let rule = Harness()
        #expect(rule.run("explain", "R55") == .success)
        #expect(rule.out.hasPrefix("R55 · Requirements cost time\n"))
        let decision = Harness()
        #expect(decision.run("explain", "Decision", "2") == .usageOrIO)
        #expect(decision.run("explain", "Decision 2") == .success)
        #expect(decision.out.hasPrefix("Decision 2 · Order within one event\n"))
        let diagnostic = Harness()
        #expect(diagnostic.run("explain", "gdl103") == .success)
        #expect(diagnostic.out.hasPrefix("GDL103 · Names and structure (GDL100–GDL199)\n\nmessage: unknown W 'X'\n"))
    }

    @Test("an unknown id is a usage error with a suggestion")
    func unknown() {
        let harness = Harness()
        #expect(harness.run("explain", "R86c") == .usageOrIO)
        #expect(harness.err.hasPrefix("gesturec: error: no entry for 'R86c'; did you mean 'R86'?"))
    }
}

@Suite("gesturec check --fix")
struct CheckFixTests {
    @Test("applies each obvious repair to the files named, says so, and reports what is left")
    func fix() {
        let spec = """
            gestures S {
              view window { isUserInteractionEnabled: true; delaysContentTouches: true }
              recognizer t = tapp(interval: 300) on window
              recognizer d = tap(numberOfTapsRequired: 2) on windw
              t requires dd to fail
            }
            """
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("check", "--fix", "a.gdl") == .inputErrors)
        #expect(
            String(decoding: harness.files["a.gdl"] ?? [], as: UTF8.self) == """
                gestures S {
                  view window { interactive: true; delaysContentTouches: true }
                  recognizer t = tap(interval: 300) on window
                  recognizer d = tap(taps: 2) on window
                  t requires d to fail
                }
                """)
        // One line per repair, with the diagnostic it answers and what it wrote. The
        // unit could only be asked for once the kind was known (a second round), and
        // is a choice: 300ms or 300 s, which a fix must not guess.
        #expect(
            harness.err.hasPrefix(
                """
                gesturec: fixed a.gdl:2:17: a view role has no property 'isUserInteractionEnabled': wrote 'interactive'
                gesturec: fixed a.gdl:3:18: unknown kind 'tapp': wrote 'tap'
                gesturec: fixed a.gdl:4:22: kind 'tap' has no parameter 'numberOfTapsRequired': wrote 'taps'
                gesturec: fixed a.gdl:4:50: unknown view role 'windw': wrote 'window'
                gesturec: fixed a.gdl:5:14: unknown recognizer 'dd': wrote 'd'
                gesturec: not fixed a.gdl:3:32: argument 'interval' is a duration and needs a unit: its notes offer several repairs; choose one

                """))
        // What has no one obvious repair is left, reported as check reports it, with
        // the spellings to choose from.
        #expect(harness.err.contains("a.gdl:2:36: error: a view role has no property 'delaysContentTouches' [GDL104]"))
        #expect(harness.err.contains("a.gdl:3:32: note: write '300ms' for milliseconds"))
        #expect(harness.err.contains("a.gdl:3:32: note: write '300s' for seconds"))
        #expect(harness.err.components(separatedBy: ": error: ").count == 3)
    }

    @Test("a UIKit parameter's value keeps UIKit's unit; a distance has one unit and is fixed")
    func uikitUnits() {
        let spec = """
            gestures S {
              view window
              recognizer hold = longPress(minimumPressDuration: 0.8) on window
              recognizer press = longPress(minimumPressDuration: 300ms, allowableMovement: 12) on window
            }
            """
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("check", "--fix", "a.gdl") == .success)
        // 0.8 s as UIKit means it, never 0.8ms; a value with a unit keeps it.
        #expect(
            String(decoding: harness.files["a.gdl"] ?? [], as: UTF8.self) == """
                gestures S {
                  view window
                  recognizer hold = longPress(minimumDuration: 0.8s) on window
                  recognizer press = longPress(minimumDuration: 300ms, allowableMovement: 12pt) on window
                }
                """)
        #expect(
            harness.err.contains(
                "gesturec: fixed a.gdl:3:31: kind 'longPress' has no parameter 'minimumPressDuration': wrote 'minimumDuration: 0.8s'"))
    }

    @Test("UIKit's class names become the kinds; a requirement without 'to fail' gets the words")
    func uikitClassesAndRequirements() {
        let spec = """
            gestures S {
              view window
              recognizer openLink = UITapGestureRecognizer on window
              recognizer like = tap(taps: 2) on window
              openLink requires like
              simultaneous openLink, like
            }
            """
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("check", "a.gdl") == .inputErrors)
        // Reported where the words are missing, not on the next line's 'simultaneous'.
        #expect(harness.err.contains("a.gdl:5:25: error: expected 'to fail', found 'simultaneous' [GDL020]"), "\(harness.err)")
        #expect(harness.err.contains("note: UIKit's 'UITapGestureRecognizer' is the kind 'tap' here"))
        #expect(
            harness.err.contains(
                "note: the kinds are 'hover', 'longPress', 'pan', 'pinch', 'rotation', 'screenEdgePan', 'swipe', 'tap', 'touchDelay'"))
        #expect(harness.run("check", "--fix", "a.gdl") == .success)
        #expect(
            String(decoding: harness.files["a.gdl"] ?? [], as: UTF8.self) == """
                gestures S {
                  view window
                  recognizer openLink = tap on window
                  recognizer like = tap(taps: 2) on window
                  openLink requires like to fail
                  simultaneous openLink, like
                }
                """)
    }

    @Test("only the repairs of the diagnostics shown are applied: the error limit holds")
    func onlyShown() {
        // Thirty misspelled roles: check shows the first twenty errors and counts the rest.
        let recognizers = (1...30).map { "  recognizer r\($0) = tap on windw" }.joined(separator: "\n")
        let spec = "gestures S {\n  view window\n\(recognizers)\n}\n"
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("check", "--fix", "a.gdl") == .success)
        let fixed = harness.err.components(separatedBy: "\n").filter { $0.hasPrefix("gesturec: fixed ") }
        // Twenty in the first round, the ten now shown in the second.
        #expect(fixed.count == 30)
        #expect(fixed.first == "gesturec: fixed a.gdl:3:26: unknown view role 'windw': wrote 'window'")
        let once = Harness(files: ["a.gdl": spec])
        #expect(once.run("check", "--fix", "--all-errors", "a.gdl") == .success)
        #expect(once.files["a.gdl"] == harness.files["a.gdl"])
    }

    @Test("a spec with nothing to repair is left as it is")
    func nothing() {
        let spec = "gestures S {\n  view window\n  recognizer t = tap on window\n}\n"
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("check", "--fix", "a.gdl") == .success)
        #expect(harness.files["a.gdl"] == Array(spec.utf8) && harness.err.isEmpty)
    }
}

@Suite("gesturec format")
struct FormatCommandTests {
    static let messy = "gestures A{\n view window\n\n\n      recognizer t=tap on window}\n"
    static let tidy = "gestures A {\n  view window\n\n  recognizer t = tap on window }\n"

    @Test("without an option, each file is printed formatted and left as it is")
    func prints() {
        let harness = Harness(files: ["a.gdl": Self.messy, "b.gdl": cleanSpec])
        #expect(harness.run("format", "a.gdl", "b.gdl") == .success)
        #expect(harness.out == Self.tidy + cleanSpec)
        #expect(harness.files["a.gdl"] == Array(Self.messy.utf8))
    }

    @Test("--check names the files that are not formatted and exits 1; formatted files exit 0")
    func check() {
        let harness = Harness(files: ["a.gdl": Self.messy, "b.gdl": cleanSpec])
        #expect(harness.run("format", "--check", "a.gdl", "b.gdl") == .inputErrors)
        #expect(harness.out == "a.gdl\n")
        let clean = Harness(files: ["b.gdl": cleanSpec])
        #expect(clean.run("format", "--check", "b.gdl") == .success)
        #expect(clean.out.isEmpty && clean.err.isEmpty)
    }

    @Test("--in-place rewrites only the files that change")
    func inPlace() {
        let harness = Harness(files: ["a.gdl": Self.messy])
        #expect(harness.run("format", "--in-place", "a.gdl") == .success)
        #expect(harness.files["a.gdl"] == Array(Self.tidy.utf8))
        #expect(harness.out.isEmpty)
    }

    @Test("a file with syntax errors is left untouched, with its diagnostics, exit 1")
    func syntaxErrors() {
        let broken = "gestures A {\n  recognizer = tap\n}\n"
        let harness = Harness(files: ["a.gdl": broken])
        #expect(harness.run("format", "--in-place", "a.gdl") == .inputErrors)
        #expect(harness.files["a.gdl"] == Array(broken.utf8))
        #expect(harness.err.hasPrefix("a.gdl:2:14: error: expected"))
    }

    @Test("--check and --in-place together, or no file, are usage errors")
    func usage() {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("format", "--check", "--in-place", "a.gdl") == .usageOrIO)
        #expect(harness.err.contains("--check or --in-place, not both"))
        #expect(Harness().run("format") == .usageOrIO)
    }
}

@Suite("Replay commands")
struct ShellWordTests {
    @Test("a word the shell reads back unchanged stays; any other is single-quoted, quotes escaped")
    func quoting() {
        #expect(ShellWord.quoted("out/1-GDL202.scene.json") == "out/1-GDL202.scene.json")
        #expect(ShellWord.quoted("my specs/a.gdl") == "'my specs/a.gdl'")
        #expect(ShellWord.quoted("a;rm -rf ~") == "'a;rm -rf ~'")
        #expect(ShellWord.quoted("it's") == "'it'\\''s'")
        #expect(ShellWord.quoted("$HOME") == "'$HOME'")
        #expect(ShellWord.quoted("") == "''")
    }

    @Test("lint's replay command quotes a path with a space or a semicolon")
    func lintReplay() {
        let harness = Harness(files: [
            "my spec.gdl": """
            gestures Map {
              view window { view map { interactive: true } }
              recognizer move = pan on map
              recognizer zoom = pinch on map
            }
            """
        ])
        #expect(harness.run("lint", "--counterexample", "out;x", "my spec.gdl") == .success)
        #expect(
            harness.out.contains(
                "gesturec simulate 'my spec.gdl' --set Map --scene 'out;x/1-GDL203.scene.json' --trace 'out;x/1-GDL203.trace.json'"),
            "\(harness.out)")
    }
}
