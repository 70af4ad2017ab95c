import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec verify RECORDING --spec SPEC [--set NAME] [--tolerance SECONDS]
/// [--device NAME|FILE]`: replays a recording's touches through the spec and reports
/// every state the app's own recognizers reached and the engine's did not, or the
/// reverse (docs/recording.md).
struct VerifyCommand {
    var recordingPath: String
    var specPath: String
    var setName: String?
    var devicePath: String?
    var tolerance: Double
    var errorLimit: Int?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: ["--all-errors"], options: ["--spec", "--set", "--tolerance", "--device"])
        errorLimit = parsed.flags.contains("--all-errors") ? nil : Usage.defaultErrorLimit
        guard parsed.operands.count == 1 else { throw UsageError("verify needs exactly one RECORDING file") }
        recordingPath = parsed.operands[0]
        guard let spec = parsed.values["--spec"] else { throw UsageError("verify needs --spec SPEC, the spec the app is held to") }
        specPath = spec
        setName = parsed.values["--set"]
        devicePath = parsed.values["--device"]
        tolerance = Verification.defaultTolerance
        if let text = parsed.values["--tolerance"] {
            guard let value = Double(text), value.isFinite, value >= 0, value <= 10 else {
                throw UsageError("--tolerance needs seconds between 0 and 10, found '\(text)'")
            }
            tolerance = value
        }
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        guard let compiled = try tool.compile([specPath]) else { return .inputErrors }
        let set = try tool.chooseSet(compiled.sets, named: setName, in: specPath)
        let program = set.program

        guard
            let (sources, scene, trace) = try SimulateCommand.readInputs(
                trace: recordingPath, scene: nil, device: devicePath, program: program, errorLimit: errorLimit, tool: tool)
        else { return .inputErrors }
        let renderer = TextDiagnosticRenderer(colored: tool.terminal.usesColor)
        var simulation: Simulation
        do throws(ProgramError) {
            simulation = try Simulation(program: program, scene: scene)
        } catch {
            tool.terminal.writeError("\(specPath): error: internal compiler error: \(error); please report it\n")
            return .inputErrors
        }
        simulation.run(trace)
        if simulation.diagnostics.hasErrors {
            tool.terminal.writeError(renderer.render(simulation.diagnostics, in: sources))
            return .inputErrors
        }
        let explanation = TimelineExplanation(compilation: compiled.compilation, set: set)
        let verification = Verification(
            program: program, scene: simulation.scene, trace: trace, timeline: explanation.explain(simulation.timeline),
            tolerance: tolerance)

        var report = ""
        for (difference, diagnostic) in zip(verification.differences, verification.diagnostics) {
            report += renderer.render(diagnostic, in: sources)
            if difference.engineEntries.isEmpty {
                report += "  the engine did nothing with '\(difference.recognizer)' on \(difference.view) until then\n"
            } else {
                report += "  what the engine did with it until then:\n"
                for entry in difference.engineEntries {
                    report += "    " + TimelineRenderer.line(entry, subjectWidth: 0).drop { $0 == " " }
                }
            }
        }
        let count = verification.differences.count
        let milliseconds = NumberText.format((tolerance * 1000).rounded())
        report +=
            "\(recordingPath): \(count == 0 ? "no difference" : "\(count) difference\(count == 1 ? "" : "s")"); "
            + "\(verification.matched) of \(verification.observed) recorded states reached by the engine within \(milliseconds) ms\n"
        tool.terminal.write(report)
        return count == 0 ? .success : .inputErrors
    }
}
