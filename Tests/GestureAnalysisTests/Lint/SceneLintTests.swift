import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// `lint --scene`: what needs real frames, each against a scene that shows it and one
/// that does not. The tests of a small target (GDL214) and of the places a scene keeps
/// from a view's recognizers (GDL203: hidden, outside its parent, covered) are their
/// rules' (`Lint/Rules/`), with the spec and the helper here.
@Suite("Lint with a scene")
struct SceneLintTests {
    static let spec = """
        gestures Screen {
          view window {
            view toolbar {
              view button
            }
            view cell {
              view badge
            }
            view overlay
          }
          recognizer press = tap on button
          recognizer open = tap on cell
        }
        """

    /// Lints `spec` with `views` (the JSON members of a scene's `views`): each finding
    /// as `ID line:col message` (the line and column in the scene file), and its notes.
    func lint(
        _ views: String, spec: String = SceneLintTests.spec, disabled: Set<DiagnosticID> = [], maximumVisits: Int? = nil
    ) throws -> [String] {
        let compilation = check(spec)
        let sets = compilation.lowered().sets
        let program = try #require(sets.first?.program)
        var sources = compilation.sources
        var reader = SimulationInputReader(program: program)
        let scene = try #require(
            reader.read(scene: SourceFile(path: "scene.json", text: "{\"views\": [\n\(views)\n]}\n"), sources: &sources))
        var options = LintOptions(disabled: disabled)
        options.scene = LintScene(set: program.name, scene: scene, sources: sources)
        if let maximumVisits { options.scene?.maximumVisits = maximumVisits }
        return Linter.lint(sets, in: compilation, options: options).filter { sources[$0.range.file].path == "scene.json" }.map {
            let (line, column) = sources[$0.range.file].lineAndColumn(of: $0.range.start)
            return "\($0.rule.id) \(line):\(column) \($0.message)" + $0.notes.dropLast().map { " | " + $0.message }.joined()
        }
    }

    static let window = #"{"id": "w", "role": "window", "frame": [0, 0, 400, 800]},"#
    static let toolbar = #"{"id": "bar", "role": "toolbar", "parent": "w", "frame": [0, 700, 400, 100]},"#
    static let cell = #"{"id": "c", "role": "cell", "parent": "w", "frame": [0, 100, 400, 100]}"#

    @Test("a clean scene: 44pt targets, nothing in front")
    func clean() throws {
        let button = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 10, 60, 60]},"#
        #expect(try lint([Self.window, Self.toolbar, button, Self.cell].joined(separator: "\n")).isEmpty)
    }

    /// Every finding of `spec` linted with the scene `text` at `path` (JSON or the text
    /// form), or without a scene when `text` is nil: `ID file:line message`.
    func lintEverywhere(_ spec: String, scene text: String?, path: String = "scene.trace") throws -> [String] {
        let compilation = check(spec)
        let sets = compilation.lowered().sets
        let program = try #require(sets.first?.program)
        var sources = compilation.sources
        var options = LintOptions()
        if let text {
            var reader = SimulationInputReader(program: program)
            let scene = try #require(reader.read(scene: SourceFile(path: path, text: text), sources: &sources))
            options.scene = LintScene(set: program.name, scene: scene, sources: sources)
        }
        return Linter.lint(sets, in: compilation, options: options).map {
            "\($0.rule.id) \(sources[$0.range.file].path):\(sources[$0.range.file].lineAndColumn(of: $0.range.start).line) \($0.message)"
        }
    }

    /// A toolbar's button and a cell, each with a tap: clean without a scene.
    static let buttonSpec = """
        gestures Screen {
          view window {
            view toolbar {
              view button
            }
            view cell
          }
          recognizer press = tap on button
          recognizer open = tap on cell
        }
        """

    static let smallButtonScene = """
        view w: window [0 0 400 800]
        view bar: toolbar in w [0 700 400 100]
        view b: button in bar [10 10 20 20]
        view c: cell in w [0 100 400 100]
        """

    @Test("a scene's finding is silenced on its view's line in a text scene, or on its role's declaration in the spec")
    func suppressedWhereReported() throws {
        let small = try lintEverywhere(Self.buttonSpec, scene: Self.smallButtonScene)
        #expect(small.map { String($0.prefix(20)) } == ["GDL214 scene.trace:3"])
        // In the scene in the text form, a `#` comment on the view's line or the line before.
        let trailing = Self.smallButtonScene.replacingOccurrences(
            of: "[10 10 20 20]", with: "[10 10 20 20]  # lint off GDL214: the app grows its hit area")
        #expect(try lintEverywhere(Self.buttonSpec, scene: trailing).isEmpty)
        let before = Self.smallButtonScene.replacingOccurrences(
            of: "view b:", with: "# lint off scene-small-target: the app grows its hit area\nview b:")
        #expect(try lintEverywhere(Self.buttonSpec, scene: before).isEmpty)
        // In the spec, on the role's declaration: one comment for every view of the role,
        // whatever the scene's form. Without the scene it is not called unused.
        let spec = Self.buttonSpec.replacingOccurrences(
            of: "      view button\n", with: "      // lint off GDL214: the app grows every button's hit area\n      view button\n")
        #expect(try lintEverywhere(spec, scene: Self.smallButtonScene).isEmpty)
        #expect(try lintEverywhere(spec, scene: nil).isEmpty)
        // With a scene where the button is large, it silences nothing, and says so.
        let large = Self.smallButtonScene.replacingOccurrences(of: "[10 10 20 20]", with: "[10 10 60 60]")
        #expect(
            try lintEverywhere(spec, scene: large) == [
                "GDL291 main.gdl:4 this suppression of GDL214 silences no finding"
            ])
        // A suppression in the scene without a reason silences nothing (GDL290).
        let bare = Self.smallButtonScene.replacingOccurrences(of: "[10 10 20 20]", with: "[10 10 20 20]  # lint off GDL214")
        #expect(
            try lintEverywhere(Self.buttonSpec, scene: bare).map { String($0.prefix(20)) } == [
                "GDL214 scene.trace:3", "GDL290 scene.trace:3",
            ])
    }

    @Test("a scene too large to hit-test whole: sizes for every view, hit tests within the budget, a note")
    func budget() throws {
        // Ten small buttons in the toolbar; the budget affords the hit tests
        // of 2 (each costs 4 × 81 visits per view of the scene: 13 views).
        let buttons = (0..<10).map { #"{"id": "b\#($0)", "role": "button", "parent": "bar", "frame": [\#($0 * 30), 0, 20, 20]}"# }
        let views = ([Self.window, Self.toolbar] + buttons.map { $0 + "," } + [Self.cell]).joined(separator: "\n")
        let findings = try lint(views, maximumVisits: 2 * 4 * 81 * 13)
        #expect(findings.filter { $0.hasPrefix("GDL214") }.count == 10)
        #expect(
            findings.contains(
                "GDL292 4:1 reachability and cover were checked for the first 2 of the scene's 11 views with recognizers; a scene of 13 views is larger than lint --scene hit-tests whole"
            ))
    }
}
