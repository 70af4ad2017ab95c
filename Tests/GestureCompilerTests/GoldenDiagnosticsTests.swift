import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// The rendered diagnostics of every invalid fixture, text and JSON, compared byte
/// for byte with `Golden/<fixture>.txt` and `.json`. Run with `RECORD=1` to write
/// them anew, then review the diff before committing.
@Suite("Golden diagnostics")
struct GoldenDiagnosticsTests {
    static let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/GestureCompilerTests/Golden")

    @Test("rendered diagnostics match the golden files", arguments: FixtureTests.fixtures)
    func golden(name: String) throws {
        // Checked from the repository root with relative paths, so the files name no
        // machine's directories.
        let path = "Examples/Invalid/" + name
        let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))
        let compilation = Compilation.check(
            roots: [SourceFile(path: path, bytes: Array(bytes))], loader: RootedLoader(), errorLimit: nil)
        let stem = String(name.dropLast(".gdl".count))
        try compare(TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.sources), with: stem + ".txt")
        try compare(JSONDiagnosticRenderer().render(compilation.diagnostics, in: compilation.sources), with: stem + ".json")
    }

    private func compare(_ actual: String, with file: String) throws {
        try expectGolden(Array(actual.utf8), at: Self.goldenDirectory.appendingPathComponent(file))
    }
}
