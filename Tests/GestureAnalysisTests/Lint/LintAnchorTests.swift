import GestureCompiler
import GestureRuntime
import TestSupport
import Testing

@testable import GestureAnalysis

/// Where lint underlines a finding: the anchor lowering recorded for the element at
/// the finding's location, which is the word that starts there.
@Suite("Lint anchors")
struct LintAnchorTests {
    @Test("every element's anchor is the word found at its location, over every spec of the corpora", arguments: try specCorpus())
    func anchorsAreTheScannedWords(path: String) throws {
        let compilation = try checkRepositorySpec(path)
        // A spec with errors is not lowered (Examples/Invalid).
        guard !compilation.diagnostics.hasErrors else { return }
        for set in compilation.lowered().sets {
            let context = LintContext(set: set, sources: compilation.sources, options: LintOptions())
            #expect(!context.anchors.isEmpty, "\(path): \(set.program.name)")
            for (location, anchor) in context.anchors {
                #expect(anchor == context.scannedRange(location), "\(path): \(location.line):\(location.column)")
            }
        }
    }
}
