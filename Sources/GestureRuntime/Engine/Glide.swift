/// How long a scroll view's content glides after a flick (`Feature.gliding`,
/// docs/semantics.md, "Scrolling that glides").
///
/// When the finger lifts from a drag at speed, UIScrollView keeps the content moving
/// and slows it down (`isDecelerating`); a finger that rested before lifting lets it
/// stop at once (`scrollViewDidEndDragging(_:willDecelerate:)` with false). The content
/// keeps `decelerationRate` of its speed each millisecond, so content released at `v`
/// points per second has `v / 1000 · r / (1 − r)` points still to travel, the
/// projection Apple gives in "Designing Fluid Interfaces" (WWDC 2018). The glide is
/// over once less than `restingDistance` is left. Apple publishes neither that
/// distance nor how long a rest stops the content; both are chosen.
package enum Glide {
    /// `UIScrollView.DecelerationRate.normal`: the share of its speed the content keeps
    /// each millisecond.
    package static let decelerationRate = 0.998

    /// The glide is over once the content has less than this many points still to
    /// travel (chosen: half a point, less than a pixel on a 2× screen).
    package static let restingDistance = 0.5

    /// A lift more than this many seconds after the finger last moved lets the content
    /// stop with the finger (chosen: about six frames at 60 Hz; a flick lifts within a
    /// frame or two of its last move).
    package static let releaseWindow = 0.1

    /// How long content released at `speed` points per second glides, in seconds: 0
    /// when it would travel no more than `restingDistance`, and for a speed that is not
    /// a finite positive number.
    package static func duration(releaseSpeed speed: Double) -> Double {
        guard speed.isFinite, speed > 0 else { return 0 }
        let rate = decelerationRate
        let travel = speed / 1000 * rate / (1 - rate)
        guard travel > restingDistance else { return 0 }
        // travel · rate^t = restingDistance, t in milliseconds.
        let milliseconds = naturalLogarithm(restingDistance / travel) / naturalLogarithm(rate)
        return milliseconds / 1000
    }

    /// The natural logarithm of a finite positive number, to double precision; the
    /// runtime imports nothing, not even the C library's `log`.
    package static func naturalLogarithm(_ x: Double) -> Double {
        guard x.isFinite, x > 0 else { return x == 0 ? -.infinity : .nan }
        // x = m · 2^e with m in [√½, √2), so that the series below converges fast.
        var exponent = Double(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            exponent += 1
        }
        // ln m = 2 · atanh(z) = 2 (z + z³/3 + z⁵/5 + …) with z = (m − 1) / (m + 1),
        // |z| < 0.172: twelve terms leave less than 1e-17.
        let z = (m - 1) / (m + 1)
        let z2 = z * z
        var term = z
        var sum = 0.0
        for n in 0..<12 {
            sum += term / Double(2 * n + 1)
            term *= z2
        }
        return exponent * 0.6931471805599453 + 2 * sum
    }
}
