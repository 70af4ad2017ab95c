import GestureRuntime
import TestSupport
import Testing

/// A removed view's slot, with its recognizers', is given to a later view of the same
/// role once the interaction is over: what the engine stores is bounded by the views in
/// the window, not by every view made, and a handle kept from before names a removed
/// view, never the one in its place (docs/engine.md, "A living scene").
@Suite("Slot reuse")
struct SlotReuseTests {
    /// A list whose cells have a tap, a long press and a pan, and may hold a badge.
    static let cells = """
        view list { view cell { view badge } }
        recognizer select = tap on cell
        recognizer menu = longPress on cell
        recognizer swipe = pan on cell
        recognizer scroll = pan on list
        """

    private func list() throws -> Scenario {
        var scene = try Scenario(Self.cells, views: [])
        try scene.add("list", as: "list", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        return scene
    }

    @Test("a list that recycles its cells one at a time, each tapped, stores one cell's slots however many it made")
    func recycling() throws {
        var scene = try list()
        let first = try #require(scene.views["list"])
        var selected: [RecognizerInstance] = []
        for index in 0..<1_000 {
            let at = Double(index)
            try scene.addCell("cell", at: 0)
            let cell = try #require(scene.views["cell"])
            try scene.tap(1, 10, 10, at: at, on: "cell")
            for case .action(let action) in scene.engine.outputs { selected.append(action.recognizer) }
            #expect(try selected.last == scene.recognizer("select", on: "cell"), "cell \(index): the tap is the new cell's (R29)")
            #expect(scene.engine.view(of: try #require(selected.last)) == cell)
            try scene.remove("cell", at: at + 0.5)
        }
        #expect(scene.phases("select").count == 1_000)
        #expect(scene.engine.storedViewCount == 2, "the list and one cell's slot")
        #expect(scene.engine.recognizerInstanceCount == 4, "the list's pan and the cell's three recognizers")
        #expect(Set(selected.map(\.index)).count == 1 && Set(selected).count == 1_000, "one slot, a generation per cell")
        #expect(scene.engine.scene.count == 2, "the scene shares the engine's slots")
        #expect(scene.engine.role(of: first) != nil)
    }

    @Test("a removed subtree frees a slot per view, each taken again by a view of its own role")
    func subtreeSlots() throws {
        var scene = try list()
        try scene.addCell("cell", at: 0)
        try scene.add("badge", as: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let (cell, badge) = (try #require(scene.views["cell"]), try #require(scene.views["badge"]))
        try scene.remove("cell", at: 0)
        #expect(scene.engine.storedViewCount == 3)
        // A cell first, then its badge: each takes its role's slot, not the other's.
        try scene.addCell("cell", at: 0)
        try scene.add("badge", as: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(scene.views["cell"] == ViewInstance(cell.index, generation: 1))
        #expect(scene.views["badge"] == ViewInstance(badge.index, generation: 1))
        #expect(scene.engine.storedViewCount == 3)
        // The new cell is where its frame says and takes touches with its recognizers.
        #expect(try scene.engine.touchDown(1, at: Point(x: 300, y: 20), time: 1) == scene.views["cell"])
        try scene.up(1, 300, 20, at: 1.05)
        #expect(scene.phases("select") == [.ended])
    }

    @Test("a handle of a view whose slot another took is a removed view's; its recognizers' are unknown")
    func staleHandles() throws {
        var scene = try list()
        try scene.addCell("a", at: 0)
        let a = try #require(scene.views["a"])
        let aSelect = try scene.recognizer("select", on: "a")
        let aRecognizers = scene.engine.recognizers(on: a)
        try scene.remove("a", at: 0)
        try scene.addCell("b", at: 100)
        let b = try #require(scene.views["b"])
        #expect(b.index == a.index && b.generation == a.generation + 1, "b took a's slot")
        let bSelect = try scene.recognizer("select", on: "b")
        #expect(bSelect.index == aSelect.index && bSelect != aSelect)
        // What a's handles may do is what a removed view's may: nothing.
        let engine = scene.engine
        #expect(throws: EngineError.viewRemoved(a)) { try engine.setFrame(.zero, of: a) }
        #expect(throws: EngineError.viewRemoved(a)) { try engine.setBoundsOrigin(.zero, of: a) }
        #expect(throws: EngineError.viewRemoved(a)) { try engine.setProperties(ViewProperties(hidden: true), of: a) }
        #expect(throws: EngineError.viewRemoved(a)) { try engine.setParent(scene.views["list"], of: a, frame: .zero) }
        #expect(throws: EngineError.viewRemoved(a)) { try engine.removeView(a, time: 1) }
        #expect(throws: EngineError.viewRemoved(a)) { try engine.addView(role: 2, parent: a) }
        #expect(throws: EngineError.viewRemoved(a)) { try engine.touchDown(1, at: Point(x: 5, y: 5), time: 1, view: a) }
        #expect(throws: EngineError.viewRemoved(a)) {
            try engine.handle([TouchChange(id: 1, phase: .down, location: Point(x: 5, y: 5), view: a)], time: 1)
        }
        #expect(throws: EngineError.unknownRecognizer(aSelect)) { try engine.setEnabled(aSelect, false, time: 1) }
        #expect(engine.recognizers(on: a).isEmpty && engine.role(of: a) == nil)
        #expect(engine.location(Point(x: 5, y: 105), in: a) == nil)
        #expect(engine.location(Point(x: 5, y: 105), in: b) == Point(x: 5, y: 5))
        for recognizer in aRecognizers {
            #expect(engine.state(of: recognizer) == nil && engine.declaration(of: recognizer) == nil)
            #expect(engine.view(of: recognizer) == nil)
        }
        // A generation the slot never had is no view at all.
        let future = ViewInstance(a.index, generation: 7)
        #expect(throws: EngineError.unknownView(future)) { try engine.setFrame(.zero, of: future) }
        // Nothing of that changed b, which works as a new view: its tap carries its
        // own generation, and so does the delivery to it.
        #expect(engine.state(of: bSelect) == .possible && engine.view(of: bSelect) == b)
        try scene.tap(1, 10, 110, at: 2, on: "b")
        let actions = scene.engine.outputs.compactMap { if case .action(let action) = $0 { action } else { nil } }
        #expect(actions.map(\.recognizer) == [bSelect])
        // The tap took the touch from its view as it recognized (R38).
        #expect(scene.deliveries == ["b began 1", "b cancelled 1"])
    }

    @Test("R19: a view removed while a finger is down keeps its slot until the lift; the touch's recognizers go on")
    func removedDuringTouch() throws {
        // The scenario list-scrolls-on-while-its-cell-is-deleted, with cells added meanwhile.
        var scene = try Scenario("view list { view cell }\nrecognizer select = tap on cell\nrecognizer scroll = pan on list", views: [])
        try scene.add("list", as: "list", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.addCell("under", at: 0)
        try scene.addCell("sibling", at: 40)
        let (under, sibling) = (try #require(scene.views["under"]), try #require(scene.views["sibling"]))
        try scene.down(1, 10, 10, at: 0, on: "under")
        try scene.remove("sibling", at: 0.05)
        // Added while the finger is down: a new slot, the removed one is still referred to.
        try scene.addCell("during", at: 40)
        let during = try #require(scene.views["during"])
        #expect(during.index != sibling.index && during.generation == 0)
        // The cell under the finger leaves too, mid-drag: the list's pan keeps the touch
        // (docs/engine.md, removal, step 3), and no later view takes the cell's slot.
        try scene.move(1, 10, 60, at: 0.1)
        #expect(scene.phases("scroll") == [.began])
        try scene.remove("under", at: 0.15)
        try scene.addCell("late", at: 0)
        let late = try #require(scene.views["late"])
        #expect(![under.index, sibling.index].contains(late.index))
        try scene.move(1, 10, 90, at: 0.2)
        try scene.up(1, 10, 90, at: 0.25)
        #expect(scene.phases("scroll") == [.began, .changed, .ended])
        #expect(scene.phases("select").isEmpty, "it failed as the finger moved away")
        // The interaction is over: the two removed cells' slots are free, the latest first.
        try scene.addCell("after", at: 0)
        try scene.addCell("after2", at: 40)
        #expect(scene.views["after"] == ViewInstance(under.index, generation: 1))
        #expect(scene.views["after2"] == ViewInstance(sibling.index, generation: 1))
        #expect(scene.engine.storedViewCount == 5)
        try scene.tap(2, 10, 10, at: 1, on: "after")
        #expect(scene.phases("select") == [.ended])
    }

    @Test("a copy of the engine keeps its free slots and the removed views waiting: both reuse alike")
    func copyKeepsFreeSlots() throws {
        var scene = try list()
        try scene.addCell("a", at: 0)
        try scene.addCell("b", at: 40)
        let (a, b) = (try #require(scene.views["a"]), try #require(scene.views["b"]))
        try scene.remove("a", at: 0)
        // b is removed while a finger is down on the list: it waits for the lift.
        try scene.engine.touchDown(1, at: Point(x: 10, y: 500), time: 1)
        try scene.remove("b", at: 1.05)
        let copy = scene.engine.copy()
        for engine in [scene.engine, copy] {
            let list = try #require(scene.views["list"])
            let frame = Rect(x: 0, y: 0, width: 400, height: 40)
            #expect(try engine.addView(role: 1, parent: list, frame: frame) == ViewInstance(a.index, generation: 1))
            #expect(try engine.addView(role: 1, parent: list, frame: frame).generation == 0, "b's slot still waits")
            try engine.touchUp(1, at: Point(x: 10, y: 500), time: 1.1)
            #expect(try engine.addView(role: 1, parent: list, frame: frame) == ViewInstance(b.index, generation: 1))
            #expect(engine.storedViewCount == 4)
        }
    }

    @Test("R50: a view in a removed view's slot is still the later addition")
    func additionOrder() throws {
        var scene = try list()
        try scene.addCell("x", at: 0)
        try scene.addCell("y", at: 40)
        try scene.remove("x", at: 0)
        try scene.addCell("z", at: 80)
        let (y, z) = (try #require(scene.views["y"]), try #require(scene.views["z"]))
        #expect(z.index < y.index, "z took x's slot")
        // Two taps, on y and on z, lift in one event: both recognize, the later
        // addition's first (R50), as before z's slot was taken again.
        try scene.event([(1, .down, 10, 50, "y"), (2, .down, 10, 90, "z")], at: 1)
        try scene.event([(1, .up, 10, 50, nil), (2, .up, 10, 90, nil)], at: 1.05)
        let order = scene.engine.outputs.compactMap { output -> ViewInstance? in
            guard case .action(let action) = output else { return nil }
            return scene.engine.view(of: action.recognizer)
        }
        #expect(order == [z, y])
    }
}

extension Scenario {
    /// A cell of the list, as wide as it and 40 points high, `y` from its top.
    fileprivate mutating func addCell(_ name: String, at y: Double) throws {
        try add(name, as: "cell", frame: Rect(x: 0, y: y, width: 400, height: 40))
    }
}
