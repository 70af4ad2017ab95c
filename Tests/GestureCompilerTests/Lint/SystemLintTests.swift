import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import Testing

/// `lint --device`: the rules of the system's gestures (GDL224–GDL229, docs/lint.md "On a
/// device"), each on a spec or scene that shows the conflict and on its idiomatic fix,
/// which must be clean; and each finding's counterexample replayed by `simulate`.
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

    @Test("GDL224: a bottom-edge pan loses its swipe to the home gesture; the replay shows the system take it")
    func homeTakesTheTray() throws {
        let findings = try lint(Self.tray, on: "iphone-14")
        #expect(ids(findings) == ["GDL224"])
        #expect(findings.first?.message.contains("'openTray' loses a swipe inwards from the bottom edge") == true)
        let timeline = try replay(try #require(findings.first), Self.tray)
        #expect(timeline.contains("home@system  recognized"))
        #expect(!timeline.contains("openTray@window  began"))
        // Android's home swipe is mandatory: the same finding there.
        #expect(ids(try lint(Self.tray, on: "pixel-7")) == ["GDL224"])
    }

    @Test("GDL224 is not said of a pan a user starts anywhere, a full-screen scroll")
    func scrollIsNotAnEdgeGesture() throws {
        let spec = """
            gestures Scroll {
              view window
              recognizer scroll = pan on window
            }
            """
        for device in DeviceProfile.builtIn { #expect(try lint(spec, on: device.name).isEmpty) }
    }

    @Test("GDL225: deferring the bottom edge lets the tray win, at a second swipe's cost, shown by the two swipes")
    func deferralCost() throws {
        let spec = """
            gestures Tray {
              view window { defersSystemGestures: down }
              recognizer openTray = screenEdgePan(edges: down) on window
            }
            """
        let findings = try lint(spec, on: "iphone-14")
        #expect(ids(findings) == ["GDL225"])
        let lines = try replay(try #require(findings.first), spec).split(separator: "\n")
        func has(_ subject: String, _ what: String) -> Bool { lines.contains { $0.contains(subject) && $0.contains(what) } }
        #expect(has("openTray@window", "began"))
        #expect(has("home@system", "deferred"))
        #expect(has("home@system", "recognized"))
        // Deferral means nothing on Android: the home swipe still takes it.
        #expect(ids(try lint(spec, on: "pixel-7")) == ["GDL224"])
    }

    @Test("GDL228: a deferral no recognizer needs, and one at an edge without a system gesture")
    func unneededDeferral() throws {
        let spec = """
            gestures Scroll {
              view window { defersSystemGestures: [down, left] }
              recognizer scroll = pan on window
            }
            """
        let findings = try lint(spec, on: "iphone-14")
        #expect(ids(findings) == ["GDL228", "GDL228"])
        #expect(findings.map(\.message).contains { $0.contains("no recognizer needs a swipe from it") })
        #expect(findings.map(\.message).contains { $0.contains("defers the left edge, where iphone-14 has no system gesture") })
        #expect(try lint(spec, on: "pixel-7").isEmpty)
    }

    static let drawer = """
        gestures Drawer {
          view window { view page }
          recognizer back = screenEdgePan(edges: left) on window { backSwipe: true }
          recognizer scroll = pan on page
        }
        """

    @Test("GDL226: a horizontal scroll on a pushed screen takes the back swipe; requiring it to fail is the fix")
    func scrollTakesTheBackSwipe() throws {
        let findings = try lint(Self.drawer, on: "iphone-14")
        #expect(ids(findings) == ["GDL226"])
        #expect(findings.first?.message == "'scroll' takes the back swipe from the left edge on iphone-14: 'back' never begins")
        #expect(findings.first?.notes.last?.message == "let it go first: 'scroll requires back to fail'")
        let timeline = try replay(try #require(findings.first), Self.drawer)
        #expect(timeline.contains("scroll@page  began"))
        #expect(!timeline.contains("back@window  began"))

        let fixed = Self.drawer.replacingOccurrences(
            of: "  recognizer scroll = pan on page\n", with: "  recognizer scroll = pan on page\n  scroll requires back to fail\n")
        #expect(try lint(fixed, on: "iphone-14").isEmpty)
        // On Android the back recognizer stands aside and the scroll is no edge gesture.
        #expect(try lint(fixed, on: "pixel-7").isEmpty)
    }

    @Test("GDL226 on Android: a drawer's handle at the edge loses its drag to the system's back; claiming it is the fix")
    func drawerLosesToAndroidBack() throws {
        let spec = """
            gestures Drawer {
              view window { view handle }
              recognizer open = pan on handle
            }
            """
        let views =
            #"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]},"# + "\n"
            + #"{"id": "h", "role": "handle", "parent": "w", "frame": [0, 400, 48, 48]}"#
        let findings = try lint(spec, on: "pixel-7", views: views)
        #expect(ids(findings) == ["GDL226"])
        #expect(findings.first?.message.contains("'open' loses a swipe inwards from the left edge") == true)
        #expect(findings.first?.message.contains("to the system's back swipe on pixel-7") == true)
        #expect(try replay(try #require(findings.first), spec).contains("back@system  recognized"))
        // Claimed, 48 dp high, within the budget: the drag is the handle's.
        let claimed = spec.replacingOccurrences(of: "view handle }", with: "view handle { excludesSystemGestures: true } }")
        #expect(try lint(claimed, on: "pixel-7", views: views).isEmpty)
        // iOS has no back zone at the edge: nothing to say.
        #expect(try lint(spec, on: "iphone-14", views: views.replacingOccurrences(of: "412, 915", with: "390, 844")).isEmpty)
    }

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

    @Test("GDL227: a full-height claim passes the 200 dp budget; a short one does not")
    func exclusionBudget() throws {
        let spec = """
            gestures Panel {
              view window { view panel { excludesSystemGestures: true } }
              recognizer slide = pan on panel
            }
            """
        let window = #"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]},"#
        let tall = try lint(spec, on: "pixel-7", views: window + "\n" + #"{"id": "p", "role": "panel", "parent": "w", "frame": [0, 0, 60, 915]}"#)
        #expect(ids(tall).contains("GDL227"))
        let finding = try #require(tall.first { $0.rule.id == "GDL227" })
        #expect(finding.message.contains("past the 200 dp of exclusions pixel-7 honours on the left edge"))
        #expect(try replay(finding, spec).contains("back@system  recognized"))
        let short = try lint(spec, on: "pixel-7", views: window + "\n" + #"{"id": "p", "role": "panel", "parent": "w", "frame": [0, 500, 60, 150]}"#)
        #expect(!ids(short).contains("GDL227"))
    }

    @Test("GDL227: a claim inside the mandatory insets of the home swipe is not honoured")
    func mandatoryInsets() throws {
        let spec = """
            gestures Bar {
              view window { view bar { excludesSystemGestures: true } }
              recognizer press = tap on bar
            }
            """
        let views =
            #"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]},"# + "\n"
            + #"{"id": "b", "role": "bar", "parent": "w", "frame": [100, 880, 200, 35]}"#
        let findings = try lint(spec, on: "pixel-7", views: views)
        #expect(findings.map(\.message).contains { $0.contains("inside the mandatory system gesture insets of the bottom edge") })
    }

    @Test("GDL229: a button at the bottom edge begins late on iOS, not above the home indicator, not on Android")
    func delayZone() throws {
        let spec = """
            gestures Buy {
              view window { view buy }
              recognizer purchase = tap on buy
            }
            """
        let window = #"{"id": "w", "role": "window", "frame": [0, 0, 390, 844]},"#
        let atEdge = window + "\n" + #"{"id": "b", "role": "buy", "parent": "w", "frame": [100, 800, 200, 44]}"#
        let findings = try lint(spec, on: "iphone-14", views: atEdge)
        #expect(ids(findings) == ["GDL229"])
        #expect(findings.first?.message.contains("a tap there began 50ms late, when the finger lifted") == true)
        #expect(findings.first?.notes.first?.message.hasPrefix("Apple publishes no figure for this hold") == true)
        let above = window + "\n" + #"{"id": "b", "role": "buy", "parent": "w", "frame": [100, 750, 200, 44]}"#
        #expect(try lint(spec, on: "iphone-14", views: above).isEmpty)
        #expect(try lint(spec, on: "pixel-7", views: atEdge.replacingOccurrences(of: "390, 844", with: "412, 915")).isEmpty)
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
