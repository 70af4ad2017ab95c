/// How every output writes a quantity: `350ms`, `1.5s`, `45pt`, `300pt/s`, `5deg`,
/// `unlimited`. One place, so that a unit reads the same in lint's findings,
/// simulate's explanations, the table listing, a gesture test's failure and the
/// command line's figures: the number and its unit together, as a spec writes the
/// literal (a speed as the unit the language divides, `pt/s`). Times on a timeline,
/// a trace's `t`, are instants rather than quantities: they are written in seconds,
/// as traces write them, with the unit against the number too (`at 0.350s`).
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
            case .tenths: NumberText.format((value * 10).rounded() / 10)
            }
        }
        switch unit {
        case .duration:
            let milliseconds = value * 1000
            let whole = abs(milliseconds - milliseconds.rounded()) < 1e-6
            if abs(value) < 10, precision == .tenths || whole {
                return written(whole ? milliseconds.rounded() : milliseconds) + "ms"
            }
            return written(value) + "s"
        case .distance:
            return written(value) + "pt"
        case .speed:
            return written(value) + "pt/s"
        case .angle:
            let degrees = value * 180 / Double.pi
            if precision == .exact, abs(degrees - degrees.rounded()) >= 1e-9 * max(1, abs(degrees)) {
                return NumberText.format(value) + "rad"
            }
            return written(precision == .exact ? degrees.rounded() : degrees) + "deg"
        }
    }
}
