import GestureRuntime
import Testing

/// Which recognizers see a touch, the terminal states and reset, and enabling
/// (R18–R24, R28, R32–R34, R60, R61, Decision 4).
@Suite("Lifecycle")
struct LifecycleTests {
    @Test("R18: recognizers on subviews of the hit-test view, or siblings, never see the touch")
    func onlyAncestors() throws {
        var scene = try Scenario("""
            view window { view card { view badge } view sidebar }
            recognizer onBadge = tap on badge
            recognizer onOther = tap on sidebar
            recognizer onWindow = tap on window
            """, views: ["window", "card", "badge", "sidebar"])
        try scene.tap(1, 10, 10, at: 0, on: "card")
        #expect(scene.phases("onWindow") == [.ended])
        #expect(scene.phases("onBadge") == [])
        #expect(scene.phases("onOther") == [])
        #expect(scene.lines("onBadge").isEmpty && scene.lines("onOther").isEmpty)
    }

    @Test("R19 R21: a disabled recognizer is not collected, and re-enabled joins only new touches")
    func disabledNotCollected() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan on window { enabled: false }", views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.setEnabled("drag", true, at: 0.01)
        try scene.move(1, 60, 10, at: 0.05)
        try scene.up(1, 60, 10, at: 0.06)
        #expect(scene.phases("drag") == [], "the touch began while it was disabled (R19)")
        try scene.drag(2, from: 10, 10, by: 50, 0, at: 1, on: "window")
        #expect(scene.phases("drag").first == .began)
    }

    @Test("R60: disabling cancels a begun recognizer with one cancelled action")
    func disablingCancels() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan on window", views: ["window"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "window", lift: false)
        try scene.setEnabled("drag", false, at: 0.2)
        #expect(scene.phases("drag").last == .cancelled)
        try scene.move(1, 200, 10, at: 0.3)
        try scene.up(1, 200, 10, at: 0.4)
        #expect(scene.phases("drag").last == .cancelled, "nothing after")
        #expect(try scene.state("drag") == .possible, "reset at once (R60)")
    }

    @Test("R60 R61: disabling a possible recognizer fails it silently and lets another go")
    func disablingReleases() throws {
        var scene = try Scenario("""
            view window
            recognizer single = tap on window
            recognizer double = tap(taps: 2) on window
            single requires double to fail
            """, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        try scene.setEnabled("double", false, at: 0.1)
        #expect(scene.lines("double disabled").count == 1)
        #expect(scene.phases("double") == [])
        #expect(scene.phases("single") == [.ended], "released by the failure")
    }

    @Test("R24 R32a: a failed recognizer gets no more phases and no new finger until its touches end")
    func failedWaitsForSequence() throws {
        var scene = try Scenario("view window\nrecognizer t = tap on window", views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.move(1, 100, 10, at: 0.05)
        #expect(scene.lines("t failed").count == 1)
        try scene.tap(2, 300, 300, at: 0.1, on: "window")
        #expect(scene.phases("t") == [], "finger 1 is still down")
        try scene.up(1, 100, 10, at: 0.2)
        #expect(scene.lines("t reset").count == 1)
        try scene.tap(3, 300, 300, at: 1, on: "window")
        #expect(scene.phases("t") == [.ended])
    }

    @Test("R33: a possible recognizer with no touch and no timer fails instead of waiting forever")
    func idleFails() throws {
        var scene = try Scenario("""
            view window
            recognizer s = stubborn on window
            recognizer t = tap on window
            t requires s to fail
            """, kinds: "kind stubborn discrete { possible { on down -> possible } }", views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        #expect(scene.lines("s failed idle").count == 1)
        #expect(scene.phases("t") == [.ended], "released by the idle failure")
    }

    @Test("R34: a finished recognizer waits to reset until the one it requires to fail is done")
    func linkedReset() throws {
        var scene = try Scenario("""
            view window
            recognizer still = tap(allowableMovement: 5pt) on window
            recognizer double = tap(taps: 2) on window
            still requires double to fail
            """, views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.move(1, 20, 10, at: 0.05)
        #expect(scene.lines("still failed").count == 1, "moved past its 5 pt")
        try scene.up(1, 20, 10, at: 0.1)
        // Its touches are over, but the double tap still waits for a second tap.
        #expect(scene.lines("still reset").isEmpty)
        try scene.advance(to: 1)
        #expect(scene.lines("double failed").count == 1)
        #expect(scene.lines("still reset") == ["0.450 still reset"], "together with the double tap")
        #expect(scene.lines("double reset") == ["0.450 double reset"])
    }

    @Test("Decision 4: a held discrete recognizer ignores touches that begin while it waits")
    func heldDiscreteIgnoresNewTouches() throws {
        var scene = try Scenario("""
            view window
            recognizer single = tap on window
            recognizer double = tap(taps: 2) on window
            single requires double to fail
            """, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        try scene.tap(2, 10, 10, at: 0.2, on: "window")
        // Finger 2 went to the double tap only; the single tap still had its first tap
        // and failed when the double tap recognized.
        #expect(scene.phases("double") == [.ended])
        #expect(scene.phases("single") == [])
    }

    @Test("host mistakes are thrown, never trapped")
    func hostErrors() throws {
        var scene = try Scenario("view window\nrecognizer t = tap on window", views: ["window"])
        #expect(throws: EngineError.touchNotDown(id: 9)) { try scene.engine.touchMove(9, to: .zero, time: 0) }
        try scene.down(1, 0, 0, at: 1, on: "window")
        #expect(throws: EngineError.touchAlreadyDown(id: 1)) {
            try scene.engine.touchDown(1, at: .zero, time: 1, view: ViewInstance(0))
        }
        #expect(throws: EngineError.timeWentBackwards(now: 1, given: 0.5)) {
            try scene.engine.touchMove(1, to: .zero, time: 0.5)
        }
        #expect(throws: EngineError.notFinite) { try scene.engine.touchMove(1, to: Point(x: .nan, y: 0), time: 2) }
        #expect(throws: EngineError.unknownView(ViewInstance(7))) {
            try scene.engine.touchDown(2, at: .zero, time: 2, view: ViewInstance(7))
        }
        #expect(throws: EngineError.touchTwiceInEvent(id: 5)) {
            try scene.engine.handle(
                [TouchChange(id: 5, phase: .down, location: .zero, view: ViewInstance(0)),
                 TouchChange(id: 5, phase: .move, location: .zero)], time: 2)
        }
        #expect(scene.engine.view(ofTouch: 5) == nil, "an event with a mistake changes nothing")
        for id in 2...GestureEngine.maximumTouches {
            try scene.engine.touchDown(id, at: .zero, time: 3, view: ViewInstance(0))
        }
        #expect(throws: EngineError.tooManyTouches) {
            try scene.engine.touchDown(100, at: .zero, time: 3, view: ViewInstance(0))
        }
        #expect(throws: EngineError.invalidParent(role: 0, parent: ViewInstance(0))) {
            _ = try scene.engine.addView(role: 0, parent: ViewInstance(0))
        }
    }
}
