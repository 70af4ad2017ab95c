import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// Runs `Examples/Invalid/*.gdl`: each file is checked as a root, and its
/// diagnostics must match its `// expected-error {{…}}` comments exactly: same lines,
/// messages containing the text, no more and no fewer. `expected-error@+N` and
/// `@-N` point N lines below or above the comment. Files in subfolders are only
/// imported, but their expectations count too.
@Suite("Invalid fixtures")
struct FixtureTests {
    static let fixtures: [String] = {
        let directory = repositoryRoot.appendingPathComponent("Examples/Invalid")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".gdl") }.sorted()
    }()

    @Test("there are fixtures to run")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 6)
    }

    @Test("diagnostics match the expectations", arguments: fixtures)
    func fixture(name: String) throws {
        let path = repositoryRoot.path + "/Examples/Invalid/" + name
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let result = Compilation.check(
            roots: [SourceFile(path: path, bytes: Array(bytes))], loader: DiskLoader(), errorLimit: nil)

        var expected: [MarkedExpectation] = []
        for file in result.sources.files where file.path != Prelude.path {
            expected += MarkedExpectation.parse(file)
        }
        var unmatched = expected
        var unexpected: [String] = []
        for diagnostic in result.diagnostics.diagnostics {
            let file = result.sources[diagnostic.range.file]
            let line = file.lineAndColumn(of: diagnostic.range.start).line
            if let index = unmatched.firstIndex(where: {
                $0.path == file.path && $0.line == line && $0.severity == diagnostic.severity
                    && diagnostic.message.contains($0.text)
            }) {
                unmatched.remove(at: index)
            } else {
                unexpected.append("\(file.path):\(line): \(diagnostic.severity): \(diagnostic.message)")
            }
        }
        #expect(unexpected == [], "diagnostics no comment expects")
        #expect(unmatched.map(\.description) == [], "expectations no diagnostic met")
    }
}

@Suite("Examples")
struct ExampleTests {
    @Test("every example spec checks clean", arguments: try exampleSpecs())
    func exampleIsClean(path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))
        let compilation = Compilation.check(
            roots: [SourceFile(path: repositoryRoot.path + "/" + path, bytes: Array(bytes))], loader: DiskLoader())
        #expect(located(compilation) == [])
    }

    @Test("there are at least four example specs besides shared files")
    func enoughExamples() throws {
        #expect(try exampleSpecs().filter { !$0.contains("/Shared/") }.count >= 4)
    }
}
