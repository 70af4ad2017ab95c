import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

@testable import GestureImport

/// Each example under Examples/Import drafts to the spec beside it (`X.swift` to
/// `X.expected.gdl`), and every draft checks. `RECORD=1 swift test --filter
/// ExampleDraftTests` writes the drafts that differ again and prints their diffs, each
/// a failure to review (`expectGolden`).
@Suite struct ExampleDraftTests {
    static let examples = ["PhotoViewController.swift", "InboxViewController.m", "CardView.swift", "PhotoGrid.swift"]

    @Test(arguments: examples)
    func draftMatchesTheExpectedSpec(_ name: String) throws {
        let result = Importer.run([try exampleFile(name)])
        let expectedName = name.split(separator: ".").dropLast().joined(separator: ".") + ".expected.gdl"
        try expectGolden(Array(result.draft.utf8), at: repositoryRoot.appendingPathComponent("Examples/Import/" + expectedName))
    }

    @Test(arguments: examples)
    func draftChecks(_ name: String) throws {
        let result = Importer.run([try exampleFile(name)])
        let build = Compilation.build(roots: [SourceFile(path: "draft.gdl", text: result.draft)], loader: InMemorySourceLoader([:]))
        let errors = build.compilation.diagnostics.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))\n\(result.draft)")
        #expect(!build.sets.isEmpty)
    }
}
