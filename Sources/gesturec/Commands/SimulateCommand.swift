import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec simulate SPEC --scene S --trace T [--until SECONDS] [--format text|json|html]
/// [--explain RECOGNIZER] [--set NAME] [--device NAME|FILE] [-o PATH]`: replays a touch trace through the
/// engine over a scene and prints the timeline (docs/traces.md), or writes it as a page
/// to look at (docs/pictures.md).
struct SimulateCommand {
    enum Format: String, CaseIterable {
        case text, json, html
    }

    var specPath: String
    var scenePath: String?
    /// `--device NAME|FILE`: the device the scene is on, over the scene's own.
    var devicePath: String?
    var tracePath: String
    var until: Double?
    var format: Format
    var explain: String?
    var setName: String?
    var outputPath: String?
    /// Keep the resets in the text and JSON timelines.
    var verbose: Bool
    /// The reader's error limit, as `check`'s; `--all-errors` removes it.
    var errorLimit: Int?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--all-errors", "--verbose"],
            options: ["--scene", "--trace", "--until", "--format", "--explain", "--set", "--device", "-o"])
        errorLimit = parsed.flags.contains("--all-errors") ? nil : Usage.defaultErrorLimit
        guard parsed.operands.count == 1 else { throw UsageError("simulate needs exactly one SPEC file") }
        specPath = parsed.operands[0]
        guard let trace = parsed.values["--trace"] else { throw UsageError("simulate needs --trace FILE") }
        tracePath = trace
        scenePath = parsed.values["--scene"]
        devicePath = parsed.values["--device"]
        if let text = parsed.values["--until"] {
            guard let value = Double(text), value.isFinite else {
                throw UsageError("--until needs a time in seconds, found '\(text)'")
            }
            until = value
        }
        format = try parsed.choice("--format", "timeline format", default: Format.text)
        explain = parsed.values["--explain"]
        setName = parsed.values["--set"]
        outputPath = parsed.values["-o"]
        verbose = parsed.flags.contains("--verbose")
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        // The spec, as `gesturec build` compiles it.
        guard let compiled = try tool.compile([specPath]) else { return .inputErrors }
        let set = try tool.chooseSet(compiled.sets, named: setName, in: specPath)
        let program = set.program

        guard
            let (sources, scene, trace) = try Self.readInputs(
                trace: tracePath, scene: scenePath, device: devicePath, program: program, errorLimit: errorLimit, tool: tool)
        else { return .inputErrors }

        let explanation = TimelineExplanation(compilation: compiled.compilation, set: set)
        if let explain, !program.recognizers.contains(where: { $0.name == explain }) {
            throw UsageError(
                "no recognizer '\(explain)' in \(program.name)",
                suggestion: Suggestions.closest(to: explain, among: program.recognizers.map(\.name)))
        }
        /// A run of the trace, each entry explained (reasons that name the row or the
        /// predicate that decided) and handed to `entry` if it is shown: `--explain`'s
        /// recognizer alone, and resets and the trace's own events only with
        /// `--verbose`. Nil (with the error printed) if the program does not load.
        func run(_ entry: @escaping (TimelineEntry) -> Void) -> Simulation? {
            var simulation: Simulation
            do throws(ProgramError) {
                simulation = try Simulation(program: program, scene: scene)
            } catch {
                tool.terminal.writeError("\(specPath): error: internal compiler error: \(error); please report it\n")
                return nil
            }
            simulation.run(trace, until: until) { raw in
                let shown = explanation.explain(raw)
                if let explain, shown.recognizer != explain { return }
                if !verbose {
                    if case .input = shown.kind { return }
                    if case .decision(.reset, _, _) = shown.kind { return }
                }
                entry(shown)
            }
            return simulation
        }

        // Text and JSON are written as the run goes, so a long trace costs the memory
        // of one event (docs/traces.md); text pads its subjects to the widest, found by
        // a first run, which the engine's determinism makes the same run.
        var output = StreamedOutput(tool: tool, path: outputPath)
        let finished: Simulation?
        switch format {
        case .text:
            var width = 0
            guard run({ width = max(width, TimelineRenderer.subjectWidth(of: $0)) }) != nil else { return .inputErrors }
            finished = run { output.write(TimelineRenderer.line($0, subjectWidth: width)) }
        case .json:
            var first = true
            finished = run { entry in
                output.write((first ? "[\n  " : ",\n  ") + TimelineRenderer.jsonObject(entry))
                first = false
            }
            output.write(first ? "[]\n" : "\n]\n")
        case .html:
            // The page draws the whole run at once: its lanes need every entry, the
            // resets among them, and it draws the input itself.
            var simulation: Simulation
            do throws(ProgramError) {
                simulation = try Simulation(program: program, scene: scene)
            } catch {
                tool.terminal.writeError("\(specPath): error: internal compiler error: \(error); please report it\n")
                return .inputErrors
            }
            simulation.run(trace, until: until)
            var timeline = explanation.explain(simulation.timeline)
            if let explain { timeline = timeline.filter { $0.recognizer == explain } }
            output.write(
                TimelinePage.html(
                    TimelineLanes(simulation: simulation, trace: trace, timeline: timeline), title: "\(program.name): \(tracePath)"))
            finished = simulation
        }
        guard let simulation = finished else { return .inputErrors }
        try output.finish()
        // Errors stop the run; a warning (touches that landed on no view) is said too.
        if !simulation.diagnostics.diagnostics.isEmpty { printDiagnostics(simulation.diagnostics, sources, tool) }
        return simulation.diagnostics.hasErrors ? .inputErrors : .success
    }

    /// The scene and the trace, which may share one file (`scene` nil or the trace's
    /// path), with the device `device` names over the scene's own: nil, with the
    /// mistakes printed, when they do not read. `simulate` and `verify` read them alike.
    static func readInputs(
        trace tracePath: String, scene scenePath: String?, device devicePath: String?, program: GestureProgram, errorLimit: Int?,
        tool: Tool
    ) throws(UsageError) -> (sources: SourceManager, scene: SceneDescription, trace: Trace)? {
        var sources = SourceManager()
        let traceFile = try tool.readRoots([tracePath])[0]
        let sceneFile = try scenePath.flatMap { path throws(UsageError) in
            path == tracePath ? nil : try tool.readRoots([path])[0]
        }
        var reader = SimulationInputReader(program: program, errorLimit: errorLimit)
        guard let (readScene, trace) = reader.read(scene: sceneFile, trace: traceFile, sources: &sources) else {
            tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(reader.diagnostics, in: sources))
            return nil
        }
        var scene = readScene
        if let devicePath {
            guard let device = try tool.device(devicePath) else { return nil }
            scene.device = device
        }
        return (sources, scene, trace)
    }

    private func printDiagnostics(_ bag: DiagnosticBag, _ sources: SourceManager, _ tool: Tool) {
        tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(bag, in: sources))
    }
}

/// Output written as it is made: to standard output in chunks as they fill, or, for
/// `-o PATH`, gathered and written whole at the end, so that the file is replaced
/// only by a complete output (as every command writes files).
struct StreamedOutput {
    private let tool: Tool
    private let path: String?
    private var buffer: [UInt8] = []
    private static let chunk = 64 << 10

    init(tool: Tool, path: String?) {
        self.tool = tool
        self.path = path
    }

    mutating func write(_ text: String) {
        buffer += text.utf8
        if path == nil, buffer.count >= Self.chunk {
            tool.terminal.output(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Writes what is left: the rest of standard output, or the whole file.
    mutating func finish() throws(UsageError) {
        try tool.writeOutput(buffer, to: path)
        buffer = []
    }
}
