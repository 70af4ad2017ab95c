import GestureCompiler
import GestureDSL

/// `gesturec check FILE… [--fix]`: parse and check, diagnostics only; `--fix` first
/// applies the repairs the diagnostics propose to the files named.
struct CheckCommand {
    var paths: [String]
    var allErrors: Bool
    var format: DiagnosticsFormat
    var fix: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--all-errors", "--fix"], options: ["--diagnostics-format"])
        guard !parsed.operands.isEmpty else { throw UsageError("check needs at least one FILE") }
        paths = parsed.operands
        allErrors = parsed.flags.contains("--all-errors")
        fix = parsed.flags.contains("--fix")
        format = try parsed.choice("--diagnostics-format", "diagnostics format", default: DiagnosticsFormat.text)
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        if fix { try applyFixes(with: tool) }
        let roots = try tool.readRoots(paths)
        let compilation = Compilation.check(
            roots: roots, loader: tool.fileSystem, errorLimit: allErrors ? nil : Usage.defaultErrorLimit)
        if format == .json || !compilation.diagnostics.diagnostics.isEmpty {
            tool.printDiagnostics(compilation, format: format)
        }
        return compilation.diagnostics.hasErrors ? .inputErrors : .success
    }

    /// Applies, to each file named, the one repair of each diagnostic that proposes
    /// exactly one (a misspelled name, a missing unit, UIKit's name for a parameter),
    /// until none is left, then says how many were made. Every error is looked for
    /// (`--all-errors`), so that none is left for want of being stored.
    private func applyFixes(with tool: Tool) throws(UsageError) {
        // A repair can reveal another (a name fixed, its argument checked): a few
        // rounds, each of which changes the files, reach what one pass would not.
        var counts: [String: Int] = [:]
        var order: [String] = []
        for _ in 0..<4 {
            let roots = try tool.readRoots(paths)
            let compilation = Compilation.check(roots: roots, loader: tool.fileSystem, errorLimit: nil)
            var changed = false
            // The files named, as the compilation calls them (paths normalized).
            for id in compilation.rootFiles {
                let file = compilation.sources[id]
                let fixes = compilation.diagnostics.fixes(in: id)
                let fixed = FixIt.apply(fixes, to: file.bytes)
                guard !fixes.isEmpty, fixed != file.bytes else { continue }
                if case .failure(let error) = tool.fileSystem.write(fixed, to: file.path) {
                    throw .io("cannot write '\(file.path)': \(error.reason)")
                }
                if counts[file.path] == nil { order.append(file.path) }
                counts[file.path, default: 0] += fixes.count
                changed = true
            }
            if !changed { break }
        }
        for path in order {
            let count = counts[path] ?? 0
            tool.terminal.writeError("gesturec: applied \(count) fix\(count == 1 ? "" : "es") to \(path)\n")
        }
    }
}
