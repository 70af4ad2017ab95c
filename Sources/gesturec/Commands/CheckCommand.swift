import GestureCompiler
import GestureDSL

/// `gesturec check FILE…`: parse and check, diagnostics only.
struct CheckCommand {
    var paths: [String]
    var allErrors: Bool
    var format: DiagnosticsFormat

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--all-errors"], options: ["--diagnostics-format"])
        guard !parsed.operands.isEmpty else { throw UsageError("check needs at least one FILE") }
        paths = parsed.operands
        allErrors = parsed.flags.contains("--all-errors")
        format = try parsed.choice("--diagnostics-format", "diagnostics format", default: DiagnosticsFormat.text)
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let roots = try tool.readRoots(paths)
        let compilation = Compilation.check(
            roots: roots, loader: tool.fileSystem, errorLimit: allErrors ? nil : Usage.defaultErrorLimit)
        if format == .json || !compilation.diagnostics.diagnostics.isEmpty {
            tool.printDiagnostics(compilation, format: format)
        }
        return compilation.diagnostics.hasErrors ? .inputErrors : .success
    }
}
