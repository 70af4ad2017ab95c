import GestureRuntime
import TestSupport
import Testing

/// Controls (docs/controls.md): the events a control sends from the touches it is
/// delivered, what its default action claims from the recognizers above it (R44), and
/// what it keeps from a scroll view's pan (R79). Each expectation is reasoned from the
/// rules and Apple's control documentation, as the comments say.
@Suite("Controls")
struct ControlTests {
    /// A window holding a panel holding one control of `control` at (100, 100, 100 × 50),
    /// with `recognizers` (members of the set) written against `panel` and `knob`.
    func scene(_ control: String, _ recognizers: String = "") throws -> Scenario {
        var scene = try Scenario("view window { view panel { view knob { \(control) } } }\n" + recognizers, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("panel", as: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("knob", as: "knob", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        return scene
    }

    @Test("a button's events: touchDown at its delivery, touchUpInside at a lift inside, nothing more")
    func buttonTap() throws {
        var scene = try scene("control: button")
        try scene.tap(1, 150, 125, at: 0, on: "knob")
        #expect(scene.controlEvents == ["knob touchDown", "knob touchUpInside"])
        #expect(scene.lines("knob touchDown") == ["0.000 knob touchDown"])
    }

    @Test("each control's valueChanged: a switch and a segment at the lift inside, before touchUpInside; a stepper at the touch-down")
    func valueChanged() throws {
        // UIControl's endTracking comes before the touch-up event it sends, and a
        // switch toggles, a segmented control selects and a page control turns in it;
        // a stepper steps as the finger lands (docs/controls.md).
        for (control, expected) in [
            ("switch", ["touchDown", "valueChanged", "touchUpInside"]),
            ("segmentedControl", ["touchDown", "valueChanged", "touchUpInside"]),
            ("pageControl", ["touchDown", "valueChanged", "touchUpInside"]),
            ("stepper", ["touchDown", "valueChanged", "touchUpInside"]),
            ("button", ["touchDown", "touchUpInside"]),
            ("custom", ["touchDown", "touchUpInside"]),
        ] {
            var scene = try scene("control: \(control)")
            try scene.tap(1, 150, 125, at: 0, on: "knob")
            #expect(scene.controlEvents == expected.map { "knob " + $0 }, "\(control)")
        }
        var stepper = try scene("control: stepper")
        try stepper.down(1, 150, 125, at: 0, on: "knob")
        #expect(stepper.controlEvents == ["knob touchDown", "knob valueChanged"], "at the touch-down")
        // A lift outside changes nothing: the switch stays as it was.
        var outside = try scene("control: switch")
        try outside.down(1, 150, 125, at: 0, on: "knob")
        try outside.move(1, 150, 400, at: 0.1)
        try outside.up(1, 150, 400, at: 0.2)
        #expect(outside.controlEvents == ["knob touchDown", "knob touchDragExit", "knob touchUpOutside"])
    }

    @Test("a slider's value follows every move of the finger it tracks, inside or out")
    func sliderFollows() throws {
        var scene = try scene("control: slider")
        try scene.drag(1, from: 150, 125, by: 300, 0, at: 0, on: "knob", steps: 3)
        // Moves to x 250 (inside, within the margin), 350 and 450 (outside), then the lift.
        #expect(
            scene.controlEvents == [
                "knob touchDown", "knob valueChanged", "knob touchDragExit", "knob valueChanged", "knob valueChanged",
                "knob touchUpOutside",
            ])
    }

    @Test("the tracking margin: inside within it, outside beyond it, on every side")
    func trackingMargin() throws {
        // The frame is (100, 100, 100 × 50); the margin 70pt (docs/controls.md), or as set.
        for (point, inside) in [
            ((30.0, 125.0), true), ((29.0, 125.0), false), ((269.0, 125.0), true), ((270.0, 125.0), false),
            ((150.0, 30.0), true), ((150.0, 219.0), true), ((150.0, 221.0), false),
        ] {
            var scene = try scene("control: button")
            try scene.down(1, 150, 125, at: 0, on: "knob")
            try scene.up(1, point.0, point.1, at: 0.1)
            #expect(scene.controlEvents.last == (inside ? "knob touchUpInside" : "knob touchUpOutside"), "\(point)")
        }
        var narrow = try scene("control: button; trackingMargin: 10pt")
        try narrow.down(1, 150, 125, at: 0, on: "knob")
        try narrow.up(1, 150, 165, at: 0.1)
        #expect(narrow.controlEvents.last == "knob touchUpOutside")
    }

    @Test("a control tracks one touch: a second finger on it sends nothing, even with multiple touch")
    func oneTouch() throws {
        var scene = try scene("control: button; multipleTouch: true")
        try scene.down(1, 150, 125, at: 0, on: "knob")
        try scene.down(2, 160, 125, at: 0.05, on: "knob")
        try scene.up(2, 160, 125, at: 0.1)
        try scene.up(1, 150, 125, at: 0.15)
        #expect(scene.deliveries.contains("knob began 2"), "the view is delivered the second touch")
        #expect(scene.controlEvents == ["knob touchDown", "knob touchUpInside"])
        #expect(scene.lines("knob touchUpInside") == ["0.150 knob touchUpInside"], "the first finger's lift")
    }

    @Test("R44: a button claims a single-finger single tap above it, not a double tap nor a two-finger tap")
    func buttonClaims() throws {
        let recognizers = """
            recognizer single = tap on panel
            recognizer double = tap(taps: 2) on panel
            recognizer pair = tap(touches: 2) on panel
            recognizer own = tap on knob
            """
        let program = try compileSet("view window { view panel { view knob { control: button } } }\n" + recognizers)
        let knob = try #require(program.views.first { $0.name == "knob" })
        let claimed = knob.control?.claims.map { program.recognizers[$0.recognizer].name }
        #expect(claimed == ["single"], "its own tap is not claimed: it beats the control")

        var claiming = try self.scene("control: button", "recognizer single = tap on panel")
        try claiming.tap(1, 150, 125, at: 0, on: "knob")
        #expect(claiming.lines("single claimed by control knob").count == 1)
        #expect(claiming.controlEvents == ["knob touchDown", "knob touchUpInside"])
        #expect(claiming.phases("single").isEmpty)

        var double = try self.scene("control: button", "recognizer double = tap(taps: 2) on panel")
        try double.tap(1, 150, 125, at: 0, on: "knob")
        try double.tap(2, 150, 125, at: 0.2, on: "knob")
        #expect(double.phases("double") == [.ended], "a double tap is not the button's")
        #expect(double.controlEvents.last == "knob touchCancel", "and takes the second touch from it")
    }

    @Test("R44: a control claims from every ancestor, in the program's order, and nothing from a sibling")
    func claimsFromEveryAncestor() throws {
        let program = try compileSet(
            """
            view window { view panel { view knob { control: button } } view side }
            recognizer a = tap on panel
            recognizer b = tap on window
            recognizer c = tap on side
            recognizer d = tap on panel
            recognizer e = tap on window
            """)
        let knob = try #require(program.views.first { $0.name == "knob" })
        let claimed = knob.control?.claims.map { program.recognizers[$0.recognizer].name }
        // Found role by role up the tree (the panel's, then the window's), listed as
        // the program lists the recognizers.
        #expect(claimed == ["a", "b", "d", "e"])
    }

    @Test("R44: a custom control claims nothing, so the panel's tap takes its touch")
    func customControl() throws {
        var scene = try scene("control: custom", "recognizer single = tap on panel")
        try scene.tap(1, 150, 125, at: 0, on: "knob")
        #expect(scene.phases("single") == [.ended])
        #expect(scene.controlEvents == ["knob touchDown", "knob touchCancel"])
    }

    @Test("R44: a slider claims a swipe along its track only, and a switch a pan along its axis only")
    func alongTheAxis() throws {
        let swipes = "recognizer across = swipe(direction: right) on panel\nrecognizer fall = swipe(direction: down) on panel"
        var along = try scene("control: slider", swipes)
        try along.drag(1, from: 150, 125, by: 100, 0, at: 0, on: "knob", steps: 2)
        #expect(along.phases("across").isEmpty)
        #expect(along.lines("across claimed by control knob").count == 1)
        var crossing = try scene("control: slider", swipes)
        try crossing.drag(1, from: 150, 125, by: 0, 100, at: 0, on: "knob", steps: 2)
        #expect(crossing.phases("fall") == [.ended], "a swipe across the track is not the slider's")
        var vertical = try scene("control: slider; axis: vertical", swipes)
        try vertical.drag(1, from: 150, 125, by: 0, 100, at: 0, on: "knob", steps: 2)
        #expect(vertical.phases("fall").isEmpty, "a vertical slider's track is vertical")

        var knob = try scene("control: switch", "recognizer drag = pan on panel")
        try knob.drag(1, from: 150, 125, by: 40, 0, at: 0, on: "knob")
        #expect(knob.phases("drag").isEmpty, "a pan along the knob is the switch's")
        var list = try scene("control: switch", "recognizer drag = pan on panel")
        try list.drag(1, from: 150, 125, by: 0, 40, at: 0, on: "knob")
        #expect(list.phases("drag").first == .began, "a list's vertical drag starting on a switch scrolls")
        #expect(list.controlEvents.last == "knob touchCancel")
    }

    @Test("R79: a scroll view's pan leaves a touch to a control that tracks it, and only then")
    func scrollPanLeavesTracked() throws {
        let list = "use scrollView on panel"
        // Held past the touch delay, then dragged: the control tracks it, the pan fails.
        var held = try scene("control: button", list)
        try held.down(1, 150, 125, at: 0, on: "knob")
        try held.advance(to: 0.2)
        try held.move(1, 150, 60, at: 0.3)
        try held.up(1, 150, 60, at: 0.4)
        #expect(held.phases("panelPan").isEmpty)
        #expect(held.lines("panelPan kept by view knob").count == 1)
        #expect(held.controlEvents == ["knob touchDown", "knob touchUpInside"], "65pt above: within the margin")
        // Without the control, the same hand scrolls and cancels the view's touch.
        var plain = try scene("interactive: true", list)
        try plain.down(1, 150, 125, at: 0, on: "knob")
        try plain.advance(to: 0.2)
        try plain.move(1, 150, 60, at: 0.3)
        #expect(plain.phases("panelPan") == [.began])
        #expect(plain.deliveries.last == "knob cancelled 1")
        // A control answering yes to touchesShouldCancel lets the list take the touch.
        var yielding = try scene("control: button; touchesShouldCancel: true", list)
        try yielding.down(1, 150, 125, at: 0, on: "knob")
        try yielding.advance(to: 0.2)
        try yielding.move(1, 150, 60, at: 0.3)
        #expect(yielding.phases("panelPan") == [.began])
        #expect(yielding.controlEvents == ["knob touchDown", "knob touchCancel"])
    }

    @Test("R79: a scroll view that may not cancel content touches does not scroll once its content tracks one")
    func cannotCancelContentTouches() throws {
        // UIKit's canCancelContentTouches false is the scroll pan's cancelsTouchesInView.
        var scene = try scene("interactive: true", "use scrollView on panel\npanelPan.cancelsTouchesInView: false")
        try scene.down(1, 150, 125, at: 0, on: "knob")
        try scene.advance(to: 0.2)
        try scene.move(1, 150, 60, at: 0.3)
        #expect(scene.phases("panelPan").isEmpty)
        #expect(scene.lines("panelPan kept by view knob").count == 1)
        // Before the content tracks it (a quick drag), it scrolls.
        var quick = try self.scene("interactive: true", "use scrollView on panel\npanelPan.cancelsTouchesInView: false")
        try quick.down(1, 150, 125, at: 0, on: "knob")
        try quick.move(1, 150, 60, at: 0.05)
        #expect(quick.phases("panelPan") == [.began])
    }

    @Test("a control whose view is removed while it tracks a touch sends touchCancel")
    func removedWhileTracking() throws {
        var scene = try scene("control: button")
        try scene.down(1, 150, 125, at: 0, on: "knob")
        try scene.remove("knob", at: 0.1)
        #expect(scene.controlEvents == ["knob touchDown", "knob touchCancel"])
    }

    @Test("a control the host gave no frame counts every touch as inside")
    func noFrame() throws {
        var scene = try Scenario("view window { view knob { control: button } }", views: ["window", "knob"])
        try scene.down(1, 150, 125, at: 0, on: "knob")
        try scene.move(1, 900, 900, at: 0.05)
        try scene.up(1, 900, 900, at: 0.1)
        #expect(scene.controlEvents == ["knob touchDown", "knob touchUpInside"])
    }

    @Test("where a tracked touch is decides the exploration's state: lint cannot merge an inside with an outside")
    func trackingIsState() throws {
        func hash(_ y: Double) throws -> Int {
            var scene = try scene("control: button")
            try scene.down(1, 150, 125, at: 0, on: "knob")
            try scene.move(1, 150, y, at: 0.1)
            var hasher = Hasher()
            scene.engine.hashExplorationState(into: &hasher)
            return hasher.finalize()
        }
        #expect(try hash(130) != hash(400))
        #expect(try hash(130) == hash(140))
    }
}

/// Hooks that see the touch: a hook is told where the asking recognizer's
/// touches are and which view is under the finger, so "is there a link there" is one
/// hook, not a flag per case.
@Suite("Hooks that see the touch")
struct HookTouchTests {
    @Test("shouldReceiveTouch's hook sees the new touch; shouldBegin's the recognizer's touches and the view under them")
    func whereTheTouchIs() throws {
        var scene = try Scenario(
            """
            view window { view page { view link } }
            hook wantsTouch
            hook linkUnderFinger = false
            recognizer follow = tap on page { shouldReceiveTouch: wantsTouch; shouldBegin: linkUnderFinger }
            """, views: ["window", "page", "link"])
        let log = QueryLog()
        // "A link under the finger": the app's layout says links are where x < 100.
        try scene.engine.bind(hook: 1) { query in
            log.queries.append(query)
            return query.location.x < 100
        }
        try scene.engine.bind(hook: 0) { query in
            log.queries.append(query)
            return true
        }
        try scene.down(1, 50, 20, at: 0, on: "link")
        try scene.move(1, 60, 30, at: 0.02)
        try scene.up(1, 60, 30, at: 0.05)
        #expect(scene.phases("follow") == [.ended], "over a link")
        #expect(log.queries.map(\.location) == [Point(x: 50, y: 20), Point(x: 60, y: 30)])
        #expect(log.queries.map(\.touchedView) == [scene.views["link"], scene.views["link"]])
        #expect(log.queries.map(\.view) == [try #require(scene.views["page"]), try #require(scene.views["page"])])

        log.queries.removeAll()
        try scene.tap(2, 300, 20, at: 1, on: "page")
        #expect(scene.phases("follow") == [.ended], "no link there: no second action")
        #expect(log.queries.last?.touchedView == scene.views["page"])
        #expect(log.queries.last?.location == Point(x: 300, y: 20))
    }

    @Test("a hook is told where the touch is in the asking view's own coordinates, its scrolling included")
    func locationInView() throws {
        var scene = try Scenario(
            """
            view window { view page }
            hook linkUnderFinger = false
            recognizer follow = tap on page { shouldBegin: linkUnderFinger }
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("page", as: "page", frame: Rect(x: 20, y: 100, width: 360, height: 600))
        let log = QueryLog()
        // The page's text has its one link at y 500–540 of its own coordinates.
        try scene.engine.bind(hook: 0) { query in
            log.queries.append(query)
            return query.locationInView.y >= 500 && query.locationInView.y < 540
        }
        // (220, 130) in the window is (200, 30) in the page: no link there.
        try scene.tap(1, 220, 130, at: 0, on: "page")
        #expect(log.queries.last?.locationInView == Point(x: 200, y: 30))
        #expect(log.queries.last?.location == Point(x: 220, y: 130))
        #expect(scene.phases("follow") == [])
        // Scrolled 480 pt down (bounds origin y 480), the same spot is y 510: the link.
        try scene.engine.setBoundsOrigin(Point(x: 0, y: 480), of: try #require(scene.views["page"]))
        try scene.tap(2, 220, 130, at: 1, on: "page")
        #expect(log.queries.last?.locationInView == Point(x: 200, y: 510))
        #expect(scene.phases("follow") == [.recognized])
    }

    @Test("a hook asked about a touch whose view was removed is told no view")
    func removedView() throws {
        var scene = try Scenario(
            """
            view window { view page { view link } }
            hook linkUnderFinger
            recognizer hold = longPress on page { shouldBegin: linkUnderFinger }
            """, views: ["window", "page", "link"])
        let log = QueryLog()
        try scene.engine.bind(hook: 0) { query in
            log.queries.append(query)
            return true
        }
        try scene.down(1, 50, 20, at: 0, on: "link")
        try scene.remove("link", at: 0.1)
        try scene.advance(to: 0.6)
        // The press on the page goes on (R16 ends only what the removed subtree holds).
        #expect(scene.phases("hold") == [.began])
        #expect(log.queries.count == 1 && log.queries[0].touchedView == nil)
    }
}
