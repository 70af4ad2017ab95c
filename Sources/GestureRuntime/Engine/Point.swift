/// A point or vector in window coordinates, in points; y grows downwards.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
}

/// The few transcendental functions the engine needs, written out rather than taken from
/// the platform's maths library, whose results differ between platforms. Pure
/// arithmetic, so results are the same on every machine.
enum Trigonometry {
    /// The angle of the vector (x, y) in radians, in -π...π, like C's `atan2(y, x)`.
    /// Accurate to about 1e-9 rad.
    static func angle(y: Double, x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x)
        let ay = abs(y)
        // atan on [0, 1], then reflected into the right octant.
        let swap = ay > ax
        let ratio = swap ? ax / ay : ay / ax
        var angle = arctangent(ratio)
        if swap { angle = .pi / 2 - angle }
        if x < 0 { angle = .pi - angle }
        return y < 0 ? -angle : angle
    }

    /// atan(t) for t in [0, 1]: halves the argument twice (atan t = 2 atan(t / (1 + √(1 + t²))))
    /// so the series converges fast, then sums the odd Taylor terms.
    private static func arctangent(_ t: Double) -> Double {
        var t = t
        var factor = 1.0
        for _ in 0..<2 {
            t = t / (1 + (1 + t * t).squareRoot())
            factor *= 2
        }
        // |t| ≤ tan(π/16) ≈ 0.199: twelve terms reach well below 1e-12.
        let t2 = t * t
        var term = t
        var sum = 0.0
        for n in 0..<12 {
            let k = Double(2 * n + 1)
            sum += (n % 2 == 0 ? term : -term) / k
            term *= t2
        }
        return factor * sum
    }

    /// `angle` brought into -π...π.
    static func normalized(_ angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        var angle = angle
        while angle > .pi { angle -= 2 * .pi }
        while angle < -.pi { angle += 2 * .pi }
        return angle
    }
}
