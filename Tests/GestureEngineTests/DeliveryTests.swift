import GestureRuntime
import TestSupport
import Testing

/// SEMANTICS §B and §E: what the views receive, and how recognizers change it. Each
/// delivery reads `"view phase ids"` (`Scenario.deliveries`).
@Suite("View delivery")
struct DeliveryTests {
    @Test("R11 R12: a view gets began, moved, ended, with the touches that change together in one call")
    func phasesTogether() throws {
        var scene = try Scenario("view window { multipleTouch: true }", views: ["window"])
        let window = try #require(scene.views["window"])
        try scene.engine.handle(
            [
                TouchChange(id: 1, phase: .down, location: Point(x: 10, y: 10), view: window),
                TouchChange(id: 2, phase: .down, location: Point(x: 50, y: 10), view: window),
            ], time: 0)
        scene.record()
        try scene.move(1, 20, 10, at: 0.1)
        try scene.engine.handle(
            [
                TouchChange(id: 1, phase: .up, location: Point(x: 20, y: 10)),
                TouchChange(id: 2, phase: .up, location: Point(x: 50, y: 10)),
            ], time: 0.2)
        scene.record()
        #expect(scene.deliveries == ["window began 1,2", "window moved 1", "window ended 1,2"])
    }

    @Test("R14: without multiple touch a view gets only its first touch; its recognizers get every touch")
    func multipleTouch() throws {
        var scene = try Scenario(
            "view window\nrecognizer zoom = pinch on window { cancelsTouchesInView: false }", views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.down(2, 200, 100, at: 0, on: "window")
        try scene.move(2, 300, 100, at: 0.1)
        #expect(scene.phases("zoom") == [.began], "the pinch saw both touches")
        try scene.up(2, 300, 100, at: 0.2)
        try scene.up(1, 100, 100, at: 0.2)
        #expect(scene.deliveries == ["window began 1", "window ended 1"])
    }

    @Test("R15: while an exclusive view tracks a touch no other view gets one, and the reverse")
    func exclusiveTouch() throws {
        let members = "view window { view button { exclusiveTouch: true }; view panel }"
        var scene = try Scenario(members, views: ["window", "button", "panel"])
        try scene.down(1, 0, 0, at: 0, on: "button")
        try scene.down(2, 0, 0, at: 0.1, on: "panel")
        try scene.up(2, 0, 0, at: 0.2)
        try scene.up(1, 0, 0, at: 0.3)
        #expect(scene.deliveries == ["button began 1", "button ended 1"])
        try scene.down(3, 0, 0, at: 1, on: "panel")
        try scene.down(4, 0, 0, at: 1.1, on: "button")
        #expect(scene.deliveries.suffix(1) == ["panel began 3"], "the button gets nothing while the panel tracks")
    }

    @Test("R16: an interruption cancels the views' touches and a begun pan")
    func interruption() throws {
        var scene = try Scenario(
            "view window\nrecognizer drag = pan on window { cancelsTouchesInView: false }", views: ["window"])
        try scene.drag(1, from: 100, 100, by: 50, 0, at: 0, on: "window", lift: false)
        try scene.engine.interrupt(time: 0.5)
        scene.record()
        #expect(scene.phases("drag").last == .cancelled)
        #expect(scene.deliveries.last == "window cancelled 1")
        #expect(scene.deliveries.filter { $0.contains("ended") }.isEmpty)
    }

    @Test("R38 R84 Decision 2: an ancestor's pan starting on a dot cancels the dot's touch just before its action")
    func highlightFlash() throws {
        var scene = try Scenario(
            "view canvas { view dot }\nrecognizer scroll = pan on canvas", views: ["canvas", "dot"])
        try scene.drag(1, from: 100, 100, by: 0, 60, at: 0, on: "dot")
        // The flash: the dot saw the touch begin and move before the pan took it.
        #expect(scene.deliveries.first == "dot began 1")
        #expect(scene.deliveries.last == "dot cancelled 1")
        #expect(!scene.deliveries.contains("dot ended 1"))
        let cancel = try #require(scene.log.firstIndex { $0.hasSuffix("dot touches cancelled 1") })
        #expect(scene.log[cancel + 1].hasSuffix("scroll began"), "the cancel comes right before the action")
    }

    @Test("R81 R84 R41: a touch-delay recognizer removes the flash; a slow touch reaches the dot with one catch-up move")
    func touchDelay() throws {
        let members = """
            view canvas { view dot }
            recognizer scroll = pan on canvas
            recognizer delay = touchDelay on canvas
            """
        var fast = try Scenario(members, views: ["canvas", "dot"])
        try fast.drag(1, from: 100, 100, by: 0, 60, at: 0, on: "dot")
        #expect(fast.phases("scroll").first == .began)
        #expect(fast.deliveries.isEmpty, "the pan recognized first: the dot never learns of the touch")

        var slow = try Scenario(members, views: ["canvas", "dot"])
        try slow.down(1, 100, 100, at: 0, on: "dot")
        try slow.move(1, 100, 103, at: 0.05)
        try slow.move(1, 100, 105, at: 0.1)
        #expect(slow.deliveries.isEmpty, "held while the delay is possible")
        try slow.advance(to: 0.2)
        #expect(slow.deliveries == ["dot began 1", "dot moved 1"], "one catch-up move (R41)")
        #expect(slow.lines("dot touches began 1").first?.hasPrefix("0.150") == true, "at the timer's deadline")

        var tap = try Scenario(members, views: ["canvas", "dot"])
        try tap.tap(1, 100, 100, at: 0, on: "dot")
        #expect(tap.deliveries == ["dot began 1", "dot ended 1"], "a quick tap reaches the dot at the lift")
    }

    @Test("R38: a parent's pinch cancels touches in two subviews; cancelsTouchesInView: false keeps them")
    func pinchOverSubviews() throws {
        func run(_ flag: String) throws -> Scenario {
            var scene = try Scenario(
                "view window { view a; view b }\nrecognizer zoom = pinch on window \(flag)", views: [])
            try scene.add("window", as: "window")
            try scene.add("left", as: "a")
            try scene.add("right", as: "b")
            try scene.down(1, 100, 100, at: 0, on: "left")
            try scene.down(2, 200, 100, at: 0, on: "right")
            try scene.move(2, 300, 100, at: 0.1)
            try scene.up(1, 100, 100, at: 0.2)
            try scene.up(2, 300, 100, at: 0.2)
            return scene
        }
        let cancelling = try run("")
        #expect(cancelling.phases("zoom").first == .began)
        #expect(cancelling.deliveries == ["left began 1", "right began 2", "left cancelled 1", "right cancelled 2"])
        let keeping = try run("{ cancelsTouchesInView: false }")
        #expect(
            keeping.deliveries == [
                "left began 1", "right began 2", "right moved 2", "left ended 1", "right ended 2",
            ])
    }

    @Test("R38 (README decision): a touch joining a pan that began with cancelsTouchesInView never reaches its view")
    func joiningTouchTaken() throws {
        var scene = try Scenario("view window { multipleTouch: true }\nrecognizer drag = pan on window", views: ["window"])
        try scene.drag(1, from: 100, 100, by: 0, 40, at: 0, on: "window", lift: false)
        #expect(scene.phases("drag").first == .began)
        try scene.down(2, 300, 300, at: 0.5, on: "window")
        try scene.move(2, 300, 320, at: 0.6)
        try scene.up(2, 300, 320, at: 0.7)
        // Touch 1 began, moved until the pan reached its hysteresis, and was cancelled.
        #expect(scene.deliveries == ["window began 1", "window moved 1", "window moved 1", "window cancelled 1"])
        #expect(scene.deliveries.filter { $0.hasSuffix(" 2") }.isEmpty, "touch 2 never reaches the window")
    }

    func longPressKeepsTouch() throws {
        var scene = try Scenario(
            "view dot\nrecognizer press = longPress on dot { cancelsTouchesInView: false }", views: ["dot"])
        try scene.down(1, 10, 10, at: 0, on: "dot")
        try scene.advance(to: 0.6)
        try scene.up(1, 10, 10, at: 0.7)
        #expect(scene.phases("press") == [.began, .ended])
        #expect(scene.deliveries == ["dot began 1", "dot ended 1"])
    }

    @Test("R40: touchesEnded waits behind a double tap, then is cancelled when the single tap recognizes")
    func endedHeldThenCancelled() throws {
        let members = """
            view photo
            recognizer single = tap on photo
            recognizer double = tap(taps: 2) on photo
            single requires double to fail
            """
        var scene = try Scenario(members, views: ["photo"])
        try scene.tap(1, 100, 100, at: 0, on: "photo")
        #expect(scene.deliveries == ["photo began 1"], "the end waits while both taps are possible")
        try scene.advance(to: 1)
        #expect(scene.deliveries == ["photo began 1", "photo cancelled 1"])
        let cancel = try #require(scene.log.firstIndex { $0.hasSuffix("photo touches cancelled 1") })
        #expect(scene.log[cancel + 1].hasSuffix("single ended"))
    }

    @Test("R40: the held touchesEnded is delivered when every recognizer holding it fails")
    func endedHeldThenReleased() throws {
        let members = """
            view photo
            recognizer single = tap on photo { shouldBegin: touchCount > 3 }
            recognizer double = tap(taps: 2) on photo
            single requires double to fail
            """
        var scene = try Scenario(members, views: ["photo"])
        try scene.tap(1, 100, 100, at: 0, on: "photo")
        #expect(scene.deliveries == ["photo began 1"])
        // The double tap fails at its interval; the single tap, released, is vetoed.
        try scene.advance(to: 1)
        #expect(scene.phases("single").isEmpty)
        #expect(scene.deliveries == ["photo began 1", "photo ended 1"])
        #expect(scene.lines("photo touches ended 1").first?.hasPrefix("0.400") == true)
    }

    @Test("R41 R42: several delaying recognizers release a touch only when the last one fails")
    func severalDelayers() throws {
        let members = """
            view canvas { view dot }
            recognizer short = touchDelay(delay: 100ms) on canvas
            recognizer long = touchDelay(delay: 300ms) on canvas
            """
        var scene = try Scenario(members, views: ["canvas", "dot"])
        try scene.down(1, 10, 10, at: 0, on: "dot")
        try scene.advance(to: 0.2)
        #expect(scene.deliveries.isEmpty, "the longer delay still holds it")
        try scene.advance(to: 0.4)
        #expect(scene.deliveries == ["dot began 1"])
        #expect(scene.lines("dot touches began").first?.hasPrefix("0.300") == true)
    }

    @Test("R43: a recognizer that does not cancel releases the held touchesEnded when it recognizes")
    func endedReleasedOnRecognition() throws {
        let members = """
            view photo
            recognizer single = tap on photo { cancelsTouchesInView: false }
            recognizer double = tap(taps: 2) on photo
            single requires double to fail
            """
        var scene = try Scenario(members, views: ["photo"])
        try scene.tap(1, 100, 100, at: 0, on: "photo")
        try scene.advance(to: 1)
        #expect(scene.phases("single") == [.ended])
        #expect(scene.deliveries == ["photo began 1", "photo ended 1"])
    }

    @Test("R25: a recognizer that ignores a touch stops holding it back")
    func ignoredTouchReleased() throws {
        var scene = try Scenario(
            "view window { multipleTouch: true }\nrecognizer zoom = pinch on window { delaysTouchesBegan: true }",
            views: ["window"])
        try scene.down(1, 100, 100, at: 0, on: "window")
        try scene.down(2, 200, 100, at: 0, on: "window")
        try scene.down(3, 150, 300, at: 0.05, on: "window")
        #expect(scene.lines("zoom ignored touch 3").count == 1)
        #expect(scene.deliveries == ["window began 3"], "touches 1 and 2 stay held while the pinch is possible")
    }

    @Test("R5 R10: hit testing binds a touch for its life; a touch nothing takes is dropped")
    func boundByHitTesting() throws {
        var scene = try Scenario("view window { view dot }\nrecognizer press = tap on dot", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("dot", as: "dot", frame: Rect(x: 100, y: 100, width: 40, height: 40))
        let dot = try #require(scene.views["dot"])
        #expect(try scene.engine.touchDown(1, at: Point(x: 110, y: 110), time: 0) == dot)
        scene.record()
        try scene.move(1, 300, 300, at: 0.1)
        #expect(scene.engine.view(ofTouch: 1) == dot, "still the dot's, far outside it")
        #expect(scene.deliveries == ["dot began 1", "dot moved 1"])
        #expect(try scene.engine.touchDown(2, at: Point(x: 500, y: 10), time: 0.2) == nil)
        scene.record()
        try scene.move(2, 10, 10, at: 0.3)
        try scene.up(2, 10, 10, at: 0.4)
        #expect(scene.deliveries.count == 2, "no view saw touch 2")
        #expect(scene.lines("touch 2").isEmpty, "nor did any recognizer")
    }

    @Test("R9: a view that animates without allowing interaction is skipped until the animation ends")
    func animatingView() throws {
        var scene = try Scenario("view window { view card }\nrecognizer flip = tap on card", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("card", as: "card", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let card = try #require(scene.views["card"])
        // The host marks the card while its animation runs, keeping its other properties.
        var animating = try #require(scene.engine.scene.properties(of: card.index))
        #expect(animating.interactive && animating.alpha == 1, "the role's properties")
        animating.interactive = false
        try scene.engine.setProperties(animating, of: card)
        #expect(scene.engine.scene.frame(of: card.index) == Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(try scene.engine.touchDown(1, at: Point(x: 10, y: 10), time: 0) == scene.views["window"])
        try scene.up(1, 10, 10, at: 0.05)
        try scene.engine.setProperties(ViewProperties(), of: card)
        #expect(try scene.engine.touchDown(2, at: Point(x: 10, y: 10), time: 1) == card)
        scene.record()
        try scene.up(2, 10, 10, at: 1.05)
        #expect(scene.phases("flip") == [.ended], "only the tap after the animation")
    }

    @Test("R8: a view role that is not interactive takes no touch, nor do its recognizers")
    func notInteractive() throws {
        var scene = try Scenario(
            "view window { view label { interactive: false } }\nrecognizer press = tap on label", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("label", as: "label", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(try scene.engine.touchDown(1, at: Point(x: 10, y: 10), time: 0) == scene.views["window"])
        scene.record()
        try scene.up(1, 10, 10, at: 0.05)
        #expect(scene.phases("press").isEmpty)
    }

    @Test("R60 R61 (WWDC 2014 demo): dragging a dot while scrolling, and disabling the pan for one touch")
    func draggingWhileScrolling() throws {
        let base = """
            view window { view scroller { multipleTouch: true; view dot } }
            recognizer scroll = pan on scroller
            recognizer press = longPress on dot
            """
        // Drags the finger on the dot after the press has begun.
        func dragDot(_ scene: inout Scenario) throws {
            for step in 1...5 { try scene.move(1, 100, 100 + 20 * Double(step), at: 0.6 + 0.01 * Double(step)) }
        }
        var plain = try Scenario(base, views: ["window", "scroller", "dot"])
        try plain.down(1, 100, 100, at: 0, on: "dot")
        try plain.advance(to: 0.55)
        try dragDot(&plain)
        #expect(plain.phases("press") == [.began, .changed, .changed, .changed, .changed, .changed])
        #expect(plain.phases("scroll").isEmpty, "the press excluded the pan")

        // The two must recognize together, so that a second finger can scroll while a
        // dot is held: then the finger dragging the dot scrolls as well.
        let together = base + "\nsimultaneous press, scroll"
        var bug = try Scenario(together, views: ["window", "scroller", "dot"])
        try bug.down(1, 100, 100, at: 0, on: "dot")
        try bug.advance(to: 0.55)
        try dragDot(&bug)
        #expect(bug.phases("scroll").first == .began, "the drag scrolls too")

        // The fix: when the press begins, disable the pan and enable it again. It drops
        // the touch it was looking at, and takes new ones.
        var fixed = try Scenario(together, views: ["window", "scroller", "dot"])
        try fixed.down(1, 100, 100, at: 0, on: "dot")
        try fixed.advance(to: 0.55)
        #expect(fixed.phases("press") == [.began])
        try fixed.setEnabled("scroll", false, at: 0.55)
        try fixed.setEnabled("scroll", true, at: 0.55)
        try dragDot(&fixed)
        #expect(fixed.phases("scroll").isEmpty, "the dot's finger no longer scrolls")
        #expect(fixed.phases("press").last == .changed)
        try fixed.drag(2, from: 300, 600, by: 0, -80, at: 0.7, on: "scroller")
        #expect(fixed.phases("scroll").first == .began, "a second finger still scrolls")
    }

    @Test("R45 Decision 6: a view's shouldBegin is asked about recognizers holding touches bound to it")
    func viewVetoesAncestor() throws {
        let members = """
            view window { view scrubber { shouldBegin: other != scroll } }
            recognizer scroll = pan on window
            """
        var scene = try Scenario(members, views: ["window", "scrubber"])
        try scene.drag(1, from: 100, 100, by: 80, 0, at: 0, on: "scrubber")
        #expect(scene.phases("scroll").isEmpty)
        #expect(scene.lines("scroll vetoed by view scrubber").count == 1)
        try scene.drag(2, from: 100, 300, by: 80, 0, at: 1, on: "window")
        #expect(scene.phases("scroll").first == .began, "a drag elsewhere scrolls")
    }

    @Test("R45: the recognizer's own view is asked, with the recognizer's features")
    func ownViewVetoes() throws {
        let members = """
            view panel { multipleTouch: true; shouldBegin: touchCount >= 2 }
            recognizer slide = pan(maximumTouches: 2) on panel
            """
        var scene = try Scenario(members, views: ["panel"])
        try scene.drag(1, from: 100, 100, by: 80, 0, at: 0, on: "panel")
        #expect(scene.lines("slide vetoed by view panel").count == 1)
        try scene.down(2, 100, 100, at: 1, on: "panel")
        try scene.down(3, 150, 100, at: 1, on: "panel")
        try scene.move(2, 130, 100, at: 1.1)
        #expect(scene.phases("slide") == [.began], "two fingers may")
    }

    @Test("R44: a control's action beats an ancestor's tap, written as the control's view shouldBegin")
    func controlBeatsAncestor() throws {
        // The button's action comes from its touches (touchesEnded), as UIButton's does.
        func tapButton(_ button: String) throws -> Scenario {
            var scene = try Scenario("view page { \(button) }\nrecognizer pageTap = tap on page", views: ["page", "button"])
            try scene.tap(1, 10, 10, at: 0, on: "button")
            return scene
        }
        let plain = try tapButton("view button")
        #expect(plain.phases("pageTap") == [.ended])
        #expect(plain.deliveries == ["button began 1", "button cancelled 1"], "the page's tap took the touch")
        let control = try tapButton("view button { shouldBegin: other != pageTap }")
        #expect(control.phases("pageTap").isEmpty)
        #expect(control.deliveries == ["button began 1", "button ended 1"], "the button's action fires")
    }

    @Test("R6 R7 (WWDC 2014 demo): DotsDrawer's transparent drawer over the dots, and its 44 pt dot targets")
    func dotsDrawer() throws {
        var scene = try Scenario(program: try compileExample("DotsDrawer.gdl"))
        try scene.add("root", as: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("canvas", as: "canvas", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        // A dot drawn 20 pt wide: its target is 44 pt (12 pt beyond each edge).
        try scene.add("dot", as: "dot", under: "canvas", frame: Rect(x: 100, y: 100, width: 20, height: 20))
        try scene.add("scroller", as: "scroller", under: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("drawer", as: "drawer", frame: Rect(x: 0, y: 600, width: 400, height: 200))
        func hit(_ x: Double, _ y: Double, _ id: Int) throws -> String? {
            let view = try scene.engine.touchDown(id, at: Point(x: x, y: y), time: Double(id))
            try scene.engine.touchUp(id, at: Point(x: x, y: y), time: Double(id) + 0.05)
            return scene.views.first { $0.value == view }?.key
        }
        #expect(try hit(90, 90, 1) == "dot", "the margin of the enlarged target")
        #expect(try hit(300, 300, 2) == "canvas", "through the drawer's empty scroll view")
        #expect(try hit(200, 700, 3) == "drawer")
        #expect(try hit(86, 110, 4) == "canvas", "beyond the 44 pt target")
    }
}
