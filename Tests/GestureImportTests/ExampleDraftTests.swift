import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

@testable import GestureImport

/// Each example under Examples/Import drafts to the spec beside it (`X.swift` to
/// `X.expected.gdl`), and every draft checks. `RECORD=1 swift test --filter
/// ExampleDraftTests` writes the drafts again, for review in the diff.
@Suite struct ExampleDraftTests {
    static let examples = ["PhotoViewController.swift", "InboxViewController.m", "CardView.swift", "PhotoGrid.swift"]

    @Test(arguments: examples)
    func draftMatchesTheExpectedSpec(_ name: String) throws {
        let result = Importer.run([try exampleFile(name)])
        let expectedName = name.split(separator: ".").dropLast().joined(separator: ".") + ".expected.gdl"
        let expectedPath = repositoryRoot.path + "/Examples/Import/" + expectedName
        if ProcessInfo.processInfo.environment["RECORD"] != nil {
            try result.draft.write(toFile: expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
        #expect(result.draft == expected)
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
