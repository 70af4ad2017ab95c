import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec simulate SPEC --scene S --trace T [--until SECONDS] [--format text|json|html]
/// [--explain RECOGNIZER] [--set NAME] [-o PATH]`: replays a touch trace through the
/// engine over a scene and prints the timeline (docs/traces.md), or writes it as a page
/// to look at (docs/pictures.md).
struct SimulateCommand {
    enum Format: String, CaseIterable {
        case text, json, html
    }

    var specPath: String
    var scenePath: String?
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
            arguments, flags: ["--all-errors", "--verbose"], options: ["--scene", "--trace", "--until", "--format", "--explain", "--set", "-o"])
        errorLimit = parsed.flags.contains("--all-errors") ? nil : Usage.defaultErrorLimit
        guard parsed.operands.count == 1 else { throw UsageError("simulate needs exactly one SPEC file") }
        specPath = parsed.operands[0]
        guard let trace = parsed.values["--trace"] else { throw UsageError("simulate needs --trace FILE") }
        tracePath = trace
        scenePath = parsed.values["--scene"]
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
        let program = try tool.chooseSet(compiled.sets, named: setName, in: specPath).program

        // The scene and the trace, which may share one file.
        var sources = SourceManager()
        let traceFile = try tool.readRoots([tracePath])[0]
        let sceneFile = try scenePath.flatMap { path throws(UsageError) in
            path == tracePath ? nil : try tool.readRoots([path])[0]
        }
        var reader = SimulationInputReader(program: program, errorLimit: errorLimit)
        guard let (scene, trace) = reader.read(scene: sceneFile, trace: traceFile, sources: &sources) else {
            printDiagnostics(reader.diagnostics, sources, tool)
            return .inputErrors
        }

        var simulation: Simulation
        do throws(ProgramError) {
            simulation = try Simulation(program: program, scene: scene)
        } catch {
            tool.terminal.writeError("\(specPath): error: internal compiler error: \(error); please report it\n")
            return .inputErrors
        }
        simulation.run(trace, until: until)
        // Reasons that name the row or the predicate that decided.
        var timeline = TimelineExplanation(compilation: compiled.compilation, set: program.name).explain(simulation.timeline)
        if let explain {
            guard program.recognizers.contains(where: { $0.name == explain }) else {
                throw UsageError(
                    "no recognizer '\(explain)' in \(program.name)",
                    suggestion: Suggestions.closest(to: explain, among: program.recognizers.map(\.name)))
            }
            timeline = timeline.filter { $0.recognizer == explain }
        }
        // Every recognizer resets after every sequence, and the trace's events are the
        // input the rest answers: both said only when asked for (`--verbose`). The page
        // keeps the resets, which its lanes' states need, and draws the input itself.
        let shown = verbose ? Simulation.merging(simulation.inputs, into: timeline) : timeline.filter { entry in
            if case .decision("reset", _, _) = entry.kind { return false }
            return true
        }
        let output =
            switch format {
            case .text: TimelineRenderer.text(shown)
            case .json: TimelineRenderer.json(shown)
            case .html:
                TimelinePage.html(
                    TimelineLanes(simulation: simulation, trace: trace, timeline: timeline), title: "\(program.name): \(tracePath)")
            }
        try tool.writeOutput(Array(output.utf8), to: outputPath)
        if simulation.diagnostics.hasErrors {
            printDiagnostics(simulation.diagnostics, sources, tool)
            return .inputErrors
        }
        return .success
    }

    private func printDiagnostics(_ bag: DiagnosticBag, _ sources: SourceManager, _ tool: Tool) {
        tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(bag, in: sources))
    }
}
