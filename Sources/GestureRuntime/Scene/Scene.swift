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

    public init(
        interactive: Bool = true, hidden: Bool = false, alpha: Double = 1, hitSlop: Double = 0,
        minimumTarget: Double = 0, transparentWhenEmpty: Bool = false, multipleTouch: Bool = false,
        exclusiveTouch: Bool = false
    ) {
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
    public var isFinite: Bool { alpha.isFinite && hitSlop.isFinite && minimumTarget.isFinite }

    /// The role's declared properties.
    public init(_ role: GestureProgram.ViewRole) {
        self.init(
            interactive: role.interactive, hidden: role.hidden, alpha: role.alpha, hitSlop: role.hitSlop,
            minimumTarget: role.minimumTarget, transparentWhenEmpty: role.transparentWhenEmpty,
            multipleTouch: role.multipleTouch, exclusiveTouch: role.exclusiveTouch)
    }

    /// Whether hit testing skips the view and its whole subtree (R1).
    var skipsHitTesting: Bool { hidden || !interactive || !(alpha >= 0.01) }
}

/// View instances in a tree with frames, for hit testing (docs/semantics.md §A, R1–R7, R10).
///
/// Views are added parent first; among siblings, a later one is in front. Frames are
/// in the parent's coordinates and points in the window's. Hit testing runs from the
/// front-most root down, the way `UIView.hitTest(_:with:)` does.
public struct Scene: Sendable {
    struct View: Sendable {
        var parent: Int
        var frame: Rect
        /// The frame's origin in window coordinates.
        var origin: Point
        /// Its place among its siblings (or the roots), back to front.
        var position: Int
        var properties: ViewProperties
        /// Subviews, back to front.
        var children: [Int] = []
    }

    private(set) var views: [View] = []
    /// Root views, back to front.
    private var roots: [Int] = []

    public init() {}

    /// The number of views.
    public var count: Int { views.count }

    /// Adds a view in front of its siblings and returns its index. `parent` must be a
    /// view already added (the engine checks it), or nil for a root.
    @discardableResult
    public mutating func add(parent: Int?, frame: Rect, properties: ViewProperties) -> Int {
        let index = views.count
        let parent = parent.flatMap { views.indices.contains($0) ? $0 : nil }
        var origin = Point(x: frame.x, y: frame.y)
        let position: Int
        if let parent {
            origin = origin + views[parent].origin
            position = views[parent].children.count
            views[parent].children.append(index)
        } else {
            position = roots.count
            roots.append(index)
        }
        views.append(View(
            parent: parent ?? -1, frame: frame, origin: origin,
            position: position, properties: properties))
        return index
    }

    /// Changes a view's hit-testing and delivery properties: hiding it, fading it,
    /// or making it non-interactive while it animates (R9). Touches already down keep
    /// their views (R5).
    public mutating func setProperties(_ properties: ViewProperties, of view: Int) {
        guard views.indices.contains(view) else { return }
        views[view].properties = properties
    }

    public func frame(of view: Int) -> Rect? { views.indices.contains(view) ? views[view].frame : nil }

    /// The view's touch target in window coordinates: its bounds grown by its hit
    /// slop and minimum target (R7).
    public func touchTarget(of view: Int) -> Rect? {
        guard views.indices.contains(view) else { return nil }
        let origin = views[view].origin, size = views[view].frame
        let bounds = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        return bounds.target(slop: views[view].properties.hitSlop, minimum: views[view].properties.minimumTarget)
    }

    /// The view's frame in window coordinates.
    public func windowFrame(of view: Int) -> Rect? {
        guard views.indices.contains(view) else { return nil }
        let origin = views[view].origin, size = views[view].frame
        return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The view's parent, or nil for a root.
    public func parent(of view: Int) -> Int? {
        guard views.indices.contains(view), views[view].parent >= 0 else { return nil }
        return views[view].parent
    }

    public func properties(of view: Int) -> ViewProperties? {
        views.indices.contains(view) ? views[view].properties : nil
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
        var view = roots.last ?? -1
        while view >= 0 {
            if takes(point, view) {
                if let front = views[view].children.last {
                    view = front
                    continue
                }
                if !views[view].properties.transparentWhenEmpty { return view }
            }
            // Nothing in `view`'s subtree: try the sibling behind it; when there is
            // none, its parent's subviews gave nothing and the parent answers itself.
            while true {
                if let behind = sibling(behind: view) {
                    view = behind
                    break
                }
                let parent = views[view].parent
                if parent < 0 { return nil }
                if !views[parent].properties.transparentWhenEmpty { return parent }
                view = parent
            }
        }
        return nil
    }

    /// Whether the point is in the view's touch target and the view is hit-testable.
    private func takes(_ point: Point, _ index: Int) -> Bool {
        guard !views[index].properties.skipsHitTesting, let target = touchTarget(of: index) else { return false }
        return target.contains(point)
    }

    private func sibling(behind index: Int) -> Int? {
        let position = views[index].position
        guard position > 0 else { return nil }
        let parent = views[index].parent
        return parent >= 0 ? views[parent].children[position - 1] : roots[position - 1]
    }
}
