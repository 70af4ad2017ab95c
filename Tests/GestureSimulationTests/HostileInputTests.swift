import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// Inputs made to hurt: every one gets an error or a result, never a crash, a hang or a
/// cost that grows with its square. Each test builds its input of a class
/// the issue names, larger than its examples; none asserts a time (the growth figures
/// are `gesture-bench`'s).
@Suite("Hostile input")
struct HostileInputTests {
    private func program(_ members: String) throws -> GestureProgram {
        let compilation = check("gestures Test {\n\(members)\n}\n")
        #expect(messages(compilation) == [])
        return try #require(compilation.lowered().sets.first).program
    }

    private func read(_ program: GestureProgram, scene: String, trace: String = #"{"events": []}"#, errorLimit: Int? = nil)
        -> (SimulationInputReader, SourceManager, Bool)
    {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program, errorLimit: errorLimit)
        let result = reader.read(
            scene: SourceFile(path: "scene.json", text: scene), trace: SourceFile(path: "trace.json", text: trace),
            sources: &sources)
        return (reader, sources, result != nil)
    }

    // MARK: - Length and depth

    @Test("binary chains past the operator limit are one located error, at any length", arguments: [258, 10_000, 30_000])
    func operatorChains(terms: Int) {
        let predicate = Array(repeating: "h", count: terms).joined(separator: " && ")
        let sum = Array(repeating: "1", count: terms).joined(separator: " + ")
        let compilation = check(
            """
            gestures A {
              view w
              hook h
              recognizer t = tap on w { shouldBegin: \(predicate) }
              recognizer u = tap(taps: \(sum)) on w
            }
            """)
        #expect(compilation.diagnostics.diagnostics.map(\.id.rawValue) == ["GDL033", "GDL033"])
        #expect(messages(compilation).first == "this expression has more than 256 operators; split it with a hook or a variable")
    }

    @Test("a chain at the operator limit checks, lowers and runs")
    func chainAtTheLimit() throws {
        let predicate = Array(repeating: "h", count: Parser.maximumOperators + 1).joined(separator: " && ")
        let program = try program("view w\nhook h\nrecognizer t = tap on w { shouldBegin: \(predicate) }")
        let engine = try GestureEngine(program: program)
        let view = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try engine.touchDown(1, at: Point(x: 1, y: 1), time: 0, view: view)
        try engine.touchUp(1, at: Point(x: 1, y: 1), time: 0.05)
        #expect(engine.outputs.contains { if case .action = $0 { true } else { false } })
    }

    @Test("an 8,000-deep chain of imports loads every file, each before its importer")
    func importChain() {
        let count = 8_000
        var files: [String: String] = [:]
        for index in 1..<count {
            files["f\(index).gdl"] =
                (index + 1 < count ? "import \"f\(index + 1).gdl\"\n" : "") + "kind k\(index) discrete { possible { on up -> recognized } }\n"
        }
        let compilation = check("import \"f1.gdl\"\ngestures A { view w\nrecognizer t = k1 on w }\n", others: files)
        #expect(messages(compilation) == [])
        #expect(compilation.files.count == count)
        #expect(compilation.files.first.map { compilation.sources[$0.file].path } == "f\(count - 1).gdl")
    }

    @Test("an import cycle deep in a long chain is reported once with every edge")
    func importCycleInAChain() {
        var files: [String: String] = [:]
        for index in 1..<500 { files["f\(index).gdl"] = "import \"f\(index + 1).gdl\"\n" }
        files["f500.gdl"] = "import \"f498.gdl\"\n"
        let compilation = check("import \"f1.gdl\"\n", others: files)
        #expect(messages(compilation) == ["import cycle: f498.gdl -> f499.gdl -> f500.gdl -> f498.gdl"])
        #expect(compilation.diagnostics.diagnostics.first?.notes.count == 2)
    }

    // MARK: - Scenes and traces

    @Test("a parent cycle through 16,000 views is one error; the same views children first are one error each, suppressed past the limit")
    func sceneParentWalks() throws {
        let program = try program("view window\nrecognizer t = tap on window")
        let count = 16_000
        let cycle = (0..<count).map { #"{"id": "v\#($0)", "role": "window", "parent": "v\#(($0 + 1) % count)", "frame": [0, 0, 1, 1]}"# }
        let (reader, _, ok) = read(program, scene: #"{"views": [\#(cycle.joined(separator: ", "))]}"#)
        #expect(!ok)
        #expect(reader.diagnostics.diagnostics.map(\.id.rawValue) == ["GDL506"])
        #expect(reader.diagnostics.diagnostics.first?.message.hasSuffix("v15999 → v0") == true)

        // Every view's parent is declared after it: the chain is a mistake of order,
        // not a cycle.
        let chain =
            (0..<count).map { #"{"id": "v\#($0)", "role": "window", "parent": "v\#($0 + 1)", "frame": [0, 0, 1, 1]}"# }
            + [#"{"id": "v\#(count)", "role": "window", "frame": [0, 0, 1, 1]}"#]
        let (ordered, _, _) = read(program, scene: #"{"views": [\#(chain.joined(separator: ", "))]}"#, errorLimit: 20)
        #expect(ordered.diagnostics.diagnostics.count == 20)
        #expect(ordered.diagnostics.suppressedErrorCount == count - 20)
    }

    @Test("a one-line scene with 4,000 bad views stores 20 errors, each quoting a short window of the line")
    func oneLineScene() throws {
        let program = try program("view window { view photo }\nrecognizer t = tap on photo")
        let views =
            [#"{"id": "w", "role": "window", "frame": [0, 0, 400, 800]}"#]
            + (0..<4_000).map { #"{"id": "v\#($0)", "role": "phto", "parent": "w", "frame": [0, 0, 1, 1]}"# }
        let (reader, sources, ok) = read(program, scene: #"{"views": [\#(views.joined(separator: ", "))]}"#, errorLimit: 20)
        #expect(!ok)
        #expect(reader.diagnostics.diagnostics.count == 20)
        #expect(reader.diagnostics.suppressedErrorCount == 3_980)
        let rendered = TextDiagnosticRenderer().render(reader.diagnostics, in: sources)
        let longest = rendered.split(separator: "\n").map(\.utf8.count).max() ?? 0
        #expect(longest < 300, "a quoted line is cut to a window around the caret")
        #expect(rendered.contains("did you mean 'photo'?"))
    }

    @Test("trace events name views by id in a scene of 20,000 views; an unknown one past the limit costs no search")
    func setEnabledLookups() throws {
        let program = try program("view window\nrecognizer t = tap on window")
        let views = (0..<20_000).map { #"{"id": "v\#($0)", "role": "window", "frame": [0, 0, 1, 1]}"# }
        let events =
            (0..<2_000).map { #"{"t": \#(Double($0) / 100), "setEnabled": {"recognizer": "t", "view": "v\#($0 * 7)", "value": \#($0 % 2 == 0)}}"# }
            + (0..<2_000).map { #"{"t": 30, "setEnabled": {"recognizer": "t", "view": "missing\#($0)", "value": true}}"# }
        let (reader, _, ok) = read(
            program, scene: #"{"views": [\#(views.joined(separator: ", "))]}"#,
            trace: #"{"events": [\#(events.joined(separator: ", "))]}"#, errorLimit: 20)
        #expect(!ok)
        #expect(reader.diagnostics.diagnostics.count == 20)
        #expect(reader.diagnostics.suppressedErrorCount == 1_980)
        #expect(reader.diagnostics.diagnostics.allSatisfy { $0.message.hasPrefix("unknown view 'missing") })
    }

    @Test(
        "times and frames beyond their documented range are located errors",
        arguments: [
            (#"{"t": 1e16, "interrupt": {}}"#, "'t' must be between -1e9 and 1e9 seconds, found 1e+16"),
            (#"{"t": -2e9, "interrupt": {}}"#, "'t' must be between -1e9 and 1e9 seconds, found -2000000000"),
        ])
    func ranges(event: String, message: String) throws {
        let program = try program("view window\nrecognizer t = tap on window")
        let scene = #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 400, 800]}]}"#
        let (reader, _, _) = read(program, scene: scene, trace: #"{"events": [\#(event)]}"#)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [message])
        let (frames, _, _) = read(program, scene: #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 4e9, 800]}]}"#)
        #expect(frames.diagnostics.diagnostics.map(\.message) == ["a frame's value must be between -1e9 and 1e9 points, found 4000000000"])
    }

    @Test("the text timeline writes any finite time, however large")
    func hugeTimes() {
        let entry = TimelineEntry(time: 9.3e15, recognizer: nil, view: "w", kind: .touches(phase: .began, touches: []))
        #expect(TimelineRenderer.text([entry]).hasPrefix(" 9.3e+15  w"))
        let later = TimelineEntry(time: 1e300, recognizer: nil, view: "w", kind: .touches(phase: .began, touches: []))
        #expect(TimelineRenderer.text([later]).hasPrefix("  1e+300  w"))
    }

    // MARK: - Fuzzer findings

    /// Found by the trace fuzz target: a JSON document cut short reported its
    /// mistake one byte past the end of the file.
    @Test(
        "a mistake at the end of a file has a range inside it",
        arguments: [
            #"{"even"#, #"{"events": ["#, "view w: window [0 0 1 1]\n0.1 down 1 at (1,", "view w: window",
        ])
    func rangesAtTheEnd(text: String) throws {
        let program = try program("view window\nrecognizer t = tap on window")
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        _ = reader.read(scene: nil, trace: SourceFile(path: "t", text: text), sources: &sources)
        #expect(!reader.diagnostics.diagnostics.isEmpty)
        for diagnostic in reader.diagnostics.diagnostics {
            #expect(
                diagnostic.range.start <= diagnostic.range.end && diagnostic.range.end <= text.utf8.count,
                "\(diagnostic.message) at \(diagnostic.range)")
        }
    }
}

/// Terminal escapes in the user's text (a scene's view id, a path, a source line) are
/// printed escaped, never raw, in every text output: a crafted trace or scene cannot
/// rewrite what the user sees.
@Suite("Terminal escapes")
struct TerminalEscapeTests {
    static let escape = "\u{1B}[2J\u{1B}]0;owned\u{07}"

    @Test("control characters are written as Swift writes them; tabs, text and newlines (when kept) stay")
    func escaping() {
        #expect(TerminalText.escaped("a\u{1B}[31mb") == "a\\u{1B}[31mb")
        #expect(TerminalText.escaped("tab\there") == "tab\there")
        #expect(TerminalText.escaped("line\nnext") == "line\\u{A}next")
        #expect(TerminalText.escaped("line\nnext", keepingNewlines: true) == "line\nnext")
        #expect(TerminalText.escaped("\u{7F}\u{9B}é") == "\\u{7F}\\u{9B}é")
    }

    @Test("a view id holding an escape sequence reaches the text timeline escaped")
    func timeline() throws {
        let compilation = check("gestures S {\n  view window\n  recognizer t = tap on window\n}\n")
        let program = try #require(compilation.lowered().sets.first).program
        let id = "win\(Self.escape)dow"
        let scene = "{\"views\": [{\"id\": \(JSON.quote(id)), \"role\": \"window\", \"frame\": [0, 0, 400, 800]}]}"
        let trace = """
            {"events": [{"t": 0, "touches": [{"id": 1, "phase": "down", "x": 10, "y": 10}]},
                        {"t": 0.05, "touches": [{"id": 1, "phase": "up", "x": 10, "y": 10}]}]}
            """
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (parsedScene, parsedTrace) = try #require(
            reader.read(scene: SourceFile(path: "s.json", text: scene), trace: SourceFile(path: "t.json", text: trace), sources: &sources))
        var simulation = try Simulation(program: program, scene: parsedScene)
        simulation.run(parsedTrace)
        let text = TimelineRenderer.text(simulation.timeline)
        #expect(!text.unicodeScalars.contains("\u{1B}") && !text.unicodeScalars.contains("\u{07}"))
        #expect(text.contains("win\\u{1B}[2J\\u{1B}]0;owned\\u{7}dow"), "\(text)")
    }

    @Test("a diagnostic quotes a path and a source line with escapes escaped")
    func diagnostics() {
        let file = SourceFile(
            path: "spec\(Self.escape).gdl", text: "gestures S {\n  view window // \(Self.escape)\n  recognizer t = tapp on window\n}\n")
        var sources = SourceManager()
        let id = sources.add(file)
        var bag = DiagnosticBag()
        bag.report(
            Diagnostic(
                id: DiagnosticID("GDL103"), severity: .error, message: "unknown kind 'tapp\(Self.escape)'",
                range: SourceRange(file: id, start: 16, end: 20)))
        let text = TextDiagnosticRenderer(colored: false).render(bag, in: sources)
        #expect(!text.unicodeScalars.contains("\u{1B}") && !text.unicodeScalars.contains("\u{07}"), "\(text)")
        #expect(text.hasPrefix("spec\\u{1B}[2J\\u{1B}]0;owned\\u{7}.gdl:2:4: error: unknown kind 'tapp\\u{1B}"), "\(text)")
        #expect(text.contains("  view window // \\u{1B}[2J"))
    }
}
