import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The explained timeline of every example trace, text and JSON, resets included, is a
/// golden file (`Golden/Timelines/`): what `gesturec simulate --verbose` prints, rows
/// quoted with the values that decided them. `RECORD=1` writes them; review
/// the diff, reasoning each change from docs/semantics.md.
@Suite("Timeline goldens")
struct TimelineGoldenTests {
    static let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/GestureSimulationTests/Golden/Timelines")

    /// `Examples/Traces/<Spec>.<name>.json` over `<Spec>.scene.json`, and
    /// `<Spec>.<name>.trace`, which holds its scene.
    static func traces() throws -> [String] {
        let traces = try files(in: "Examples/Traces").filter { ($0.hasSuffix(".json") && !$0.hasSuffix(".scene.json")) || $0.hasSuffix(".trace") }
        guard !traces.isEmpty else { throw EmptyFolder(path: "Examples/Traces/*.json, *.trace") }
        return traces
    }

    @Test("every example trace's explained timeline matches its golden files", arguments: try traces())
    func golden(_ trace: String) throws {
        let spec = String(trace.prefix { $0 != "." })
        let specPath = "Examples/\(spec).gdl"
        let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + specPath))
        let compilation = Compilation.check(
            roots: [SourceFile(path: specPath, bytes: Array(bytes))], loader: RootedLoader(), errorLimit: nil)
        let set = try #require(compilation.lowered().sets.first { $0.program.name == spec })

        func file(_ name: String) throws -> SourceFile {
            let path = "Examples/Traces/\(name)"
            return SourceFile(path: path, bytes: Array(try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))))
        }
        var sources = SourceManager()
        var reader = SimulationInputReader(program: set.program)
        let scene = trace.hasSuffix(".trace") ? nil : try file("\(spec).scene.json")
        let (sceneDescription, events) = try #require(reader.read(scene: scene, trace: try file(trace), sources: &sources))
        var simulation = try Simulation(program: set.program, scene: sceneDescription)
        simulation.run(events)
        #expect(!simulation.diagnostics.hasErrors, "\(trace) replays without a mistake")
        let timeline = TimelineExplanation(compilation: compilation, set: set).explain(simulation.timeline)

        for (name, text) in [(trace + ".txt", TimelineRenderer.text(timeline)), (trace + ".timeline.json", TimelineRenderer.json(timeline))] {
            try expectGolden(Array(text.utf8), at: Self.goldenDirectory.appendingPathComponent(name))
        }
    }
}
