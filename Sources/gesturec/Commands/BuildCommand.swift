import GestureCompiler
import GestureDSL

/// `gesturec build FILE… [--emit swift|json|binary] [-o PATH] [--dump-tables]`: the
/// main job. Checks the files, lowers every gesture set of the files named, and writes
/// one output holding all of them.
struct BuildCommand {
    enum Emit: String, CaseIterable {
        case swift, json, binary
    }

    var paths: [String]
    var emit: Emit
    var outputPath: String?
    var dumpTables: Bool
    var allErrors: Bool
    var format: DiagnosticsFormat

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--all-errors", "--dump-tables"], options: ["--emit", "-o", "--diagnostics-format"])
        guard !parsed.operands.isEmpty else { throw UsageError("build needs at least one FILE") }
        paths = parsed.operands
        emit = try parsed.choice("--emit", "output form", default: Emit.swift)
        outputPath = parsed.values["-o"]
        dumpTables = parsed.flags.contains("--dump-tables")
        allErrors = parsed.flags.contains("--all-errors")
        format = try parsed.choice("--diagnostics-format", "diagnostics format", default: DiagnosticsFormat.text)
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let errorLimit = allErrors ? nil : Usage.defaultErrorLimit
        guard let compiled = try tool.compile(paths, errorLimit: errorLimit, format: format) else { return .inputErrors }
        let sets = compiled.sets
        let programs = sets.map(\.program)
        let output: [UInt8]
        if dumpTables {
            output = Array(TableListing.render(programs).utf8)
        } else {
            switch emit {
            case .swift: output = Array(SwiftEmitter.emit(sets, sources: compiled.roots.map(\.path)).utf8)
            case .json: output = Array(JSONEmitter.emit(programs).utf8)
            case .binary: output = BinaryEmitter.emit(programs)
            }
        }
        try tool.writeOutput(output, to: outputPath)
        return .success
    }
}
