import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// `lint --device`: what holds of the rules of the system's gestures together (GDL224–GDL229,
/// docs/lint.md "On a device"), and the helpers each rule's tests use (`Lint/Rules/`): a spec
/// or scene that shows the conflict, its idiomatic fix, which must be clean, and each
/// finding's counterexample replayed by `simulate`.
@Suite("Lint on a device")
struct SystemLintTests {
    /// The system rules' findings on `device`: `ID message`, with the scene's views
    /// (the JSON members of its `views`) when given.
    func lint(_ spec: String, on device: String, views: String? = nil) throws -> [LintFinding] {
        let compilation = check(spec)
        #expect(!compilation.diagnostics.hasErrors)
        let sets = compilation.lowered().sets
        var options = LintOptions()
        options.devices = [try #require(DeviceProfile.named(device))]
        if let views {
            let program = try #require(sets.first?.program)
            var sources = compilation.sources
            var reader = SimulationInputReader(program: program)
            let scene = try #require(
                reader.read(scene: SourceFile(path: "scene.json", text: "{\"views\": [\n\(views)\n]}\n"), sources: &sources))
            options.scene = LintScene(set: program.name, scene: scene, sources: sources)
        }
        return Linter.lint(sets, in: compilation, options: options).filter { SystemRules.ids.contains($0.rule.id) }
    }

    func ids(_ findings: [LintFinding]) -> [String] { findings.map(\.rule.id.rawValue) }

    /// Replays a finding's counterexample as `simulate` does and returns its timeline.
    func replay(_ finding: LintFinding, _ spec: String) throws -> String {
        let example = try #require(finding.counterexample)
        let program = try #require(check(spec).lowered().sets.first).program
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (scene, trace) = try #require(
            reader.read(
                scene: SourceFile(path: "scene.json", text: example.scene), trace: SourceFile(path: "trace.json", text: example.trace),
                sources: &sources))
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace)
        return TimelineRenderer.text(simulation.timeline)
    }

    static let tray = """
        gestures Tray {
          view window
          recognizer openTray = screenEdgePan(edges: down) on window
        }
        """

    static let drawer = """
        gestures Drawer {
          view window { view page }
          recognizer back = screenEdgePan(edges: left) on window { backSwipe: true }
          recognizer scroll = pan on page
        }
        """

    @Test("a list's cells along the edge are one finding, at the first cell, not one a cell")
    func oneFindingPerRecognizer() throws {
        let spec = """
            gestures List {
              view window { view cell }
              recognizer reveal = pan(direction: right) on cell
            }
            """
        var views = [#"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]}"#]
        for row in 0..<40 { views.append(#"{"id": "c\#(row)", "role": "cell", "parent": "w", "frame": [0, \#(row * 20), 30, 20]}"#) }
        let findings = try lint(spec, on: "pixel-7", views: views.joined(separator: ",\n"))
        #expect(ids(findings) == ["GDL226"])
        #expect(findings.first?.message.contains("at (12, 10)") == true)
    }

    @Test("a suppression of a system rule is not unused where no device was given")
    func suppressionWithoutDevice() throws {
        let spec = """
            gestures Tray {
              view window { defersSystemGestures: down }
              // lint off GDL225: the tray is the game's main control
              recognizer openTray = screenEdgePan(edges: down) on window
            }
            """
        let compilation = check(spec)
        let sets = compilation.lowered().sets
        #expect(Linter.lint(sets, in: compilation, options: LintOptions()).map(\.rule.id).isEmpty)
        var options = LintOptions()
        options.devices = [try #require(DeviceProfile.named("iphone-14"))]
        #expect(Linter.lint(sets, in: compilation, options: options).map(\.rule.id).isEmpty)
    }

    @Test("every example lints clean on every device")
    func examples() throws {
        for path in try exampleSpecs() {
            let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))
            let compilation = Compilation.check(
                roots: [SourceFile(path: path, bytes: Array(bytes))], loader: RootedLoader(), errorLimit: nil)
            var options = LintOptions()
            options.devices = DeviceProfile.builtIn
            let findings = Linter.lint(compilation.lowered().sets, in: compilation, options: options)
            #expect(findings.map { "\($0.rule.id) \($0.message)" } == [], "\(path)")
        }
    }
}
