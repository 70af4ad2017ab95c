// libFuzzer target: the front end (lexer, parser, checker, lowering, emitters) on
// arbitrary bytes. A crash, a hang, or a diagnostic whose range leaves its file is a bug.

import GestureCompiler
import GestureDSL
import GestureRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Imports resolve against an empty file system: a missing import is a diagnostic.
    // Errors past the limit are counted, not kept, as `gesturec check` does; one input
    // in eight keeps them all (`--all-errors`), whose diagnostics all get rendered.
    let errorLimit = size % 8 == 0 ? nil : DiagnosticBag.defaultErrorLimit
    let compilation = Compilation.check(
        roots: [SourceFile(path: "fuzz.gdl", bytes: bytes)], loader: InMemorySourceLoader([:]), errorLimit: errorLimit)
    for diagnostic in compilation.diagnostics.diagnostics {
        for range in [diagnostic.range] + diagnostic.notes.map(\.range) {
            let size = compilation.sources[range.file].bytes.count
            precondition(0 <= range.start && range.start <= range.end && range.end <= size,
                         "diagnostic range \(range) outside a file of \(size) bytes: \(diagnostic.message)")
        }
    }
    _ = TextDiagnosticRenderer(colored: true).render(compilation.diagnostics, in: compilation.sources)
    _ = JSONDiagnosticRenderer().render(compilation.diagnostics, in: compilation.sources)
    guard !compilation.diagnostics.hasErrors else { return 0 }
    // A spec that checks clean lowers and emits; its programs validate.
    var diagnostics = DiagnosticBag(errorLimit: nil)
    let sets = Lowering.lower(compilation, diagnostics: &diagnostics)
    for set in sets {
        do throws(ProgramError) {
            try set.program.validate()
        } catch {
            preconditionFailure("a checked spec lowered to an invalid program: \(error)")
        }
    }
    _ = SwiftEmitter.emit(sets, sources: ["fuzz.gdl"])
    return 0
}
