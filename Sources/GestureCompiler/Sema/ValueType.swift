import GestureDSL

/// Physical dimension as exponents of time, length and angle: a duration is
/// time¹, a speed length¹·time⁻¹, a plain number has none.
package struct Dimension: Hashable, Sendable {
    package var time: Int8 = 0
    package var length: Int8 = 0
    package var angle: Int8 = 0

    package static let dimensionless = Dimension()
    package static let time = Dimension(time: 1)
    package static let length = Dimension(length: 1)
    package static let angle = Dimension(angle: 1)

    /// The dimensions the language names (a speed is a length over a time): their powers
    /// are small, so these never leave `Int8`'s range. A product the user writes is
    /// `times` or `over`, which say when it would.
    package static func * (lhs: Dimension, rhs: Dimension) -> Dimension {
        lhs.times(rhs) ?? lhs
    }

    package static func / (lhs: Dimension, rhs: Dimension) -> Dimension {
        lhs.over(rhs) ?? lhs
    }

    /// The dimension of a product, or nil when a power would pass ±127 (a product of
    /// 128 distances): `Dimension.limit`.
    package func times(_ other: Dimension) -> Dimension? {
        combined(other, negated: false)
    }

    /// The dimension of a quotient, or nil when a power would pass ±127.
    package func over(_ other: Dimension) -> Dimension? {
        combined(other, negated: true)
    }

    /// The largest power of a dimension.
    package static let limit = Int(Int8.max)

    private func combined(_ other: Dimension, negated: Bool) -> Dimension? {
        func power(_ a: Int8, _ b: Int8) -> Int8? {
            let sum = Int(a) + (negated ? -Int(b) : Int(b))
            return abs(sum) <= Self.limit ? Int8(exactly: sum) : nil
        }
        guard let time = power(time, other.time), let length = power(length, other.length), let angle = power(angle, other.angle)
        else { return nil }
        return Dimension(time: time, length: length, angle: angle)
    }

    /// The dimension of a number with `unit`.
    package init(unit: Unit) {
        switch unit {
        case .milliseconds, .seconds: self = .time
        case .points: self = .length
        case .degrees, .radians: self = .angle
        }
    }

    init(time: Int8 = 0, length: Int8 = 0, angle: Int8 = 0) {
        self.time = time
        self.length = length
        self.angle = angle
    }

    /// Every way a bare number's text can be written as a quantity of this dimension,
    /// one per unit, with the unit's name: `100pt`; `350ms` and `350s`; for a rate, the
    /// quantity over a second or a millisecond (`100pt / 1s`, `100pt / 1ms`). A fix-it
    /// that picks one must not guess: where there are several, the user chooses
    /// (docs/diagnostics.md). Empty for a dimension no literal spells.
    func literals(_ number: String) -> [(text: String, meaning: String)] {
        if !units.isEmpty { return units.map { (number + $0.rawValue, $0.name) } }
        guard time == -1 else { return [] }
        let quantity = self * .time
        let perSecond = [("1s", "per second"), ("1ms", "per millisecond")]
        if quantity == .dimensionless { return perSecond.map { ("\(number) / \($0.0)", "a rate \($0.1)") } }
        return quantity.units.flatMap { unit in
            perSecond.map { ("\(number)\(unit.rawValue) / \($0.0)", "\(unit.name) \($0.1)") }
        }
    }

    /// The units a number of this dimension is written with.
    var units: [Unit] {
        switch self {
        case .time: [.milliseconds, .seconds]
        case .length: [.points]
        case .angle: [.degrees, .radians]
        default: []
        }
    }

    package var name: String {
        switch self {
        case .dimensionless: return "number"
        case .time: return "duration"
        case .length: return "distance"
        case .angle: return "angle"
        case Dimension.length / .time: return "speed"
        case Dimension.angle / .time: return "angular speed"
        case Dimension.dimensionless / .time: return "rate"
        default:
            // Spelled out, e.g. "distance^2 per duration".
            var parts: [String] = []
            for (exponent, unit) in [(time, "duration"), (length, "distance"), (angle, "angle")] where exponent > 0 {
                parts.append(exponent == 1 ? unit : "\(unit)^\(exponent)")
            }
            var text = parts.isEmpty ? "number" : parts.joined(separator: "·")
            for (exponent, unit) in [(time, "duration"), (length, "distance"), (angle, "angle")] where exponent < 0 {
                text += " per " + (exponent == -1 ? unit : "\(unit)^\(-exponent)")
            }
            return text
        }
    }
}

/// The type of a value in an expression.
package enum ValueType: Hashable, Sendable {
    case bool
    /// A whole number: counts, taps, touches.
    case int
    /// A real number with a dimension: `number`, `duration`, `distance`, `angle`, speeds.
    case scalar(Dimension)
    /// A point or vector whose components have the dimension: `location`, `velocity`.
    case vector(Dimension)
    /// A set of directions: `left`, `[left, right]`.
    case direction
    /// A view role: `touchedView`, the name of a role.
    case view
    /// A recognizer: `other` in simultaneity questions, the name of a recognizer.
    case recognizer
    /// A kind: `other.kind`, compared with a kind's name.
    case kind
    /// A control's kind, as a view role's `control` names it: `button`, `slider`, …
    case control
    /// A string literal: `"Like"`, an accessibility label.
    case text
    /// What a recognizer's `accessibility` names: a label, a word (`activate`,
    /// `escape`, …) or a control role (docs/accessibility.md).
    case accessibility
    /// Touch types, as a recognizer's `allowedTouchTypes` names them: `pencil`,
    /// `[direct, pencil]` (R87).
    case touchTypes
    /// Scroll types, as a recognizer's `allowedScrollTypes` names them: `continuous`,
    /// `[discrete, continuous]` (R88).
    case scrollTypes

    static let number = ValueType.scalar(.dimensionless)
    static let duration = ValueType.scalar(.time)
    static let distance = ValueType.scalar(.length)
    package static let angle = ValueType.scalar(.angle)
    static let point = ValueType.vector(.length)

    /// The types a parameter or variable can be declared with, by name.
    package static let declarable: [String: ValueType] = [
        "int": .int, "number": .number, "bool": .bool, "duration": .duration, "distance": .distance,
        "angle": .angle, "direction": .direction, "speed": .scalar(Dimension.length / .time),
    ]

    package var name: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .scalar(let dimension): dimension.name
        case .vector(.length): "point"
        case .vector(let dimension): "vector of \(dimension.name)"
        case .direction: "direction"
        case .view: "view role"
        case .recognizer: "recognizer"
        case .kind: "kind"
        case .control: "control"
        case .text: "string"
        case .accessibility: "accessibility action"
        case .touchTypes: "touch types"
        case .scrollTypes: "scroll types"
        }
    }

    /// Ints take part in arithmetic as dimensionless numbers.
    var asScalar: Dimension? {
        switch self {
        case .int: .dimensionless
        case .scalar(let dimension): dimension
        default: nil
        }
    }

    /// Whether a value of type `self` can stand where `expected` is needed (an int
    /// where a number is expected, but not the reverse).
    func converts(to expected: ValueType) -> Bool {
        self == expected || (self == .int && expected == .number)
    }
}

extension Unit {
    /// The unit's name in notes: "milliseconds".
    package var name: String {
        switch self {
        case .milliseconds: "milliseconds"
        case .seconds: "seconds"
        case .points: "points"
        case .degrees: "degrees"
        case .radians: "radians"
        }
    }
}
