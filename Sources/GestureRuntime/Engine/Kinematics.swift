/// A touch the engine is tracking: where it went down and where it is.
struct TouchRecord {
    /// The host's id for the touch.
    var id: Int
    var live = false
    /// The hit-test view it is bound to (R5), and that view's role.
    var view: Int
    var role: Int
    var downLocation: Point
    var location: Point
    /// Where it was before the current move.
    var previousLocation: Point
    var tapCount: Int
    /// The touch's recognizers, in the order they are fed (R22, R23). Some may have
    /// refused or ignored it since; a recognizer tracks the touch only while the touch
    /// is in its own `touches`.
    var recognizers: [Int] = []
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
    /// The centroid when the last touch lifted, for `location` with no touch down.
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
    /// The touch that changed last: its view role and tap count (R65).
    var lastRole = -1
    var lastTapCount = 0

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
        velocity = (translation - sampleTranslation) / interval
        scaleVelocity = (scale - sampleScale) / interval
        rotationVelocity = (rotation - sampleRotation) / interval
    }

    /// Follows the first two tracked touches: re-bases when they change, otherwise
    /// accumulates the change of their distance and angle.
    mutating func updatePair(_ touches: [Int], _ records: [TouchRecord]) {
        guard touches.count >= 2 else {
            pairFirst = -1
            pairSecond = -1
            return
        }
        let a = records[touches[0]].location, b = records[touches[1]].location
        let spread = (b - a).length
        let angle = Trigonometry.angle(y: b.y - a.y, x: b.x - a.x)
        if touches[0] == pairFirst && touches[1] == pairSecond {
            rotation += Trigonometry.normalized(angle - pairAngle)
            if scaleBase > 0 {
                scale = spread / scaleBase
            } else if spread > 0 {
                // The pair started on one spot: measure from here.
                if scale <= 0 { scale = 1 }
                scaleBase = spread / scale
            }
        } else {
            pairFirst = touches[0]
            pairSecond = touches[1]
            // Keep `scale` where it was: the new pair's spread stands for it.
            if scale <= 0 { scale = 1 }
            scaleBase = spread / scale
        }
        pairSpread = spread
        pairAngle = angle
    }
}
