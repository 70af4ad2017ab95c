import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// Device profiles (docs/devices.md) and the system's gestures around the app
/// (docs/semantics.md §K): the profiles' JSON, scenes that name a device, the language's
/// properties through the tables, and what a real hand does at an edge. Expected
/// timelines are reasoned from S1–S6.
@Suite("Devices and the system's gestures")
struct DeviceTests {
    private func reader() -> SimulationInputReader {
        SimulationInputReader(
            program: GestureProgram(
                name: "", files: [], views: [], recognizers: [], hooks: [], kinds: [], failureRequirements: [],
                simultaneityGroups: [], preventionExemptions: [], routines: []))
    }

    /// The profile `text` holds, or the diagnostics' messages.
    private func profile(_ text: String) -> (DeviceProfile?, [String]) {
        var reader = reader()
        var sources = SourceManager()
        let profile = reader.device(file: SourceFile(path: "device.json", text: text), sources: &sources)
        return (profile, reader.diagnostics.diagnostics.map(\.message))
    }

    @Test("every built-in profile, written as JSON, reads back equal; names are unique")
    func builtInRoundTrip() {
        #expect(Set(DeviceProfile.builtIn.map(\.name)).count == DeviceProfile.builtIn.count)
        #expect(DeviceProfile.builtIn.contains { $0.platform == .android && $0.systemOwnsBackSwipe })
        #expect(DeviceProfile.builtIn.count(where: { $0.name.hasPrefix("iphone") }) >= 3)
        for device in DeviceProfile.builtIn {
            let (read, problems) = profile(device.json.written(.canonical))
            #expect(problems == [])
            #expect(read == device)
        }
    }

    @Test("a profile's mistakes are diagnostics at the value, with suggestions")
    func profileMistakes() {
        #expect(profile(#"{"name": "x", "platform": "ios", "window": [0, 800], "systemGestures": []}"#).1 == ["'window' must be above 0, found 0"])
        #expect(profile(#"{"name": "x", "platform": "iso", "window": [300, 800], "systemGestures": []}"#).1 == ["unknown platform 'iso'"])
        #expect(
            profile(
                #"{"name": "x", "platform": "ios", "window": [300, 800], "systemGestures": [{"name": "home", "edge": "bottom", "depth": 10, "distance": 5}]}"#
            ).1
                == ["unknown edge 'bottom'"])
        #expect(
            profile(
                #"{"name": "x", "platform": "ios", "window": [300, 800], "systemGestures": [{"name": "h", "edge": "down", "depth": -1, "distance": 5}]}"#
            ).1
                == ["'depth' must be from 0 to 100000, found -1"])
        #expect(
            profile(
                #"{"name": "x", "platform": "ios", "window": [300, 800], "systemGestures": [{"name": "h", "edge": "down", "depth": 1, "distance": 5, "span": [0.8, 0.2]}]}"#
            ).1
                == ["'span' must be two fractions of the edge, 0 ≤ from ≤ to ≤ 1, found 0.8"])
        #expect(profile(#"{"name": "x", "platform": "ios", "window": [300, 800]}"#).1 == ["a device needs a field 'systemGestures'"])
        #expect(profile("{").1.first?.hasPrefix("malformed JSON") == true)
    }

    @Test("a scene names its device in JSON or in the text form; an unknown one is suggested")
    func sceneDevice() throws {
        let program = try program(inSet("  recognizer drag = pan on window"))
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let json = reader.read(
            scene: SourceFile(path: "s.json", text: #"{"device": "pixel-7", "views": [{"id": "w", "role": "window", "frame": [0, 0, 412, 915]}]}"#),
            sources: &sources)
        #expect(json?.device?.name == "pixel-7")
        let text = reader.read(scene: SourceFile(path: "s.trace", text: "device iphone-se\nview w: window [0 0 375 667]\n"), sources: &sources)
        #expect(text?.device?.name == "iphone-se")
        var wrong = SimulationInputReader(program: program)
        _ = wrong.read(scene: SourceFile(path: "s.trace", text: "device iphone-41\nview w: window [0 0 1 1]\n"), sources: &sources)
        #expect(wrong.diagnostics.diagnostics.map(\.message) == ["unknown device 'iphone-41'"])
        #expect(wrong.diagnostics.diagnostics.first?.notes.first?.message == "did you mean 'iphone-14'?")
        var twice = SimulationInputReader(program: program)
        _ = twice.read(scene: SourceFile(path: "s.trace", text: "device iphone-se\ndevice pixel-7\n"), sources: &sources)
        #expect(twice.diagnostics.diagnostics.map(\.message) == ["the device is given twice"])
    }

    @Test("the language's system properties reach every form of the tables, and back")
    func tables() throws {
        let built = try program(
            """
            gestures S {
              view window { defersSystemGestures: [down, up]; view sheet { excludesSystemGestures: true } }
              recognizer back = screenEdgePan(edges: left) on window { backSwipe: true }
            }
            """)
        #expect(built.views[0].defersSystemGestures == [.down, .up])
        #expect(built.views[1].excludesSystemGestures)
        #expect(built.recognizers[0].backSwipe)
        let binary = BinaryEmitter.emit([built])
        #expect(try GestureProgram.programs(decoding: binary) == [built])
        let json = JSONEmitter.emit([built])
        #expect(try GestureProgram.programs(json: Array(json.utf8)) == [built])
        #expect(built.backSwipesDisabled().recognizers[0].enabled == false)
        let listing = TableListing.render(built)
        #expect(listing.contains("0 window { defersSystemGestures: [up, down] }"))
        #expect(listing.contains("excludesSystemGestures: true"))
        #expect(listing.contains("backSwipe: true"))
        // A damaged edge set is refused.
        let broken = json.replacingOccurrences(of: #""defersSystemGestures": ["up", "down"]"#, with: #""defersSystemGestures": ["sideways"]"#)
        #expect(broken != json)
        #expect(throws: ProgramError.self) { try GestureProgram.programs(json: Array(broken.utf8)) }
    }

    @Test("'bottom' and 'top' are edges by the direction they face: the note's fix writes 'down' and 'up'; a role may be named 'bottom'")
    func edgeNames() throws {
        let problems = check(inSet("  view sheet in window { defersSystemGestures: bottom }")).diagnostics.diagnostics
        #expect(problems.map(\.message) == ["unknown name 'bottom'"])
        #expect(problems.first?.notes.first?.message == "an edge is named by the direction it faces: 'down' is the bottom edge")
        #expect(problems.first?.notes.first?.fix?.replacement == "down")
        #expect(messages(check(inSet("  view bottom in window { defersSystemGestures: down }\n  recognizer t = tap on bottom"))) == [])
    }

    @Test("UIKit's names for the system's settings lead to the language's")
    func uikitNames() {
        let renamed = check(inSet("  view sheet in window { preferredScreenEdgesDeferringSystemGestures: down }")).diagnostics.diagnostics
        #expect(
            renamed.flatMap(\.notes).first?.message == "UIKit's 'preferredScreenEdgesDeferringSystemGestures' is 'defersSystemGestures' here")
        let advised = check(inSet("  view sheet in window { prefersHomeIndicatorAutoHidden: true }")).diagnostics.diagnostics
        #expect(advised.flatMap(\.notes).contains { $0.message.hasPrefix("hiding the home indicator leaves the home swipe the system's") })
    }

    // MARK: - A hand at the edge (S1, S2, S6)

    /// The text timeline of `trace` (text form, after a `device` and view lines) over `spec`.
    private func timeline(_ spec: String, _ trace: String) throws -> [String] {
        let program = try program(spec)
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let (scene, parsed) = try #require(reader.read(scene: nil, trace: SourceFile(path: "t.trace", text: trace), sources: &sources))
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(parsed)
        #expect(simulation.diagnostics.diagnostics.map(\.message) == [])
        return TimelineRenderer.text(simulation.timeline).split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }

    static let panSpec = inSet("  recognizer drag = pan on window")
    static let iPhone = "device iphone-14\nview w: window [0 0 390 844]\n"

    @Test("S1: a finger that slides along the bottom edge is the app's: its held down arrives where it went down, then its move")
    func alongTheEdge() throws {
        let lines = try timeline(Self.panSpec, Self.iPhone + "0 down 1 at (100, 835)\n0.05 move 1 at (130, 833)\n0.1 up 1 at (130, 833)\n")
        #expect(
            lines.first
                == "0.000 home@system held: touch 1 began in its zone (the bottom edge, 34pt): the system holds it from the app while it may be its swipe [device iphone-14]"
        )
        #expect(
            lines.dropFirst().first
                == "0.050 home@system failed: touch 1: it moved along the edge before travelling inwards: it is the app's [device iphone-14]")
        #expect(lines.dropFirst(2).first == "0.050 home@system reset: its sequence is over [device iphone-14]")
        #expect(lines.dropFirst(3).first == "0.050 w touches began 1 (100, 835)")
        #expect(lines.contains { $0.hasPrefix("0.050 drag@w began location (130, 833), translation (30, -2)") })
    }

    @Test("S1: a second finger lets the held touch go first, so the first reaches the app first")
    func secondFinger() throws {
        let lines = try timeline(
            Self.panSpec, Self.iPhone + "0 down 1 at (100, 835)\n0.02 down 2 at (200, 400)\n0.1 up 1 at (100, 835); up 2 at (200, 400)\n")
        // The window has no multiple touch, so it receives the first touch only (R14):
        // touch 1, released before touch 2 is handed on.
        #expect(
            Array(lines.prefix(4)) == [
                "0.000 home@system held: touch 1 began in its zone (the bottom edge, 34pt): the system holds it from the app while it may be its swipe [device iphone-14]",
                "0.020 home@system failed: touch 1: a second finger came down: it is the app's [device iphone-14]",
                "0.020 home@system reset: its sequence is over [device iphone-14]",
                "0.020 w touches began 1 (100, 835)",
            ])
        #expect(!lines.contains { $0.contains("touches began 2") })
    }

    @Test("S1: two fingers already down: a swipe from the edge by a third is no system swipe")
    func notAlone() throws {
        let lines = try timeline(
            Self.panSpec,
            Self.iPhone + "0 down 1 at (100, 400)\n0.01 down 2 at (200, 835)\n0.05 move 2 at (200, 800)\n0.1 up 1 at (100, 400); up 2 at (200, 800)\n"
        )
        #expect(!lines.contains { $0.contains("@system") })
    }

    @Test("S2: a finger held still in the zone reaches the app when the hold runs out, at its place")
    func holdRunsOut() throws {
        let lines = try timeline(Self.panSpec, Self.iPhone + "0 down 1 at (100, 835)\n2 up 1 at (100, 835)\n")
        #expect(
            lines.contains("1.000 home@system failed: touch 1: it stayed 1000ms without travelling 10pt inwards: it is the app's [device iphone-14]"))
        #expect(lines.contains("1.000 w touches began 1 (100, 835)"))
        #expect(lines.contains("2.000 w touches ended 1 (100, 835)"))
    }

    @Test("S1: the system's swipe cancels what the app already has: a finger down elsewhere is cancelled too (Android)")
    func takesEveryTouch() throws {
        let lines = try timeline(
            Self.panSpec,
            "device pixel-7\nview w: window [0 0 412 915]\n0 down 1 at (10, 400)\n0.05 move 1 at (40, 400)\n0.1 up 1 at (40, 400)\n")
        #expect(lines.contains { $0.hasPrefix("0.050 back@system recognized") })
        #expect(lines.contains("0.050 w touches cancelled 1 (10, 400)"))
        // The lift is the system's: the app hears nothing of it, and the gesture is over.
        #expect(lines.filter { $0.hasPrefix("0.100") } == ["0.100 back@system reset: its sequence is over [device pixel-7]"])
    }

    @Test("S3: a swipe after the second-swipe time is the app's again")
    func secondSwipeTimeRunsOut() throws {
        let spec = inSet("  recognizer tray = screenEdgePan(edges: down) on window").replacingOccurrences(
            of: "view window", with: "view window { defersSystemGestures: down }")
        let swipe = { (t: Double, id: Int) in
            "\(t) down \(id) at (200, 835)\n\(t + 0.05) move \(id) at (200, 800)\n\(t + 0.1) up \(id) at (200, 800)\n"
        }
        let lines = try timeline(spec, Self.iPhone + swipe(0, 1) + swipe(4, 2))
        #expect(lines.count { $0.contains("home@system deferred") } == 2)
        #expect(!lines.contains { $0.contains("home@system recognized") })
        #expect(lines.count { $0.contains("tray@w began") } == 2)
    }

    @Test("S4: the honoured exclusions are the lowest 200 dp of an edge's claims")
    func honouredExclusions() throws {
        let device = try #require(DeviceProfile.named("pixel-7"))
        let back = try #require(device.systemGestures.first { $0.edge == .left })
        let kept = device.honoured(
            [Rect(x: 0, y: 0, width: 50, height: 150), Rect(x: 0, y: 600, width: 50, height: 120), Rect(x: 300, y: 0, width: 50, height: 50)],
            for: back)
        #expect(kept == [Rect(x: 0, y: 600, width: 24, height: 120), Rect(x: 0, y: 70, width: 24, height: 80)])
        let home = try #require(device.systemGestures.first { $0.edge == .down })
        #expect(device.honoured([Rect(x: 0, y: 880, width: 412, height: 35)], for: home) == [])
    }
}
