/// A rectangle: origin and size, in points.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether every value is a finite number, as the engine requires.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// CGRect containment (R3): the minimum edges are inside, the maximum edges are
    /// not, and an empty rectangle contains nothing.
    public func contains(_ point: Point) -> Bool {
        width > 0 && height > 0 && point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    /// The part of both rectangles; nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The touch target of a view with these bounds (R7): grown by `slop` on every
    /// side (shrunk when negative), then to at least `minimum` wide and high, centred.
    func target(slop: Double, minimum: Double) -> Rect {
        var area = Rect(x: x - slop, y: y - slop, width: width + 2 * slop, height: height + 2 * slop)
        if area.width < minimum {
            area.x -= (minimum - area.width) / 2
            area.width = minimum
        }
        if area.height < minimum {
            area.y -= (minimum - area.height) / 2
            area.height = minimum
        }
        return area
    }
}

/// A view instance's hit-testing and delivery properties (docs/semantics.md §A, §B). A view
/// takes its role's unless the host overrides them when it adds the view.
public struct ViewProperties: Hashable, Sendable {
    /// `isUserInteractionEnabled` (R1, R8).
    public var interactive: Bool
    public var hidden: Bool
    /// Below 0.01 the view is skipped by hit testing (R1).
    public var alpha: Double
    /// Points added to the touch target on every side (R7).
    public var hitSlop: Double
    /// The smallest width and height of the touch target, centred (R7).
    public var minimumTarget: Double
    /// Hit only where a subview is hit (R6).
    public var transparentWhenEmpty: Bool
    /// `isMultipleTouchEnabled` (R14).
    public var multipleTouch: Bool
    /// `isExclusiveTouch` (R15).
    public var exclusiveTouch: Bool
    /// A scroll view's `contentSize`, in points; 0 leaves a side unknown. With its
    /// bounds origin (`contentOffset`) it tells where the content can scroll no further
    /// (`Feature.cannotScroll`, R81a).
    public var contentWidth: Double = 0
    public var contentHeight: Double = 0
    /// The view takes part in a running animation (`UIView.animate`): hit testing skips
    /// it and its subtree, unless the animation allows user interaction (R9).
    public var animating = false
    /// The animation runs with `.allowUserInteraction`: the view stays hit-testable
    /// while it animates (R9).
    public var animationAllowsInteraction = false

    public init(
        interactive: Bool = true, hidden: Bool = false, alpha: Double = 1, hitSlop: Double = 0,
        minimumTarget: Double = 0, transparentWhenEmpty: Bool = false, multipleTouch: Bool = false,
        exclusiveTouch: Bool = false, contentWidth: Double = 0, contentHeight: Double = 0, animating: Bool = false,
        animationAllowsInteraction: Bool = false
    ) {
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.animating = animating
        self.animationAllowsInteraction = animationAllowsInteraction
        self.interactive = interactive
        self.hidden = hidden
        self.alpha = alpha
        self.hitSlop = hitSlop
        self.minimumTarget = minimumTarget
        self.transparentWhenEmpty = transparentWhenEmpty
        self.multipleTouch = multipleTouch
        self.exclusiveTouch = exclusiveTouch
    }

    /// Whether the numbers are finite, as the engine requires.
    public var isFinite: Bool {
        alpha.isFinite && hitSlop.isFinite && minimumTarget.isFinite && contentWidth.isFinite && contentHeight.isFinite
    }

    /// The role's declared properties.
    public init(_ role: GestureProgram.ViewRole) {
        self.init(
            interactive: role.interactive, hidden: role.hidden, alpha: role.alpha, hitSlop: role.hitSlop,
            minimumTarget: role.minimumTarget, transparentWhenEmpty: role.transparentWhenEmpty,
            multipleTouch: role.multipleTouch, exclusiveTouch: role.exclusiveTouch)
    }

    /// Whether hit testing skips the view and its whole subtree (R1, R9).
    var skipsHitTesting: Bool {
        hidden || !interactive || !(alpha >= 0.01) || (animating && !animationAllowsInteraction)
    }
}

/// View instances in a tree with frames, for hit testing (docs/semantics.md §A, R1–R7, R10).
///
/// Views are added parent first; among siblings, a later one is in front. Frames are
/// in the parent's coordinates, which its bounds origin (a scroll view's content
/// offset) shifts, and points in the window's. Hit testing runs from the front-most
/// root down, the way `UIView.hitTest(_:with:)` does.
///
/// The scene lives: a view may be moved, resized, scrolled or removed at any time. A
/// view keeps only its frame and bounds origin, never where it is on screen, so moving
/// or scrolling one costs the same whatever it holds: hit testing works out each
/// position on its way down, and `windowFrame(of:)` walks up the view's ancestors.
/// Positions are sums of those numbers, exact for the whole and half points of real
/// layouts.
public struct Scene: Sendable {
    struct View: Sendable {
        var parent: Int
        var frame: Rect
        /// The origin of its bounds (`bounds.origin`, a scroll view's content offset):
        /// the point of its own coordinates at its top-left corner, which moves its
        /// subviews on screen the other way.
        var boundsOrigin = Point.zero
        var properties: ViewProperties
        /// Its neighbours among its siblings (or the roots): the one just behind and
        /// the one just in front, -1 for none. Siblings form a list rather than an
        /// array, so that a view leaves them, or joins them, at no cost of theirs (a
        /// list's cells recycled front first).
        var behind = -1
        var inFront = -1
        /// Its subviews: the back-most and the front-most, -1 for none.
        var backChild = -1
        var frontChild = -1
        /// Removed with its subtree (`remove(_:)`): hit testing never reaches it.
        var removed = false
        /// How many views had the index before it (`ViewInstance.generation`): an
        /// engine's scene takes a removed view's index again (`add(at:generation:…)`).
        var generation: UInt32 = 0

        /// Where its subviews' frames are measured from, relative to where its own
        /// frame is measured from.
        var contentOffset: Point { Point(x: frame.x - boundsOrigin.x, y: frame.y - boundsOrigin.y) }
    }

    private(set) var views: [View] = []
    /// Root views, as a list like siblings: the back-most and the front-most.
    private var backRoot = -1
    private var frontRoot = -1

    public init() {}

    /// The number of indices taken: views added, removed ones included. A scene
    /// never reuses an index by itself; an engine's scene takes a removed view's again
    /// for a new view once the engine is done with it (`GestureEngine.removeView`).
    public var count: Int { views.count }

    /// Whether the view was added and has not been removed.
    public func contains(_ view: Int) -> Bool { views.indices.contains(view) && !views[view].removed }

    /// Whether the view was added and then removed, with its subtree.
    public func isRemoved(_ view: Int) -> Bool { views.indices.contains(view) && views[view].removed }

    /// Adds a view in front of its siblings and returns its index. `parent` must be a
    /// view of the scene (the engine checks it), or nil for a root.
    @discardableResult
    public mutating func add(parent: Int?, frame: Rect, properties: ViewProperties) -> Int {
        let index = views.count
        let parent = parent.flatMap { contains($0) ? $0 : nil }
        views.append(View(parent: parent ?? -1, frame: frame, properties: properties))
        joinSiblings(index)
        return index
    }

    /// Adds a view at `index`, the next index or one of a removed view, in front of its
    /// siblings, as `add` does: the engine's own, which chooses the index
    /// (`GestureEngine.addView`). The removed view's subviews are left as they are:
    /// removed, and never walked again.
    mutating func add(at index: Int, generation: UInt32, parent: Int?, frame: Rect, properties: ViewProperties) {
        let parent = parent.flatMap { contains($0) ? $0 : nil }
        var view = View(parent: parent ?? -1, frame: frame, properties: properties)
        view.generation = generation
        if index == views.count {
            views.append(view)
        } else {
            precondition(isRemoved(index), "a scene index taken again while its view is in the scene")
            views[index] = view
        }
        joinSiblings(index)
    }

    /// Whether `view` is the view at its index, removed or not: not one whose index
    /// another took since.
    func holds(_ view: ViewInstance) -> Bool {
        views.indices.contains(view.index) && views[view.index].generation == view.generation
    }

    /// Moves a view, with its subtree, to another parent (nil: a root), in front of its
    /// new siblings, at `frame` in the new parent's coordinates. The caller checks that
    /// the parent is a view of the scene and not inside the view. It costs the depth
    /// of the new parent (the check), not the siblings.
    public mutating func setParent(_ parent: Int?, of view: Int, frame: Rect) {
        guard contains(view), parent.map({ contains($0) && !isInside($0, view) }) ?? true else { return }
        leaveSiblings(view)
        views[view].parent = parent ?? -1
        views[view].frame = frame
        joinSiblings(view)
    }

    /// Puts the view in front of its parent's subviews (or the roots).
    private mutating func joinSiblings(_ view: Int) {
        let parent = views[view].parent
        let front = parent >= 0 ? views[parent].frontChild : frontRoot
        views[view].behind = front
        views[view].inFront = -1
        if front >= 0 { views[front].inFront = view }
        if parent >= 0 {
            views[parent].frontChild = view
            if views[parent].backChild < 0 { views[parent].backChild = view }
        } else {
            frontRoot = view
            if backRoot < 0 { backRoot = view }
        }
    }

    /// Takes the view out of its parent's subviews (or the roots): its neighbours
    /// close up, at no cost of the others.
    private mutating func leaveSiblings(_ view: Int) {
        let (parent, behind, inFront) = (views[view].parent, views[view].behind, views[view].inFront)
        if behind >= 0 {
            views[behind].inFront = inFront
        } else if parent >= 0 {
            views[parent].backChild = inFront
        } else {
            backRoot = inFront
        }
        if inFront >= 0 {
            views[inFront].behind = behind
        } else if parent >= 0 {
            views[parent].frontChild = behind
        } else {
            frontRoot = behind
        }
        views[view].behind = -1
        views[view].inFront = -1
    }

    /// Whether `view` is `ancestor` or inside it. It costs the view's depth.
    private func isInside(_ view: Int, _ ancestor: Int) -> Bool {
        var current = view
        while current >= 0 {
            if current == ancestor { return true }
            current = views[current].parent
        }
        return false
    }

    /// Changes a view's hit-testing and delivery properties: hiding it, fading it,
    /// or making it non-interactive while it animates (R9). Touches already down keep
    /// their views (R5).
    public mutating func setProperties(_ properties: ViewProperties, of view: Int) {
        guard contains(view) else { return }
        views[view].properties = properties
    }

    /// Moves or resizes a view (`frame` in its parent's coordinates); its subviews move
    /// with it. Touches already down keep their views (R5).
    public mutating func setFrame(_ frame: Rect, of view: Int) {
        guard contains(view) else { return }
        views[view].frame = frame
    }

    /// Scrolls a view's content: `origin` becomes the point of its own coordinates at
    /// its top-left corner (`bounds.origin`, a scroll view's `contentOffset`), so its
    /// subviews move on screen by the opposite amount. The view itself stays.
    public mutating func setBoundsOrigin(_ origin: Point, of view: Int) {
        guard contains(view) else { return }
        views[view].boundsOrigin = origin
    }

    /// Removes a view and its subtree: hit testing no longer finds them, and they can
    /// be neither changed nor given subviews. Their indices stay taken, unless the
    /// engine whose scene it is gives them to new views. It costs the view's subtree.
    public mutating func remove(_ view: Int) {
        guard contains(view) else { return }
        leaveSiblings(view)
        var next: Int? = view
        while let current = next {
            views[current].removed = true
            next = self.next(after: current, within: view)
        }
    }

    /// The view after `view` in a walk of `root`'s subtree, parents before their
    /// subviews, back to front; nil after the last. The walk needs no stack, so no
    /// depth of nesting can exhaust one.
    func next(after view: Int, within root: Int) -> Int? {
        if views[view].backChild >= 0 { return views[view].backChild }
        var current = view
        while current != root {
            if views[current].inFront >= 0 { return views[current].inFront }
            current = views[current].parent
            guard current >= 0 else { return nil }
        }
        return nil
    }

    public func frame(of view: Int) -> Rect? { contains(view) ? views[view].frame : nil }

    /// The view's bounds origin (`setBoundsOrigin(_:of:)`).
    public func boundsOrigin(of view: Int) -> Point? { contains(view) ? views[view].boundsOrigin : nil }

    /// The view's touch target in window coordinates: its bounds grown by its hit
    /// slop and minimum target (R7).
    public func touchTarget(of view: Int) -> Rect? {
        guard let bounds = windowFrame(of: view) else { return nil }
        return bounds.target(slop: views[view].properties.hitSlop, minimum: views[view].properties.minimumTarget)
    }

    /// The view's frame in window coordinates, as it is now. It costs the view's depth.
    public func windowFrame(of view: Int) -> Rect? {
        guard contains(view) else { return nil }
        var origin = Point(x: views[view].frame.x, y: views[view].frame.y)
        var ancestor = views[view].parent
        while ancestor >= 0 {
            origin = origin + views[ancestor].contentOffset
            ancestor = views[ancestor].parent
        }
        return Rect(x: origin.x, y: origin.y, width: views[view].frame.width, height: views[view].frame.height)
    }

    /// `point`, in window coordinates, in the view's own coordinates: from its
    /// top-left corner plus its bounds origin, as `UIView.convert(_:from: nil)` gives it.
    public func convert(_ point: Point, to view: Int) -> Point? {
        guard let frame = windowFrame(of: view) else { return nil }
        let bounds = views[view].boundsOrigin
        return Point(x: point.x - frame.x + bounds.x, y: point.y - frame.y + bounds.y)
    }

    /// The directions of finger movement in which the view's content can scroll no
    /// further (`Feature.cannotScroll`, R81a), as direction bits (left 1, right 2, up 4,
    /// down 8): at the top of its content (bounds origin y at or above 0) a drag down
    /// would pull past it, and so on; an axis whose content size is unknown (0) says
    /// nothing.
    public func cannotScroll(_ view: Int) -> UInt8 {
        guard contains(view) else { return 0 }
        let frame = views[view].frame
        let origin = views[view].boundsOrigin
        let properties = views[view].properties
        var bits: UInt8 = 0
        if properties.contentWidth > 0 {
            if origin.x <= 0 { bits |= 2 }
            if origin.x >= properties.contentWidth - frame.width { bits |= 1 }
        }
        if properties.contentHeight > 0 {
            if origin.y <= 0 { bits |= 8 }
            if origin.y >= properties.contentHeight - frame.height { bits |= 4 }
        }
        return bits
    }

    /// The view's parent, or nil for a root.
    public func parent(of view: Int) -> Int? {
        guard views.indices.contains(view), views[view].parent >= 0 else { return nil }
        return views[view].parent
    }

    public func properties(of view: Int) -> ViewProperties? {
        contains(view) ? views[view].properties : nil
    }

    /// The deepest view that takes a touch at `point` (window coordinates), or nil when
    /// none does and the touch is dropped (R10).
    ///
    /// `UIView.hitTest(_:with:)`, walked without recursion so that no depth of nesting
    /// can exhaust the call stack: a view is skipped with its subtree when hidden, not
    /// interactive or transparent (R1), and when the point is outside its own touch
    /// target, whatever its subviews cover (R2, R3, R7); otherwise its subviews are
    /// tried from front to back (R4), and if none is hit the view itself is, unless it
    /// is transparent where empty (R6).
    public func hitTest(_ point: Point) -> Int? {
        var view = frontRoot
        // Where the frame of `view` is measured from, in window coordinates: its
        // parent's content origin, worked out on the way down.
        var base = Point.zero
        while view >= 0 {
            if takes(point, view, from: base) {
                let front = views[view].frontChild
                if front >= 0 {
                    base = base + views[view].contentOffset
                    view = front
                    continue
                }
                if !views[view].properties.transparentWhenEmpty { return view }
            }
            // Nothing in `view`'s subtree: try the sibling behind it; when there is
            // none, its parent's subviews gave nothing and the parent answers itself.
            while true {
                let behind = views[view].behind
                if behind >= 0 {
                    view = behind
                    break
                }
                let parent = views[view].parent
                if parent < 0 { return nil }
                if !views[parent].properties.transparentWhenEmpty { return parent }
                // Up to the parent's siblings: undo the step down into it.
                base = base - views[parent].contentOffset
                view = parent
            }
        }
        return nil
    }

    /// Whether the point is in the view's touch target and the view is hit-testable;
    /// `base` is where its frame is measured from, in window coordinates.
    private func takes(_ point: Point, _ index: Int, from base: Point) -> Bool {
        let view = views[index]
        guard !view.properties.skipsHitTesting else { return false }
        let bounds = Rect(x: base.x + view.frame.x, y: base.y + view.frame.y, width: view.frame.width, height: view.frame.height)
        return bounds.target(slop: view.properties.hitSlop, minimum: view.properties.minimumTarget).contains(point)
    }

}
