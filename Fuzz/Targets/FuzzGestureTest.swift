// libFuzzer target: the test file reader (`*.gdltest`) on arbitrary bytes, then the
// tests it accepts, run over `fuzzSpec` with the file's own `view` lines as the scene.
// A crash, a hang, or a diagnostic outside its file is a bug.

import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGestureTest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var sources = SourceManager()
    let id = sources.add(SourceFile(path: "fuzz.gdltest", bytes: Array(UnsafeBufferPointer(start: data, count: size))))
    var diagnostics = DiagnosticBag(errorLimit: 20)
    let tests = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
    expectRangesInside(diagnostics, sources)
    _ = TextDiagnosticRenderer().render(diagnostics, in: sources)
    guard !diagnostics.hasErrors else { return 0 }
    for result in GestureTestRunner.run(tests, program: fuzzProgram, scene: nil, sources: &sources) {
        for expectation in result.test.expectations { _ = expectation.text }
        if case .error(let problems) = result.outcome {
            var bag = DiagnosticBag(errorLimit: nil)
            for problem in problems { bag.report(problem) }
            expectRangesInside(bag, sources)
        }
    }
    return 0
}
