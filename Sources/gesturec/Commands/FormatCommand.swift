import GestureDSL

/// `gesturec format [--check | --in-place] FILE…`: lays files out in the one canonical
/// way (`Formatter`). Without an option it prints each file formatted; `--check` names
/// the files that are not; `--in-place` rewrites them. A file with syntax errors is
/// left as it is, and its diagnostics are printed.
struct FormatCommand {
    enum Mode {
        case print, check, inPlace
    }

    var paths: [String]
    var mode: Mode
    /// `--force`: `--in-place` writes read-only files too.
    var force: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: ["--check", "--in-place", "--force"], options: [])
        guard !parsed.operands.isEmpty else { throw UsageError("format needs at least one FILE") }
        paths = parsed.operands
        switch (parsed.flags.contains("--check"), parsed.flags.contains("--in-place")) {
        case (true, true): throw UsageError("format takes --check or --in-place, not both")
        case (true, false): mode = .check
        case (false, true): mode = .inPlace
        case (false, false): mode = .print
        }
        force = parsed.flags.contains("--force")
        if force && mode != .inPlace { throw UsageError("--force lets --in-place write read-only files; give --in-place") }
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        var status = ExitStatus.success
        var sources = SourceManager()
        for file in try tool.readRoots(paths) {
            let id = sources.add(file)
            switch Formatter.format(file, id: id) {
            case .syntaxErrors(let diagnostics):
                tool.terminal.writeError(
                    TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(diagnostics, in: sources))
                status = .inputErrors
            case .formatted(let text):
                let formatted = Array(text.utf8)
                switch mode {
                case .print:
                    tool.terminal.output(formatted)
                case .check:
                    if formatted != file.bytes {
                        tool.terminal.write(file.path + "\n")
                        status = .inputErrors
                    }
                case .inPlace:
                    guard formatted != file.bytes else { continue }
                    if case .failure(let error) = tool.fileSystem.write(formatted, to: file.path, replacingReadOnly: force) {
                        throw .io("cannot write '\(file.path)': \(error.reason)")
                    }
                }
            }
        }
        return status
    }
}
