import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureSimulation
import TestSupport
import Testing

/// The recipes of `docs/recipes.md`: each `docs/recipes/<name>.gdl` is a pattern every
/// screen has (pull to refresh, swipe actions, a sheet, a map, a photo viewer, a
/// drawer), shown in the page as it is in the file. Each lints clean, is formatted, and
/// replays its trace (`<name>.trace`) to the timeline written beside it (`<name>.txt`),
/// reviewed against the rules; `RECORD_RECIPES=1` rewrites those that differ, each a
/// failure to review.
@Suite("Recipes")
struct RecipeTests {
    static let directory = repositoryRoot.appendingPathComponent("docs/recipes")

    static func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".gdl") }.map { String($0.dropLast(4)) }.sorted()
    }

    private func text(_ file: String) throws -> String {
        let path = Self.directory.appendingPathComponent(file).path
        return String(decoding: try #require(FileManager.default.contents(atPath: path), "\(file)"), as: UTF8.self)
    }

    @Test("the page has every recipe, each as its file is")
    func page() throws {
        #expect(Self.names().count >= 8)
        let page = String(
            decoding: try #require(
                FileManager.default.contents(
                    atPath: repositoryRoot.appendingPathComponent("docs/recipes.md").path)), as: UTF8.self)
        for name in Self.names() {
            #expect(page.contains("```gdl\n" + (try text("\(name).gdl")) + "```"), "\(name).gdl is not in docs/recipes.md as it is")
        }
    }

    @Test("each recipe lints clean and is formatted", arguments: names())
    func clean(name: String) throws {
        let spec = try text("\(name).gdl")
        let findings = lintFindings(spec).findings.map { "\($0.finding.rule.id) \($0.finding.message)" }
        #expect(findings == [], "\(name)")
        let outcome = Formatter.format(SourceFile(path: "\(name).gdl", text: spec), id: FileID(0))
        if case .formatted(let formatted) = outcome {
            #expect(formatted == spec, "\(name).gdl is not formatted: gesturec format --in-place")
        } else {
            Issue.record("\(name).gdl does not format: \(outcome)")
        }
    }

    @Test("each recipe replays its trace to the timeline reviewed against the rules", arguments: names())
    func timeline(name: String) throws {
        let compilation = Compilation.check(
            roots: [SourceFile(path: "\(name).gdl", text: try text("\(name).gdl"))], loader: InMemorySourceLoader([:]))
        let program = try #require(compilation.lowered().sets.first).program
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let input = reader.read(scene: nil, trace: SourceFile(path: "\(name).trace", text: try text("\(name).trace")), sources: &sources)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [])
        let (scene, events) = try #require(input)
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(events)
        let actual = TimelineRenderer.text(simulation.timeline)
        try expectGolden(Array(actual.utf8), at: Self.directory.appendingPathComponent("\(name).txt"), switch: "RECORD_RECIPES")
    }
}
