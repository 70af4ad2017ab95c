import GestureCompiler
import GestureRuntime

/// Places where two fingers land on two views: two views touched at once, a pinch with
/// one finger on a child, a second finger landing on a sibling while the first drags.
/// The search of a place puts every finger on one view (its starts' other points lie on
/// it where it has room); these places put the first finger on one view and the second
/// on another, so that what the set does with fingers on different views (a board's
/// pinch with a finger on a piece, R47's exclusion across disjoint touches) is
/// explored and proved, not assumed.
extension Place {
    /// The most places of two fingers a set is searched over, beside its places of one
    /// view: the first pairs in the order `pairs` gives (docs/lint.md, "Fingers on
    /// different views").
    static let maximumPairs = 12

    /// The pairs of targets worth two fingers, each laid out: those where some
    /// recognizer sits on a view both fingers land in (a common parent, or the outer
    /// view of a pair one inside the other), which sees both touches or competes with
    /// both sides (R47). Pairs where that recognizer counts several fingers come first,
    /// then views one inside the other, then two instances of one role, each in role
    /// order; at most `maximumPairs`.
    static func pairs(_ program: GestureProgram, targets: [Int]) -> [Place] {
        let withRecognizers = Set(program.recognizers.map(\.role))
        let multiFinger = rolesCountingSeveralFingers(program)
        var candidates: [(rank: Int, a: Int, b: Int)] = []
        for (i, a) in targets.enumerated() {
            for b in targets[i...] {
                let chainA = chain(to: a, in: program)
                let chainB = chain(to: b, in: program)
                // The views both fingers land in: the common part of the two chains (one
                // view of a pair one inside the other is the other's parent: its own
                // part is left uncovered for the second finger).
                var common = 0
                while common < chainA.count, common < chainB.count, chainA[common] == chainB[common] { common += 1 }
                if a == b { common -= 1 }  // two instances: their parent is what they share
                guard common > 0 else { continue }
                let shared = chainA[..<common]
                guard shared.contains(where: withRecognizers.contains) else { continue }
                let rank =
                    shared.contains(where: multiFinger.contains)
                    ? 0 : (a != b && (common == chainA.count || common == chainB.count)) ? 1 : a == b ? 2 : 3
                candidates.append((rank, a, b))
            }
        }
        return candidates.sorted { ($0.rank, $0.a, $0.b) < ($1.rank, $1.a, $1.b) }.prefix(maximumPairs).map { pair(pair: ($0.a, $0.b), in: program) }
    }

    /// Roles with a recognizer that counts several fingers: one that requires two or
    /// more, or reads how far apart they spread or turn (a pinch, a rotation).
    static func rolesCountingSeveralFingers(_ program: GestureProgram) -> Set<Int> {
        Set(
            program.recognizers.filter { recognizer in
                let kind = program.kinds[recognizer.kind]
                let counts = zip(kind.parameters, recognizer.arguments).contains { name, value in
                    (name == "touches" || name == "minimumTouches") && value >= 2
                }
                let spreads = kind.routines.contains { $0.code.contains(.feature(.scale)) || $0.code.contains(.feature(.rotation)) }
                return counts || spreads
            }.map(\.role))
    }

    /// Two roles laid out for two fingers: what both lie in fills the window; below it,
    /// the first role's chain fills the left half and the second's the right half (two
    /// instances of one role side by side; for a role inside the other, the inner one's
    /// chain on the left, the outer one's own right half bare). The first finger lands
    /// on the first role, the second on the second.
    static func pair(pair: (Int, Int), in program: GestureProgram) -> Place {
        var (a, b) = pair
        if a != b, Place.isAncestor(a, of: b, in: program) { (a, b) = (b, a) }
        let chainA = chain(to: a, in: program)
        let chainB = chain(to: b, in: program)
        var common = 0
        while common < chainA.count, common < chainB.count, chainA[common] == chainB[common] { common += 1 }
        if a == b { common -= 1 }
        let window = Probe.window
        let full = Rect(x: 0, y: 0, width: window.x, height: window.y)
        var views: [View] = []
        for (index, role) in chainA[..<common].enumerated() {
            views.append(
                View(
                    id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: full,
                    properties: explorationProperties(program.views[role])))
        }
        let base = views.isEmpty ? nil : views.count - 1
        func lay(_ chain: ArraySlice<Int>, left: Bool, suffix: String) -> Int? {
            var parent = base
            var last: Int?
            for (depth, role) in chain.enumerated() {
                let frame =
                    depth == 0
                    ? Rect(x: left ? 0 : window.x / 2, y: 0, width: window.x / 2, height: window.y)
                    : Rect(x: 0, y: 0, width: window.x / 2, height: window.y)
                views.append(
                    View(
                        id: program.views[role].name + suffix, role: role, parent: parent, frame: frame,
                        properties: explorationProperties(program.views[role])))
                parent = views.count - 1
                last = parent
            }
            return last
        }
        let left = lay(chainA[common...], left: true, suffix: a == b ? "1" : "")
        let right = lay(chainB[common...], left: false, suffix: a == b ? "2" : "")
        let first = left ?? base ?? 0
        let second = Point(x: window.x * 3 / 4, y: window.y / 2)
        let nameA = program.views[a].name
        let nameB = program.views[b].name
        let name = a == b ? "two '\(nameA)' views" : "'\(nameA)' and '\(nameB)'"
        var place = Place(
            views: views, window: window, touched: first, path: chainA,
            starts: [
                Explorer.Start(
                    point: Point(x: window.x / 4, y: window.y / 2),
                    name: a == b
                        ? "with finger 1 on one '\(nameA)' and finger 2 on another" : "with finger 1 on '\(nameA)' and finger 2 on '\(nameB)'",
                    severalFingers: true, others: [second], secondFingerFirst: true)
            ],
            name: name)
        // The second finger lands on the second role's view, or on the outer view's own
        // half when one is inside the other.
        place.secondTouched = right ?? base
        return place
    }
}
