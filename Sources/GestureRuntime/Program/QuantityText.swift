/// How every output writes a quantity, and how a user's duration is read back:
/// `350ms`, `1.5s`, `45pt`, `300pt / 1s`, `5deg`, `unlimited`. One place, so that a
/// unit reads the same in the checker's messages, lint's findings, simulate's
/// explanations, the system's gestures, the table listing, a gesture test and the
/// command line's figures: the number and its unit together, as a spec writes the
/// literal (a speed as the language writes one, a distance over a second,
/// `300pt / 1s`). Times on a timeline, a trace's `t`, are instants rather than
/// quantities: they are written in seconds, as traces write them, with the unit
/// against the number too (`at 0.350s`).
package enum QuantityText {
    package enum Unit {
        /// Seconds, written in milliseconds below ten seconds.
        case duration
        /// Points.
        case distance
        /// Points per second.
        case speed
        /// Radians, written in degrees.
        case angle
    }

    package enum Precision {
        /// The value itself: what a listing shows, which reads back exactly (an angle
        /// that is no whole number of degrees is written in radians).
        case exact
        /// To a tenth of the unit written: what a message shows.
        case tenths
        /// To a thousandth of the unit written: what the checker shows of a value
        /// written in the spec, which a tenth could make look like another.
        case thousandths
    }

    /// The value `unlimited` stands for: the language's unbounded count, duration,
    /// distance or angle.
    package static let unlimited = Double(Int32.max)

    package static func format(_ value: Double, _ unit: Unit, _ precision: Precision = .tenths) -> String {
        if value == unlimited { return "unlimited" }
        guard value.isFinite else { return NumberText.format(value) }
        func written(_ value: Double) -> String {
            switch precision {
            case .exact: NumberText.format(value)
            case .tenths: NumberText.format((value * 10).rounded() / 10 + 0)
            case .thousandths: NumberText.format((value * 1000).rounded() / 1000 + 0)
            }
        }
        switch unit {
        case .duration:
            let milliseconds = value * 1000
            let whole = abs(milliseconds - milliseconds.rounded()) < 1e-6
            if abs(value) < 10, precision != .exact || whole {
                return written(whole ? milliseconds.rounded() : milliseconds) + "ms"
            }
            return written(value) + "s"
        case .distance:
            return written(value) + "pt"
        case .speed:
            return written(value) + "pt / 1s"
        case .angle:
            let degrees = value * 180 / Double.pi
            if precision == .exact, abs(degrees - degrees.rounded()) >= 1e-9 * max(1, abs(degrees)) {
                return NumberText.format(value) + "rad"
            }
            return written(precision == .exact ? degrees.rounded() : degrees) + "deg"
        }
    }

    /// A rectangle's size as a message writes it, to a tenth: `20 × 20pt`.
    package static func size(width: Double, height: Double) -> String {
        NumberText.format((width * 10).rounded() / 10) + " × " + format(height, .distance)
    }

    /// A duration as a user writes one on the command line or in a test file: `350ms`,
    /// `1.5s`, or, where `bareSeconds` allows, a number of seconds (`0.35`). Nil for
    /// anything else, and for a value that is not finite or is negative.
    package static func duration(_ text: some StringProtocol, bareSeconds: Bool = false) -> Double? {
        var number = Substring(text)
        var scale = 1.0
        if number.hasSuffix("ms") {
            number = number.dropLast(2)
            scale = 0.001
        } else if number.hasSuffix("s") {
            number = number.dropLast()
        } else if !bareSeconds {
            return nil
        }
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return value * scale
    }
}
