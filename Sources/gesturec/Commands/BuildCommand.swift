import GestureCompiler
import GestureDSL

/// `gesturec build FILE… [--emit swift|json|binary] [-o PATH] [--dump-tables]
/// [--relative-to DIR]`: the main job. Checks the files, lowers every gesture set of the
/// files named, and writes one output holding all of them.
///
/// `--relative-to DIR` names the files under DIR relative to it in what is written (the
/// programs' source locations, the generated header), so that the output does not
/// depend on where the package is checked out: the build plugin passes its target's
/// directory. Diagnostics keep the paths as given, which an editor opens.
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
    var root: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--all-errors", "--dump-tables"],
            options: ["--emit", "-o", "--diagnostics-format", "--relative-to"])
        guard !parsed.operands.isEmpty else { throw UsageError("build needs at least one FILE") }
        paths = parsed.operands
        emit = try parsed.choice("--emit", "output form", default: Emit.swift)
        outputPath = parsed.values["-o"]
        dumpTables = parsed.flags.contains("--dump-tables")
        allErrors = parsed.flags.contains("--all-errors")
        format = try parsed.choice("--diagnostics-format", "diagnostics format", default: DiagnosticsFormat.text)
        root = parsed.values["--relative-to"]
    }

    /// `path` relative to `root` when it lies under it; as given otherwise.
    static func path(_ path: String, relativeTo root: String?) -> String {
        guard var root, !root.isEmpty else { return path }
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        if root == "." { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let errorLimit = allErrors ? nil : Usage.defaultErrorLimit
        guard let compiled = try tool.compile(paths, errorLimit: errorLimit, format: format) else { return .inputErrors }
        var sets = compiled.sets
        for index in sets.indices {
            sets[index].program.files = sets[index].program.files.map { Self.path($0, relativeTo: root) }
        }
        let programs = sets.map(\.program)
        let output: [UInt8]
        if dumpTables {
            output = Array(TableListing.render(programs).utf8)
        } else {
            switch emit {
            case .swift:
                let sources = compiled.roots.map { Self.path($0.path, relativeTo: root) }
                output = Array(SwiftEmitter.emit(sets, sources: sources).utf8)
            case .json: output = Array(JSONEmitter.emit(programs).utf8)
            case .binary: output = BinaryEmitter.emit(programs)
            }
        }
        try tool.writeOutput(output, to: outputPath)
        return .success
    }
}
