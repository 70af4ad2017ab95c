import GestureRuntime
import TestSupport
import Testing

/// Recognizers that follow the same touches from the same event take the measurements
/// of the first of them each event reaches (`MeasurementLineage`, docs/engine.md,
/// Cost). The random streams of `PropertyTests` compare whole runs with an engine that
/// measures each; these pin the cases that part a lineage.
@Suite("Shared measurements")
struct MeasurementSharingTests {
    /// A continuous kind that starts its translation over past 30 pt (`restart`).
    static let kinds = """
        kind marker continuous {
          report translation
          possible {
            on move -> began
            on up, cancel -> failed
          }
          began, changed {
            on move where translation.x >= 30pt -> changed { restart }
            on move -> changed
            on up -> ended
            on cancel -> cancelled
          }
        }
        """

    /// `marker` is declared last, so it is fed first on their view (R23) and `follow`
    /// would copy from it.
    static let members = """
        view window
        recognizer follow = pan(hysteresis: 0pt) on window
        recognizer marker = marker on window
        simultaneous follow, marker
        """

    /// A finger lands at (100, 100) and moves right 10 pt every 10 ms, six times.
    static func drag(_ scene: inout Scenario) throws {
        try scene.down(1, 100, 100, at: 0, on: "window")
        for step in 1...6 { try scene.move(1, 100 + Double(step) * 10, 100, at: Double(step) * 0.01) }
    }

    @Test("a recognizer that passes a touch by for its type measures apart from one that takes it (R87)")
    func touchTypesPartTheLineage() throws {
        let members = """
            view window
            recognizer follow = pan(hysteresis: 0pt) on window { requiresExclusiveTouchType: false }
            recognizer pen = pan(hysteresis: 0pt) on window { allowedTouchTypes: pencil }
            simultaneous follow, pen
            """
        func run(_ variant: Scenario.Variant) throws -> Scenario {
            var scene = try Scenario(members, views: ["window"], variant: variant)
            // The Pencil lands: both pans take it, one lineage. A finger lands: the
            // pen passes it by, the follow, which mixes types, takes it and leaves
            // the lineage.
            try scene.down(1, 100, 100, at: 0, on: "window", touchType: .pencil)
            try scene.down(2, 300, 100, at: 0.01, on: "window")
            // The finger moves 20 pt: the follow's centroid moves 10 (R70); the pen
            // hears nothing. The Pencil moves 10 pt: the pen's translation is 10, the
            // follow's centroid moves 5 more.
            try scene.move(2, 320, 100, at: 0.02)
            try scene.move(1, 110, 100, at: 0.03)
            return scene
        }
        let scene = try run(.standard)
        // Values: location (x, y), translation (x, y), velocity.
        #expect(scene.actions.filter { $0.name == "follow" }.map { $0.values[2] } == [10, 15])
        #expect(scene.actions.filter { $0.name == "pen" }.map { $0.values[2] } == [10])
        #expect(scene.log == (try run(.measuringEach)).log)
    }

    @Test("a recognizer that restarts its sequence no longer lends its measurements")
    func restartPartsTheLineage() throws {
        var scene = try Scenario(Self.members, kinds: Self.kinds, views: ["window"])
        try Self.drag(&scene)
        // The pan's translation counts from the touch-down whatever the marker does:
        // 10 pt per move (R70). Its values are location, translation, velocity.
        let follow = scene.actions.filter { $0.name == "follow" }.map { $0.values[2] }
        #expect(follow == [10, 20, 30, 40, 50, 60])
        // The marker starts over at its third move (30 pt), then counts 10 per move.
        let marker = scene.actions.filter { $0.name == "marker" }.map { $0.values[0] }
        #expect(marker == [10, 20, 0, 10, 20, 0])
        // Before the restart, the two were one lineage: the pan took the marker's
        // measurements on the first two moves, and on the third the ones the marker
        // measured before its row restarted it (the marker took a slot of its own to
        // restart in). From then on each is measured.
        #expect(scene.engine.measurementsCopied == 3)

        var reference = try Scenario(Self.members, kinds: Self.kinds, views: ["window"], variant: .measuringEach)
        try Self.drag(&reference)
        #expect(scene.log == reference.log)
        #expect(scene.actions.map(\.values) == reference.actions.map(\.values))
    }

    /// The swipe and the pan follow one finger from its touch-down: one lineage. The
    /// swipe recognizes leftwards, held by the window's long press of a Pencil resting
    /// beside the photo (R53), and the finger goes on upwards with the pan until the
    /// Pencil lifts. On one view the recognizer added last is fed first (R23): the pan
    /// first (the swipe holds the pan's slot, and parts when it ends), or the swipe first
    /// (it ends before the pan is fed, and the pan must not join the slot of a
    /// recognizer that is no longer fed).
    @Test(
        "a recognizer that ends while held keeps its measurements as its lineage moves on (R54)",
        arguments: [true, false])
    func heldEndKeepsItsMeasurements(panFedFirst: Bool) throws {
        let flickLine = "recognizer flick = swipe(direction: left) on photo"
        let followLine = "recognizer follow = pan on photo { shouldRecognizeSimultaneously: true }"
        let members = """
            view window { view photo }
            \(panFedFirst ? flickLine : followLine)
            \(panFedFirst ? followLine : flickLine)
            recognizer press = longPress on window { allowedTouchTypes: pencil }
            flick requires press to fail
            """
        func run(_ variant: Scenario.Variant) throws -> Scenario {
            var scene = try Scenario(members, views: ["window", "photo"], variant: variant)
            try scene.down(2, 50, 700, at: 0, on: "window", touchType: .pencil)
            try scene.down(1, 300, 400, at: 0.01, on: "photo")
            for step in 1...3 { try scene.move(1, 300 - Double(step) * 50, 400, at: 0.01 + Double(step) * 0.01) }
            for step in 1...3 { try scene.move(1, 150, 400 - Double(step) * 100, at: 0.05 + Double(step) * 0.05) }
            try scene.up(2, 50, 700, at: 0.3)
            return scene
        }
        let scene = try run(.standard)
        let reference = try run(.measuringEach)
        // Released when the press fails, the swipe reports the direction it recognized
        // in (its values: location, direction), not where the finger went since.
        let flick = scene.actions.filter { $0.name == "flick" }
        let follow = scene.actions.filter { $0.name == "follow" }
        #expect(flick.count == 1 && flick.first?.time == 0.3)
        #expect(flick.map(\.values) == reference.actions.filter { $0.name == "flick" }.map(\.values))
        #expect(follow.map(\.values) == reference.actions.filter { $0.name == "follow" }.map(\.values))
        #expect(scene.log == reference.log)
        // With the pan fed first, the swipe took the pan's measurements on the first
        // move and ended in it; fed first, the swipe ended before the pan was fed, and
        // the pan measures alone.
        #expect(scene.engine.measurementsCopied == (panFedFirst ? 1 : 0))
    }

    @Test("ten nested pans on one finger are measured once per move")
    func nestedPansShare() throws {
        var members = "view window { view v0 { view v1 { view v2 } } }\n"
        for (index, view) in ["window", "v0", "v1", "v2"].enumerated() {
            members += "recognizer p\(index) = pan on \(view) { shouldRecognizeSimultaneously: true }\n"
        }
        var scene = try Scenario(members, views: ["window", "v0", "v1", "v2"])
        try scene.down(1, 100, 100, at: 0, on: "v2")
        for step in 1...5 { try scene.move(1, 100 + Double(step) * 10, 100, at: Double(step) * 0.01) }
        // Every move after the touch-down: three of the four copy the first's.
        #expect(scene.engine.measurementsCopied == 5 * 3)
        #expect(Set(scene.actions.map { $0.values[2] }).count == 5, "translations 10 to 50, each sent four times")
    }
}
