import GestureCompiler
import GestureRuntime
import GestureSimulation

/// A touch input the linter tries on every view role: the taps, holds, drags, swipes,
/// pinches and rotations that the standard kinds and most custom kinds respond to.
/// Touches go down at the centre of a 1000 × 1000 pt window, or near an edge for the
/// edge probes.
struct Probe: Sendable {
    struct Event: Hashable, Sendable {
        var time: Double
        var changes: [TouchChange]
    }

    /// What the probe does, in words, for notes and counterexamples.
    var summary: String
    var events: [Event]
    /// The most fingers down at once.
    var fingers: Int

    /// What tells two inputs apart: their events.
    var key: [Event] { events }

    static let window = Point(x: 1000, y: 1000)
    static let centre = Point(x: 500, y: 500)

    /// Every probe, in a fixed order (deterministic output).
    static let all: [Probe] = {
        var probes: [Probe] = []
        for fingers in 1...3 {
            for taps in 1...3 { probes.append(tap(fingers: fingers, taps: taps)) }
            probes.append(hold(fingers: fingers, seconds: 1.0))
            for direction in Direction.allCases {
                probes.append(drag(fingers: fingers, direction, distance: 200, seconds: 0.1))
                if fingers == 1 {
                    probes.append(drag(fingers: 1, direction, distance: 200, seconds: 1.0))
                    probes.append(drag(fingers: 1, direction, distance: 30, seconds: 0.3))
                    probes.append(drag(fingers: 1, direction, distance: 200, seconds: 0.5, after: 0.7))
                }
            }
        }
        probes.append(twoFinger(spread: 1.8, turn: 0, summary: "a two-finger pinch outwards"))
        probes.append(twoFinger(spread: 0.5, turn: 0, summary: "a two-finger pinch inwards"))
        probes.append(twoFinger(spread: 1, turn: 0.8, summary: "a two-finger rotation"))
        for direction in Direction.allCases { probes.append(tapThenDrag(direction)) }
        probes.append(tapThenHold())
        for direction in Direction.allCases { probes.append(edgeDrag(from: direction)) }
        return probes
    }()

    enum Direction: String, CaseIterable {
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

    // MARK: - Building probes

    private static func fingerName(_ fingers: Int) -> String {
        ["", "one-finger", "two-finger", "three-finger"][fingers]
    }

    /// Where finger `index` of `count` rests: 60 pt apart, centred on `at`.
    private static func spot(_ index: Int, of count: Int, at centre: Point = centre) -> Point {
        Point(x: centre.x + Double(index) * 60 - Double(count - 1) * 30, y: centre.y)
    }

    private static func all(_ count: Int, _ phase: TouchChange.Phase, firstID: Int, offset: Point = Point(x: 0, y: 0))
        -> [TouchChange]
    {
        (0..<count).map { index in
            let spot = spot(index, of: count)
            return TouchChange(id: firstID + index, phase: phase, location: Point(x: spot.x + offset.x, y: spot.y + offset.y))
        }
    }

    static func tap(fingers: Int, taps: Int) -> Probe {
        var events: [Event] = []
        for tap in 0..<taps {
            let start = Double(tap) * 0.2
            events.append(Event(time: start, changes: all(fingers, .down, firstID: 1 + tap * fingers)))
            events.append(Event(time: start + 0.08, changes: all(fingers, .up, firstID: 1 + tap * fingers)))
        }
        let count = ["", "a single", "a double", "a triple"][taps]
        return Probe(summary: "\(count) \(fingerName(fingers)) tap", events: events, fingers: fingers)
    }

    static func hold(fingers: Int, seconds: Double) -> Probe {
        Probe(
            summary: "a \(fingerName(fingers)) hold of \(QuantityText.format(seconds, .duration))",
            events: [
                Event(time: 0, changes: all(fingers, .down, firstID: 1)),
                Event(time: seconds, changes: all(fingers, .up, firstID: 1)),
            ],
            fingers: fingers)
    }

    /// A drag in `steps` even moves, optionally after holding still `after` seconds.
    static func drag(fingers: Int, _ direction: Direction, distance: Double, seconds: Double, after: Double = 0) -> Probe {
        let steps = 10
        var events = [Event(time: 0, changes: all(fingers, .down, firstID: 1))]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let offset = Point(x: direction.unit.x * distance * fraction, y: direction.unit.y * distance * fraction)
            events.append(Event(time: after + seconds * fraction, changes: all(fingers, .move, firstID: 1, offset: offset)))
        }
        let end = Point(x: direction.unit.x * distance, y: direction.unit.y * distance)
        events.append(Event(time: after + seconds + 0.01, changes: all(fingers, .up, firstID: 1, offset: end)))
        let hold = after > 0 ? " after holding \(QuantityText.format(after, .duration))" : ""
        return Probe(
            summary:
                "a \(fingerName(fingers)) drag \(direction) of \(QuantityText.format(distance, .distance)) in \(QuantityText.format(seconds, .duration))\(hold)",
            events: events, fingers: fingers)
    }

    /// Two fingers 100 pt apart whose distance is multiplied by `spread` and whose
    /// line turns by `turn` radians, over 0.5 s.
    static func twoFinger(spread: Double, turn: Double, summary: String) -> Probe {
        func positions(_ fraction: Double) -> [Point] {
            let half = 50 * (1 + (spread - 1) * fraction)
            let angle = turn * fraction
            let dx = half * cosine(angle)
            let dy = half * sine(angle)
            return [Point(x: centre.x - dx, y: centre.y - dy), Point(x: centre.x + dx, y: centre.y + dy)]
        }
        func changes(_ phase: TouchChange.Phase, _ fraction: Double) -> [TouchChange] {
            positions(fraction).enumerated().map { TouchChange(id: $0.offset + 1, phase: phase, location: $0.element) }
        }
        var events = [Event(time: 0, changes: changes(.down, 0))]
        for step in 1...10 { events.append(Event(time: 0.05 * Double(step), changes: changes(.move, Double(step) / 10))) }
        events.append(Event(time: 0.51, changes: changes(.up, 1)))
        return Probe(summary: summary, events: events, fingers: 2)
    }

    /// A tap, then at once a touch that stays down a second (tap and hold: a long press
    /// that counts a tap first).
    static func tapThenHold() -> Probe {
        let events = [
            Event(time: 0, changes: [TouchChange(id: 1, phase: .down, location: centre)]),
            Event(time: 0.08, changes: [TouchChange(id: 1, phase: .up, location: centre)]),
            Event(time: 0.2, changes: [TouchChange(id: 2, phase: .down, location: centre)]),
            Event(time: 1.2, changes: [TouchChange(id: 2, phase: .up, location: centre)]),
        ]
        return Probe(summary: "a tap, then a one-finger hold of 1 s", events: events, fingers: 1)
    }

    /// A tap, then at once a touch that drags (one-finger zoom and the like).
    static func tapThenDrag(_ direction: Direction) -> Probe {
        var events = [
            Event(time: 0, changes: [TouchChange(id: 1, phase: .down, location: centre)]),
            Event(time: 0.08, changes: [TouchChange(id: 1, phase: .up, location: centre)]),
            Event(time: 0.2, changes: [TouchChange(id: 2, phase: .down, location: centre)]),
        ]
        for step in 1...10 {
            let offset = 10 * Double(step)
            let point = Point(x: centre.x + direction.unit.x * offset, y: centre.y + direction.unit.y * offset)
            events.append(Event(time: 0.2 + 0.03 * Double(step), changes: [TouchChange(id: 2, phase: .move, location: point)]))
        }
        let end = Point(x: centre.x + direction.unit.x * 100, y: centre.y + direction.unit.y * 100)
        events.append(Event(time: 0.55, changes: [TouchChange(id: 2, phase: .up, location: end)]))
        return Probe(summary: "a tap, then a one-finger drag \(direction) of 100 pt", events: events, fingers: 1)
    }

    /// One finger from 5 pt inside an edge towards the middle: the edge named is where
    /// it starts (`left` drags right).
    static func edgeDrag(from edge: Direction) -> Probe {
        let start: Point =
            switch edge {
            case .left: Point(x: 5, y: centre.y)
            case .right: Point(x: window.x - 5, y: centre.y)
            case .up: Point(x: centre.x, y: 5)
            case .down: Point(x: centre.x, y: window.y - 5)
            }
        let inward = Point(x: -edge.unit.x, y: -edge.unit.y)
        var events = [Event(time: 0, changes: [TouchChange(id: 1, phase: .down, location: start)])]
        for step in 1...10 {
            let point = Point(x: start.x + inward.x * 20 * Double(step), y: start.y + inward.y * 20 * Double(step))
            events.append(Event(time: 0.03 * Double(step), changes: [TouchChange(id: 1, phase: .move, location: point)]))
        }
        let end = Point(x: start.x + inward.x * 200, y: start.y + inward.y * 200)
        events.append(Event(time: 0.31, changes: [TouchChange(id: 1, phase: .up, location: end)]))
        return Probe(summary: "a one-finger drag in from the \(edge) edge", events: events, fingers: 1)
    }
}

extension Probe {
    /// sin and cos of an angle under about 1.5 radians, for turning fingers.
    static func sineAndCosine(_ angle: Double) -> (sine: Double, cosine: Double) {
        (sine(angle), cosine(angle))
    }
}

/// sin and cos without libm, by Taylor series: the probes' angles are under 1 radian.
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
