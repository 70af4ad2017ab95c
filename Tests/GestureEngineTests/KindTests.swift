import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// The standard kinds through the prelude's tables (R63–R76, R81) and the features the
/// engine measures for them (R17, R65, R68).
@Suite("Standard kinds")
struct KindTests {
    @Test("R28 R29 R30 R69: a pan begins past its hysteresis, changes per move, ends at the lift")
    func pan() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.move(1, 105, 100, at: 0.01)
        #expect(scene.phases("drag") == [], "5 pt is under the 10 pt hysteresis")
        try scene.move(1, 112, 100, at: 0.02)
        try scene.move(1, 130, 100, at: 0.03)
        try scene.up(1, 130, 100, at: 0.04)
        #expect(scene.phases("drag") == [.began, .changed, .ended])
    }

    @Test("R70 R17: translation is cumulative; velocity is in pt/s from touch timestamps")
    func translationAndVelocity() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.move(1, 120, 100, at: 0.1)
        try scene.move(1, 140, 110, at: 0.2)
        // Reports: location, translation, velocity.
        let last = try #require(scene.actions.last)
        #expect(Array(last.values[2...3]) == [40, 10])
        #expect(abs(last.values[4] - 200) < 1e-6 && abs(last.values[5] - 100) < 1e-6, "\(last.values)")
    }

    @Test("R69 R70: a second finger neither makes the translation jump nor begins a pan alone")
    func secondFinger() throws {
        var scene = try Scenario("view window\nrecognizer drag = pan(minimumTouches: 2) on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.move(1, 150, 100, at: 0.1)
        #expect(scene.phases("drag") == [], "one finger is not enough")
        try scene.down(2, 300, 100, at: 0.2, on: "window")
        try scene.move(2, 320, 100, at: 0.3)
        let began = try #require(scene.actions.first)
        #expect(began.phase == .began)
        // 50 pt from finger 1 alone, then 20 pt shared by two fingers.
        #expect(Array(began.values[2...3]) == [60, 0])
    }

    @Test("R66 R67: a long press begins after its duration, changes on moves, ends at the lift")
    func longPress() throws {
        var scene = try Scenario("view window\nrecognizer press = longPress on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        #expect(scene.engine.nextDeadline == 0.5)
        try scene.advance(to: 0.6)
        #expect(scene.phases("press") == [.began])
        #expect(scene.actions.first?.time == 0.5, "at the exact deadline")
        try scene.move(1, 300, 100, at: 0.7)
        try scene.up(1, 300, 100, at: 0.8)
        #expect(scene.phases("press") == [.began, .changed, .ended], "no distance limit once begun")
    }

    @Test("R67 R68: moving past the allowable movement before the duration fails a long press")
    func longPressMovement() throws {
        var scene = try Scenario("view window\nrecognizer press = longPress on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.move(1, 115, 100, at: 0.2)
        try scene.advance(to: 1)
        #expect(scene.phases("press") == [])
        #expect(scene.lines("press failed").count == 1)
    }

    @Test("R71: a swipe recognizes in its direction only")
    func swipe() throws {
        var scene = try Scenario("view window\nrecognizer flick = swipe(direction: left) on window", views: ["window"])
        try scene.drag(1, from: 200, 100, by: 80, 0, at: 0, on: "window")
        #expect(scene.phases("flick") == [])
        try scene.drag(2, from: 200, 100, by: -80, 0, at: 1, on: "window")
        #expect(scene.phases("flick") == [.ended])
        #expect(scene.actions.first?.values == [200, 100, 1], "the start point, and left (1)")
    }

    @Test("restart: the sequence starts over at the event; startLocation and elapsed count from it")
    func restartAction() throws {
        let kinds = """
            kind twoStep discrete {
              var downs: int = 0
              report start = startLocation
              report time = elapsed
              possible {
                on down where downs == 1 -> possible {
                  restart
                  downs = 2
                }
                on down -> possible { downs += 1 }
                on up where downs == 2 && touchCount == 0 -> recognized
                // A timer keeps it from failing idle between the touches (R33).
                on up where downs == 1 -> possible { start timer wait after 1s }
                on timer wait -> failed
              }
            }
            """
        var scene = try Scenario("view window\nrecognizer r = twoStep on window", kinds: kinds, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window", duration: 0.1)
        try scene.tap(2, 50, 50, at: 0.2, on: "window", duration: 0.1)
        #expect(scene.phases("r") == [.ended])
        // Without `restart`: (10, 10), the first touch-down's place, and 0.3 s since it.
        // The lift is at 0.2 + 0.1 s (`tap`'s arithmetic), 0.1 s after the restart.
        #expect(scene.actions.first?.values == [50, 50, (0.2 + 0.1) - 0.2])
    }

    @Test("tap's minimumInterval is 0 by default: a quick second tap is a second tap, as in UIKit")
    func tapWithoutDebounce() throws {
        var scene = try Scenario("view window\nrecognizer double = tap(taps: 2) on window", views: ["window"])
        try scene.tap(1, 100, 100, at: 0, on: "window")
        try scene.tap(2, 110, 100, at: 0.07, on: "window")
        #expect(scene.phases("double") == [.ended])
        #expect(scene.actions.first?.values == [100, 100], "the first tap's place")
        var debounced = try Scenario(
            "view window\nrecognizer double = tap(taps: 2, minimumInterval: 40ms) on window", views: ["window"])
        try debounced.tap(1, 100, 100, at: 0, on: "window")
        try debounced.tap(2, 110, 100, at: 0.07, on: "window")
        #expect(debounced.phases("double") == [], "20 ms after the lift: a bounce, the first tap again")
        try debounced.tap(3, 112, 100, at: 0.3, on: "window")
        #expect(debounced.phases("double") == [.ended])
        #expect(debounced.actions.first?.values == [110, 100], "the bounce started the sequence")
    }

    @Test("R71: a swipe needs its minimum speed on average since the finger landed")
    func swipeSpeed() throws {
        // 10 pt every 50 ms: at 50 pt, 0.25 s after landing, 200 pt/s.
        for (arguments, recognizes) in [
            ("", false), ("minimumSpeed: 200pt / 1s", true), ("minimumSpeed: 0pt / 1s", true),
            ("minimumSpeed: 201pt / 1s", false),
        ] {
            var scene = try Scenario("view window\nrecognizer flick = swipe(\(arguments)) on window", views: ["window"])
            try scene.down(1, 100, 100, at: 0, on: "window")
            for step in 1...10 { try scene.move(1, 100 + 10 * Double(step), 100, at: 0.05 * Double(step)) }
            #expect(scene.phases("flick") == (recognizes ? [.ended] : []), "\(arguments)")
            #expect(scene.lines("flick failed").count == (recognizes ? 0 : 1), "\(arguments)")
        }
    }

    @Test("R72 R74: a pinch reports scale from the first two touches and ignores a third")
    func pinch() throws {
        var scene = try Scenario("view window\nrecognizer zoom = pinch on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.down(2, 200, 100, at: 0, on: "window")
        try scene.down(3, 150, 300, at: 0.05, on: "window")
        #expect(scene.lines("zoom ignored touch 3").count == 1)
        try scene.move(2, 300, 100, at: 0.1)
        // Reports: location, scale, velocity.
        let began = try #require(scene.actions.first)
        #expect(began.phase == .began)
        #expect(began.values[2] == 2)
        // From scale 1 at the last earlier event (0.05 s) to 2 now (R17).
        #expect(abs(began.values[3] - 20) < 1e-9, "scale per second")
        try scene.move(3, 0, 0, at: 0.15)
        #expect(scene.phases("zoom") == [.began], "the ignored touch changes nothing")
    }

    @Test("R72: the measured pair is the two touches down longest, whatever slots they reuse")
    func pairFollowsArrival() throws {
        // A kind that reports `spread` for every phase while two or more touches are down.
        let kinds = """
            kind probe continuous {
              report spread
              possible { on down where touchCount >= 2 -> began }
              began, changed {
                on down -> changed
                on move -> changed
                on up where touchCount == 0 -> ended
                on up -> changed
              }
            }
            """
        var scene = try Scenario("view window\nrecognizer probe = probe on window", kinds: kinds, views: ["window"])
        try scene.down(1, 0, 0, at: 0, on: "window")
        try scene.down(2, 100, 0, at: 0.1, on: "window")
        try scene.down(3, 100, 50, at: 0.2, on: "window")
        #expect(scene.actions.last?.values == [100], "touches 1 and 2")
        // Touch 1 lifts; touch 4 takes its slot but arrived last: the pair is 2 and 3.
        try scene.up(1, 0, 0, at: 0.3)
        try scene.down(4, 100, 400, at: 0.4, on: "window")
        #expect(scene.actions.last?.values == [50], "touches 2 and 3, not 4")
    }

    @Test("R80: a scroll view's pan counts only moving touches, so a resting thumb does not hold it back")
    func stationaryTouchesIgnored() throws {
        func scroll(_ flag: String) throws -> Scenario {
            var scene = try Scenario(
                "view scroller { multipleTouch: true }\nrecognizer scroll = pan(maximumTouches: 1) on scroller \(flag)",
                views: ["scroller"])
            try scene.down(1, 50, 700, at: 0, on: "scroller")  // the resting thumb
            try scene.down(2, 200, 400, at: 0.1, on: "scroller")
            try scene.move(2, 200, 390, at: 0.2)
            try scene.move(2, 200, 380, at: 0.3)
            return scene
        }
        let plain = try scroll("")
        #expect(plain.phases("scroll").isEmpty, "a second finger fails a one-finger pan")
        let scrollView = try scroll("{ ignoresStationaryTouches: true }")
        #expect(scrollView.phases("scroll") == [.began, .changed])
        // Reports: location, translation, velocity. The moving finger alone drives it.
        let began = try #require(scrollView.actions.first)
        #expect(began.values[0...3] == [200, 390, 0, -10])
    }

    @Test("R73: rotation is in radians relative to the first line, clockwise positive")
    func rotation() throws {
        var scene = try Scenario("view window\nrecognizer spin = rotation on window", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.down(2, 200, 100, at: 0, on: "window")
        // Finger 2 goes down the screen (y grows): clockwise on screen.
        try scene.move(2, 100 + 100 * 0.8660254037844387, 150, at: 0.1)
        let began = try #require(scene.actions.first)
        #expect(abs(began.values[2] - Double.pi / 6) < 1e-6, "\(began.values)")
    }

    /// A threshold of zero means "on any change", as Flutter's scale
    /// recognizer and Hammer's `threshold: 0` do: two fingers sliding together (no
    /// change of distance or angle) begin neither; the first change begins each.
    @Test("R72 R73: a pinch or rotation of threshold 0 begins on the first change, not before")
    func zeroThresholds() throws {
        var scene = try Scenario(
            """
            view window
            recognizer zoom = pinch(scaleThreshold: 0) on window
            recognizer spin = rotation(angleThreshold: 0deg) on window
            simultaneous zoom, spin
            """, views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.down(2, 200, 100, at: 0, on: "window")
        try scene.event([(1, .move, 110, 100, nil), (2, .move, 210, 100, nil)], at: 0.05)
        #expect(scene.phases("zoom").isEmpty && scene.phases("spin").isEmpty, "a slide changes nothing")
        // Finger 2 moves 1 pt further out along the line: the distance changes, the angle not.
        try scene.move(2, 211, 100, at: 0.1)
        #expect(scene.phases("zoom") == [.began] && scene.phases("spin").isEmpty)
        // Then 1 pt down: a turn.
        try scene.move(2, 211, 101, at: 0.15)
        #expect(scene.phases("spin") == [.began])
        // A threshold below zero is still refused.
        let negative = Compilation.check(
            roots: [SourceFile(path: "t.gdl", text: "gestures T {\n  view window\n  recognizer z = pinch(scaleThreshold: -0.1) on window\n}\n")],
            loader: InMemorySourceLoader([:]), errorLimit: nil)
        #expect(negative.diagnostics.hasErrors)
    }

    @Test("R75: a screen-edge pan starts at its edge and ignores touches after the first")
    func screenEdge() throws {
        var scene = try Scenario("view window\nrecognizer edge = screenEdgePan on window", views: ["window"])
        try scene.drag(1, from: 200, 300, by: 80, 0, at: 0, on: "window")
        #expect(scene.phases("edge") == [], "not at the left edge")
        try scene.down(2, 5, 300, at: 1, on: "window")
        try scene.down(3, 100, 300, at: 1, on: "window")
        #expect(scene.lines("edge ignored touch 3").count == 1)
        try scene.move(2, 60, 300, at: 1.1)
        #expect(scene.phases("edge") == [.began])
    }

    @Test("R81: the touch-delay recognizer fails on its timer")
    func touchDelay() throws {
        var scene = try Scenario("view window\nrecognizer delay = touchDelay on window", views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        #expect(scene.engine.nextDeadline == 0.15)
        try scene.advance(to: 0.2)
        #expect(scene.lines("delay failed").count == 1)
        #expect(scene.phases("delay") == [])
    }

    @Test("R65: tapCount counts quick taps at one spot")
    func tapCount() throws {
        var scene = try Scenario(
            "view window\nrecognizer t = tap on window { shouldBegin: tapCount == 2 }", views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        #expect(scene.phases("t") == [], "tapCount 1")
        try scene.tap(2, 12, 10, at: 0.2, on: "window")
        #expect(scene.phases("t") == [.ended], "tapCount 2")
        try scene.tap(3, 10, 10, at: 2, on: "window")
        #expect(scene.phases("t") == [.ended], "too late: 1 again")
    }

    static let ticker = """
        kind ticker(gap: duration = 10ms) discrete {
          possible {
            on down -> possible { start timer tick after gap }
            on timer tick -> possible { start timer tick after gap }
            on up -> failed
          }
        }
        """

    @Test("a timer restarted with no delay by its own firing throws instead of firing forever")
    func zeroDelayTimer() throws {
        var scene = try Scenario("view window\nrecognizer t = ticker(gap: 0ms) on window", kinds: Self.ticker, views: ["window"])
        // The row starts the timer at the touch-down's instant: it fires once, at 0,
        // then is due again at 0.
        #expect(throws: EngineError.timerDoesNotAdvance(try scene.recognizer("t"))) {
            try scene.down(1, 10, 10, at: 0, on: "window")
            try scene.advance(to: 1)
        }
        // The timer was stopped: the engine goes on.
        #expect(scene.engine.nextDeadline == nil)
        try scene.up(1, 10, 10, at: 2)
        #expect(try scene.state("t") == .possible)
    }

    @Test("a delay the clock cannot add (10 ms at 10^15 s) throws instead of firing forever")
    func absorbedDelay() throws {
        var scene = try Scenario("view window\nrecognizer t = ticker on window", kinds: Self.ticker, views: ["window"])
        try scene.down(1, 10, 10, at: 1e15, on: "window")
        #expect(throws: EngineError.timerDoesNotAdvance(try scene.recognizer("t"))) {
            try scene.advance(to: 1e15 + 1)
        }
    }

    @Test("a timer with a delay fires once per instant, as often as it is due")
    func repeatingTimer() throws {
        var scene = try Scenario("view window\nrecognizer t = ticker on window", kinds: Self.ticker, views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.advance(to: 0.1)
        #expect(scene.engine.nextDeadline.map { abs($0 - 0.11) < 1e-9 } == true)
    }

    /// Each move restarts the timer sooner than the last start asked; the queue's entry
    /// for each earlier start is stale and would otherwise wait for its own deadline.
    @Test("a timer restarted ever sooner fires once, at its last deadline, and the queue stays small")
    func timerRestartedSooner() throws {
        var scene = try Scenario(
            "view window\nrecognizer r = impatient on window",
            kinds: """
                kind impatient discrete {
                  possible {
                    on down -> possible { start timer t after 10s }
                    on move -> possible { start timer t after 10s - elapsed * 2 }
                    on timer t -> recognized
                    on up, cancel -> failed
                  }
                }
                """, views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        for step in 1...10_000 { try scene.move(1, 10 + Double(step % 2), 10, at: Double(step) * 0.0001) }
        // Ten thousand starts, each deadline sooner than the last: one runs.
        #expect(scene.engine.queuedTimers <= 2 + 64, "\(scene.engine.queuedTimers) entries")
        // The last start, at 1 s with 1 s elapsed: 1 + 10 - 2 = 9 s.
        #expect(scene.engine.nextDeadline.map { abs($0 - 9) < 1e-6 } == true)
        try scene.advance(to: 20)
        #expect(scene.actions.map(\.phase) == [.ended])
        #expect(scene.actions.first.map { abs($0.time - 9) < 1e-6 } == true)
    }
}
