import GestureRuntime
import TestSupport
import Testing

/// A scene that changes while fingers are down: views moved, resized, scrolled and
/// removed (R5, R16, R68), on `Scene` alone and through the engine.
@Suite("Living scene")
struct LivingSceneTests {
    // MARK: - Scene geometry

    @Test("a moved view takes its subviews along, and moved back it is exactly where it was")
    func moveCarriesSubtree() {
        var scene = Scene()
        let window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let card = scene.add(parent: window, frame: Rect(x: 0, y: 0, width: 100, height: 100), properties: ViewProperties())
        let badge = scene.add(parent: card, frame: Rect(x: 10, y: 10, width: 20, height: 20), properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 15, y: 15)) == badge)
        scene.setFrame(Rect(x: 200.5, y: 300.25, width: 100, height: 100), of: card)
        #expect(scene.windowFrame(of: badge) == Rect(x: 210.5, y: 310.25, width: 20, height: 20))
        #expect(scene.hitTest(Point(x: 15, y: 15)) == window, "nothing is left where the card was")
        #expect(scene.hitTest(Point(x: 211, y: 311)) == badge)
        #expect(scene.hitTest(Point(x: 250, y: 390)) == card)
        scene.setFrame(Rect(x: 0, y: 0, width: 100, height: 100), of: card)
        #expect(scene.windowFrame(of: badge) == Rect(x: 10, y: 10, width: 20, height: 20))
        // Resized, the card's subview sticks out where hit testing never looks (R2).
        scene.setFrame(Rect(x: 0, y: 0, width: 12, height: 12), of: card)
        #expect(scene.hitTest(Point(x: 11, y: 11)) == badge)
        #expect(scene.hitTest(Point(x: 15, y: 15)) == window)
    }

    @Test("R81a: where a scroll view's content can scroll no further, from its offset and content size")
    func cannotScroll() {
        let (left, right, up, down): (UInt8, UInt8, UInt8, UInt8) = (1, 2, 4, 8)
        var scene = Scene()
        let list = scene.add(
            parent: nil, frame: Rect(x: 0, y: 100, width: 400, height: 600),
            properties: ViewProperties(contentWidth: 400, contentHeight: 2000))
        // At its top: a drag down pulls past it; its content is no wider than it.
        #expect(scene.cannotScroll(list) == down | left | right)
        scene.setBoundsOrigin(Point(x: 0, y: 700), of: list)
        #expect(scene.cannotScroll(list) == left | right, "in the middle, vertically free")
        scene.setBoundsOrigin(Point(x: 0, y: 1400), of: list)
        #expect(scene.cannotScroll(list) == up | left | right, "at its bottom: a drag up pushes past it")
        scene.setBoundsOrigin(Point(x: 0, y: 1600), of: list)
        #expect(scene.cannotScroll(list) == up | left | right, "bounced past the bottom")
        let pager = scene.add(
            parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties(contentWidth: 1200))
        #expect(scene.cannotScroll(pager) == right, "the first page; its height is unknown, so says nothing")
        scene.setBoundsOrigin(Point(x: 800, y: 0), of: pager)
        #expect(scene.cannotScroll(pager) == left)
        let plain = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 10, height: 10), properties: ViewProperties())
        #expect(scene.cannotScroll(plain) == 0, "no content size: nothing known")
    }

    @Test("scrolling a view's bounds origin moves its subviews the other way, and not the view")
    func scrollingMovesContent() {
        var scene = Scene()
        let window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let scroller = scene.add(
            parent: window, frame: Rect(x: 0, y: 100, width: 400, height: 400), properties: ViewProperties())
        let cell = scene.add(parent: scroller, frame: Rect(x: 0, y: 300, width: 400, height: 100), properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 10, y: 450)) == cell)
        scene.setBoundsOrigin(Point(x: 0, y: 250), of: scroller)
        #expect(scene.windowFrame(of: scroller) == Rect(x: 0, y: 100, width: 400, height: 400))
        #expect(scene.windowFrame(of: cell) == Rect(x: 0, y: 150, width: 400, height: 100))
        #expect(scene.hitTest(Point(x: 10, y: 160)) == cell)
        #expect(scene.hitTest(Point(x: 10, y: 450)) == scroller, "the cell scrolled away")
        #expect(scene.hitTest(Point(x: 10, y: 90)) == window, "the scroller itself stays")
        // A scroll view's own coordinates include its content offset.
        #expect(scene.convert(Point(x: 10, y: 160), to: scroller) == Point(x: 10, y: 310))
        #expect(scene.convert(Point(x: 10, y: 160), to: cell) == Point(x: 10, y: 10))
        // Content scrolled up above the scroller is outside it, so never hit (R2).
        scene.setBoundsOrigin(Point(x: 0, y: 350), of: scroller)
        #expect(scene.windowFrame(of: cell) == Rect(x: 0, y: 50, width: 400, height: 100))
        #expect(scene.hitTest(Point(x: 10, y: 60)) == window)
        #expect(scene.hitTest(Point(x: 10, y: 120)) == cell)
    }

    @Test("R6: past a transparent view with scrolled content, the views behind it are where they are")
    func transparentOverScrolledContent() {
        var scene = Scene()
        let window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let back = scene.add(parent: window, frame: Rect(x: 0, y: 0, width: 400, height: 400), properties: ViewProperties())
        let overlay = scene.add(
            parent: window, frame: Rect(x: 0, y: 0, width: 400, height: 400),
            properties: ViewProperties(transparentWhenEmpty: true))
        let chip = scene.add(parent: overlay, frame: Rect(x: 0, y: 100, width: 50, height: 50), properties: ViewProperties())
        scene.setBoundsOrigin(Point(x: 0, y: 100), of: overlay)
        #expect(scene.hitTest(Point(x: 10, y: 10)) == chip)
        // The walk goes down into the overlay and back up: `back` must be tested where
        // it is (0–400), not shifted by the overlay's content offset (-100–300).
        #expect(scene.hitTest(Point(x: 200, y: 350)) == back)
        #expect(scene.hitTest(Point(x: 200, y: 450)) == window)
    }

    @Test("a removed view goes with its subtree; its siblings keep their order")
    func removal() {
        var scene = Scene()
        let window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let back = scene.add(parent: window, frame: frame, properties: ViewProperties())
        let middle = scene.add(parent: window, frame: frame, properties: ViewProperties())
        let inner = scene.add(parent: middle, frame: frame, properties: ViewProperties())
        let front = scene.add(parent: window, frame: frame, properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 5, y: 5)) == front)
        scene.remove(middle)
        #expect(!scene.contains(middle) && !scene.contains(inner) && scene.isRemoved(inner))
        #expect(scene.windowFrame(of: inner) == nil && scene.frame(of: middle) == nil)
        #expect(scene.hitTest(Point(x: 5, y: 5)) == front)
        scene.remove(front)
        #expect(scene.hitTest(Point(x: 5, y: 5)) == back, "the one behind, not the removed middle")
        let later = scene.add(parent: window, frame: frame, properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 5, y: 5)) == later, "added after the removals, in front")
        scene.remove(later)
        #expect(scene.hitTest(Point(x: 5, y: 5)) == back)
        scene.remove(window)
        #expect(scene.hitTest(Point(x: 5, y: 5)) == nil, "no view left: the touch is dropped (R10)")
        #expect(scene.count == 6, "indices are never reused")
    }

    @Test("siblings keep their order whatever leaves or joins, in any order: the front-most live one is hit")
    func siblingOrder() {
        var scene = Scene()
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let other = scene.add(parent: window, frame: Rect(x: 200, y: 0, width: 100, height: 100), properties: ViewProperties())
        // The model: the window's subviews under the point, back to front.
        var model: [Int] = []
        var random = SplitMix64(seed: 55)
        for step in 0..<2_000 {
            switch random.below(4) {
            case 0, 1:
                model.append(scene.add(parent: window, frame: frame, properties: ViewProperties()))
            case 2 where !model.isEmpty:
                let leaving = model.remove(at: random.below(model.count))
                scene.remove(leaving)
            case 3 where !model.isEmpty:
                // Into the other view and back: it comes back in front.
                let moving = model.remove(at: random.below(model.count))
                scene.setParent(other, of: moving, frame: frame)
                scene.setParent(window, of: moving, frame: frame)
                model.append(moving)
            default:
                break
            }
            #expect(scene.hitTest(Point(x: 5, y: 5)) == model.last ?? window, "step \(step)")
            if let last = model.last, step % 100 == 0 {
                // Behind the front-most, the next in the model.
                scene.setProperties(ViewProperties(hidden: true), of: last)
                #expect(scene.hitTest(Point(x: 5, y: 5)) == (model.count > 1 ? model[model.count - 2] : window))
                scene.setProperties(ViewProperties(), of: last)
            }
        }
    }

    @Test("moving, scrolling and removing a deep chain walk it without recursion")
    func deepChain() {
        var scene = Scene()
        var view = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let root = view
        for _ in 0..<100_000 {
            view = scene.add(parent: view, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        }
        scene.setBoundsOrigin(Point(x: -1, y: 0), of: root)
        #expect(scene.windowFrame(of: view)?.x == 1)
        #expect(scene.hitTest(Point(x: 0.5, y: 5)) == root, "the whole chain moved right by one point")
        #expect(scene.hitTest(Point(x: 1, y: 5)) == view)
        scene.remove(root + 1)
        #expect(!scene.contains(view) && scene.contains(root))
        #expect(scene.hitTest(Point(x: 1, y: 5)) == root)
    }

    // MARK: - The engine

    @Test("R16: removing a view cancels a begun pan on it and its touch, which stays down reaching no one")
    func removalCancelsPan() throws {
        var scene = try Scenario(
            "view window { view panel }\nrecognizer drag = pan on panel { cancelsTouchesInView: false }", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("panel", as: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let panel = try #require(scene.views["panel"])
        #expect(try scene.engine.touchDown(1, at: Point(x: 100, y: 100), time: 0) == panel)
        scene.record()
        try scene.move(1, 150, 100, at: 0.05)
        try scene.move(1, 160, 100, at: 0.1)
        #expect(scene.phases("drag") == [.began, .changed])
        try scene.remove("panel", at: 0.2)
        // The pan is cancelled by its table's `on cancel` (R16), before the view's
        // cancellation, which is a touch phase delivered after the actions (§0.3).
        #expect(
            scene.log.filter { $0.hasPrefix("0.200") && !$0.hasSuffix("reset") }
                == ["0.200 drag cancelled", "0.200 panel touches cancelled 1"])
        #expect(scene.engine.view(ofTouch: 1) == nil)
        // The finger is still down: its next move and its lift are taken, and reach no one.
        try scene.move(1, 200, 100, at: 0.3)
        try scene.up(1, 200, 100, at: 0.4)
        #expect(scene.log.filter { $0.hasPrefix("0.300") || $0.hasPrefix("0.400") }.isEmpty)
        #expect(scene.phases("drag") == [.began, .changed, .cancelled])
        #expect(scene.deliveries == ["panel began 1", "panel moved 1", "panel moved 1", "panel cancelled 1"])
        // Where the panel was, the window takes new touches.
        #expect(try scene.engine.touchDown(2, at: Point(x: 100, y: 100), time: 1) == scene.views["window"])
        #expect(try scene.state("drag") == .possible)
    }

    @Test("§0.3 step 4: removing a view ends what its subtree holds; the window's pan keeps the touch")
    func removalLeavesAncestorsTheTouch() throws {
        var scene = try Scenario(
            """
            view window { view list { view cell } }
            recognizer scroll = pan on window { cancelsTouchesInView: false }
            recognizer press = longPress on cell
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("list", as: "list", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("cell", as: "cell", frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let (list, cell) = (try #require(scene.views["list"]), try #require(scene.views["cell"]))
        #expect(try scene.engine.touchDown(1, at: Point(x: 50, y: 50), time: 0) == cell)
        scene.record()
        try scene.move(1, 50, 80, at: 0.05)
        #expect(scene.phases("scroll") == [.began])
        #expect(scene.lines("press failed").count == 1, "moved beyond its allowable movement")
        try scene.remove("list", at: 0.1)
        #expect(scene.phases("scroll") == [.began], "the window stays, and its pan with the touch")
        #expect(scene.deliveries == ["cell began 1", "cell moved 1", "cell cancelled 1"], "the cell leaves: cancelled (R16)")
        #expect(!scene.engine.scene.contains(cell.index), "the cell went with the list")
        #expect(scene.engine.view(ofTouch: 1) == nil, "bound to no view from now on")
        // The finger goes on moving and lifts: the window's pan follows it to its end.
        try scene.move(1, 50, 120, at: 0.15)
        try scene.up(1, 50, 120, at: 0.2)
        #expect(scene.phases("scroll") == [.began, .changed, .ended])
        #expect(scene.deliveries == ["cell began 1", "cell moved 1", "cell cancelled 1"], "nothing more reaches a removed view")
        // A removed view takes no touch, subview or change.
        let cellRole = try #require(scene.engine.role(of: cell))
        #expect(throws: EngineError.viewRemoved(list)) { try scene.engine.addView(role: cellRole, parent: list) }
        #expect(throws: EngineError.viewRemoved(cell)) {
            try scene.engine.touchDown(2, at: Point(x: 50, y: 50), time: 0.2, view: cell)
        }
        #expect(throws: EngineError.viewRemoved(cell)) { try scene.engine.setFrame(.zero, of: cell) }
        #expect(throws: EngineError.viewRemoved(cell)) { try scene.engine.setBoundsOrigin(.zero, of: cell) }
        #expect(throws: EngineError.viewRemoved(cell)) { try scene.engine.setProperties(ViewProperties(), of: cell) }
        #expect(throws: EngineError.viewRemoved(list)) { try scene.engine.removeView(list, time: 0.2) }
        #expect(throws: EngineError.unknownView(ViewInstance(99))) { try scene.engine.removeView(ViewInstance(99), time: 0.2) }
        #expect(scene.engine.location(Point(x: 1, y: 1), in: cell) == nil)
    }

    @Test("R54: a removed recognizer that no touch holds fails, and releases the one waiting for it")
    func removalReleasesDependent() throws {
        var scene = try Scenario(
            """
            view window { view panel }
            recognizer single = tap on window
            recognizer double = tap(taps: 2) on panel
            single requires double to fail
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("panel", as: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        try scene.tap(1, 100, 100, at: 0, on: "panel")
        #expect(scene.lines("single held for double").count == 1)
        #expect(scene.phases("single") == [])
        try scene.remove("panel", at: 0.1)
        #expect(scene.lines("0.100 double removed with panel").count == 1)
        #expect(scene.lines("0.100 single released").count == 1)
        #expect(scene.phases("single") == [.ended], "at the removal, not when double's interval ends")
        // Its `ended` was held back while the taps were possible (R40); the view hears
        // of the touch's end once, as a cancellation.
        #expect(scene.deliveries == ["panel began 1", "panel cancelled 1"])
        #expect(scene.engine.nextDeadline == nil, "double's timer went with it")
    }

    @Test("R41: a touch held back from a removed view never reaches it; the window's tap still has it")
    func removalOfViewNotYetTold() throws {
        var scene = try Scenario(
            "view window { view panel }\nrecognizer hold = tap on window { delaysTouchesBegan: true }", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("panel", as: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        try scene.down(1, 100, 100, at: 0, on: "panel")
        try scene.remove("panel", at: 0.05)
        #expect(scene.lines("hold failed").isEmpty, "its view stays: it keeps the touch")
        try scene.up(1, 100, 100, at: 0.1)
        #expect(scene.phases("hold") == [.ended], "a tap on the window, whatever became of the panel")
        #expect(scene.deliveries.isEmpty, "the panel never heard of the touch, and the window never had it")
    }

    @Test("a view moved to another parent keeps its touch and recognizers; ties and exclusion follow the new hierarchy")
    func reparenting() throws {
        var scene = try Scenario(
            """
            view window { view columnA; view columnB { view slot } }
            view card in columnA, slot
            recognizer slotPan = pan on slot
            recognizer cardPan = pan on card
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("columnA", as: "columnA", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        try scene.add("columnB", as: "columnB", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        try scene.add("slot", as: "slot", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        try scene.add("card", as: "card", under: "columnA", frame: Rect(x: 0, y: 100, width: 200, height: 100))
        let (card, slot, columnA) = (try #require(scene.views["card"]), try #require(scene.views["slot"]), try #require(scene.views["columnA"]))
        // Refused: a parent its role may not sit in, the view itself or a view inside it.
        let cardRole = try #require(scene.engine.role(of: card))
        #expect(throws: EngineError.invalidParent(role: cardRole, parent: scene.views["window"])) {
            try scene.engine.setParent(scene.views["window"], of: card, frame: .zero)
        }
        let columnB = try #require(scene.views["columnB"])
        let columnBRole = try #require(scene.engine.role(of: columnB))
        #expect(throws: EngineError.invalidParent(role: columnBRole, parent: slot)) {
            try scene.engine.setParent(slot, of: columnB, frame: .zero)
        }
        // A drag starts on the card in column A, and the card moves into column B's slot.
        #expect(try scene.engine.touchDown(1, at: Point(x: 50, y: 150), time: 0) == card)
        scene.record()
        try scene.engine.setParent(slot, of: card, frame: Rect(x: 0, y: 300, width: 200, height: 100))
        #expect(scene.engine.view(ofTouch: 1) == card, "it keeps its touch (R5)")
        #expect(scene.engine.scene.parent(of: card.index) == slot.index)
        #expect(scene.engine.scene.hitTest(Point(x: 50, y: 150)) == columnA.index, "hit testing sees it gone")
        try scene.move(1, 80, 150, at: 0.05)
        try scene.up(1, 80, 150, at: 0.1)
        // The slot's pan never saw the touch: recognizers are collected at touch-down (R19).
        #expect(scene.phases("cardPan") == [.began, .ended])
        #expect(scene.phases("slotPan") == [])
        // A new touch on the card in its new place reaches the slot's pan too: the card's,
        // one level deeper (R50), wins and excludes it (R47).
        #expect(try scene.engine.touchDown(2, at: Point(x: 250, y: 350), time: 1) == card)
        try scene.move(2, 250, 380, at: 1.05)
        #expect(scene.lines("slotPan excluded by cardPan").count == 1, "\(scene.lines(""))")
    }

    @Test("R47: a view moved to a parent at the same depth competes with its new ancestors' recognizers, not its old ones'")
    func reparentingAtTheSameDepth() throws {
        // The move changes no depth, only the ancestors: what decides which views are
        // related must follow it all the same.
        var scene = try Scenario(
            """
            view window { view columnA; view columnB }
            view card in columnA, columnB
            recognizer columnAPan = pan on columnA
            recognizer columnBPan = pan on columnB
            recognizer cardPan = pan on card
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("columnA", as: "columnA", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        try scene.add("columnB", as: "columnB", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        try scene.add("card", as: "card", under: "columnA", frame: Rect(x: 0, y: 100, width: 200, height: 100))
        let (card, columnB) = (try #require(scene.views["card"]), try #require(scene.views["columnB"]))
        try scene.engine.setParent(columnB, of: card, frame: Rect(x: 0, y: 100, width: 200, height: 100))
        scene.record()
        #expect(try scene.engine.touchDown(1, at: Point(x: 250, y: 150), time: 0) == card)
        try scene.move(1, 250, 180, at: 0.05)
        // The card's pan, deeper (R50), begins first and excludes the pan of the column
        // that now holds the card (R47); column A's never saw the touch (R19).
        #expect(scene.phases("cardPan") == [.began])
        #expect(scene.lines("columnBPan excluded by cardPan").count == 1, "\(scene.lines(""))")
        #expect(scene.phases("columnBPan") == [])
        #expect(scene.phases("columnAPan") == [])
    }

    @Test("R12: removing one view leaves the fingers on another going, in the same events")
    func removalLeavesOtherViews() throws {
        var scene = try Scenario(
            """
            view window { view a; view b }
            recognizer dragA = pan on a { cancelsTouchesInView: false }
            recognizer dragB = pan on b { cancelsTouchesInView: false }
            """, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("a", as: "a", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        try scene.add("b", as: "b", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        try scene.event([(1, .down, 100, 100, "a"), (2, .down, 300, 100, "b")], at: 0)
        try scene.event([(1, .move, 100, 130, nil), (2, .move, 300, 130, nil)], at: 0.05)
        try scene.remove("a", at: 0.1)
        #expect(scene.phases("dragA") == [.began, .cancelled])
        #expect(scene.phases("dragB") == [.began])
        try scene.event([(1, .move, 100, 160, nil), (2, .move, 300, 160, nil)], at: 0.15)
        try scene.event([(1, .up, 100, 160, nil), (2, .up, 300, 160, nil)], at: 0.2)
        #expect(scene.phases("dragB") == [.began, .changed, .ended])
        #expect(scene.phases("dragA") == [.began, .cancelled])
        #expect(
            scene.deliveries == [
                "a began 1", "b began 2", "a moved 1", "b moved 2", "a cancelled 1", "b moved 2", "b ended 2",
            ])
    }

    @Test("R5: a touch stays with its view when the view moves; new touches find it where it is")
    func movedViewKeepsTouch() throws {
        var scene = try Scenario(
            "view window { view card }\nrecognizer drag = pan on card { cancelsTouchesInView: false }", views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("card", as: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let (window, card) = (try #require(scene.views["window"]), try #require(scene.views["card"]))
        #expect(try scene.engine.touchDown(1, at: Point(x: 50, y: 50), time: 0) == card)
        scene.record()
        try scene.engine.setFrame(Rect(x: 200, y: 200, width: 100, height: 100), of: card)
        try scene.move(1, 50, 120, at: 0.05)
        #expect(scene.phases("drag") == [.began], "bound to the card wherever it went")
        #expect(scene.engine.view(ofTouch: 1) == card)
        #expect(try scene.engine.touchDown(2, at: Point(x: 50, y: 50), time: 0.1) == window)
        #expect(try scene.engine.touchDown(3, at: Point(x: 250, y: 250), time: 0.2) == card)
        // The card's own coordinates follow it (`location(in: gesture.view)`).
        #expect(scene.engine.location(Point(x: 250, y: 250), in: card) == Point(x: 50, y: 50))
        try scene.engine.setFrame(Rect(x: 200, y: 200, width: 10, height: 10), of: card)
        #expect(try scene.engine.touchDown(4, at: Point(x: 250, y: 250), time: 0.3) == window, "resized")
        #expect(throws: EngineError.notFinite) {
            try scene.engine.setFrame(Rect(x: .nan, y: 0, width: 1, height: 1), of: card)
        }
        #expect(throws: EngineError.notFinite) { try scene.engine.setBoundsOrigin(Point(x: 0, y: .infinity), of: card) }
    }

    @Test("R68: a long press holds while content scrolls under a still finger, and fails when the finger drags")
    func longPressInScrollingContent() throws {
        let spec = """
            view window { view scroller { view cell } }
            recognizer press = longPress on cell
            """
        func setUp() throws -> Scenario {
            var scene = try Scenario(spec, views: [])
            try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
            try scene.add("scroller", as: "scroller", frame: Rect(x: 0, y: 0, width: 400, height: 800))
            try scene.add("cell", as: "cell", frame: Rect(x: 0, y: 100, width: 400, height: 100))
            #expect(try scene.engine.touchDown(1, at: Point(x: 50, y: 150), time: 0) == scene.views["cell"])
            scene.record()
            return scene
        }
        var still = try setUp()
        let (scroller, cell) = (try #require(still.views["scroller"]), try #require(still.views["cell"]))
        #expect(still.engine.location(Point(x: 50, y: 150), in: cell) == Point(x: 50, y: 50))
        // Momentum scrolls the content 40 pt up while the finger rests.
        try still.engine.setBoundsOrigin(Point(x: 0, y: 40), of: scroller)
        #expect(still.engine.location(Point(x: 50, y: 150), in: cell) == Point(x: 50, y: 90))
        #expect(still.engine.location(Point(x: 50, y: 150), in: scroller) == Point(x: 50, y: 190))
        try still.advance(to: 0.5)
        #expect(still.phases("press") == [.began], "measured on screen, the finger has not moved")
        #expect(still.actions.last?.values == [50, 150], "reported in window coordinates")

        var dragged = try setUp()
        try dragged.move(1, 50, 110, at: 0.2)
        try dragged.advance(to: 0.5)
        #expect(dragged.phases("press") == [])
        #expect(dragged.lines("press failed").count == 1, "40 pt on screen is beyond its 10 pt")
    }

    @Test("every call that succeeds clears the last call's outputs: a scene change after a timer's step leaves nothing to read again")
    func sceneChangesClearOutputs() throws {
        let program = try compileSet(
            """
            view window { view card }
            recognizer press = longPress on card
            hook pressable
            """)
        let engine = try GestureEngine(program: program)
        let window = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let card = try engine.addView(role: 1, parent: window, frame: Rect(x: 0, y: 0, width: 400, height: 400))
        _ = try engine.touchDown(1, at: Point(x: 100, y: 100), time: 0)
        // The long press's timer fires at 0.5 s (R66): its action is the step's output.
        try engine.advance(to: 0.5)
        #expect(engine.outputs.contains { if case .action(let action) = $0 { action.phase == .began } else { false } })
        let changes: [(String, () throws -> Void)] = [
            ("setFrame", { try engine.setFrame(Rect(x: 0, y: 10, width: 400, height: 400), of: card) }),
            ("setBoundsOrigin", { try engine.setBoundsOrigin(Point(x: 0, y: 5), of: window) }),
            ("setProperties", { try engine.setProperties(ViewProperties(program.views[1]), of: card) }),
            ("setParent", { try engine.setParent(window, of: card, frame: Rect(x: 0, y: 0, width: 400, height: 400)) }),
            ("addView", { try engine.addView(role: 1, parent: window, frame: Rect(x: 0, y: 500, width: 10, height: 10)) }),
            ("setWindowSize", { try engine.setWindowSize(Point(x: 400, y: 800)) }),
            ("bind", { try engine.bind(hook: 0) { true } }),
        ]
        for (name, change) in changes {
            try change()
            #expect(engine.outputs.isEmpty, "after \(name), the timer's began is not there to be read again")
            #expect(engine.reportedValues.isEmpty)
        }
    }
}
