import GeneratedSets
import GestureHost
import GestureRuntime
import TestSupport
import Testing

/// The host core through a fake platform: touches named by strings as a platform's
/// objects would be, views by strings, events that list several touches, arrive with
/// gaps, or repeat a touch. Expected actions are reasoned from the rules (PhotoBrowser:
/// `singleTap requires doubleTap to fail`, R53).
@Suite("GestureHost")
struct GestureHostTests {
    typealias Host = GestureHost<PhotoBrowser, String, String>

    /// The browser's window, scroller and photo, as the example's scene lays them out.
    private func host() throws -> Host {
        let host = try Host(windowSize: Point(x: 390, y: 844))
        try Self.registerBrowserViews(in: host)
        return host
    }

    /// Registers the browser's window, scroller and photo, as the example's scene lays
    /// them out (the flight recorder's tests record them too).
    static func registerBrowserViews(in host: Host) throws {
        try host.register("window", role: .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try host.register("scroller", role: .scroller, parent: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try host.register(
            "photo", role: .photo, parent: "scroller", frame: Rect(x: 0, y: 100, width: 390, height: 400),
            properties: ViewProperties(interactive: true))
    }

    @Test("a double tap reaches its typed handler once; the single tap never fires; a touch id is held until the engine is done with it")
    func doubleTap() throws {
        let host = try host()
        var actions: [(PhotoBrowser.Recognizer, GestureAction.Phase, Double)] = []
        for recognizer in PhotoBrowser.Recognizer.allCases {
            host.onAction(of: recognizer) { actions.append(($0.recognizer, $0.phase, $0.time)) }
        }
        var photoTouches: [(TouchDelivery.Phase, [String])] = []
        host.onTouches(of: "photo") { delivery in photoTouches.append((delivery.phase, delivery.touches.map(\.touch))) }
        let point = Point(x: 150, y: 250)
        try host.handle([.init("first", .began, at: point)], timestamp: 0)
        try host.handle([.init("first", .ended, at: point)], timestamp: 0.06)
        // The single tap is held for the double tap (R53): the engine is not idle, so the
        // first touch's id is not reused by the second.
        try host.handle([.init("second", .began, at: point)], timestamp: 0.2)
        try host.handle([.init("second", .ended, at: point)], timestamp: 0.26)
        try host.tick(at: 2)
        #expect(actions.map { "\($0.0) \($0.1) \($0.2)" } == ["doubleTap ended 0.26"])
        // The photo saw the first touch begin; its end, held while the single tap waited,
        // became a cancel when the double tap recognized (R39, R40); the second touch was
        // taken by the double tap's recognition and cancelled (R39).
        #expect(photoTouches.first.map { "\($0.0) \($0.1)" } == "began [\"first\"]")
        #expect(photoTouches.allSatisfy { $0.1.allSatisfy { ["first", "second"].contains($0) } })
    }

    @Test("R9: a view the host hides is not hit; shown again, it takes touches; an unknown view is refused")
    func hiddenView() throws {
        let host = try host()
        var began: [String] = []
        for view in ["photo", "scroller"] { host.onTouches(of: view) { if $0.phase == .began { began.append($0.view) } } }
        try host.setProperties(ViewProperties(hidden: true), of: "photo")
        try host.handle([.init("a", .began, at: Point(x: 150, y: 250))], timestamp: 0)
        try host.handle([.init("a", .ended, at: Point(x: 150, y: 250))], timestamp: 0.05)
        try host.setProperties(ViewProperties(), of: "photo")
        try host.handle([.init("b", .began, at: Point(x: 150, y: 250))], timestamp: 2)
        #expect(began == ["scroller", "photo"])
        #expect(throws: HostError.unknownView) { try host.setProperties(ViewProperties(), of: "nowhere") }
    }

    @Test("one platform event is one engine event; a touch listed twice is merged, or split where it both begins and ends")
    func grouping() throws {
        let host = try host()
        var began: [Double] = []
        host.onAction(of: .zoom) { if $0.phase == .began { began.append($0.time) } }
        // Two fingers down in one event, then moving apart in one event with coalesced
        // samples of each: the pinch sees both fingers change together.
        try host.handle([.init("a", .began, at: Point(x: 150, y: 300)), .init("b", .began, at: Point(x: 250, y: 300))], timestamp: 0)
        try host.handle(
            [
                .init("a", .moved, at: Point(x: 140, y: 300)), .init("a", .moved, at: Point(x: 100, y: 300)),
                .init("b", .moved, at: Point(x: 260, y: 300)), .init("b", .moved, at: Point(x: 300, y: 300)),
            ], timestamp: 0.05)
        #expect(began == [0.05])
        // A tap that begins and ends within one platform event is sent as two engine
        // events at its timestamp (a touch changes once per engine event).
        try host.handle([.init("a", .ended, at: Point(x: 100, y: 300)), .init("b", .ended, at: Point(x: 300, y: 300))], timestamp: 0.1)
        var taps: [Double] = []
        host.onAction(of: .singleTap) { taps.append($0.time) }
        try host.handle([.init("c", .began, at: Point(x: 150, y: 250)), .init("c", .ended, at: Point(x: 150, y: 250))], timestamp: 3)
        // A tap of no duration: the single tap waits for the double tap's 350 ms (R53)
        // and recognizes when that fails, at the tick after it.
        #expect(taps.isEmpty)
        try host.tick(at: 4)
        #expect(taps == [3.35])
    }

    @Test("unknown touches are dropped; a touch whose end was lost is cancelled before it begins again; an interruption forgets every touch")
    func lostTouches() throws {
        let host = try host()
        var dragPhases: [GestureAction.Phase] = []
        host.onAction(of: .drag) { dragPhases.append($0.phase) }
        try host.handle([.init("ghost", .moved, at: Point(x: 10, y: 10))], timestamp: 0)
        try host.handle([.init("a", .began, at: Point(x: 100, y: 600))], timestamp: 0.1)
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 700))], timestamp: 0.15)
        #expect(dragPhases == [.began])
        // The platform says "a" begins again: the old one is cancelled first.
        try host.handle([.init("a", .began, at: Point(x: 100, y: 600))], timestamp: 0.2)
        #expect(dragPhases == [.began, .cancelled])
        try host.interrupt(timestamp: 0.3)
        // After the interruption, the platform's late move and end of "a" are dropped,
        // not errors: the host forgets the touch it looked up last too.
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 650))], timestamp: 0.33)
        try host.handle([.init("a", .ended, at: Point(x: 100, y: 600))], timestamp: 0.35)
        // A touch the platform hit-tested to a view the host does not know is refused,
        // and leaves no id behind: its next change is dropped like any unknown touch's.
        #expect(throws: HostError.self) {
            try host.handle([.init("b", .began, at: Point(x: 100, y: 600), view: "nowhere")], timestamp: 0.4)
        }
        try host.handle([.init("b", .moved, at: Point(x: 100, y: 650))], timestamp: 0.45)
    }

    @Test("one platform event reported in several calls is handled once; stationary touches are skipped")
    func wholeEvent() throws {
        // UIKit reports an event in which one finger lands while another rests as
        // `touchesBegan` for the new finger and nothing for the resting one, and an
        // adapter passes `allTouches` from every call: the resting finger as stationary.
        let host = try host()
        // A photo that takes every finger (R14: by default a view gets only the first).
        try host.unregister("photo", timestamp: 0)
        try host.register(
            "photo", role: .photo, parent: "scroller", frame: Rect(x: 0, y: 100, width: 390, height: 400),
            properties: ViewProperties(interactive: true, multipleTouch: true))
        var photoTouches: [String] = []
        host.onTouches(of: "photo") { delivery in
            photoTouches.append("\(delivery.time) \(delivery.phase) \(delivery.touches.map(\.touch))")
        }
        try host.handle(wholeEvent: [.init("a", .began, at: Point(x: 150, y: 250))], timestamp: 0)
        let second: [Host.TouchInput] = [.init("a", .stationary, at: Point(x: 150, y: 250)), .init("b", .began, at: Point(x: 200, y: 250))]
        try host.handle(wholeEvent: second, timestamp: 0.05)
        try host.handle(wholeEvent: second, timestamp: 0.05)
        // Each touch begins once on the photo (R35): a second report of b's event would
        // cancel b as a touch whose end was lost, and a stationary a sent as a move would
        // be delivered as moved.
        #expect(photoTouches == ["0.0 began [\"a\"]", "0.05 began [\"b\"]"])
        // A set has no order: new touches are taken top to bottom, whatever order the
        // platform's set listed them in, so the upper one gets the smaller id.
        try host.handle(
            wholeEvent: [.init("lower", .began, at: Point(x: 100, y: 700)), .init("upper", .began, at: Point(x: 100, y: 300))],
            timestamp: 0.1)
        let upperView = try #require(host.engine.view(ofTouch: 3))
        #expect(host.engine.role(of: upperView) == PhotoBrowser.View.photo.rawValue)
        let lowerView = try #require(host.engine.view(ofTouch: 4))
        #expect(host.engine.role(of: lowerView) == PhotoBrowser.View.scroller.rawValue)
    }

    @Test("a handler that calls the host has the call's outputs handled after those already due; typed values read in place")
    func reentrantHandlers() throws {
        let host = try host()
        var log: [String] = []
        var translation: Point?
        var otherKind: PhotoBrowser.PinchValues?
        host.onAction(of: .drag) { action in
            log.append("first \(action.phase)")
            guard action.phase == .began else { return }
            translation = action.reportedValues(as: PhotoBrowser.PanValues.self)?.translation
            otherKind = action.reportedValues(as: PhotoBrowser.PinchValues.self)
            // The scroller leaves the window while its pan is going: the pan is
            // cancelled (R16), after the second handler has heard it began.
            #expect(throws: Never.self) { try host.unregister("scroller", timestamp: action.time) }
        }
        host.onAction(of: .drag) { log.append("second \($0.phase)") }
        try host.handle([.init("a", .began, at: Point(x: 100, y: 600))], timestamp: 0)
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 700))], timestamp: 0.05)
        #expect(log == ["first began", "second began", "first cancelled", "second cancelled"])
        // The pan's struct reads the slots of its values, the drag down the y axis
        // (location, translation, velocity, a vector taking two); a pinch's reads none.
        #expect(translation.map { $0.x == 0 && $0.y > 0 } == true, "\(String(describing: translation))")
        #expect(otherKind == nil)
    }

    @Test("a handler's host call in the middle of an event's actions leaves the later actions their values")
    func valuesSurviveANestedCall() throws {
        let host = try host()
        var first = true
        var handed: [String] = []
        for recognizer in [PhotoBrowser.Recognizer.zoom, .spin, .drag] {
            host.onAction(of: recognizer) { action in
                handed.append("\(action.recognizer) \(action.phase) \(action.values.count)")
                guard first else { return }
                first = false
                // A call that moves the engine on: its own outputs would replace the
                // ones being handed on.
                #expect(throws: Never.self) { try host.tick(at: action.time) }
            }
        }
        // Two fingers spreading and turning: the pinch, the rotation and the pan,
        // simultaneous (R48), begin in one event, each reporting its values.
        try host.handle([.init("a", .began, at: Point(x: 150, y: 600)), .init("b", .began, at: Point(x: 250, y: 600))], timestamp: 0)
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 640)), .init("b", .moved, at: Point(x: 320, y: 620))], timestamp: 0.05)
        let began = handed.filter { $0.contains(" began ") }
        #expect(began.count == 3, "\(handed)")
        #expect(began.allSatisfy { !$0.hasSuffix(" 0") }, "\(handed)")
    }

    @Test("an event delivered after a tick that passed its timestamp is taken at the tick's time, after the timers it fired")
    func lateEvent() throws {
        let host = try host()
        var log: [String] = []
        for recognizer in [PhotoBrowser.Recognizer.singleTap, .doubleTap] {
            host.onAction(of: recognizer) { log.append("\($0.recognizer) \($0.phase) \(Int(($0.time * 1000).rounded()))ms") }
        }
        let point = Point(x: 150, y: 250)
        try host.handle([.init("a", .began, at: point)], timestamp: 0)
        try host.handle([.init("a", .ended, at: point)], timestamp: 0.05)
        // The double tap waits 350 ms after the lift (R55); a frame at 0.41 fires its
        // timer, it fails, and the single tap recognizes then (R53).
        try host.tick(at: 0.41)
        #expect(log == ["singleTap ended 400ms"])
        // A second tap stamped 0.38, delivered after that frame: the engine's clock
        // does not go back, so it comes at 0.41, a new first tap, not a double tap.
        try host.handle([.init("b", .began, at: point)], timestamp: 0.38)
        try host.handle([.init("b", .ended, at: point)], timestamp: 0.42)
        try host.tick(at: 1)
        #expect(log == ["singleTap ended 400ms", "singleTap ended 770ms"])
    }

    @Test("a host with no handler still frees the ids of ended touches once the engine is idle")
    func idsFreedWithoutHandlers() throws {
        let host = try host()
        let point = Point(x: 150, y: 250)
        try host.handle([.init("first", .began, at: point)], timestamp: 0)
        try host.handle([.init("first", .ended, at: point)], timestamp: 0.05)
        // The single tap waits for the double tap (R53); past its interval, all is over.
        try host.tick(at: 2)
        try host.handle([.init("second", .began, at: point)], timestamp: 3)
        #expect(host.engine.view(ofTouch: 1) != nil, "the first touch's id is free again, and taken")
        #expect(host.engine.view(ofTouch: 2) == nil)
    }

    @Test("a view that leaves the window takes its subviews with it; the host refuses views it does not know")
    func views() throws {
        let host = try host()
        try host.unregister("scroller", timestamp: 0)
        #expect(!host.contains("scroller") && !host.contains("photo") && host.contains("window"), "the photo left with it")
        #expect(throws: HostError.self) { try host.layout("photo", frame: .zero) }
        #expect(throws: HostError.self) { try host.register("window", role: .window, frame: .zero) }
        try host.register("scroller", role: .scroller, parent: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try host.scroll("scroller", to: Point(x: 0, y: 40))
        #expect(host.contains("scroller"))
        // The device turns: the window, whose coordinates every location is in, follows.
        try host.resizeWindow(to: Point(x: 844, y: 390))
        #expect(host.engine.windowSize == Point(x: 844, y: 390))
    }

    /// The events a host is handed and the engine refuses, each taking a new touch "p"
    /// (a pointer id a platform reuses) beside one already down.
    static var refusedEvents: [(String, (Host) throws -> Void)] {
        [
            ("a location that is not finite", { try $0.handle([.init("p", .began, at: Point(x: .nan, y: 300))], timestamp: 1) }),
            ("a time that is not finite", { try $0.handle([.init("p", .began, at: Point(x: 100, y: 300))], timestamp: .nan) }),
            (
                "a view the host does not know, later in the event",
                {
                    try $0.handle(
                        [.init("p", .began, at: Point(x: 100, y: 300)), .init("q", .began, at: Point(x: 200, y: 300), view: "nowhere")],
                        timestamp: 1)
                }
            ),
            (
                "a 65th finger",
                { host in
                    let many = (0..<GestureEngine.maximumTouches).map { Host.TouchInput("f\($0)", .began, at: Point(x: 100, y: 600)) }
                    try host.handle(many + [.init("p", .began, at: Point(x: 100, y: 300))], timestamp: 1)
                }
            ),
        ]
    }

    @Test(
        "an event the engine or the host refuses leaves the host as it was: the touch key it named stays usable",
        arguments: refusedEvents.map(\.0))
    func refusedEventChangesNothing(name: String) throws {
        let host = try host()
        let event = try #require(Self.refusedEvents.first { $0.0 == name }).1
        try host.handle([.init("resting", .began, at: Point(x: 100, y: 700))], timestamp: 0)
        #expect(throws: (any Error).self) { try event(host) }
        // The engine has one touch down, and so has the host: "p" was never taken.
        #expect(host.engine.touchesDown == 1)
        #expect(host.engine.view(ofTouch: 2) == nil)
        // The platform reuses the key, as Android reuses a pointer id: it begins, moves
        // and ends as any touch, where before the fix it threw `touchNotDown`.
        var phases: [TouchDelivery.Phase] = []
        host.onTouches(of: "photo") { phases.append($0.phase) }
        try host.handle([.init("p", .began, at: Point(x: 150, y: 250))], timestamp: 2)
        try host.handle([.init("p", .moved, at: Point(x: 151, y: 250))], timestamp: 2.01)
        try host.handle([.init("p", .ended, at: Point(x: 151, y: 250))], timestamp: 2.02)
        try host.handle([.init("resting", .ended, at: Point(x: 100, y: 700))], timestamp: 2.03)
        #expect(phases.first == .began)
        try host.tick(at: 5)
        #expect(host.engine.touchesDown == 0)
    }

    @Test("a hook's question names the asking recognizer, its view, the view under the fingers and where they are")
    func hookQuestion() throws {
        let host = try host()
        var asked: [String] = []
        try host.answer(.allowZoom) { question in
            asked.append(
                "\(question.recognizer.map { "\($0)" } ?? "?") on \(question.view ?? "?") over \(question.touchedView ?? "?") "
                    + "at (\(question.location.x), \(question.location.y)), "
                    + "in its view (\(question.locationInView.x), \(question.locationInView.y))")
            return true
        }
        // The scroller's content is scrolled 40 pt down: its own coordinates are the
        // window's plus 40 in y.
        try host.scroll("scroller", to: Point(x: 0, y: 40))
        // A pinch on the photo asks the zoom's hook (zoom.shouldBegin: allowZoom) as it
        // begins: the fingers' centroid, and the photo under them.
        try host.handle([.init("a", .began, at: Point(x: 150, y: 300)), .init("b", .began, at: Point(x: 250, y: 300))], timestamp: 0)
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 300)), .init("b", .moved, at: Point(x: 300, y: 300))], timestamp: 0.05)
        #expect(asked == ["zoom on scroller over photo at (200.0, 300.0), in its view (200.0, 340.0)"])
    }

    @Test("a touch begun from inside a hook is refused (the engine is in a call) and leaves no touch behind")
    func hookCallingTheHost() throws {
        let host = try host()
        var refused = 0
        try host.answer(.allowZoom) {
            do { try host.handle([.init("inner", .began, at: Point(x: 50, y: 300))], timestamp: 0.1) } catch { refused += 1 }
            return true
        }
        // A pinch on the photo asks the zoom's hook (shouldBegin: allowZoom).
        try host.handle([.init("a", .began, at: Point(x: 150, y: 300)), .init("b", .began, at: Point(x: 250, y: 300))], timestamp: 0)
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 300)), .init("b", .moved, at: Point(x: 300, y: 300))], timestamp: 0.05)
        #expect(refused >= 1)
        #expect(host.engine.touchesDown == 2)
        // "inner" is not down for the host: its move is dropped as an unknown touch's,
        // and it can begin for real.
        try host.handle([.init("inner", .moved, at: Point(x: 60, y: 300))], timestamp: 0.1)
        try host.handle([.init("inner", .began, at: Point(x: 60, y: 300))], timestamp: 0.12)
        #expect(host.engine.touchesDown == 3)
    }

    @Test("a view that leaves the window takes its touch handlers: registered again, it feeds only the new ones")
    func handlersLeaveWithTheirView() throws {
        let host = try host()
        var old = 0
        var new = 0
        host.onTouches(of: "photo") { _ in old += 1 }
        try host.unregister("scroller", timestamp: 0)
        try host.register("scroller", role: .scroller, parent: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try host.register(
            "photo", role: .photo, parent: "scroller", frame: Rect(x: 0, y: 100, width: 390, height: 400),
            properties: ViewProperties(interactive: true))
        host.onTouches(of: "photo") { _ in new += 1 }
        try host.handle([.init("a", .began, at: Point(x: 150, y: 250))], timestamp: 1)
        #expect(old == 0 && new == 1)
    }

    @Test("cells recycled one at a time take one slot in the engine; each action names the platform view it happened on")
    func recycledCells() throws {
        let host = try host()
        try host.unregister("photo", timestamp: 0)
        var taps: [String?] = []
        host.onAction(of: .singleTap) { taps.append($0.view) }
        let point = Point(x: 150, y: 250)
        for index in 0..<200 {
            let time = Double(index + 1)
            try host.register(
                "photo \(index)", role: .photo, parent: "scroller", frame: Rect(x: 0, y: 100, width: 390, height: 400))
            try host.handle([.init("finger", .began, at: point)], timestamp: time)
            try host.handle([.init("finger", .ended, at: point)], timestamp: time + 0.05)
            // The single tap waits for the double tap to fail (R53).
            try host.tick(at: time + 0.5)
            try host.unregister("photo \(index)", timestamp: time + 0.6)
        }
        #expect(taps == (0..<200).map { "photo \($0)" })
        #expect(host.engine.storedViewCount == 3, "the window, the scroller and one photo's slot")
    }

    @Test("a delivery queued behind a handler's host call does not reach a view registered since under its key")
    func queuedDeliveryKeepsItsView() throws {
        let host = try host()
        let frame = { (x: Double) in Rect(x: x, y: 600, width: 100, height: 100) }
        try host.register("left", role: .infoButton, parent: "window", frame: frame(0))
        try host.register("right", role: .infoButton, parent: "window", frame: frame(200))
        var heard: [String] = []
        host.onTouches(of: "right") { heard.append("old right \($0.phase)") }
        host.onTouches(of: "left") { delivery in
            heard.append("left \(delivery.phase)")
            guard delivery.phase == .ended else { return }
            // The app recycles the right button as the left one lifts: another view,
            // under the same key, which takes the engine's slot of the one it replaces.
            try? host.unregister("right", timestamp: delivery.time)
            try? host.register("right", role: .infoButton, parent: "window", frame: frame(200))
            host.onTouches(of: "right") { heard.append("new right \($0.phase)") }
        }
        try host.handle([.init("a", .began, at: Point(x: 50, y: 650)), .init("b", .began, at: Point(x: 250, y: 650))], timestamp: 0)
        try host.handle([.init("a", .ended, at: Point(x: 50, y: 650)), .init("b", .ended, at: Point(x: 250, y: 650))], timestamp: 0.05)
        // The old right button's end was due after the left one's: it went with it.
        #expect(heard == ["left began", "old right began", "left ended"])
        try host.handle([.init("c", .began, at: Point(x: 250, y: 650))], timestamp: 1)
        #expect(heard.last == "new right began")
    }

    /// Property: for platform events that list each touch once, the host's actions and
    /// deliveries are the engine's for the same events, whatever ids the host chooses.
    @Test("the host's outputs equal the engine's fed the same events directly", arguments: 0..<40)
    func sameAsTheEngine(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let host = try host()
        var hosted: [String] = []
        for recognizer in PhotoBrowser.Recognizer.allCases {
            host.onAction(of: recognizer) { hosted.append("\($0.recognizer) \($0.phase) \($0.time) \($0.values)") }
        }
        for view in ["window", "scroller", "photo"] {
            host.onTouches(of: view) { delivery in
                hosted.append("\(view) \(delivery.phase) \(delivery.time) \(delivery.touches.map(\.touch).sorted())")
            }
        }

        // The same scene on an engine fed directly, with ids of its own that are never
        // reused: platform touch n is 1000 + n.
        let engine = try GestureEngine(program: PhotoBrowser.program)
        try engine.setWindowSize(Point(x: 390, y: 844))
        let window = try engine.addView(role: PhotoBrowser.View.window, parent: nil, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let scroller = try engine.addView(role: PhotoBrowser.View.scroller, parent: window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let photo = try engine.addView(
            role: PhotoBrowser.View.photo, parent: scroller, frame: Rect(x: 0, y: 100, width: 390, height: 400),
            properties: ViewProperties(interactive: true))
        let names = [window.index: "window", scroller.index: "scroller", photo.index: "photo"]
        var direct: [String] = []
        func collect() {
            for output in engine.outputs {
                switch output {
                case .action(let action):
                    guard let declaration = engine.declaration(of: action.recognizer),
                        let name = PhotoBrowser.Recognizer(rawValue: declaration)
                    else { continue }
                    direct.append("\(name) \(action.phase) \(action.time) \(Array(engine.values(of: action)))")
                case .touches(let delivery):
                    guard let view = names[delivery.view.index] else { continue }
                    let touches = engine.touches(of: delivery).map { "t\($0.id - 1000)" }.sorted()
                    direct.append("\(view) \(delivery.phase) \(delivery.time) \(touches)")
                case .control, .decision:
                    break
                }
            }
        }

        var down: [Int: Point] = [:]  // platform touch number -> location
        var next = 0
        var time = 0.0
        for _ in 0..<30 {
            time += [0.01, 0.05, 0.2, 0.5][Int(random.next() % 4)]
            if random.next() % 5 == 0 {
                try host.tick(at: time)
                try engine.advance(to: time)
                collect()
                continue
            }
            var inputs: [Host.TouchInput] = []
            var changes: [TouchChange] = []
            for (number, location) in down.sorted(by: { $0.key < $1.key }) where random.next() % 2 == 0 {
                let moved = Point(x: location.x + Double(random.next() % 61) - 30, y: location.y + Double(random.next() % 61) - 30)
                let lifts = random.next() % 3 == 0
                inputs.append(.init("t\(number)", lifts ? .ended : .moved, at: moved))
                changes.append(TouchChange(id: 1000 + number, phase: lifts ? .up : .move, location: moved))
                if lifts { down[number] = nil } else { down[number] = moved }
            }
            if down.count < 2, random.next() % 2 == 0 {
                let location = Point(x: Double(100 + random.next() % 200), y: Double(150 + random.next() % 300))
                inputs.append(.init("t\(next)", .began, at: location))
                changes.append(TouchChange(id: 1000 + next, phase: .down, location: location))
                down[next] = location
                next += 1
            }
            guard !inputs.isEmpty else { continue }
            try host.handle(inputs, timestamp: time)
            try engine.handle(changes, time: time)
            collect()
        }
        try host.tick(at: time + 3)
        try engine.advance(to: time + 3)
        collect()
        #expect(hosted == direct)
        #expect(!hosted.isEmpty)
    }

    @Test("the host reports the edges its shown views defer and the frames they claim, as views come, hide and go (S3, S4)")
    func systemGestureClaims() throws {
        // PhotoBrowser's tables with the scroller deferring the bottom edge and the photo
        // claiming its frame, as a spec's `defersSystemGestures` and `excludesSystemGestures` compile.
        var program = PhotoBrowser.program
        let scroller = try #require(program.views.firstIndex { $0.name == "scroller" })
        let photo = try #require(program.views.firstIndex { $0.name == "photo" })
        program.views[scroller].defersSystemGestures = [.down, .up]
        program.views[photo].excludesSystemGestures = true
        let host = try Host(program: program, windowSize: Point(x: 390, y: 844))
        try host.register("window", role: .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(host.deferredSystemEdges.isEmpty)
        #expect(host.systemGestureExclusions.isEmpty)
        try host.register("scroller", role: .scroller, parent: "window", frame: Rect(x: 0, y: 20, width: 390, height: 800))
        try host.register("photo", role: .photo, parent: "scroller", frame: Rect(x: 10, y: 100, width: 300, height: 400))
        #expect(host.deferredSystemEdges == [.down, .up])
        // In window coordinates: the scroller's origin moves the photo down 20 pt.
        #expect(host.systemGestureExclusions == [Rect(x: 10, y: 120, width: 300, height: 400)])
        // A hidden parent hides its subtree's claims.
        try host.engine.setProperties(ViewProperties(hidden: true), of: try #require(host.engine.scene.count > 1 ? ViewInstance(1) : nil))
        #expect(host.deferredSystemEdges.isEmpty)
        #expect(host.systemGestureExclusions.isEmpty)
        try host.engine.setProperties(ViewProperties(), of: ViewInstance(1))
        try host.unregister("photo", timestamp: 0)
        #expect(host.deferredSystemEdges == [.down, .up])
        #expect(host.systemGestureExclusions.isEmpty)
    }

    @Test("a button's control events reach its handler: touchUpInside for a tap, touchUpOutside for a lift far away, none once unregistered")
    func controlEvents() throws {
        let host = try host()
        // The info button, 24pt square at (350, 790); its hit target grows by 12pt (R7).
        try host.register("info", role: .infoButton, parent: "window", frame: Rect(x: 350, y: 790, width: 24, height: 24))
        var events: [String] = []
        host.onControlEvent(of: "info") { events.append("\($0.view) \($0.event) \($0.time)") }
        try host.handle([.init("a", .began, at: Point(x: 360, y: 800))], timestamp: 0)
        try host.handle([.init("a", .ended, at: Point(x: 360, y: 800))], timestamp: 0.05)
        #expect(events == ["info touchDown 0.0", "info touchUpInside 0.05"])
        events.removeAll()
        // Dragged 200pt away, beyond the 70pt tracking margin (docs/controls.md).
        try host.handle([.init("b", .began, at: Point(x: 360, y: 800))], timestamp: 1)
        try host.handle([.init("b", .moved, at: Point(x: 160, y: 800))], timestamp: 1.1)
        try host.handle([.init("b", .ended, at: Point(x: 160, y: 800))], timestamp: 1.2)
        #expect(events == ["info touchDown 1.0", "info touchDragExit 1.1", "info touchUpOutside 1.2"])
        events.removeAll()
        try host.unregister("info", timestamp: 2)
        try host.register("info", role: .infoButton, parent: "window", frame: Rect(x: 350, y: 790, width: 24, height: 24))
        try host.handle([.init("c", .began, at: Point(x: 360, y: 800))], timestamp: 3)
        #expect(events.isEmpty, "the handlers went with the view")
    }

}
