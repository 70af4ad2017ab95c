import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The scenario suite: `Tests/Scenarios/<name>/` holds `spec.gdl`, `scene.json`,
/// `trace.json` and `expected.txt`, the timeline `gesturec simulate` must print.
/// Each expected timeline was written by reasoning from the rules (docs/semantics.md) before the
/// engine ran it (docs/traces.md); `RECORD_SCENARIOS=1` rewrites those that differ, each a failure to review.
@Suite("Scenarios")
struct ScenarioTests {
    static let directory = repositoryRoot.appendingPathComponent("Tests/Scenarios")

    static func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test("every scenario's timeline is the one reasoned from the rules", arguments: names())
    func scenario(name: String) throws {
        let folder = Self.directory.appendingPathComponent(name)
        func file(_ name: String) throws -> SourceFile {
            let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))
            return SourceFile(path: name, bytes: Array(data))
        }
        let compilation = Compilation.check(roots: [try file("spec.gdl")], loader: DiskLoader(), errorLimit: nil)
        #expect(messages(compilation) == [])
        let program = try #require(compilation.lowered().sets.first).program

        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let input = reader.read(scene: try file("scene.json"), trace: try file("trace.json"), sources: &sources)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [])
        let (scene, trace) = try #require(input)
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace)
        // A touch that lands on no view (R10) is warned of (GDL519): some scenarios do so
        // on purpose, and their timelines say what follows.
        #expect(simulation.diagnostics.diagnostics.filter { $0.id != "GDL519" }.map(\.message) == [])
        let actual = TimelineRenderer.text(simulation.timeline)

        // The timelines are written by reasoning from the rules; only an explicit switch
        // of their own records the engine's output over them, each change a failure to
        // review, and a missing expectation is an error, never an empty timeline.
        try expectGolden(Array(actual.utf8), at: folder.appendingPathComponent("expected.txt"), switch: "RECORD_SCENARIOS")
    }

    @Test("the suite has its scenarios")
    func present() {
        #expect(Self.names().count >= 67)
    }
}
