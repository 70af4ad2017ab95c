import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// `lint --scene` explores the scene's own hit-test paths: a touch lands where the
/// scene puts views, under the parents it gives them, so conflicts that only a real
/// layout makes are found, with counterexamples on that layout.
@Suite("Lint's exploration of a scene")
struct SceneExplorationTests {
    /// A row that may sit in a list or in a carousel. Laid out alone, a row is in its
    /// first parent, the list, where its sideways swipe and the list's vertical scroll
    /// split the drags; in a carousel, the swipe takes every sideways drag from the
    /// carousel's page.
    static let feed = """
        gestures Feed {
          view window {
            view list {
              view row in carousel
            }
            view carousel
          }
          recognizer scroll = pan(direction: vertical) on list
          recognizer page = pan(direction: horizontal) on carousel
          recognizer swipe = pan(direction: horizontal) on row
        }
        """

    static let rowInCarousel = """
        view w: window [0 0 400 800]
        view c: carousel in w [0 100 400 300]
        view r: row in c [0 100 400 100]
        """

    static let rowInList = """
        view w: window [0 0 400 800]
        view l: list in w [0 0 400 300]
        view r1: row in l [0 0 400 100]
        view r2: row in l [0 100 400 100]
        view r3: row in l [0 200 400 100]
        """

    /// The compiled set of `spec` and `scene` (the text form), read as `lint --scene`
    /// reads them.
    func read(_ spec: String, scene text: String) throws -> (Compilation, [CompiledSet], SceneDescription, SourceManager) {
        let compilation = check(spec)
        let sets = compilation.lowered().sets
        let program = try #require(sets.first?.program)
        var sources = compilation.sources
        var reader = SimulationInputReader(program: program)
        let scene = try #require(reader.read(scene: SourceFile(path: "scene.trace", text: text), sources: &sources))
        return (compilation, sets, scene, sources)
    }

    /// Lint's findings, with a scene or without.
    func lint(_ spec: String, scene text: String?) throws -> [LintFinding] {
        let (compilation, sets, scene, sources) = try read(spec, scene: text ?? Self.rowInList)
        var options = LintOptions()
        if text != nil, let set = sets.first { options.scene = LintScene(set: set.program.name, scene: scene, sources: sources) }
        return Linter.lint(sets, in: compilation, options: options)
    }

    @Test("a conflict only a scene's parent makes: the row's swipe takes the carousel's sideways drags (GDL203, by place)")
    func secondParent() throws {
        // Without the scene, each role is laid out under its first parent only.
        #expect(try lint(Self.feed, scene: nil).filter { $0.rule.id.rawValue == "GDL203" }.isEmpty)

        let findings = try lint(Self.feed, scene: Self.rowInCarousel)
        let lost = try #require(findings.first { $0.rule.id.rawValue == "GDL203" })
        #expect(lost.message == "'page' on 'carousel' never wins a touch that lands on 'r' (row): 'swipe' takes it")
        // The counterexample is the scene as given, and a drag that starts on the row.
        let counterexample = try #require(lost.counterexample)
        #expect(counterexample.summary.hasPrefix("starting at (200, 250), "))
        #expect(counterexample.summary.hasSuffix(" on 'r' (row)"))
        #expect(counterexample.scene.contains(#"{"id": "r", "role": "row", "parent": "c", "frame": [0, 100, 400, 100]}"#))
    }

    @Test("the counterexample of a scene replays in simulate as the linter saw it")
    func counterexampleReplays() throws {
        let findings = try lint(Self.feed, scene: Self.rowInCarousel)
        let counterexample = try #require(findings.first { $0.rule.id.rawValue == "GDL203" }?.counterexample)
        let (_, sets, _, _) = try read(Self.feed, scene: Self.rowInCarousel)
        let program = try #require(sets.first?.program)
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (scene, trace) = try #require(
            reader.read(
                scene: SourceFile(path: "scene.json", text: counterexample.scene),
                trace: SourceFile(path: "trace.json", text: counterexample.trace), sources: &sources))
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace)
        let text = TimelineRenderer.text(simulation.timeline)
        #expect(text.contains("page@c   excluded: excluded by swipe on r"))
        #expect(text.contains("swipe@r  began"))
    }

    @Test("a place keeps the views its fingers land on, their parents and the roots, so a long list costs one path")
    func placesKeepTheirPaths() throws {
        var scene = "view w: window [0 0 400 800]\nview c: carousel in w [0 0 400 800]\n"
        for row in 0..<200 { scene += "view r\(row): row in c [0 \(row * 50) 400 50]\n" }
        let findings = try lint(Self.feed, scene: scene)
        // The rows cover the carousel: its page never wins.
        let lost = try #require(findings.first { $0.rule.id.rawValue == "GDL203" })
        #expect(lost.message == "'page' never wins: 'swipe' takes every touch it could recognize")
        let counterexample = try #require(lost.counterexample)
        // The place is the first row a grid point lands on (the carousel's own grid
        // reaches r4 at a quarter of its height); the other fingers land on it too.
        #expect(
            counterexample.scene == """
                {
                  "views": [
                    {"id": "w", "role": "window", "frame": [0, 0, 400, 800]},
                    {"id": "c", "role": "carousel", "parent": "w", "frame": [0, 0, 400, 800]},
                    {"id": "r4", "role": "row", "parent": "c", "frame": [0, 200, 400, 50]}
                  ]
                }

                """)
    }

    @Test("views of the same roles on the same path are one place; a path without recognizers is none")
    func placesByPath() throws {
        let (_, sets, scene, _) = try read(Self.feed, scene: Self.rowInList)
        let set = try #require(sets.first)
        // The three rows are one path (window, list, row), so one place; the list
        // shows nowhere outside its rows, the window has no recognizer on its path.
        #expect(Linter.explorationSize(set, scene: scene).places == 1)

        let (_, _, spaced, _) = try read(
            Self.feed,
            scene: """
                view w: window [0 0 400 800]
                view l: list in w [0 0 400 800]
                view r1: row in l [0 0 400 100]
                view r2: row in l [0 300 400 100]
                """)
        // Between the rows, the list itself: a second place.
        #expect(Linter.explorationSize(set, scene: spaced).places == 2)

        let (_, _, bare, _) = try read(Self.feed, scene: "view w: window [0 0 400 800]\n")
        // The window alone has no recognizer on its path.
        #expect(Linter.explorationSize(set, scene: bare).places == 0)
    }

    @Test("an edge swipe is explored from the edges of the window where no view covers them")
    func edgesOfTheScene() throws {
        let spec = """
            gestures Screen {
              view window {
                view carousel { interactive: true }
              }
              recognizer back = screenEdgePan(edges: left) on window
              recognizer scroll = pan(direction: horizontal) on carousel
            }
            """
        let scene = """
            view window: window [0 0 390 844]
            view carousel: carousel in window [0 300 390 200]
            """
        let findings = try lint(spec, scene: scene)
        let lost = try #require(findings.first { $0.rule.id.rawValue == "GDL203" })
        #expect(lost.message == "'back' on 'window' never wins a touch that lands on 'carousel' (carousel): 'scroll' takes it")
        // Alone, the back swipe begins from the left edge over the carousel.
        #expect(lost.notes.first?.message.contains("starting 5pt from the left edge") == true)
        // Required to fail by the carousel's pan, the back swipe has the edge.
        let fixed = spec.replacingOccurrences(of: "on carousel\n", with: "on carousel\n  scroll requires back to fail\n")
        #expect(try lint(fixed, scene: scene).isEmpty)
    }
}
