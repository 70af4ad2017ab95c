import GestureRuntime
import TestSupport
import Testing

/// Which recognizers see a touch, the terminal states and reset, and enabling
/// (R18–R24, R28, R32–R34, R60, R61, Decision 4).
@Suite("Lifecycle")
struct LifecycleTests {
    @Test("R18: recognizers on subviews of the hit-test view, or siblings, never see the touch")
    func onlyAncestors() throws {
        var scene = try Scenario(
            """
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
        var scene = try Scenario(
            """
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
        var scene = try Scenario(
            """
            view window
            recognizer s = stubborn on window
            recognizer t = tap on window
            t requires s to fail
            """, kinds: "kind stubborn discrete { possible { on down -> possible } }", views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        #expect(scene.lines("s failed idle").count == 1)
        #expect(scene.phases("t") == [.ended], "released by the idle failure")
    }

    /// The timer's row changes nothing its clients see (an internal state shown as
    /// `possible`, no action), yet it leaves the recognizer with no touch and no timer:
    /// it fails at that timer's step, which releases the tap waiting on it.
    @Test("R33: a recognizer left idle by its own timer fails at that timer's step")
    func idleAfterItsTimer() throws {
        var scene = try Scenario(
            """
            view window
            recognizer s = lingering on window
            recognizer t = tap on window
            t requires s to fail
            """,
            kinds: """
                kind lingering discrete {
                  possible {
                    on up -> waiting { start timer a after 100ms }
                    on cancel -> failed
                  }
                  waiting as possible {
                    on timer a -> quiet
                    on down -> recognized
                  }
                  quiet as possible {
                    on down -> recognized
                  }
                }
                """, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        #expect(scene.phases("t") == [], "held while s waits for its timer")
        try scene.advance(to: 0.5)
        let idle = scene.lines("s failed idle")
        #expect(idle.count == 1)
        #expect(idle.first?.hasPrefix("0.1") == true, "at the timer's deadline: \(idle)")
        #expect(scene.phases("t") == [.ended], "released by the idle failure")
    }

    @Test("R34: a finished recognizer waits to reset until the one it requires to fail is done")
    func linkedReset() throws {
        var scene = try Scenario(
            """
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
        var scene = try Scenario(
            """
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
                [
                    TouchChange(id: 5, phase: .down, location: .zero, view: ViewInstance(0)),
                    TouchChange(id: 5, phase: .move, location: .zero),
                ], time: 2)
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

    /// Geometry enters the engine checked, as times and touch locations do: a NaN frame
    /// or property would make hit testing answer nonsense rather than trap.
    @Test("frames, view properties and the window size must be finite")
    func geometryIsChecked() throws {
        let scene = try Scenario("view window\nrecognizer t = tap on window", views: [])
        let engine = scene.engine
        #expect(throws: EngineError.notFinite) {
            try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: .nan, width: 10, height: 10))
        }
        #expect(throws: EngineError.notFinite) {
            try engine.addView(role: 0, parent: nil, properties: ViewProperties(hitSlop: .infinity))
        }
        #expect(engine.scene.count == 0 && engine.recognizers(on: ViewInstance(0)).isEmpty, "nothing was added")
        let window = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(throws: EngineError.notFinite) { try engine.setProperties(ViewProperties(alpha: .nan), of: window) }
        #expect(engine.scene.properties(of: 0)?.alpha == 1)
        #expect(throws: EngineError.notFinite) { try engine.setWindowSize(Point(x: 390, y: -.infinity)) }
        #expect(engine.windowSize == Point(x: 400, y: 800))
    }

    /// A copy runs on its own: lint starts every probe from one engine's copy.
    @Test("a copy of an engine is independent of the original")
    func copyIsIndependent() throws {
        var scene = try Scenario("view window\nrecognizer t = tap on window", views: ["window"])
        let copy = scene.engine.copy()
        try scene.tap(1, 10, 10, at: 0, on: "window")
        #expect(scene.phases("t") == [.ended])
        #expect(copy.outputs.isEmpty && copy.now == 0 && copy.view(ofTouch: 1) == nil)
        try copy.touchDown(1, at: Point(x: 10, y: 10), time: 5, view: ViewInstance(0))
        #expect(copy.view(ofTouch: 1) == ViewInstance(0))
        #expect(scene.engine.view(ofTouch: 1) == nil, "the original's touch 1 is up")
    }

    /// The copy owns its records: taken with a finger down, it and the original then
    /// go separate ways (R63: the tap that moves too far fails, the one that lifts
    /// recognizes), and neither sees the other's outputs.
    @Test("a copy taken mid-gesture keeps its own records and outputs")
    func copyMidGesture() throws {
        let scene = try Scenario("view window\nrecognizer t = tap on window", views: ["window"])
        let original = scene.engine
        try original.touchDown(1, at: Point(x: 10, y: 10), time: 0, view: ViewInstance(0))
        let copy = original.copy()
        try copy.touchMove(1, to: Point(x: 110, y: 10), time: 0.05)
        try original.touchUp(1, at: Point(x: 10, y: 10), time: 0.1)
        let recognized = original.outputs.contains { if case .action(let a) = $0 { a.phase == .ended } else { false } }
        #expect(recognized, "the original's tap recognized")
        #expect(copy.state(of: RecognizerInstance(0)) == .failed, "the copy's tap failed on movement")
        #expect(!copy.outputs.contains { if case .action = $0 { true } else { false } })
        try copy.touchUp(1, at: Point(x: 110, y: 10), time: 0.2)
        #expect(original.outputs.contains { if case .action = $0 { true } else { false } }, "its outputs are its own")
        #expect(copy.view(ofTouch: 1) == nil && original.view(ofTouch: 1) == nil)
    }

    /// Lint's explorer makes each copy in the memory of an engine it is done with
    /// (`copy(reusing:)`): whatever the spare held (touches down, timers running,
    /// recognizers mid-gesture), the copy then acts as a fresh copy does, call for call,
    /// on the scene where every kind and relation meets.
    @Test("a copy made in a spare engine's memory acts as a fresh copy", arguments: 0..<4)
    func copyReusingSpare(batch: UInt64) throws {
        var reused = 0
        for seed in (batch * 25)..<(batch * 25 + 25) {
            let original = try Scenario(PropertyTests.members, views: PropertyTests.views).engine
            let spare = original.copy()
            var spareStream = TouchStream(seed: seed ^ 0x9E37, views: PropertyTests.views.count)
            for _ in 0..<50 { _ = spareStream.step(spare) }
            var stream = TouchStream(seed: seed, views: PropertyTests.views.count)
            for _ in 0..<30 { _ = stream.step(original) }
            let fresh = original.copy()
            let copy = original.copy(reusing: spare)
            if copy === spare { reused += 1 }
            var freshStream = stream
            for step in 0..<40 {
                let expected = freshStream.step(fresh)
                #expect(stream.step(copy) == expected, "seed \(seed), step \(step)")
                var a = Hasher()
                var b = Hasher()
                fresh.hashExplorationState(into: &a)
                copy.hashExplorationState(into: &b)
                #expect(a.finalize() == b.finalize(), "seed \(seed), step \(step)")
            }
        }
        #expect(reused == 25, "every copy took its spare's memory")
    }

    /// Only an engine of the same origin lends its memory: another engine, even of the
    /// same program, or the engine itself, is left alone and a new copy is made.
    @Test("a copy takes only a spare descended from the same engine")
    func copyReusingOnlyItsOwn() throws {
        let scene = try Scenario(PropertyTests.members, views: PropertyTests.views)
        let stranger = try GestureEngine(program: scene.engine.program)
        let copy = scene.engine.copy(reusing: stranger)
        #expect(copy !== stranger && copy !== scene.engine)
        #expect(scene.engine.copy(reusing: scene.engine) !== scene.engine)
        #expect(scene.engine.copy(reusing: copy) === copy)
    }
}

/// Random touches, time and interruptions on the views `0..<views`, for streams that
/// several engines follow alike: a copy of the stream continues where it was.
struct TouchStream {
    private var random: SplitMix64
    private let views: Int
    private var time = 0.0
    private var down: [Int: Point] = [:]
    private var nextID = 1

    init(seed: UInt64, views: Int) {
        random = SplitMix64(seed: seed)
        self.views = views
    }

    /// One call on `engine`, and what it gave: its outputs or its error.
    mutating func step(_ engine: GestureEngine) -> String {
        time += [0, 0.005, 0.016, 0.05, 0.2, 0.6][random.below(6)]
        var changes: [TouchChange] = []
        let ids = down.keys.sorted()
        switch random.below(10) {
        case 0..<2 where down.count < 3, _ where ids.isEmpty:
            let point = Point(x: random.unit() * 400, y: random.unit() * 800)
            changes.append(TouchChange(id: nextID, phase: .down, location: point, view: ViewInstance(random.below(views))))
            down[nextID] = point
            nextID += 1
        case 2..<7:
            let id = ids[random.below(ids.count)]
            let point = (down[id] ?? .zero) + Point(x: random.unit() * 60 - 30, y: random.unit() * 60 - 30)
            changes.append(TouchChange(id: id, phase: .move, location: point))
            down[id] = point
        case 7, 8:
            let id = ids[random.below(ids.count)]
            changes.append(TouchChange(id: id, phase: .up, location: down[id] ?? .zero))
            down[id] = nil
        default:
            do {
                try engine.advance(to: time)
            } catch {
                return "\(error)"
            }
            return "\(Array(engine.outputs))"
        }
        do {
            try engine.handle(changes, time: time)
        } catch {
            return "\(error)"
        }
        return "\(Array(engine.outputs))"
    }
}

/// An app's usual shape: the engine held by an object that a hook's closure captures.
final class GestureHost {
    let engine: GestureEngine
    /// What the hook saw and tried, in order.
    var seen: [String] = []

    init(_ engine: GestureEngine) { self.engine = engine }
}

@Suite("Hooks calling back")
struct ReentranceTests {
    /// A hook runs in the middle of a call. One that reads its engine gets the
    /// engine's answer for a call in progress — nothing to show — and one that calls
    /// it is refused, with nothing changed; the call that asked goes on unharmed.
    @Test("a hook that reads or calls its engine gets a defined answer, never a trap")
    func hookCallsBack() throws {
        var scene = try Scenario(
            """
            view window
            hook allow
            recognizer drag = pan on window { shouldBegin: allow }
            """, views: ["window"])
        try scene.tap(9, 10, 10, at: 0, on: "window")
        let host = GestureHost(scene.engine)
        let drag = try scene.recognizer("drag")
        try scene.engine.bind(hook: 0) { [unowned host] query in
            let engine = host.engine
            host.seen.append("state \(engine.state(of: query.recognizer).map(\.rawValue) ?? "nil")")
            host.seen.append("outputs \(engine.outputs.count), views \(engine.recognizers(on: query.view).count)")
            host.seen.append("now \(engine.now), window \(engine.windowSize.x)")
            do {
                try engine.touchDown(7, at: .zero, time: query.time, view: query.view)
                host.seen.append("touchDown accepted")
            } catch {
                host.seen.append("touchDown \(error)")
            }
            do {
                try engine.bind(hook: 0) { false }
                host.seen.append("bind accepted")
            } catch {
                host.seen.append("bind \(error)")
            }
            return true
        }
        // The drag moves every 10 ms; the hook is asked in the call at 1.02 s, which
        // reaches the pan's hysteresis, so the last call finished is the one at 1.01 s.
        try scene.drag(1, from: 10, 10, by: 0, 50, at: 1, on: "window")
        #expect(
            host.seen == [
                "state nil", "outputs 0, views 0", "now 1.01, window 400.0",
                "touchDown reentrantCall", "bind reentrantCall",
            ])
        #expect(scene.phases("drag").first == .began, "the hook's answer stands")
        #expect(scene.phases("drag").last == .ended)
        #expect(scene.engine.view(ofTouch: 7) == nil, "the refused touch never went down")
        #expect(scene.engine.state(of: drag) == .possible, "after the call the engine answers again")
        try scene.drag(2, from: 10, 10, by: 0, 50, at: 3, on: "window")
        #expect(host.seen.count == 10, "the hook is still bound, asked again")
    }
}
