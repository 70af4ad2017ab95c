// libFuzzer target: the front end (lexer, parser, checker, lowering, emitters, the
// formatter) on arbitrary bytes. A crash, a hang, a diagnostic whose range leaves its
// file, or a formatting that is not idempotent or changes a token is a bug.

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
            precondition(
                0 <= range.start && range.start <= range.end && range.end <= size,
                "diagnostic range \(range) outside a file of \(size) bytes: \(diagnostic.message)")
        }
    }
    _ = TextDiagnosticRenderer(colored: true).render(compilation.diagnostics, in: compilation.sources)
    _ = JSONDiagnosticRenderer().render(compilation.diagnostics, in: compilation.sources)
    // What parses formats; formatting again changes nothing, and the tokens stay.
    if case .formatted(let text) = Formatter.format(SourceFile(path: "fuzz.gdl", bytes: bytes), id: FileID(0)) {
        let once = Array(text.utf8)
        guard case .formatted(let again) = Formatter.format(SourceFile(path: "fuzz.gdl", bytes: once), id: FileID(0)),
            Array(again.utf8) == once
        else { preconditionFailure("formatting is not idempotent") }
        precondition(tokens(of: bytes) == tokens(of: once), "formatting changed the tokens")
    }
    guard !compilation.diagnostics.hasErrors else { return 0 }
    // A spec that checks clean lowers and emits; its programs validate.
    let build = compilation.lowered()
    precondition(build.loweringDiagnostics.isEmpty, "a checked spec did not lower: \(build.loweringDiagnostics.map(\.message))")
    let sets = build.sets
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

/// Each token's kind and bytes.
private func tokens(of bytes: [UInt8]) -> [String] {
    let file = SourceFile(path: "fuzz.gdl", bytes: bytes)
    var lexer = Lexer(file: file, id: FileID(0))
    var diagnostics = DiagnosticBag(errorLimit: nil)
    return lexer.tokenize(diagnostics: &diagnostics).map { "\($0.kind) \(file.text($0.range))" }
}
