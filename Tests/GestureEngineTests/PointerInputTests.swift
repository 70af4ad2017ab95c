import GestureRuntime
import TestSupport
import Testing

/// A pointer's scrolls and a trackpad's transforms (R88, R89): sequences that reach the
/// recognizers taking them, and no view. Each expectation is reasoned from the rule it
/// cites; the scenarios `trackpad-scroll-moves-the-scroll-view`,
/// `trackpad-pinch-zooms-and-turns-with-no-touch` and
/// `scroll-passes-a-pan-following-a-finger` show whole timelines.
@Suite("Pointer scrolls and trackpad transforms")
struct PointerInputTests {
    /// R88: a scroll is no touch. The window's pan takes it and reports the pointer as
    /// its location, the scroll as its translation; the window itself hears nothing.
    @Test("R88: a scroll reaches the pan that allows its type and no view; location is the pointer, translation the scroll")
    func scrollReachesThePanNotTheView() throws {
        var scene = try Scenario(
            "view window\nrecognizer drag = pan on window { allowedScrollTypes: continuous; shouldBegin: touchCount == 0 }",
            views: ["window"])
        try scene.pointer(1, 100, 300, at: 0, on: "window", input: .continuousScroll)
        try scene.move(1, 100, 290, at: 0.016)
        try scene.move(1, 100, 270, at: 0.032)
        try scene.up(1, 100, 270, at: 0.05)
        #expect(scene.deliveries == [], "a scroll is delivered to no view")
        #expect(scene.phases("drag") == [.began, .changed, .ended], "touchCount is 0, so shouldBegin holds")
        // The pan reports location, translation, velocity.
        #expect(scene.actions.first?.values.prefix(4) == [100, 300, 0, -10])
        #expect(scene.actions.last?.values.prefix(4) == [100, 300, 0, -30])
    }

    /// R88: the pan's `allowedScrollTypes` hold the continuous type only, so a wheel's
    /// notch passes it by; a pan that says nothing takes no scroll at all (UIKit's
    /// default mask is empty).
    @Test("R88: a scroll of a type a pan does not allow, and any scroll for a pan that allows none, pass it by")
    func scrollTypesFilter() throws {
        var scene = try Scenario(
            """
            view window { view card }
            recognizer trackpadOnly = pan on window { allowedScrollTypes: continuous }
            recognizer plain = pan on card
            """, views: ["window", "card"])
        try scene.pointer(1, 100, 300, at: 0, on: "card", input: .discreteScroll)
        try scene.move(1, 100, 290, at: 0)
        try scene.up(1, 100, 290, at: 0)
        #expect(scene.actions.isEmpty)
        try scene.pointer(2, 100, 300, at: 1, on: "card", input: .continuousScroll)
        try scene.move(2, 100, 290, at: 1.016)
        try scene.up(2, 100, 290, at: 1.032)
        #expect(scene.phases("trackpadOnly") == [.began, .ended])
        #expect(scene.phases("plain") == [])
    }

    /// R88: a recognizer follows a scroll or touches, not both, until it resets. A finger
    /// landing while the pan follows a scroll is the view's, and the pan's translation
    /// stays the scroll's when the finger moves.
    @Test("R88: a finger landing while a pan follows a scroll is not the pan's; it reaches its view")
    func fingerPassesAPanFollowingAScroll() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan on window { allowedScrollTypes: all }", views: ["window"])
        try scene.pointer(1, 100, 300, at: 0, on: "window", input: .continuousScroll)
        try scene.move(1, 100, 280, at: 0.016)
        try scene.down(2, 200, 200, at: 0.02, on: "window")
        try scene.move(2, 260, 200, at: 0.03)
        try scene.move(1, 100, 270, at: 0.04)
        #expect(scene.deliveries == ["window began 2", "window moved 2"])
        #expect(scene.phases("drag") == [.began, .changed])
        #expect(scene.actions.last?.values.prefix(4) == [100, 300, 0, -30], "the finger's movement is not the pan's")
    }

    /// R89: a transform reaches the recognizers that receive transforms with the
    /// trackpad's scale, and counts no touch; a pan, which does not, never hears of it.
    @Test("R89: a transform drives a pinch with the trackpad's scale and no touch; a pan passes it by")
    func transformDrivesAPinch() throws {
        var scene = try Scenario(
            "view window\nrecognizer zoom = pinch on window\nrecognizer drag = pan on window { allowedScrollTypes: all }",
            views: ["window"])
        try scene.pointer(1, 200, 300, at: 0, on: "window", input: .transform)
        try scene.transform(1, scale: 1.05, rotation: 0, at: 0.016)
        #expect(scene.phases("zoom") == [], "below the 10% threshold")
        try scene.transform(1, scale: 1.25, rotation: 0, at: 0.032)
        try scene.transform(1, scale: 1.5, rotation: 0, at: 0.048)
        try scene.transform(1, scale: 1.5, rotation: 0, at: 0.06, phase: .up)
        #expect(scene.phases("zoom") == [.began, .changed, .ended])
        #expect(scene.phases("drag") == [])
        #expect(scene.deliveries == [])
        // The pinch reports location, scale, velocity.
        #expect(scene.actions.first?.values.prefix(3) == [200, 300, 1.25])
        #expect(scene.actions.last?.values[2] == 1.5)
    }

    /// A transform's scale or rotation that is not finite is refused before anything
    /// happens, as a location that is not is: the pinch stays where it was.
    @Test("a transform's scale or rotation that is not finite is refused, and the engine is as it was")
    func nonFiniteTransformIsRefused() throws {
        var scene = try Scenario("view window\nrecognizer zoom = pinch on window", views: ["window"])
        try scene.pointer(1, 200, 300, at: 0, on: "window", input: .transform)
        try scene.transform(1, scale: 1.25, rotation: 0, at: 0.016)
        #expect(throws: EngineError.notFinite) { try scene.transform(1, scale: .nan, rotation: 0, at: 0.032) }
        #expect(throws: EngineError.notFinite) { try scene.transform(1, scale: 1.3, rotation: .infinity, at: 0.032) }
        try scene.transform(1, scale: 1.3, rotation: 0, at: 0.032)
        #expect(scene.phases("zoom") == [.began, .changed])
        #expect(scene.actions.last?.values[2] == 1.3)
    }

    /// R90: the hover is found again under the pointer as it moves: the button's
    /// highlight begins when the pointer comes over the button, ends when it leaves for
    /// the window, and begins again when it comes back; the window hears nothing.
    @Test("R90: a hover begins a button's hover recognizer over it, ends it off it, and begins it again on coming back")
    func hoverFollowsThePointer() throws {
        // A hover has its one touch (R90): `touchCount == 1` lets it begin.
        var scene = try Scenario(
            "view window { view button }\nrecognizer highlight = hover on button { shouldBegin: touchCount == 1 }", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("button", as: "button", under: "window", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        try scene.pointer(1, 20, 20, at: 0, on: "window", input: .hover)
        try scene.move(1, 150, 150, at: 0.1)
        try scene.move(1, 160, 150, at: 0.2)
        try scene.move(1, 20, 20, at: 0.3)
        try scene.move(1, 150, 150, at: 0.4)
        try scene.up(1, 150, 150, at: 0.5)
        #expect(scene.phases("highlight") == [.began, .changed, .ended, .began, .ended])
        #expect(scene.deliveries == [])
        #expect(scene.actions[2].values.prefix(2) == [20, 20], "it ends where the pointer left")
    }

    /// R90, R23: a hover that comes over the toolbar, then its button, reaches the
    /// toolbar's hover first and the button's later, which joins the hover's list after
    /// it; when the pointer leaves the screen both end, the deeper view's first, as for
    /// any event (R23).
    @Test("R90: the hover's last event ends nested hovers deepest first, whichever joined first")
    func nestedHoversEndDeepestFirst() throws {
        var scene = try Scenario(
            """
            view window { view toolbar { view button } }
            recognizer barHover = hover on toolbar
            recognizer highlight = hover on button
            simultaneous barHover, highlight
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("toolbar", as: "toolbar", under: "window", frame: Rect(x: 0, y: 700, width: 400, height: 100))
        try scene.add("button", as: "button", under: "toolbar", frame: Rect(x: 10, y: 10, width: 80, height: 80))
        try scene.pointer(1, 200, 750, at: 0, on: "toolbar", input: .hover)
        try scene.move(1, 50, 750, at: 0.1)
        try scene.up(1, 50, 750, at: 0.2)
        #expect(scene.lines("ended") == ["0.200 highlight ended", "0.200 barHover ended"])
        #expect(scene.phases("barHover") == [.began, .changed, .ended])
        #expect(scene.phases("highlight") == [.began, .ended])
    }

    /// R90, R87: a hover recognizer that takes the Pencil only passes the pointer's
    /// hover by; and a click on its view is a touch it never takes.
    @Test("R90: a Pencil-only hover passes the pointer's hover by, and no hover recognizer takes a click")
    func hoverTypesAndClicks() throws {
        var scene = try Scenario(
            "view window\nrecognizer pen = hover on window { allowedTouchTypes: pencil }\nrecognizer press = tap on window", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.pointer(1, 20, 20, at: 0, on: "window", input: .hover)
        try scene.move(1, 30, 20, at: 0.1)
        #expect(scene.phases("pen") == [])
        try scene.down(2, 30, 20, at: 0.2, on: "window", touchType: .indirectPointer)
        try scene.up(2, 30, 20, at: 0.25)
        try scene.up(1, 30, 20, at: 0.3)
        #expect(scene.phases("press") == [.ended])
        try scene.engine.handle(
            [TouchChange(id: 3, phase: .down, location: Point(x: 40, y: 40), touchType: .pencil, pointer: .hover)], time: 1)
        scene.record()
        try scene.up(3, 40, 40, at: 1.1)
        #expect(scene.phases("pen") == [.began, .ended])
    }

    /// Lint's exploration memoizes on the engine's state: a pan following a scroll and
    /// one following a finger are in different states, since only the second takes
    /// the next finger (R88).
    @Test("R88: the exploration's state tells a pan following a scroll from one following a finger")
    func pointerInTheStateHash() throws {
        func hash(scroll: Bool) throws -> Int {
            var scene = try Scenario("view window\nrecognizer drag = pan on window { allowedScrollTypes: all }", views: ["window"])
            if scroll {
                try scene.pointer(1, 100, 100, at: 0, on: "window", input: .continuousScroll)
            } else {
                try scene.down(1, 100, 100, at: 0, on: "window")
            }
            var hasher = Hasher()
            scene.engine.hashExplorationState(into: &hasher)
            return hasher.finalize()
        }
        #expect(try hash(scroll: true) != hash(scroll: false))
    }
}
