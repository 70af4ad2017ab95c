import GestureRuntime

/// One explored input, whole: a touch sequence from the first finger down to the last
/// lift, with what it does in words. The explorer finds them (`Explorer`, `InputTree`);
/// lint, diff and the pairs report run them, and a counterexample writes one as a trace.
struct Probe: Sendable {
    struct Event: Hashable, Sendable {
        var time: Double
        var changes: [TouchChange]
    }

    /// What the input does, in words, for notes and counterexamples: "finger 1 goes
    /// down, finger 1 drags right 75pt in 100ms, the finger lifts".
    var summary: String
    var events: [Event]
    /// The most fingers down at once.
    var fingers: Int

    /// The window of a role laid out alone (`Place.alone`): every view of its chain
    /// fills it.
    static let window = Point(x: 1000, y: 1000)

    enum Direction: String, CaseIterable, Sendable {
        case right, left, down, up

        var unit: Point {
            switch self {
            case .right: Point(x: 1, y: 0)
            case .left: Point(x: -1, y: 0)
            case .down: Point(x: 0, y: 1)
            case .up: Point(x: 0, y: -1)
            }
        }
    }

    /// sin and cos of an angle under about 1.5 radians, for turning fingers.
    static func sineAndCosine(_ angle: Double) -> (sine: Double, cosine: Double) {
        (sine(angle), cosine(angle))
    }
}

/// sin and cos without libm, by Taylor series: the explorer's angles are under 1.5 radians.
private func sine(_ x: Double) -> Double {
    var term = x
    var sum = x
    for n in 1...8 {
        term *= -x * x / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}

private func cosine(_ x: Double) -> Double {
    var term = 1.0
    var sum = 1.0
    for n in 1...8 {
        term *= -x * x / Double((2 * n - 1) * (2 * n))
        sum += term
    }
    return sum
}
