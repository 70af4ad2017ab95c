/// A touch the engine is tracking: where it went down and where it is.
struct TouchRecord {
    /// The host's id for the touch.
    var id: Int
    var live = false
    /// Counts touches down since the engine started: orders them by arrival.
    var arrival: Int
    /// The hit-test view it is bound to (R5), and that view's role.
    var view: Int
    var role: Int
    /// What made it (`TouchType`): which recognizers receive it.
    var type: TouchType = .direct
    /// The pointer's scroll or transform it stands for, or nil for a touch (R88, R89).
    var pointer: PointerInput?
    /// A transform's scale and rotation since it began.
    var scale = 1.0
    var rotation = 0.0
    var downLocation: Point
    var location: Point
    /// Where it was before the current move.
    var previousLocation: Point
    var tapCount: Int
    /// When it went down, and when it last changed (`UITouch.timestamp`): a view that
    /// hears of it late still gets these times (R17, R41).
    var downTime: Double
    var timestamp: Double
    /// Its position among the changes of the event that last changed it.
    var changeOrder = 0
    /// The slot is in use: the touch is down, or its view has phases still to get.
    var occupied = true
    /// Delivery to its view (`GestureEngine.Core.Delivery`); `closed` until the touch
    /// proves to reach one.
    var delivery = GestureEngine.Core.Delivery.closed
    /// Phases its view is due: a move since the last delivery, a move while `began`
    /// was held back (one catch-up move, R41), the lift, the system's cancel.
    var moved = false
    var movedWhileWithheld = false
    var lifted = false
    var systemCancelled = false
}

extension TouchRecord {
    /// Applies the touch's change in an input event in one access to its record: its
    /// new location (`previousLocation` keeps where it was before the event), the
    /// event's time, and its place among the event's changes. A lift is its last
    /// movement; the view's due phases are noted by `GestureEngine.Core.Delivery`.
    mutating func change(to location: Point, at time: Double, order: Int, lifting: Bool) {
        previousLocation = self.location
        self.location = location
        timestamp = time
        changeOrder = order
        if lifting {
            live = false
            lifted = true
        } else if delivery == .withheld {
            movedWhileWithheld = true
        } else if delivery == .open {
            moved = true
        }
    }

    /// A pointer input's values in a change: a transform's scale and rotation since it
    /// began (R89).
    mutating func transform(_ change: TouchChange) {
        scale = change.scale
        rotation = change.rotation
    }

    /// The system cancelled the touch (R16) in an input event.
    mutating func cancel(at time: Double, order: Int) {
        live = false
        systemCancelled = true
        timestamp = time
        changeOrder = order
    }
}

/// A set of touch slots, as bits: what a recognizer tracks. A plain value, so that
/// recognizer records copy without reference counting; it caps the touches down at
/// once at `capacity` (`EngineError.tooManyTouches`).
struct TouchSet: Sequence, Equatable {
    static let capacity = 64

    private var bits: UInt64 = 0

    /// The set as a mask of touch slots: two sets share a touch where their masks meet.
    var mask: UInt64 { bits }

    init() {}

    private init(bits: UInt64) {
        self.bits = bits
    }

    /// Counted bit by bit: a recognizer tracks a few touches, and without a `popcnt`
    /// instruction in the baseline x86-64 target, `nonzeroBitCount` costs about twenty
    /// instructions whatever the set.
    var count: Int {
        var remaining = bits
        var count = 0
        while remaining != 0 {
            remaining &= remaining &- 1
            count &+= 1
        }
        return count
    }
    var isEmpty: Bool { bits == 0 }
    /// The lowest slot, or -1 for none.
    var first: Int { bits == 0 ? -1 : bits.trailingZeroBitCount }

    @inline(__always)
    func contains(_ slot: Int) -> Bool { bits & (1 << UInt64(slot)) != 0 }
    @inline(__always)
    mutating func insert(_ slot: Int) { bits |= 1 << UInt64(slot) }
    @inline(__always)
    mutating func remove(_ slot: Int) { bits &= ~(1 << UInt64(slot)) }
    mutating func removeAll() { bits = 0 }
    @inline(__always)
    mutating func subtract(_ other: TouchSet) { bits &= ~other.bits }

    @inline(__always)
    func union(_ other: TouchSet) -> TouchSet { TouchSet(bits: bits | other.bits) }
    @inline(__always)
    func intersection(_ other: TouchSet) -> TouchSet { TouchSet(bits: bits & other.bits) }
    @inline(__always)
    func subtracting(_ other: TouchSet) -> TouchSet { TouchSet(bits: bits & ~other.bits) }

    func makeIterator() -> Iterator { Iterator(remaining: bits) }

    /// The mean location of these touches; zero for none.
    func centroid(in records: borrowing EngineBuffer<TouchRecord>) -> Point {
        guard !isEmpty else { return .zero }
        // One touch, the usual case, without the loop: the same sum (from zero, which
        // turns a -0 into 0) divided by one.
        if bits & (bits &- 1) == 0 { return .zero + records[bits.trailingZeroBitCount].location }
        var sum = Point.zero
        for slot in self { sum = sum + records[slot].location }
        return sum / Double(count)
    }

    /// The slots in ascending order.
    struct Iterator: IteratorProtocol {
        var remaining: UInt64

        mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            let slot = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return slot
        }
    }
}

/// The measurements behind a recognizer's features (`Feature`), kept up to date as its
/// touches move, so that each feature is cheap to read when a routine asks.
///
/// Accumulated values are continuous whatever fingers come and go: `translation` adds
/// the centroid's movement only over touches that stay down, and `scale` and `rotation`
/// are re-based when the pair of touches they measure changes (Decision 7 in the
/// README).
struct Kinematics {
    /// Whether any touch has gone down since the last reset.
    var started = false
    var startTime = 0.0
    /// The centroid of the first touches, fixed at the sequence's first lift (R64).
    var startLocation = Point.zero
    var startFixed = false
    /// The centroid of the touches counted (`RecognizerRecord.location`), kept up to
    /// date by each event; where they were when the last one lifted, once none is down.
    var lastLocation = Point.zero
    var translation = Point.zero
    var velocity = Point.zero
    /// The greatest distance a tracked touch has moved from where it went down (R68).
    var movement = 0.0
    /// The two touches (slots) `spread`, `scale` and `rotation` measure, or -1.
    var pairFirst = -1
    var pairSecond = -1
    var pairSpread = 0.0
    var pairAngle = 0.0
    /// `scale` is `pairSpread / scaleBase`.
    var scaleBase = 0.0
    var scale = 1.0
    var rotation = 0.0
    var scaleVelocity = 0.0
    var rotationVelocity = 0.0
    /// The values at the last earlier timestamp, for velocities (R17: from touch
    /// timestamps, never from delivery time).
    var sampleTime = 0.0
    var currentTime = 0.0
    var sampleTranslation = Point.zero
    var sampleScale = 1.0
    var sampleRotation = 0.0
    /// When the velocities were last measured: the time of the last movement.
    var velocityTime = 0.0
    /// The touch that changed last: its view role and tap count (R65).
    var lastRole = -1
    /// That touch's view instance, for `touchedView in ROLE`.
    var lastView = -1
    var lastTapCount = 0
    /// And its type's bit (`TouchTypes`), for `touchType`.
    var lastTouchType: UInt8 = TouchTypes.direct.rawValue

    /// The value of a feature measured here: all but `touchCount`, `location`,
    /// `windowSize`, `cannotScroll` and `gliding`, which the engine knows (one slot in `x` unless `Feature.width` is 2).
    func value(of feature: Feature, now: Double) -> Point {
        switch feature {
        case .startLocation: startLocation
        case .translation: translation
        case .velocity: velocity
        case .movement: Point(x: movement, y: 0)
        case .spread: Point(x: pairFirst >= 0 ? pairSpread : 0, y: 0)
        case .scale: Point(x: scale, y: 0)
        case .scaleVelocity: Point(x: scaleVelocity, y: 0)
        case .rotation: Point(x: rotation, y: 0)
        case .rotationVelocity: Point(x: rotationVelocity, y: 0)
        case .elapsed: Point(x: started ? now - startTime : 0, y: 0)
        case .tapCount: Point(x: Double(lastTapCount), y: 0)
        case .dominantDirection: Point(x: Self.direction(of: translation), y: 0)
        case .touchedView: Point(x: Double(lastRole), y: 0)
        case .touchType: Point(x: Double(lastTouchType), y: 0)
        case .touchCount, .location, .windowSize, .cannotScroll, .gliding, .scrolling, .transforming, .pointerInside: .zero
        }
    }

    /// The direction bits (left 1, right 2, up 4, down 8) of a vector's larger
    /// component; 0 for no movement.
    static func direction(of vector: Point) -> Double {
        if vector.x == 0 && vector.y == 0 { return 0 }
        if abs(vector.x) >= abs(vector.y) { return vector.x < 0 ? 1 : 2 }
        return vector.y < 0 ? 4 : 8
    }

    /// Moves the sampling window forward when time advances.
    mutating func sample(at time: Double) {
        if time > currentTime {
            sampleTime = currentTime
            sampleTranslation = translation
            sampleScale = scale
            sampleRotation = rotation
            currentTime = time
        }
    }

    /// Recomputes the velocities after movement at `time`.
    mutating func updateVelocities() {
        let interval = currentTime - sampleTime
        guard interval > 0 else { return }
        velocityTime = currentTime
        velocity = (translation - sampleTranslation) / interval
        scaleVelocity = (scale - sampleScale) / interval
        rotationVelocity = (rotation - sampleRotation) / interval
    }

    /// Follows the two tracked touches that went down first: re-bases when they
    /// change, otherwise accumulates the change of their distance and angle.
    mutating func updatePair(
        _ tracked: TouchSet, _ records: borrowing EngineBuffer<TouchRecord>, geometry: inout PairGeometry
    ) {
        var first = -1
        var second = -1
        for slot in tracked {
            if first < 0 || records[slot].arrival < records[first].arrival {
                second = first
                first = slot
            } else if second < 0 || records[slot].arrival < records[second].arrival {
                second = slot
            }
        }
        guard second >= 0 else {
            pairFirst = -1
            pairSecond = -1
            return
        }
        geometry.measure(records[first].location, records[second].location)
        let spread = geometry.spread
        let angle = geometry.angle
        if first == pairFirst && second == pairSecond {
            rotation += Trigonometry.normalized(angle - pairAngle)
            if scaleBase > 0 {
                scale = spread / scaleBase
            } else if spread > 0 {
                // The pair started on one spot: measure from here.
                if scale <= 0 { scale = 1 }
                scaleBase = spread / scale
            }
        } else {
            pairFirst = first
            pairSecond = second
            // Keep `scale` where it was: the new pair's spread stands for it.
            if scale <= 0 { scale = 1 }
            scaleBase = spread / scale
        }
        pairSpread = spread
        pairAngle = angle
    }
}

/// The distance and angle between two points, kept for the last pair measured: the
/// recognizers that follow the same two fingers in an event (a pinch and a rotation
/// together) share one square root and one arctangent. Keyed by the points
/// themselves, so a reading is never stale.
struct PairGeometry {
    private var a = Point(x: .nan, y: .nan)
    private var b = Point(x: .nan, y: .nan)
    private(set) var spread = 0.0
    private(set) var angle = 0.0

    mutating func measure(_ a: Point, _ b: Point) {
        // Bit for bit (-0 is not 0 to an arctangent); the first reading, of NaN, never
        // matches.
        if Self.same(a, self.a) && Self.same(b, self.b) { return }
        self.a = a
        self.b = b
        spread = (b - a).length
        angle = Trigonometry.angle(y: b.y - a.y, x: b.x - a.x)
    }

    private static func same(_ p: Point, _ q: Point) -> Bool {
        p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern
    }
}
