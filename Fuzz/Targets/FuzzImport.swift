// libFuzzer target: `gesturec import`'s reader on arbitrary bytes, read as Swift and as
// Objective-C. A crash, a hang, or a draft that does not check is a bug: whatever the
// source, the draft is a spec (docs/import.md).

import GestureCompiler
import GestureDSL
import GestureImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let name = size % 2 == 0 ? "Fuzz.swift" : "Fuzz.m"
    let result = Importer.run([SourceFile(path: name, bytes: bytes)])
    let build = Compilation.build(roots: [SourceFile(path: "draft.gdl", text: result.draft)], loader: InMemorySourceLoader([:]))
    let errors = build.compilation.diagnostics.diagnostics.filter { $0.severity == .error }
    precondition(errors.isEmpty, "a draft that does not check: \(errors.map(\.message))\n\(result.draft)")
    return 0
}
