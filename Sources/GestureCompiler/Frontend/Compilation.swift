import GestureDSL

/// Everything the front end produced for a set of root files: the sources, their
/// syntax trees, and the diagnostics of lexing, parsing, imports and checks.
public struct Compilation: Sendable {
    public var sources: SourceManager
    /// The prelude's syntax, checked with the user's files.
    public var prelude: FileSyntax
    /// The user's files, each once and after the files it imports, so that a
    /// declaration in an imported file is met before one that repeats it.
    public var files: [FileSyntax]
    /// The files named as roots, in the order given; `build` emits their gesture sets.
    public var rootFiles: [FileID]
    public var diagnostics: DiagnosticBag

    /// Parses and checks `roots` and everything they import, with the prelude.
    ///
    /// - Parameters:
    ///   - roots: the files named on the command line, already read.
    ///   - loader: reads imported files.
    ///   - errorLimit: errors after which further ones are only counted (`nil`: all).
    public static func check(
        roots: [SourceFile], loader: some SourceLoader,
        errorLimit: Int? = DiagnosticBag.defaultErrorLimit
    ) -> Compilation {
        var builder = Builder(loader: loader, diagnostics: DiagnosticBag(errorLimit: errorLimit))
        let prelude = builder.parse(SourceFile(path: Prelude.path, text: Prelude.source))
        var rootFiles: [FileID] = []
        for root in roots {
            let path = ImportPath.normalize(root.path)
            builder.load(SourceFile(path: path, bytes: root.bytes))
            if let id = builder.sources.id(ofPath: path), !rootFiles.contains(id) { rootFiles.append(id) }
        }
        var compilation = Compilation(
            sources: builder.sources, prelude: prelude, files: builder.files, rootFiles: rootFiles,
            diagnostics: builder.diagnostics)
        var checker = Checker(files: [prelude] + builder.files)
        checker.check()
        compilation.diagnostics.append(contentsOf: checker.diagnostics)
        compilation.diagnostics.sortByLocation()
        return compilation
    }

    /// Loads files depth-first along their imports, reporting missing files and cycles.
    private struct Builder<Loader: SourceLoader> {
        let loader: Loader
        var diagnostics: DiagnosticBag
        var sources = SourceManager()
        var files: [FileSyntax] = []

        init(loader: Loader, diagnostics: DiagnosticBag) {
            self.loader = loader
            self.diagnostics = diagnostics
        }

        mutating func parse(_ file: SourceFile) -> FileSyntax {
            let id = sources.add(file)
            return Parser.parse(file, id: id, diagnostics: &diagnostics)
        }

        /// Parses `file` and, depth-first, the files it imports. `stack` holds the paths
        /// being loaded, outermost first, and `chain[k]` the import in `stack[k]` that
        /// led to `stack[k + 1]`, so a cycle is reported with every edge.
        mutating func load(_ file: SourceFile, stack: [String] = [], chain: [ImportDecl] = []) {
            if sources.id(ofPath: file.path) != nil { return }  // a root also imported
            let syntax = parse(file)
            defer { files.append(syntax) }
            let stack = stack + [file.path]
            for decl in syntax.imports {
                let path = ImportPath.resolve(decl.path, from: file.path)
                if let cycleStart = stack.firstIndex(of: path) {
                    let edges = chain[cycleStart...] + [decl]
                    let notes = edges.dropLast().map {
                        Note("'\(sources[$0.range.file].path)' imports '\($0.path)' here", at: $0.range)
                    }
                    diagnostics.report(
                        SemanticProblem.importCycle(path: Array(stack[cycleStart...]) + [path]),
                        at: decl.range, notes: notes)
                    continue
                }
                if sources.id(ofPath: path) != nil { continue }  // already loaded: a diamond
                switch loader.load(path) {
                case .success(let bytes):
                    load(SourceFile(path: path, bytes: bytes), stack: stack, chain: chain + [decl])
                case .failure(let error):
                    diagnostics.report(
                        SemanticProblem.missingImport(path: decl.path, reason: error.reason),
                        at: decl.pathRange,
                        notes: [Note("looked for '\(path)'", at: decl.pathRange)])
                }
            }
        }
    }
}
