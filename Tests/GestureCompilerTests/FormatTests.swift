import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// `gesturec format` over real specs: the repository's are formatted, and formatting
/// never changes what a spec means, checked on thousands of damaged specs that still
/// parse.
@Suite("Formatting specs")
struct FormatTests {
    /// The formatted text of `bytes`, or nil when it has syntax errors.
    private func formatted(_ bytes: [UInt8]) -> [UInt8]? {
        guard case .formatted(let text) = Formatter.format(SourceFile(path: "f.gdl", bytes: bytes), id: FileID(0))
        else { return nil }
        return Array(text.utf8)
    }

    @Test("every spec in the repository and the prelude are formatted")
    func repositoryIsFormatted() throws {
        var paths = try exampleSpecs()
        for directory in ["Examples/Invalid", "Examples/Invalid/ImportCycle"] {
            paths += try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.path + "/" + directory)
                .filter { $0.hasSuffix(".gdl") }.map { directory + "/" + $0 }
        }
        paths += try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.path + "/Tests/Scenarios")
            .map { "Tests/Scenarios/\($0)/spec.gdl" }
        var checked = 0
        for path in paths.sorted() {
            let bytes = Array(try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path)))
            // Fixtures with syntax errors are left as they are, on purpose.
            guard let output = formatted(bytes) else { continue }
            #expect(output == bytes, "\(path) is not formatted: run 'gesturec format --in-place \(path)'")
            checked += 1
        }
        #expect(checked >= 50)
        #expect(formatted(Array(Prelude.source.utf8)) == Array(Prelude.source.utf8), "the prelude is not formatted")
    }

    @Test("formatting a spec that parses is idempotent, keeps its tokens, diagnostics and tables")
    func meaningIsKept() throws {
        var seeds = [Array(Prelude.source.utf8)]
        for path in try exampleSpecs() {
            seeds.append(Array(try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))))
        }
        // Ugly layouts too: every line's indentation removed, spaces doubled.
        seeds += seeds.map { seed in
            Array(
                String(decoding: seed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.drop { $0 == " " } }.joined(separator: "\n").replacingOccurrences(of: " ", with: "  ").utf8)
        }
        let imports = InMemorySourceLoader(["Shared/OneFingerZoom.gdl": "kind tapAndDrag discrete { possible { on down -> failed } }"])
        var random = SplitMix64(seed: 0x666f_726d_6174)
        var compared = 0
        for iteration in 0..<MutationTests.iterations {
            let seed = seeds[iteration % seeds.count]
            let input = iteration < seeds.count ? seed : Mutator.mutate(seed, using: &random)
            guard let once = formatted(input) else { continue }
            #expect(formatted(once) == once, "iteration \(iteration): formatting again changed it")
            #expect(tokens(input) == tokens(once), "iteration \(iteration): the tokens changed")
            #expect(meaning(input, imports) == meaning(once, imports), "iteration \(iteration): the meaning changed")
            compared += 1
        }
        #expect(compared > 200, "most mutations that parse should be compared; \(compared) were")
    }

    /// Each token's kind and text.
    private func tokens(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: "f.gdl", bytes: bytes)
        var lexer = Lexer(file: file, id: FileID(0))
        var diagnostics = DiagnosticBag()
        return lexer.tokenize(diagnostics: &diagnostics).map { "\($0.kind) \(file.text($0.range))" }
    }

    /// What a spec means: its diagnostics' ids and messages, and its programs as JSON
    /// without source locations (which move when the layout does).
    private func meaning(_ bytes: [UInt8], _ imports: InMemorySourceLoader) -> String {
        let compilation = Compilation.check(roots: [SourceFile(path: "f.gdl", bytes: bytes)], loader: imports, errorLimit: nil)
        var result = compilation.diagnostics.diagnostics.map { "\($0.id.rawValue) \($0.message)" }.sorted()
        guard !compilation.diagnostics.hasErrors else { return result.joined(separator: "\n") }
        let build = compilation.lowered()
        let sets = build.sets
        result += build.loweringDiagnostics.map { "\($0.id.rawValue) \($0.message)" }
        let json = JSONEmitter.emit(sets.map(\.program))
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
            let stripped = try? JSONSerialization.data(withJSONObject: withoutSources(object), options: [.sortedKeys])
        else { return "unreadable JSON" }
        return result.joined(separator: "\n") + "\n" + String(decoding: stripped, as: UTF8.self)
    }

    private func withoutSources(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { $0.key != "source" }.mapValues(withoutSources)
        }
        if let array = value as? [Any] { return array.map(withoutSources) }
        return value
    }
}
