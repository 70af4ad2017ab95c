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
    /// What the checker found every name and expression to be.
    public var model: SemanticModel

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
        // The prelude is always the first file, so its syntax, parsed once per
        // process, is the same in every compilation.
        _ = builder.sources.add(Prelude.file)
        let prelude = Prelude.syntax
        var rootFiles: [FileID] = []
        for root in roots {
            let path = ImportPath.normalize(root.path)
            builder.load(root.renamed(to: path))
            if let id = builder.sources.id(ofPath: path), !rootFiles.contains(id) { rootFiles.append(id) }
        }
        // Each `use` of a component gets what it brings before anything reads the sets.
        let files = ComponentExpansion.expand(builder.files, prelude: prelude)
        var compilation = Compilation(
            sources: builder.sources, prelude: prelude, files: files, rootFiles: rootFiles,
            diagnostics: builder.diagnostics, model: SemanticModel())
        var checker = Checker.withPrelude(
            files: files,
            errorLimit: compilation.diagnostics.errorLimit.map { max(0, $0 - compilation.diagnostics.errorCount) })
        checker.check()
        compilation.diagnostics.append(contentsOf: checker.diagnostics)
        if !compilation.diagnostics.hasErrors {
            for hook in checker.unreadHooks {
                compilation.diagnostics.report(
                    Diagnostic(
                        SemanticProblem.unreadHook(name: hook.name), at: hook.range,
                        notes: [
                            Note(
                                "a predicate reads it: '\(hook.name)' in a 'shouldBegin:' or 'shouldReceiveTouch:' of a recognizer or a view, or a relation's 'where'",
                                at: hook.range)
                        ]))
            }
        }
        compilation.model = checker.model
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

        /// Parses `file` and, depth-first, the files it imports, each before the file
        /// that imports it. The walk keeps its own stack, so no chain of imports can
        /// exhaust the call stack, and finds a cycle by a lookup, so its cost grows with
        /// the files and their imports, not with the depth of the chain.
        mutating func load(_ file: SourceFile) {
            var frames: [Frame] = []
            var onStack: [String: Int] = [:]
            enter(file, frames: &frames, onStack: &onStack)
            while let top = frames.indices.last {
                let imports = frames[top].syntax.imports
                guard frames[top].next < imports.count else {
                    files.append(frames[top].syntax)
                    onStack[frames[top].path] = nil
                    frames.removeLast()
                    continue
                }
                let decl = imports[frames[top].next]
                frames[top].next += 1
                let path = ImportPath.resolve(decl.path, from: frames[top].path)
                if let cycleStart = onStack[path] {
                    // Every edge of the cycle: the import each file on it follows.
                    let edges = frames[cycleStart...].map { $0.syntax.imports[$0.next - 1] }
                    let notes = edges.dropLast().map {
                        Note("'\(sources[$0.range.file].path)' imports '\($0.path)' here", at: $0.range)
                    }
                    diagnostics.report(
                        SemanticProblem.importCycle(path: frames[cycleStart...].map(\.path) + [path]),
                        at: decl.range, notes: notes)
                    continue
                }
                if sources.id(ofPath: path) != nil { continue }  // already loaded: a diamond
                switch loader.load(path) {
                case .success(let bytes):
                    enter(SourceFile(path: path, bytes: bytes), frames: &frames, onStack: &onStack)
                case .failure(let error):
                    diagnostics.report(
                        SemanticProblem.missingImport(path: decl.path, reason: error.reason),
                        at: decl.pathRange,
                        notes: [Note("looked for '\(path)'", at: decl.pathRange)])
                }
            }
        }

        /// A file being loaded: its syntax, and the next of its imports to follow.
        private struct Frame {
            var syntax: FileSyntax
            var path: String
            var next = 0
        }

        private mutating func enter(_ file: SourceFile, frames: inout [Frame], onStack: inout [String: Int]) {
            if sources.id(ofPath: file.path) != nil { return }  // a root also imported
            onStack[file.path] = frames.count
            frames.append(Frame(syntax: parse(file), path: file.path))
        }
    }
}
