import GestureRuntime
import TestSupport
import Testing

/// One input event is one step: every recognizer gets each phase present once, with
/// all of its touches of that phase, measured after the whole event (R12, R30, R70,
/// R72–R74), and sends at most one action.
@Suite("One event, one step")
struct EventTests {
    /// R12 R30 R72: both fingers of a pinch moving in one event give one `changed`,
    /// with the values after both moved; no half-updated state is ever reported.
    @Test("R12 R30 R72: a pinch whose two fingers move in one event sends one action with the event's values")
    func pinchBothFingers() throws {
        var scene = try Scenario("view window\nrecognizer zoom = pinch on window", views: ["window"])
        try scene.event([(1, .down, 100, 300, "window"), (2, .down, 300, 300, "window")], at: 0)
        try scene.event([(1, .move, 80, 300, nil), (2, .move, 320, 300, nil)], at: 0.1)
        try scene.event([(1, .move, 70, 300, nil), (2, .move, 330, 300, nil)], at: 0.2)
        #expect(scene.phases("zoom") == [.began, .changed])
        // location (200, 300), scale 260 / 200, velocity (1.3 - 1.2) / 0.1.
        let changed = try #require(scene.actions.last)
        #expect(changed.values.count == 4)
        #expect(changed.values[0] == 200 && changed.values[1] == 300)
        #expect(abs(changed.values[2] - 1.3) < 1e-12)
        #expect(abs(changed.values[3] - 1) < 1e-9)
        #expect(scene.repeatedActions.isEmpty)
    }

    /// R70: two fingers moving apart about a fixed centre leave the centroid where it
    /// was, so a two-finger pan beside a pinch never begins.
    @Test("R70: a symmetric pinch keeps location and translation still; a two-finger pan does not begin")
    func symmetricPinch() throws {
        var scene = try Scenario(
            """
            view window
            recognizer drag = pan(minimumTouches: 2) on window
            recognizer zoom = pinch on window
            simultaneous drag, zoom
            """, views: ["window"])
        try scene.event([(1, .down, 150, 300, "window"), (2, .down, 250, 300, "window")], at: 0)
        for step in 1...4 {
            let spread = 20.0 * Double(step)
            try scene.event([(1, .move, 150 - spread, 300, nil), (2, .move, 250 + spread, 300, nil)], at: 0.05 * Double(step))
        }
        #expect(scene.phases("zoom") == [.began, .changed, .changed, .changed], "spread 140 already begins it")
        #expect(scene.phases("drag").isEmpty)
        for action in scene.actions where action.name == "zoom" {
            #expect(action.values[0] == 200 && action.values[1] == 300, "the centre moved: \(action.values)")
        }
    }

    /// R70 R72: the fingers' lift is their last movement: the end reports the
    /// translation up to the lift, agreeing with the location, and two fingers lifting
    /// together report the centre between them.
    @Test("R70 R72: a lift beyond the last move counts; two fingers lifting together end at their centre")
    func liftBeyondLastMove() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan(maximumTouches: 2) on window", views: ["window"])
        try scene.event([(1, .down, 100, 100, "window"), (2, .down, 200, 100, "window")], at: 0)
        try scene.event([(1, .move, 100, 130, nil), (2, .move, 200, 130, nil)], at: 0.1)
        try scene.event([(1, .up, 110, 140, nil), (2, .up, 210, 140, nil)], at: 0.2)
        #expect(scene.phases("drag") == [.began, .ended])
        let ended = try #require(scene.actions.last)
        // location (160, 140), translation (10, 40) = location - start (150, 100).
        #expect(Array(ended.values.prefix(4)) == [160, 140, 10, 40])
    }

    /// `touchCount` in an `up` row counts the touches left after all of the event's
    /// lifts: two fingers lifting together leave none for either row.
    @Test("touchCount in an up row counts the touches left after every lift of the event")
    func touchCountAfterLifts() throws {
        let kinds = """
            kind bothUp discrete {
              possible {
                on up where touchCount == 0 -> recognized
                on up -> failed
              }
            }
            """
        var scene = try Scenario("view window\nrecognizer lift = bothUp on window", kinds: kinds, views: ["window"])
        try scene.event([(1, .down, 100, 100, "window"), (2, .down, 200, 100, "window")], at: 0)
        try scene.event([(1, .up, 100, 100, nil), (2, .up, 200, 100, nil)], at: 0.1)
        #expect(scene.phases("lift") == [.ended])
    }

    /// R30: a recognizer whose `down` and `move` rows both send `changed` in one event
    /// sends one `changed`, with the values after the event.
    @Test("R30: two rows of one event that each send changed give one action")
    func oneActionPerEvent() throws {
        let kinds = """
            kind follow continuous {
              report location
              possible {
                on down -> began
              }
              began, changed {
                on down -> changed
                on move -> changed
                on up where touchCount == 0 -> ended
              }
            }
            """
        var scene = try Scenario("view window { multipleTouch: true }\nrecognizer f = follow on window", kinds: kinds, views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.event([(2, .down, 300, 100, "window"), (1, .move, 100, 200, nil)], at: 0.1)
        #expect(scene.phases("f") == [.began, .changed])
        #expect(scene.actions.last?.values == [200, 150])
        #expect(scene.repeatedActions.isEmpty)
    }

    /// R74: three fingers landing at once on a pinch: it keeps the first two and
    /// ignores the third (`ignore beyond 2`), and begins from their spread.
    @Test("R74: a pinch keeps its first two touches when three land in one event")
    func threeFingersAtOnce() throws {
        var scene = try Scenario("view window\nrecognizer zoom = pinch on window", views: ["window"])
        try scene.event(
            [(1, .down, 100, 300, "window"), (2, .down, 300, 300, "window"), (3, .down, 200, 500, "window")], at: 0)
        #expect(scene.lines("ignored") == ["0.000 zoom ignored touch 3"])
        try scene.event([(1, .move, 80, 300, nil), (2, .move, 320, 300, nil)], at: 0.1)
        #expect(scene.phases("zoom") == [.began])
        #expect(scene.actions.last?.values.prefix(3) == [200, 300, 1.2])
    }

    /// R25: a pan that has begun ignores fingers beyond its maximum, however many land.
    @Test("R25: a begun pan ignores the fingers beyond its maximum that land together")
    func panIgnoresExtraFingers() throws {
        var scene = try Scenario(
            "view window { multipleTouch: true }\nrecognizer drag = pan(maximumTouches: 2) on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.move(1, 100, 130, at: 0.05)
        try scene.event([(2, .down, 200, 100, "window"), (3, .down, 300, 100, "window")], at: 0.1)
        #expect(scene.lines("ignored") == ["0.100 drag ignored touch 3"])
    }

    /// Every touch a view receives carries its location, timestamp and tap count
    /// (R17, R65): the second tap of a double tap at one spot has `tapCount` 2.
    @Test("R17 R65: deliveries carry each touch's location, timestamp and tap count")
    func deliveredTouches() throws {
        let scene = try Scenario("view window", views: ["window"])
        try scene.engine.touchDown(1, at: Point(x: 100, y: 100), time: 0, view: try #require(scene.views["window"]))
        guard case .touches(let began) = try #require(scene.engine.outputs.first) else {
            Issue.record("expected a delivery")
            return
        }
        #expect(
            Array(scene.engine.touches(of: began)) == [
                DeliveredTouch(id: 1, location: Point(x: 100, y: 100), timestamp: 0, tapCount: 1)
            ])
        try scene.engine.touchUp(1, at: Point(x: 101, y: 100), time: 0.05)
        try scene.engine.touchDown(2, at: Point(x: 103, y: 101), time: 0.2, view: try #require(scene.views["window"]))
        try scene.engine.touchUp(2, at: Point(x: 104, y: 102), time: 0.25)
        guard case .touches(let ended) = try #require(scene.engine.outputs.last) else {
            Issue.record("expected a delivery")
            return
        }
        #expect(ended.phase == .ended)
        #expect(
            Array(scene.engine.touches(of: ended)) == [
                DeliveredTouch(id: 2, location: Point(x: 104, y: 102), timestamp: 0.25, tapCount: 2)
            ])
    }

    /// A view receives every touch type, and each delivered touch says its own (R87):
    /// a drawing view tells the Pencil from a finger as `UITouch.type` does.
    @Test("R87: deliveries carry each touch's type")
    func deliveredTouchTypes() throws {
        let scene = try Scenario("view window { multipleTouch: true }", views: ["window"])
        let window = try #require(scene.views["window"])
        // The touches each call delivered as `began`, with their types.
        func began() -> [TouchType] {
            scene.engine.outputs.flatMap { output -> [TouchType] in
                guard case .touches(let delivery) = output, delivery.phase == .began else { return [] }
                return scene.engine.touches(of: delivery).map(\.touchType)
            }
        }
        try scene.engine.touchDown(1, at: Point(x: 100, y: 100), time: 0, view: window, touchType: .pencil)
        #expect(began() == [.pencil])
        try scene.engine.touchDown(2, at: Point(x: 200, y: 100), time: 0.1, view: window)
        #expect(began() == [.direct])
    }

    /// Lint's exploration memoizes on the engine's state (`hashExplorationState`): a pan
    /// that follows the Pencil and one that follows a finger are in different states, since
    /// a finger landing next is the second's touch and not the first's (R87).
    @Test("R87: the exploration's state tells a recognizer's sequence type apart")
    func sequenceTypeInTheStateHash() throws {
        func hash(after type: TouchType) throws -> Int {
            let scene = try Scenario("view window\nrecognizer drag = pan on window", views: ["window"])
            try scene.engine.touchDown(1, at: Point(x: 100, y: 100), time: 0, view: try #require(scene.views["window"]), touchType: type)
            var hasher = Hasher()
            scene.engine.hashExplorationState(into: &hasher)
            return hasher.finalize()
        }
        #expect(try hash(after: .pencil) != hash(after: .direct))
        #expect(try hash(after: .direct) == hash(after: .direct))
    }

    /// A timer due at an event's own instant is an input event of its own, before the
    /// event (the engine fuzz target's first finding, its own check's mistake): a long
    /// press begins at its deadline, then a move at that instant changes it, two
    /// actions at one time from one call, each one step's.
    @Test("R30: a timer due at an event's instant fires first, as a step of its own")
    func timerAtAnEventsInstant() throws {
        var scene = try Scenario("view window\nrecognizer press = longPress on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        // One call: the 0.5 s deadline and a move that stays within allowableMovement.
        try scene.move(1, 101, 100, at: 0.5)
        #expect(scene.lines("press") == ["0.500 press began", "0.500 press changed"])
        let began = try #require(scene.actions.first)
        #expect(began.values[0] == 100, "began reports the location before the move")
        #expect(scene.actions.last?.values[0] == 101)
    }

    /// An output kept from an earlier call no longer indexes the buffers, which the
    /// next call refilled: its values and touches are empty, never another call's.
    @Test("outputs kept from an earlier call read as empty, never as another call's")
    func staleOutputs() throws {
        let scene = try Scenario("view window\nrecognizer drag = pan on window", views: ["window"])
        try scene.engine.touchDown(1, at: Point(x: 100, y: 100), time: 0, view: try #require(scene.views["window"]))
        try scene.engine.touchMove(1, to: Point(x: 100, y: 150), time: 0.1)
        let outputs = scene.engine.outputs
        let action = try #require(outputs.compactMap { if case .action(let a) = $0 { a } else { nil } }.first)
        let delivery = try #require(outputs.compactMap { if case .touches(let d) = $0 { d } else { nil } }.first)
        #expect(scene.engine.values(of: action).count == 6)
        #expect(scene.engine.touchIDs(of: delivery).map { $0 } == [1])
        try scene.engine.touchMove(1, to: Point(x: 100, y: 200), time: 0.2)
        #expect(scene.engine.values(of: action).isEmpty)
        #expect(scene.engine.touches(of: delivery).isEmpty)
        #expect(scene.engine.touchIDs(of: delivery).map { $0 }.isEmpty)
    }

    /// The lists a call leaves are values (`OutputList`): the engine writes the next
    /// call's results elsewhere while one is kept, and in place once none is.
    @Test("lists of a call's outputs and values keep it however many calls follow")
    func keptLists() throws {
        let scene = try Scenario("view window\nrecognizer drag = pan on window", views: ["window"])
        try scene.engine.touchDown(1, at: Point(x: 100, y: 100), time: 0, view: try #require(scene.views["window"]))
        try scene.engine.touchMove(1, to: Point(x: 100, y: 150), time: 0.1)
        let kept = scene.engine.outputs
        let keptValues = scene.engine.reportedValues
        let keptTouches = scene.engine.deliveredTouches
        let keptArray = Array(kept)
        let keptValueArray = Array(keptValues)
        let keptTouchArray = Array(keptTouches)
        // began, at (100, 150) moved 50 pt down; the view's touch is taken from it.
        #expect(keptValueArray.prefix(4) == [100, 150, 0, 50])
        for y in [200.0, 250, 300] { try scene.engine.touchMove(1, to: Point(x: 100, y: y), time: y / 1000) }
        #expect(Array(kept) == keptArray && Array(keptValues) == keptValueArray && Array(keptTouches) == keptTouchArray)
        #expect(Array(scene.engine.reportedValues).prefix(4) == [100, 300, 0, 200], "a new call's values are its own")
        #expect(kept != scene.engine.outputs)
        // Indices count from 0 in every list, a slice of the values included.
        let action = try #require(scene.engine.outputs.compactMap { if case .action(let a) = $0 { a } else { nil } }.first)
        let values = scene.engine.values(of: action)
        #expect(values.startIndex == 0 && values[1] == 300 && values.count == 6)
    }

    /// An event with more new touches than the engine tracks is refused at the first
    /// one past the limit, and changes nothing.
    @Test("an event with 100,000 touch-downs is refused and changes nothing")
    func tooManyDownsInOneEvent() throws {
        var scene = try Scenario("view window\nrecognizer t = tap on window", views: ["window"])
        let window = try #require(scene.views["window"])
        let changes = (0..<100_000).map { TouchChange(id: $0, phase: .down, location: Point(x: 1, y: 1), view: window) }
        #expect(throws: EngineError.tooManyTouches) { try scene.engine.handle(changes, time: 0) }
        #expect(scene.engine.view(ofTouch: 0) == nil)
        try scene.tap(1, 10, 10, at: 0.1, on: "window")
        #expect(scene.phases("t") == [.ended])
    }
}
