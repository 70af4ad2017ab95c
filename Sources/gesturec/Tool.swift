import GestureCompiler
import GestureDSL
import GestureRuntime

/// The exit statuses of every command.
enum ExitStatus: Int32 {
    case success = 0
    /// The input has errors (diagnostics were printed).
    case inputErrors = 1
    /// The tool was called wrongly, or a named file could not be read.
    case usageOrIO = 2
}

/// The command-line tool: dispatches to a command. It owns no logic of its own; the
/// libraries do the work and this wires them to files and streams.
struct Tool {
    var terminal: Terminal
    var fileSystem: any FileStore

    func run(_ arguments: [String]) -> ExitStatus {
        guard let command = arguments.first else {
            terminal.write(Usage.overview)
            return .success
        }
        let rest = Array(arguments.dropFirst())
        // `gesturec CMD --help` is `gesturec help CMD`, as every command's help says.
        let options = rest.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help"), let text = Usage.text(for: command) {
            terminal.write(text)
            return .success
        }
        do throws(UsageError) {
            switch command {
            case "-h", "--help":
                terminal.write(Usage.overview)
                return .success
            case "--version":
                terminal.write("gesturec \(Usage.version) (table format \(TableFormat.version))\n")
                return .success
            case "help":
                return try help(rest)
            case "check":
                return try CheckCommand(arguments: rest).run(with: self)
            case "build":
                return try BuildCommand(arguments: rest).run(with: self)
            case "inspect":
                return try InspectCommand(arguments: rest).run(with: self)
            case "simulate":
                return try SimulateCommand(arguments: rest).run(with: self)
            case "verify":
                return try VerifyCommand(arguments: rest).run(with: self)
            case "lint":
                return try LintCommand(arguments: rest).run(with: self)
            case "graph":
                return try GraphCommand(arguments: rest).run(with: self)
            case "explain":
                return try ExplainCommand(arguments: rest).run(with: self)
            case "diff":
                return try DiffCommand(arguments: rest).run(with: self)
            case "format":
                return try FormatCommand(arguments: rest).run(with: self)
            case "lsp":
                return try LSPCommand(arguments: rest).run(with: self)
            case "test":
                return try TestCommand(arguments: rest).run(with: self)
            case "import":
                return try ImportCommand(arguments: rest).run(with: self)
            case "prelude":
                _ = try Arguments(rest, flags: [], options: [])
                terminal.write(Prelude.source)
                return .success
            default:
                let guess = Suggestions.closest(to: command, among: Usage.commands)
                throw UsageError("unknown command '\(command)'", suggestion: guess)
            }
        } catch {
            terminal.writeError(error.rendered)
            if error.pointsAtHelp { terminal.writeError("Run 'gesturec --help' for usage.\n") }
            return .usageOrIO
        }
    }

    private func help(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        guard let topic = arguments.first else {
            terminal.write(Usage.overview)
            return .success
        }
        guard let text = Usage.text(for: topic) else {
            throw UsageError(
                "no help for '\(topic)'", suggestion: Suggestions.closest(to: topic, among: Usage.commands))
        }
        terminal.write(text)
        return .success
    }

    /// Reads the files named on the command line, from disk unless another loader is
    /// given (a git revision); a missing one is a usage error.
    func readRoots(_ paths: [String], from loader: (any SourceLoader)? = nil) throws(UsageError) -> [SourceFile] {
        var files: [SourceFile] = []
        for path in paths {
            switch (loader ?? fileSystem).load(path) {
            case .success(let bytes): files.append(SourceFile(path: path, bytes: bytes))
            case .failure(let error): throw .io("cannot read '\(path)': \(error.reason)")
            }
        }
        return files
    }

    /// What `compile` gives back: the files named, what checking them found, and
    /// their gesture sets.
    struct Compiled {
        var roots: [SourceFile]
        var compilation: Compilation
        var sets: [CompiledSet]
    }

    /// Checks and lowers the files named, printing any diagnostics; in JSON they are
    /// printed even when there are none, so a reader always gets a document. Nil when
    /// there were errors.
    func compile(
        _ paths: [String], errorLimit: Int? = Usage.defaultErrorLimit, format: DiagnosticsFormat = .text
    ) throws(UsageError) -> Compiled? {
        let compiled = try checkAndLower(paths, errorLimit: errorLimit)
        let compilation = compiled.compilation
        if format == .json || !compilation.diagnostics.diagnostics.isEmpty { printDiagnostics(compilation, format: format) }
        return compilation.diagnostics.hasErrors ? nil : compiled
    }

    /// Checks the files named and, when they check, lowers them; prints nothing. The
    /// sets are empty when there were errors. Files, imports included, come from disk
    /// unless another loader is given.
    func checkAndLower(
        _ paths: [String], errorLimit: Int? = Usage.defaultErrorLimit, from loader: (any SourceLoader)? = nil
    ) throws(UsageError) -> Compiled {
        let source = loader ?? fileSystem
        let roots = try readRoots(paths, from: source)
        let build = Compilation.build(roots: roots, loader: source, errorLimit: errorLimit)
        return Compiled(roots: roots, compilation: build.compilation, sets: build.sets)
    }

    /// The gesture set a command works on: the only one of the spec, or the one
    /// `--set` names.
    func chooseSet(_ sets: [CompiledSet], named name: String?, in specPath: String) throws(UsageError) -> CompiledSet {
        let names = sets.map(\.program.name)
        if let name {
            guard let set = sets.first(where: { $0.program.name == name }) else {
                throw UsageError(
                    "no gesture set '\(name)' in '\(specPath)'", suggestion: Suggestions.closest(to: name, among: names))
            }
            return set
        }
        guard sets.count == 1, let set = sets.first else {
            throw UsageError(
                "'\(specPath)' holds \(sets.count) gesture sets; name one with --set (" + names.joined(separator: ", ") + ")")
        }
        return set
    }

    /// Writes a command's output to the file `-o` named, whole or not at all, or to
    /// standard output when it named none.
    /// The files named, and those under the folders named whose names end in one of
    /// `suffixes`, sorted per folder; hidden entries are skipped, and a folder reached
    /// twice (by a symbolic link) is searched once. The walk stops at `maximumDepth`
    /// folders down and at `maximumFiles` files.
    func findFiles(_ paths: [String], endingIn suffixes: [String], maximumDepth: Int, maximumFiles: Int) -> [String] {
        var found: [String] = []
        // Each real folder is searched once: a symbolic link back to a folder above, or
        // two links to one folder, would otherwise walk it again and again.
        var searched: Set<String> = []
        func search(_ folder: String, depth: Int) {
            guard depth <= maximumDepth, found.count < maximumFiles,
                searched.insert(fileSystem.folderIdentity(folder) ?? folder).inserted,
                let entries = fileSystem.directoryEntries(folder)
            else { return }
            for name in entries where !name.hasPrefix(".") && found.count < maximumFiles {
                let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
                if suffixes.contains(where: { name.hasSuffix($0) }) {
                    found.append(path)
                } else if fileSystem.directoryEntries(path) != nil {
                    search(path, depth: depth + 1)
                }
            }
        }
        for path in paths {
            if fileSystem.directoryEntries(path) != nil {
                search(path, depth: 0)
            } else {
                found.append(path)
            }
        }
        return found
    }

    func writeOutput(_ output: [UInt8], to path: String?) throws(UsageError) {
        guard let path else {
            terminal.output(output)
            return
        }
        if case .failure(let error) = fileSystem.write(output, to: path) {
            throw .io("cannot write '\(path)': \(error.reason)")
        }
    }

    /// Prints diagnostics in the chosen format to standard error.
    /// Prints the compilation's diagnostics on standard error, or, for a command whose
    /// standard output carries nothing else (`check`), its JSON on standard output, where
    /// a pipe (`| jq`) reads machine formats.
    func printDiagnostics(_ compilation: Compilation, format: DiagnosticsFormat, jsonToStandardOutput: Bool = false) {
        switch format {
        case .text:
            terminal.writeError(
                TextDiagnosticRenderer(colored: terminal.usesColor).render(compilation.diagnostics, in: compilation.sources))
        case .json:
            let output = JSONDiagnosticRenderer().render(compilation.diagnostics, in: compilation.sources)
            if jsonToStandardOutput { terminal.write(output) } else { terminal.writeError(output) }
        }
    }
}

/// How diagnostics are printed.
enum DiagnosticsFormat: String, CaseIterable {
    case text, json
}
