import GestureRuntime
import TestSupport
import Testing

/// Scrolling that glides (docs/semantics.md, "Scrolling that glides"): a flick leaves
/// a scroll view's content moving for a time that follows the release speed, and a
/// finger that lands meanwhile catches it: the scroll view's pan begins at the
/// touch-down, so the content under the finger never gets the touch. Every expectation
/// below was reasoned from that model and `Glide`'s figures before the engine ran.
@Suite("Scrolling that glides")
struct GlideTests {
    /// A list filling the window, holding a row at y 100–180 with a tap, and on the row
    /// a button at (300, 110, 80 × 60).
    func list() throws -> Scenario {
        var scene = try Scenario(
            """
            view window { view list { view row { view save { control: button } } } }
            use scrollView on list
            recognizer select = tap on row
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("list", as: "list", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("row", as: "row", frame: Rect(x: 0, y: 100, width: 400, height: 80))
        try scene.add("save", as: "save", frame: Rect(x: 300, y: 10, width: 80, height: 60))
        return scene
    }

    /// A flick up the list, below the row: from y 600, `step` points every `interval`
    /// seconds, `moves` times, lifting `rest` seconds after the last move. Its speed at
    /// the lift is `step / interval`.
    func flick(
        _ scene: inout Scenario, at time: Double, step: Double = 30, interval: Double = 0.016, moves: Int = 3,
        rest: Double = 0.016
    ) throws {
        try scene.down(1, 200, 600, at: time, on: "list")
        for move in 1...moves {
            try scene.move(1, 200, 600 - step * Double(move), at: time + interval * Double(move))
        }
        try scene.up(1, 200, 600 - step * Double(moves), at: time + interval * Double(moves) + rest)
    }

    @Test("the figures: a glide lasts while the content has more than half a point to travel")
    func figures() {
        // travel = v / 1000 · 0.998 / 0.002 = 0.499 v; the glide ends when
        // travel · 0.998^t < 0.5, t in ms.
        #expect(abs(Glide.duration(releaseSpeed: 1875) - 3.763412529914739) < 1e-9)
        #expect(abs(Glide.duration(releaseSpeed: 300) - 2.848038394508521) < 1e-9)
        #expect(abs(Glide.duration(releaseSpeed: 1000) - 3.449422609406274) < 1e-9)
        // Content that would travel no more than half a point does not glide.
        #expect(Glide.duration(releaseSpeed: 1.002) == 0)
        #expect(Glide.duration(releaseSpeed: 0) == 0)
        for speed in [-5.0, .nan, .infinity] { #expect(Glide.duration(releaseSpeed: speed) == 0) }
        // The logarithm the runtime computes without the C library's.
        #expect(abs(Glide.naturalLogarithm(0.998) - -0.0020020026706730793) < 1e-15)
        #expect(abs(Glide.naturalLogarithm(1e-300) - -690.7755278982137) < 1e-10)
        #expect(abs(Glide.naturalLogarithm(.leastNonzeroMagnitude) - -744.4400719213812) < 1e-10)
        #expect(Glide.naturalLogarithm(1) == 0)
    }

    @Test("a finger that lands while the list glides catches it: the pan begins at the touch-down, the row never sees the touch")
    func tapCatchesTheGlide() throws {
        var scene = try list()
        // 30 pt every 16 ms: 1875 pt/s at the lift (0.064), a glide of 3.76 s.
        try flick(&scene, at: 0)
        #expect(scene.phases("listPan") == [.began, .changed, .changed, .ended])
        try scene.tap(2, 100, 140, at: 0.5, on: "row")
        #expect(scene.phases("listPan") == [.began, .changed, .changed, .ended, .began, .ended])
        let caught = scene.actions.last { $0.name == "listPan" && $0.phase == .began }
        #expect(caught?.time == 0.5)
        // Where the finger landed, though the pan counts only moving touches (R80).
        #expect(caught?.values.prefix(2) == [100, 140])
        #expect(scene.phases("select") == [])
        // The list's touch delay held the row's touch-down, and the pan took the touch
        // before it was released (R41, R78): nothing to deliver, nothing to cancel.
        #expect(!scene.deliveries.contains { $0.hasPrefix("row ") })
        #expect(scene.lines("select").contains("0.500 select excluded by listPan"))
    }

    @Test("a button in a gliding list gets no touchDown: the list's pan took the touch first")
    func buttonInAGlidingList() throws {
        var scene = try list()
        try flick(&scene, at: 0)
        try scene.tap(2, 340, 140, at: 0.5, on: "save")
        #expect(scene.controlEvents == [])
        #expect(scene.phases("listPan").suffix(2) == [.began, .ended])
        // The same tap once the glide is over (0.064 + 3.763 s): the button's own.
        try scene.tap(3, 340, 140, at: 4, on: "save")
        #expect(scene.controlEvents == ["save touchDown", "save touchUpInside"])
    }

    @Test("a finger that rests before it lifts lets the list stop with it: the next tap selects")
    func restBeforeTheLift() throws {
        var scene = try list()
        // The same flick, lifted 200 ms after its last move (more than 100 ms).
        try flick(&scene, at: 0, rest: 0.2)
        try scene.tap(2, 100, 140, at: 0.5, on: "row")
        #expect(scene.phases("select") == [.recognized])
        #expect(scene.phases("listPan") == [.began, .changed, .changed, .ended])
    }

    @Test("how long the list glides follows the release speed")
    func durationFollowsSpeed() throws {
        // 6 pt every 20 ms: 300 pt/s at the lift (0.09), a glide of 2.85 s, over at 2.94.
        var slow = try list()
        try flick(&slow, at: 0, step: 6, interval: 0.02, moves: 4, rest: 0.01)
        try slow.tap(2, 100, 140, at: 3.3, on: "row")
        #expect(slow.phases("select") == [.recognized])
        // 1875 pt/s: a glide of 3.76 s from the lift at 0.064, still going at 3.3.
        var fast = try list()
        try flick(&fast, at: 0)
        try fast.tap(2, 100, 140, at: 3.3, on: "row")
        #expect(fast.phases("select") == [])
        // Caught at rest, the finger lifted without moving: no new glide, so the next
        // tap selects.
        try fast.tap(3, 100, 140, at: 3.5, on: "row")
        #expect(fast.phases("select") == [.recognized])
    }

    @Test("a glide is part of the exploration's state: lint cannot merge gliding content with content at rest")
    func glideIsState() throws {
        // Both lift at 0.3 from the same moves; the first 16 ms after its last move (a
        // glide of 3.76 s), the second after a rest of 252 ms (none).
        func hash(rest: Double, at time: Double) throws -> Int {
            var scene = try list()
            try flick(&scene, at: 0.3 - 0.048 - rest, rest: rest)
            try scene.advance(to: time)
            var hasher = Hasher()
            scene.engine.hashExplorationState(into: &hasher)
            return hasher.finalize()
        }
        #expect(try hash(rest: 0.016, at: 1) != hash(rest: 0.252, at: 1))
        // Once the glide is over (at 4.06), nothing tells the two apart.
        #expect(try hash(rest: 0.016, at: 5) == hash(rest: 0.252, at: 5))
    }

    @Test("the finger that caught the content drags it on")
    func caughtContentDragsOn() throws {
        var scene = try list()
        try flick(&scene, at: 0)
        try scene.down(2, 100, 140, at: 0.5, on: "row")
        try scene.move(2, 100, 100, at: 0.55)
        try scene.move(2, 100, 60, at: 0.6)
        try scene.up(2, 100, 60, at: 0.65)
        #expect(scene.phases("listPan").suffix(4) == [.began, .changed, .changed, .ended])
        // Its translation counts from where it caught the content.
        let moved = scene.actions.filter { $0.name == "listPan" && $0.time == 0.55 }
        #expect(moved.first?.values.dropFirst(2).prefix(2) == [0, -40])
        #expect(scene.phases("select") == [])
    }
}
