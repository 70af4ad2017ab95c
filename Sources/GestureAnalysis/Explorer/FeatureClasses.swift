import GestureRuntime

/// The classes into which a program's constants cut each feature its guards and timers
/// compare, and one representative of each class, so that the explorer tries each
/// side of every threshold and never two inputs the program cannot tell apart.
///
/// The thresholds are the recognizers' arguments, by the type of the kind's parameter
/// (a `distance` argument cuts distances, a `duration` durations, …), with the engine's
/// own constants for tap counting (R65). Thresholds closer than a finger can hold
/// apart are one (1 pt, 10 ms): jitter decides between them.
struct FeatureClasses: Equatable {
    /// Thresholds, ascending, in points, seconds, points per second, radians, and
    /// relative change of distance (a pinch's `0.1`).
    var distances: [Double]
    var durations: [Double]
    var speeds: [Double]
    var angles: [Double]
    var scales: [Double]
    /// The most fingers any recognizer of the set counts on (its `touches`,
    /// `minimumTouches`, …), at least 2: the explorer puts down up to this many.
    var fingers: Int
    /// The most taps a recognizer of the set counts.
    var taps: Int
    /// A kind reads where the touch started against the window's size (a screen-edge
    /// pan): touches also start next to each edge.
    var edges: Bool
    /// The class of each touch type (by `rawValue`) that the set tells apart (R87):
    /// types that the same recognizers take are alike. One class when every
    /// recognizer takes every type, as in most sets.
    var touchTypeClasses: [Int]

    /// The first touch type of each class: `[direct]` for most sets, `[direct, pencil]`
    /// for one with a Pencil-only recognizer.
    var touchTypes: [TouchType] {
        TouchType.allCases.filter { type in
            !TouchType.allCases.contains { $0.rawValue < type.rawValue && sameClass($0, type) }
        }
    }

    func sameClass(_ a: TouchType, _ b: TouchType) -> Bool {
        touchTypeClasses[Int(a.rawValue)] == touchTypeClasses[Int(b.rawValue)]
    }

    /// The most fingers the explorer uses, whatever the set declares.
    static let maximumFingers = 3

    init(_ program: GestureProgram) {
        var distances: Set<Double> = [GestureEngine.tapCountDistance]
        var durations: Set<Double> = [GestureEngine.tapCountInterval]
        var speeds: Set<Double> = []
        var angles: Set<Double> = []
        var scales: Set<Double> = []
        var fingers = 2
        var taps = 1
        var edges = false
        for recognizer in program.recognizers {
            let kind = program.kinds[recognizer.kind]
            for (index, value) in recognizer.arguments.enumerated()
            where index < kind.parameterTypes.count && value.isFinite && value > 0 && value < 1e5 {
                let name = kind.parameters[index]
                switch kind.parameterTypes[index] {
                case .distance: distances.insert(value)
                case .duration: durations.insert(value)
                case .speed: speeds.insert(value)
                case .angle: angles.insert(value)
                case .number where name.lowercased().contains("scale"): scales.insert(value)
                case .int where name.lowercased().contains("touches"):
                    fingers = max(fingers, min(Int(value), Self.maximumFingers))
                case .int where name.lowercased().contains("taps"):
                    taps = max(taps, min(Int(value), 4))
                default: break
                }
            }
            edges = edges || kind.routines.contains { $0.code.contains(.feature(.windowSize)) }
        }
        self.distances = Self.merged(distances, within: 1)
        self.durations = Self.merged(durations, within: 0.01)
        self.speeds = Self.merged(speeds, within: 1)
        self.angles = Self.merged(angles, within: 0.01)
        self.scales = Self.merged(scales, within: 0.01)
        self.fingers = fingers
        self.taps = taps
        self.edges = edges
        self.touchTypeClasses = Self.touchTypeClasses(program)
    }

    /// Each type's class: the index of the first type the same recognizers take. A
    /// set whose predicates or kinds read `touchType` tells every type apart.
    static func touchTypeClasses(_ program: GestureProgram) -> [Int] {
        let readsType = (program.routines + program.kinds.flatMap(\.routines)).contains { $0.code.contains(.feature(.touchType)) }
        if readsType { return Array(TouchType.allCases.indices) }
        guard program.recognizers.contains(where: { $0.allowedTouchTypes != .all }) else {
            return Array(repeating: 0, count: TouchType.allCases.count)
        }
        let takers = TouchType.allCases.map { type in program.recognizers.map { $0.allowedTouchTypes.contains(type) } }
        return takers.map { signature in takers.firstIndex(of: signature) ?? 0 }
    }

    /// The classes both cut: every threshold of either, the larger counts.
    func union(_ other: FeatureClasses) -> FeatureClasses {
        var both = self
        both.distances = Self.merged(Set(distances + other.distances), within: 1)
        both.durations = Self.merged(Set(durations + other.durations), within: 0.01)
        both.speeds = Self.merged(Set(speeds + other.speeds), within: 1)
        both.angles = Self.merged(Set(angles + other.angles), within: 0.01)
        both.scales = Self.merged(Set(scales + other.scales), within: 0.01)
        both.fingers = max(fingers, other.fingers)
        both.taps = max(taps, other.taps)
        both.edges = edges || other.edges
        // Two types are alike for both only if each set takes them alike.
        let pairs = zip(touchTypeClasses, other.touchTypeClasses).map { [$0, $1] }
        both.touchTypeClasses = pairs.map { pair in pairs.firstIndex(of: pair) ?? 0 }
        return both
    }

    /// Thresholds ascending, each within `tolerance` of the one before dropped.
    private static func merged(_ values: Set<Double>, within tolerance: Double) -> [Double] {
        var kept: [Double] = []
        for value in values.sorted() where kept.last.map({ value - $0 > tolerance }) ?? true { kept.append(value) }
        return kept
    }

    /// One value inside each class the thresholds make of the positive numbers: half
    /// the smallest, the middle between each two, and well past the largest. The
    /// offset keeps sums of representatives off the thresholds themselves.
    static func representatives(of thresholds: [Double], beyond: Double, offset: Double) -> [Double] {
        guard let first = thresholds.first, let last = thresholds.last else { return [beyond] }
        var values = [first / 2 + offset]
        for (low, high) in zip(thresholds, thresholds.dropFirst()) { values.append((low + high) / 2 + offset) }
        values.append(max(last * 1.5, last + beyond) + offset)
        return values
    }

    /// How far a drag goes: one distance in each class.
    var dragDistances: [Double] { Self.representatives(of: distances, beyond: 30, offset: 0.37) }

    /// How long a still pause lasts: one duration in each class.
    var pauses: [Double] { Self.representatives(of: durations, beyond: 0.2, offset: 0.003) }

    /// How long a drag of `distance` takes: quick (0.1 s), and, where a speed is
    /// compared, slower than half the slowest threshold.
    func dragDurations(for distance: Double) -> [Double] {
        guard let slowest = speeds.first else { return [0.1] }
        return [min(0.1, distance / (slowest * 2)), distance / (slowest / 2)]
    }

    /// How far apart two fingers end as a multiple of where they started: each side
    /// of every pinch threshold, inwards and outwards.
    var spreads: [Double] {
        var factors: Set<Double> = [0.5, 1.8]
        for threshold in scales where threshold < 0.9 {
            factors.insert(1 + threshold / 2)
            factors.insert(1 - threshold / 2)
        }
        return factors.sorted()
    }

    /// How far two fingers turn, in radians: each side of every angle threshold.
    var turns: [Double] {
        var angles: Set<Double> = [0.8]
        for threshold in self.angles where threshold < 1.5 { angles.insert(threshold / 2) }
        return angles.sorted()
    }

    /// The class of a value among thresholds: how many it passes (0 below the
    /// smallest).
    static func classIndex(of value: Double, among thresholds: [Double]) -> Int {
        var index = 0
        while index < thresholds.count, value > thresholds[index] { index += 1 }
        return index
    }
}
