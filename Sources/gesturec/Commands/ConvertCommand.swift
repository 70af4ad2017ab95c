import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec convert FILE [--to trace|webdriver] [-o PATH]`: W3C WebDriver Actions (what
/// Appium and other drivers send) into a trace's events in the text form, or a trace's
/// or a recording's touches into Actions (docs/recording.md). Without `--to`, the file
/// says which way: an Actions body becomes a trace, anything else is read as a trace.
struct ConvertCommand {
    enum Target: String, CaseIterable {
        case trace, webdriver
    }

    var path: String
    var target: Target?
    var outputPath: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: [], options: ["--to", "-o"])
        guard parsed.operands.count == 1 else { throw UsageError("convert needs exactly one FILE") }
        path = parsed.operands[0]
        target = parsed.values["--to"] == nil ? nil : try parsed.choice("--to", "conversion", default: Target.trace)
        outputPath = parsed.values["-o"]
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let file = try tool.readRoots([path])[0]
        var sources = SourceManager()
        let id = sources.add(file)
        func fail(_ error: LocatedJSONError) -> ExitStatus {
            var bag = DiagnosticBag(errorLimit: nil)
            bag.report(Diagnostic(SimulationProblem.malformedText(reason: error.reason), at: error.range))
            tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(bag, in: sources))
            return .inputErrors
        }
        let output: String
        do throws(LocatedJSONError) {
            let isJSON = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
            let tree = isJSON ? try LocatedJSON.parse(file, id: id) : try TraceText.parse(file, id: id)
            let isActions = isJSON && WebDriverActions.isActions(tree)
            switch target ?? (isActions ? .trace : .webdriver) {
            case .trace:
                guard isActions else {
                    throw LocatedJSONError(
                        reason: "--to trace reads WebDriver Actions: a JSON object whose 'actions' lists its input sources", range: tree.range)
                }
                output =
                    "# Converted by gesturec from \(path), WebDriver Actions (docs/recording.md).\n"
                    + "# The scene's 'view' lines go before these events.\n" + WebDriverActions.traceText(try WebDriverActions.events(tree))
            case .webdriver:
                guard !isActions else {
                    throw LocatedJSONError(reason: "the file is WebDriver Actions already: --to trace converts it", range: tree.range)
                }
                output = WebDriverActions.json(try WebDriverActions.events(ofTrace: tree))
            }
        } catch {
            return fail(error)
        }
        try tool.writeOutput(Array(output.utf8), to: outputPath)
        return .success
    }
}
