import GestureDSL
import GestureRuntime

/// A device a scene is put on (`--device`, a scene's `device`): its window, its safe
/// area, and the system's own edge gestures, which run around the app as competitors
/// (`SystemGestures`, docs/devices.md). The tool ships `builtIn`; a user adds one as a
/// JSON file of the same fields (`--device path.json`, or an object in a scene).
///
/// Every figure has its source in docs/devices.md. Apple publishes the screens' sizes
/// in points but no width for the zones its edge gestures start in, nor how long it
/// holds a touch there: those are marked "(chosen)" there, and in the findings that
/// rest on them.
public struct DeviceProfile: Hashable, Sendable {
    public enum Platform: String, Hashable, Sendable, CaseIterable {
        case iOS = "ios"
        case android
    }

    /// Distances from the window's edges, in points (dp on Android).
    public struct Insets: Hashable, Sendable {
        public var top: Double
        public var left: Double
        public var bottom: Double
        public var right: Double

        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// The profile's name, as `--device` takes it: `iphone-14`.
    public var name: String
    public var platform: Platform
    /// The window's width and height in points, portrait.
    public var window: Point
    public var safeArea: Insets
    public var systemGestures: [SystemGesture]
    /// The vertical extent of exclusion areas the system honours on each side edge
    /// (Android: 200 dp); nil where an app cannot claim areas from the system.
    public var exclusionLimit: Double?

    public init(
        name: String, platform: Platform, window: Point, safeArea: Insets, systemGestures: [SystemGesture],
        exclusionLimit: Double? = nil
    ) {
        self.name = name
        self.platform = platform
        self.window = window
        self.safeArea = safeArea
        self.systemGestures = systemGestures
        self.exclusionLimit = exclusionLimit
    }

    /// Whether the system answers the back swipe (Android's gesture navigation): a
    /// recognizer with `backSwipe: true` then stands aside, as it does not exist there.
    public var systemOwnsBackSwipe: Bool { systemGestures.contains(where: \.navigatesBack) }

    /// The parts of the exclusion areas (window frames) the system honours for a
    /// gesture's edge: those in its zone, clipped to it, from the bottom up while their
    /// heights fit `exclusionLimit` (which part of more the system keeps is not
    /// documented; the lowest, chosen). None for a gesture no app can claim from.
    public func honoured(_ areas: [Rect], for gesture: SystemGesture) -> [Rect] {
        guard gesture.excludable else { return [] }
        let zone = gesture.zone(in: window)
        var clipped = areas.compactMap { $0.intersection(zone) }
        guard let limit = exclusionLimit else { return clipped }
        clipped.sort { $0.y + $0.height > $1.y + $1.height }
        var left = limit
        var kept: [Rect] = []
        for var area in clipped where left > 0 {
            if area.height > left {
                area.y += area.height - left
                area.height = left
            }
            left -= area.height
            kept.append(area)
        }
        return kept
    }

    /// The built-in profile of that name.
    public static func named(_ name: String) -> DeviceProfile? { builtIn.first { $0.name == name } }
}

/// One of the system's edge gestures: a one-finger swipe inwards from `edge` that starts
/// within `depth` of it (and within `span` along it), which the system takes once the
/// finger has travelled `distance` inwards (docs/semantics.md §K).
public struct SystemGesture: Hashable, Sendable {
    /// An edge, named as the language names it (`screenEdgePan(edges:)`): by the
    /// direction it faces, `down` for the bottom edge.
    public enum Edge: String, Hashable, Sendable, CaseIterable {
        case left, right, up, down

        /// The language's direction for this edge.
        public var direction: GestureDirections {
            switch self {
            case .left: .left
            case .right: .right
            case .up: .up
            case .down: .down
            }
        }

        /// "the bottom edge".
        public var words: String {
            switch self {
            case .left: "the left edge"
            case .right: "the right edge"
            case .up: "the top edge"
            case .down: "the bottom edge"
            }
        }
    }

    /// `home`, `notificationCenter`, `controlCenter`, `back`.
    public var name: String
    public var edge: Edge
    /// How far from the edge a touch may start, in points.
    public var depth: Double
    /// The part of the edge it starts along, as fractions of the edge's length from its
    /// left or top end: `0...1` for the whole edge.
    public var span: ClosedRange<Double>
    /// The inward travel at which the system takes the touch.
    public var distance: Double
    /// iOS: the app's touch-down in the zone is held back while the system may still
    /// take the touch, at most this long (nil: delivered at once, as Android does).
    public var delay: Double?
    /// Android: a touch that stays this long without travelling `distance` is the app's
    /// ("swipes that begin with a long press are delivered to the app").
    public var hold: Double?
    /// Whether an app can defer it (iOS, `preferredScreenEdgesDeferringSystemGestures`).
    public var deferrable: Bool
    /// Deferred, how long after the app's swipe a second swipe from the edge is the
    /// system's (iOS shows its indicator after the first).
    public var secondSwipe: Double?
    /// Whether an app can claim areas of its zone (Android's exclusion rectangles, not
    /// within the mandatory system gesture insets).
    public var excludable: Bool
    /// Whether it goes back (Android's back swipe), in the place of a `backSwipe`
    /// recognizer.
    public var navigatesBack: Bool

    public init(
        name: String, edge: Edge, depth: Double, span: ClosedRange<Double> = 0...1, distance: Double,
        delay: Double? = nil, hold: Double? = nil, deferrable: Bool = false, secondSwipe: Double? = nil,
        excludable: Bool = false, navigatesBack: Bool = false
    ) {
        self.name = name
        self.edge = edge
        self.depth = depth
        self.span = span
        self.distance = distance
        self.delay = delay
        self.hold = hold
        self.deferrable = deferrable
        self.secondSwipe = secondSwipe
        self.excludable = excludable
        self.navigatesBack = navigatesBack
    }

    /// The area a touch starts the gesture in, in window coordinates.
    public func zone(in window: Point) -> Rect {
        let horizontal = edge == .up || edge == .down
        let length = horizontal ? window.x : window.y
        let start = span.lowerBound * length
        let extent = (span.upperBound - span.lowerBound) * length
        switch edge {
        case .left: return Rect(x: 0, y: start, width: depth, height: extent)
        case .right: return Rect(x: window.x - depth, y: start, width: depth, height: extent)
        case .up: return Rect(x: start, y: 0, width: extent, height: depth)
        case .down: return Rect(x: start, y: window.y - depth, width: extent, height: depth)
        }
    }

    /// How far a finger moved from `start` to `point` away from the edge, and along it.
    public func travel(from start: Point, to point: Point) -> (inward: Double, along: Double) {
        let dx = point.x - start.x
        let dy = point.y - start.y
        switch edge {
        case .left: return (dx, abs(dy))
        case .right: return (-dx, abs(dy))
        case .up: return (dy, abs(dx))
        case .down: return (-dy, abs(dx))
        }
    }

    /// A point `inset` from the edge, at `position` (a fraction) along it.
    public func point(in window: Point, inset: Double, at position: Double) -> Point {
        switch edge {
        case .left: Point(x: inset, y: position * window.y)
        case .right: Point(x: window.x - inset, y: position * window.y)
        case .up: Point(x: position * window.x, y: inset)
        case .down: Point(x: position * window.x, y: window.y - inset)
        }
    }

    /// The unit step inwards from the edge.
    public var inward: Point {
        switch edge {
        case .left: Point(x: 1, y: 0)
        case .right: Point(x: -1, y: 0)
        case .up: Point(x: 0, y: 1)
        case .down: Point(x: 0, y: -1)
        }
    }
}

extension DeviceProfile {
    /// The profiles the tool ships: three iPhones of different shapes, an iPad and an
    /// Android phone with gesture navigation. docs/devices.md gives each figure's source.
    public static let builtIn: [DeviceProfile] = [
        iPhone(
            "iphone-se", window: Point(x: 375, y: 667), top: 20, bottom: 0,
            // A home button: no home swipe; Control Center comes up from the bottom edge.
            gestures: [iOSEdge("notificationCenter", .up, depth: 20), iOSEdge("controlCenter", .down, depth: 20)]),
        iPhone("iphone-14", window: Point(x: 390, y: 844), top: 47, bottom: 34, gestures: withoutHomeButton(top: 47, bottom: 34)),
        iPhone(
            "iphone-15-pro-max", window: Point(x: 430, y: 932), top: 59, bottom: 34,
            gestures: withoutHomeButton(top: 59, bottom: 34)),
        iPhone("ipad-pro-11", window: Point(x: 834, y: 1194), top: 24, bottom: 20, gestures: withoutHomeButton(top: 24, bottom: 20)),
        DeviceProfile(
            name: "pixel-7", platform: .android, window: Point(x: 412, y: 915), safeArea: Insets(top: 24, bottom: 24),
            systemGestures: [
                androidEdge("back", .left, excludable: true), androidEdge("back", .right, excludable: true),
                // The mandatory system gesture insets: no app can claim them.
                androidEdge("home", .down, excludable: false),
            ],
            exclusionLimit: 200),
    ]

    /// Apple publishes none of these three: the distance and the second swipe are
    /// chosen; the hold is what developers report, about a second (docs/devices.md).
    static let iOSDistance = 10.0
    static let iOSDelay = 1.0
    static let iOSSecondSwipe = 3.0
    /// (chosen) Android's touch slop is per device; a long press is its
    /// `ViewConfiguration` long-press timeout.
    static let androidDistance = 12.0
    static let androidHold = 0.5

    private static func iPhone(_ name: String, window: Point, top: Double, bottom: Double, gestures: [SystemGesture]) -> DeviceProfile {
        DeviceProfile(name: name, platform: .iOS, window: window, safeArea: Insets(top: top, bottom: bottom), systemGestures: gestures)
    }

    /// A device without a home button: the home swipe from the bottom edge, and from the
    /// top edge Notification Center left of the status bar's right end and Control Center
    /// right of it (the split chosen at two thirds).
    private static func withoutHomeButton(top: Double, bottom: Double) -> [SystemGesture] {
        [
            iOSEdge("home", .down, depth: bottom),
            iOSEdge("notificationCenter", .up, depth: top, span: 0...(2.0 / 3)),
            iOSEdge("controlCenter", .up, depth: top, span: (2.0 / 3)...1),
        ]
    }

    private static func iOSEdge(
        _ name: String, _ edge: SystemGesture.Edge, depth: Double, span: ClosedRange<Double> = 0...1
    ) -> SystemGesture {
        SystemGesture(
            name: name, edge: edge, depth: depth, span: span, distance: iOSDistance, delay: iOSDelay, deferrable: true,
            secondSwipe: iOSSecondSwipe)
    }

    private static func androidEdge(_ name: String, _ edge: SystemGesture.Edge, excludable: Bool) -> SystemGesture {
        SystemGesture(
            name: name, edge: edge, depth: 24, distance: androidDistance, hold: androidHold, excludable: excludable,
            navigatesBack: name == "back")
    }
}
