import GestureDSL

/// Sources checked and, when they check, lowered to tables: the one way from a spec to
/// its programs, which the tool, the language server, the tests, the benchmarks and
/// the fuzz targets all take.
public struct Build {
    /// The checked compilation. Its diagnostics include lowering's: a construct
    /// lowering cannot compile, or a program that fails validation, is a compiler bug,
    /// reported as an internal error, and its set is left out.
    public var compilation: Compilation
    /// One per gesture set of the root files, in the order the files were named and
    /// the sets written; none when the compilation has errors.
    public var sets: [CompiledSet]
    /// What lowering reported, also among the compilation's diagnostics: internal
    /// errors only, each a compiler bug.
    public var loweringDiagnostics: [Diagnostic] = []

    /// Whether the sources checked and every set lowered.
    public var succeeded: Bool { !compilation.diagnostics.hasErrors }
}

extension Compilation {
    /// Checks `roots` (imports come from `loader`) and lowers them when they check.
    public static func build(
        roots: [SourceFile], loader: some SourceLoader, errorLimit: Int? = DiagnosticBag.defaultErrorLimit
    ) -> Build {
        check(roots: roots, loader: loader, errorLimit: errorLimit).lowered()
    }

    /// This compilation lowered, when it has no errors.
    public func lowered() -> Build {
        var compilation = self
        guard !diagnostics.hasErrors else { return Build(compilation: compilation, sets: []) }
        var lowering = DiagnosticBag()
        let sets = Lowering.lower(compilation, diagnostics: &lowering)
        compilation.diagnostics.append(contentsOf: lowering)
        return Build(compilation: compilation, sets: sets, loweringDiagnostics: lowering.diagnostics)
    }
}
