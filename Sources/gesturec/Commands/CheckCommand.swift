import GestureCompiler
import GestureDSL

/// `gesturec check FILE… [--fix]`: parse and check, diagnostics only; `--fix` first
/// applies the repairs the shown diagnostics propose to the files named, one line each.
struct CheckCommand {
    var paths: [String]
    var allErrors: Bool
    var format: DiagnosticsFormat
    var fix: Bool
    /// `--force`: `--fix` writes read-only files too.
    var force: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--all-errors", "--fix", "--force"], options: ["--diagnostics-format"])
        guard !parsed.operands.isEmpty else { throw UsageError("check needs at least one FILE") }
        paths = parsed.operands
        allErrors = parsed.flags.contains("--all-errors")
        fix = parsed.flags.contains("--fix")
        force = parsed.flags.contains("--force")
        if force && !fix { throw UsageError("--force lets --fix write read-only files; give --fix") }
        format = try parsed.choice("--diagnostics-format", "diagnostics format", default: DiagnosticsFormat.text)
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        if fix { try applyFixes(with: tool) }
        let roots = try tool.readRoots(paths)
        let compilation = Compilation.check(
            roots: roots, loader: tool.fileSystem, errorLimit: allErrors ? nil : Usage.defaultErrorLimit)
        if format == .json || !compilation.diagnostics.diagnostics.isEmpty {
            tool.printDiagnostics(compilation, format: format, jsonToStandardOutput: true)
        }
        return compilation.diagnostics.hasErrors ? .inputErrors : .success
    }

    /// Applies, to each file named, the one repair of each diagnostic that proposes
    /// exactly one (a misspelled name, a missing `pt`, UIKit's name for a parameter,
    /// with UIKit's unit), until none is left, and says which it applied. Only the
    /// diagnostics `check` shows count: the same error limit applies (`--all-errors`
    /// lifts it), so nothing is changed for a diagnostic the user never saw. A
    /// diagnostic whose notes offer several repairs (a bare `0.8`: `0.8ms` or `0.8s`)
    /// is a choice, named and left to the user.
    private func applyFixes(with tool: Tool) throws(UsageError) {
        // A repair can reveal another (a name fixed, its argument checked): a few
        // rounds, each of which changes the files, reach what one pass would not.
        var applied: [String] = []
        var choices: [String: String] = [:]
        var choiceOrder: [String] = []
        for _ in 0..<4 {
            let roots = try tool.readRoots(paths)
            let compilation = Compilation.check(
                roots: roots, loader: tool.fileSystem, errorLimit: allErrors ? nil : Usage.defaultErrorLimit)
            var changed = false
            // The files named, as the compilation calls them (paths normalized).
            for id in compilation.rootFiles {
                let file = compilation.sources[id]
                let (repairs, open) = compilation.diagnostics.repairs(in: id)
                for diagnostic in open {
                    let (line, column) = file.lineAndColumn(of: diagnostic.range.start)
                    let place = "\(file.path):\(line):\(column)"
                    if choices[place] == nil { choiceOrder.append(place) }
                    choices[place] = diagnostic.message
                }
                let fixed = FixIt.apply(repairs.map(\.fix), to: file.bytes)
                guard !repairs.isEmpty, fixed != file.bytes else { continue }
                if case .failure(let error) = tool.fileSystem.write(fixed, to: file.path, replacingReadOnly: force) {
                    throw .io("cannot write '\(file.path)': \(error.reason)")
                }
                for (diagnostic, fix) in repairs {
                    let (line, column) = file.lineAndColumn(of: diagnostic.range.start)
                    applied.append("\(file.path):\(line):\(column): \(diagnostic.message): wrote '\(fix.replacement)'")
                }
                changed = true
            }
            if !changed { break }
        }
        var report = ""
        for line in applied { report += "gesturec: fixed \(line)\n" }
        for place in choiceOrder {
            guard let message = choices[place] else { continue }
            report += "gesturec: not fixed \(place): \(message): its notes offer several repairs; choose one\n"
        }
        tool.terminal.writeError(TerminalText.escaped(report, keepingNewlines: true))
    }
}
