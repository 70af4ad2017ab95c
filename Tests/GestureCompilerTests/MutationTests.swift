import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// Deterministic fuzzing in `swift test`: thousands of inputs made by damaging the
/// examples and the prelude. No input may trap, and every diagnostic must point inside
/// its file. The libFuzzer target (`Fuzz/`) explores further, off the test path.
@Suite("Mutated inputs")
struct MutationTests {
    static let iterations = 2000

    @Test("damaged specs never crash and every range lies inside its file")
    func mutations() throws {
        var seeds = [Array(Prelude.source.utf8)]
        for path in try exampleSpecs() + invalidFixtures() {
            seeds.append(Array(try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))))
        }
        // The same files with Windows line endings, whose '\r' once trapped the renderer.
        seeds += seeds.map { seed in seed.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] } }
        let imports = InMemorySourceLoader(["Shared/OneFingerZoom.gdl": "kind k discrete { possible { on down -> failed } }"])
        var random = SplitMix64(seed: 0x6765_7374_7572_6563)
        var diagnosticsSeen = 0
        for iteration in 0..<Self.iterations {
            let seed = seeds[iteration % seeds.count]
            let input = Mutator.mutate(seed, using: &random)
            let compilation = Compilation.check(
                roots: [SourceFile(path: "fuzz.gdl", bytes: input)], loader: imports, errorLimit: nil)
            for diagnostic in compilation.diagnostics.diagnostics {
                diagnosticsSeen += 1
                for range in [diagnostic.range] + diagnostic.notes.map(\.range) {
                    let size = compilation.sources[range.file].bytes.count
                    #expect(
                        range.start >= 0 && range.start <= range.end && range.end <= size,
                        "iteration \(iteration): \(diagnostic.message) at \(range) in \(size) bytes")
                }
            }
            // Rendering must cope with every range too.
            _ = TextDiagnosticRenderer(colored: true).render(compilation.diagnostics, in: compilation.sources)
            _ = JSONDiagnosticRenderer().render(compilation.diagnostics, in: compilation.sources)
        }
        #expect(diagnosticsSeen > Self.iterations, "the mutations should mostly produce errors")
    }

    @Test("the same damaged input gives the same diagnostics")
    func determinism() {
        var random = SplitMix64(seed: 7)
        let input = Mutator.mutate(Array(Prelude.source.utf8), using: &random)
        let runs = (0..<2).map { _ in
            Compilation.check(roots: [SourceFile(path: "f.gdl", bytes: input)], loader: InMemorySourceLoader([:]))
                .diagnostics.diagnostics
        }
        #expect(runs[0] == runs[1])
    }

    private func invalidFixtures() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.path + "/Examples/Invalid")
            .filter { $0.hasSuffix(".gdl") }.sorted().map { "Examples/Invalid/" + $0 }
    }
}

/// Ways of damaging a file, each applied one to three times.
enum Mutator {
    static let interesting: [UInt8] = Array("{}()[]:;,.->=!<&|\"/*0 \n\r\t".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

    static func mutate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !bytes.isEmpty else { return bytes }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:  // truncate
                bytes.removeSubrange(at...)
            case 1:  // flip a byte
                bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 2:  // insert a byte that means something to the lexer
                bytes.insert(interesting.randomElement(using: &random) ?? 0, at: at)
            case 3:  // delete a run
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            case 4:  // duplicate a run somewhere else
                let run = bytes[at..<min(bytes.count, at + Int.random(in: 1...80, using: &random))]
                bytes.insert(contentsOf: run, at: Int.random(in: 0...bytes.count, using: &random))
            default:  // swap two words
                var words = bytes.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
                if words.count > 2 {
                    let i = Int.random(in: 0..<words.count, using: &random)
                    let j = Int.random(in: 0..<words.count, using: &random)
                    words.swapAt(i, j)
                    bytes = Array(words.joined(separator: [UInt8(ascii: " ")]))
                }
            }
        }
        return bytes
    }
}
