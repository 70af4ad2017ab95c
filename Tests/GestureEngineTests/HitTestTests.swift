import GestureRuntime
import Testing

/// SEMANTICS §A on a `Scene` built by hand: a 400 × 800 window with whatever each
/// test puts in it.
@Suite("Hit testing")
struct HitTestTests {
    let scene: Scene
    let window: Int

    init() {
        var scene = Scene()
        window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        self.scene = scene
    }

    @Test("R1: hidden, non-interactive and transparent views are skipped with their subtree")
    func skipped() {
        var scene = self.scene
        let back = scene.add(parent: window, frame: Rect(x: 0, y: 0, width: 200, height: 200), properties: ViewProperties())
        for properties in [ViewProperties(hidden: true), ViewProperties(interactive: false), ViewProperties(alpha: 0.005)] {
            var scene = scene
            let front = scene.add(parent: window, frame: Rect(x: 0, y: 0, width: 200, height: 200), properties: properties)
            let child = scene.add(parent: front, frame: Rect(x: 0, y: 0, width: 50, height: 50), properties: ViewProperties())
            #expect(scene.hitTest(Point(x: 100, y: 100)) == back, "\(properties)")
            #expect(scene.hitTest(Point(x: 10, y: 10)) == back, "the subtree goes too: \(child)")
        }
        var visible = scene
        let faint = visible.add(
            parent: window, frame: Rect(x: 0, y: 0, width: 200, height: 200), properties: ViewProperties(alpha: 0.01))
        #expect(visible.hitTest(Point(x: 100, y: 100)) == faint, "alpha 0.01 is still hit")
    }

    @Test("R2: the part of a subview outside its parent is never hit")
    func outsideParent() {
        var scene = self.scene
        let parent = scene.add(parent: window, frame: Rect(x: 100, y: 100, width: 100, height: 100), properties: ViewProperties())
        let child = scene.add(parent: parent, frame: Rect(x: 50, y: 50, width: 100, height: 100), properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 160, y: 160)) == child)
        #expect(scene.hitTest(Point(x: 220, y: 220)) == window, "sticks out of its parent")
    }

    @Test("R3: the minimum edges are inside, the maximum edges outside, an empty frame nothing")
    func edges() {
        var scene = self.scene
        let box = scene.add(parent: window, frame: Rect(x: 10, y: 10, width: 20, height: 20), properties: ViewProperties())
        let empty = scene.add(parent: window, frame: Rect(x: 50, y: 50, width: 0, height: 20), properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 10, y: 10)) == box)
        #expect(scene.hitTest(Point(x: 29.999, y: 29.999)) == box)
        #expect(scene.hitTest(Point(x: 30, y: 20)) == window)
        #expect(scene.hitTest(Point(x: 20, y: 30)) == window)
        #expect(scene.hitTest(Point(x: 50, y: 55)) == window, "empty view \(empty) contains nothing")
        #expect(scene.hitTest(Point(x: 400, y: 10)) == nil, "outside the window: dropped (R10)")
    }

    @Test("R4: among overlapping siblings the one added last, in front, wins; else the parent")
    func frontFirst() {
        var scene = self.scene
        let back = scene.add(parent: window, frame: Rect(x: 0, y: 0, width: 100, height: 100), properties: ViewProperties())
        let front = scene.add(parent: window, frame: Rect(x: 50, y: 50, width: 100, height: 100), properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 75, y: 75)) == front)
        #expect(scene.hitTest(Point(x: 25, y: 25)) == back)
        #expect(scene.hitTest(Point(x: 300, y: 300)) == window)
    }

    @Test("R6: a view transparent where empty passes touches to what is behind, its subviews stay hittable")
    func transparentOverlay() {
        var scene = self.scene
        // The seed's drawer: an overlay over a canvas of dots, with a handle.
        let canvas = scene.add(parent: window, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        let dot = scene.add(parent: canvas, frame: Rect(x: 100, y: 100, width: 40, height: 40), properties: ViewProperties())
        let overlay = scene.add(
            parent: window, frame: Rect(x: 0, y: 0, width: 400, height: 800),
            properties: ViewProperties(transparentWhenEmpty: true))
        let handle = scene.add(parent: overlay, frame: Rect(x: 0, y: 700, width: 400, height: 100), properties: ViewProperties())
        #expect(scene.hitTest(Point(x: 120, y: 120)) == dot)
        #expect(scene.hitTest(Point(x: 300, y: 300)) == canvas)
        #expect(scene.hitTest(Point(x: 120, y: 750)) == handle)
        #expect(overlay != canvas)
    }

    @Test("R7: hit slop and a 44 pt minimum target enlarge a small dot without moving it")
    func enlargedTarget() {
        var scene = self.scene
        let small = scene.add(parent: window, frame: Rect(x: 100, y: 100, width: 20, height: 20), properties: ViewProperties())
        let large = scene.add(
            parent: window, frame: Rect(x: 200, y: 100, width: 20, height: 20), properties: ViewProperties(minimumTarget: 44))
        let slop = scene.add(
            parent: window, frame: Rect(x: 300, y: 100, width: 20, height: 20), properties: ViewProperties(hitSlop: 10))
        // 12 pt outside the frames' edges: inside the 44 pt target (12 = (44 - 20) / 2).
        #expect(scene.hitTest(Point(x: 89, y: 110)) == window, "\(small) has no margin")
        #expect(scene.hitTest(Point(x: 189, y: 110)) == large)
        #expect(scene.hitTest(Point(x: 187, y: 110)) == window, "beyond 44 pt")
        #expect(scene.hitTest(Point(x: 291, y: 91)) == slop)
        #expect(scene.hitTest(Point(x: 289, y: 110)) == window, "beyond the slop")
        let shrunk = scene.add(
            parent: window, frame: Rect(x: 0, y: 400, width: 40, height: 40), properties: ViewProperties(hitSlop: -10))
        #expect(scene.hitTest(Point(x: 5, y: 405)) == window, "a negative slop shrinks \(shrunk)")
    }

    @Test("deep nesting is walked without recursion")
    func deepChain() {
        var scene = self.scene
        var parent = window
        for _ in 0..<100_000 {
            parent = scene.add(parent: parent, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
        }
        #expect(scene.hitTest(Point(x: 1, y: 1)) == parent)
    }
}
