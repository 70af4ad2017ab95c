import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec lint --pairs`: for every pair of recognizers that can see one touch (on
/// one view, or on views one inside the other), what the exploration showed within
/// its bounds, each with its shortest witness: whether they are ever active at once,
/// who beats whom, and the margin between thresholds of the same kind that separate
/// them, flagged where a finger's ordinary variation could cross it.
public enum PairsReport {
    /// The margins under which a finger's ordinary variation decides: 5 pt (a
    /// fingertip's jitter over a touch, as GDL220's close thresholds), 50 ms (a touch's
    /// timing from one tap to the next), 5 degrees.
    static let fineMargins: [GestureProgram.Kind.ParameterType: Double] = [.distance: 5, .duration: 0.05, .angle: 5 * .pi / 180]

    /// What the runs showed of each pair: the first run on which both acted on one touch
    /// sequence (began together, or one recognized while the other was undecided and
    /// acted later, or both recognized at once), and, for each ordered pair, the first
    /// run on which the first beat the second (excluded it, R46, or recognized while the
    /// second required it to fail, R53).
    final class Observer: ExplorationObserver {
        struct Pair: Hashable {
            var first: Int
            var second: Int
        }

        private(set) var together: [Pair: Exploration.Run] = [:]
        private(set) var beats: [Pair: Exploration.Run] = [:]

        func observe(_ record: RunRecord) {
            for doubling in record.conduct.doublings {
                guard case .recognizer(let a) = doubling.first, case .recognizer(let b) = doubling.second, a != b else { continue }
                let pair = Pair(first: min(a, b), second: max(a, b))
                if together[pair] == nil { together[pair] = record.run }
            }
            for (slot, instance) in record.conduct.instances.enumerated() {
                let loss = instance.loss
                guard let loss else { continue }
                let pair = Pair(first: loss.winner, second: record.layout.declarations[slot])
                if beats[pair] == nil { beats[pair] = record.run }
            }
        }
    }

    public static func text(_ sets: [CompiledSet]) -> String {
        var out = ""
        for set in sets {
            let program = set.program
            let observer = Observer()
            let exploration = Exploration.explore(program, observers: [observer])
            out += "pairs of \(program.name), \(exploration.boundsDescription):\n"
            var any = false
            for a in program.recognizers.indices {
                for b in program.recognizers.indices where b > a {
                    let roleA = program.recognizers[a].role
                    let roleB = program.recognizers[b].role
                    guard related(roleA, roleB, in: program) else { continue }
                    any = true
                    out += "  \(program.recognizers[a].name), \(program.recognizers[b].name): "
                    out += verdict(a, b, exploration, observer) + "\n"
                    for margin in margins(a, b, in: program) { out += "    \(margin)\n" }
                }
            }
            if !any { out += "  no two recognizers see one touch\n" }
        }
        return out
    }

    /// What the runs showed of the pair.
    static func verdict(_ a: Int, _ b: Int, _ exploration: Exploration, _ observer: Observer) -> String {
        let program = exploration.program
        let (nameA, nameB) = (program.recognizers[a].name, program.recognizers[b].name)
        let aBeatsB = observer.beats[Observer.Pair(first: a, second: b)]
        let bBeatsA = observer.beats[Observer.Pair(first: b, second: a)]
        let together = observer.together[Observer.Pair(first: a, second: b)]
        // A "never" holds over the inputs every place that holds both was searched
        // through: all of them up to the bound, or up to the gestures a cut left run.
        let depth = provedDepth(a, b, in: exploration)
        let bound = exploration.bounds.segments
        // "never …", with how far it is proved when a search stopped short.
        func never(_ claim: String) -> String {
            depth >= bound
                ? "never \(claim)"
                : depth > 0 ? "never \(claim), up to \(depth) gesture\(depth == 1 ? "" : "s")" : "not \(claim) in the runs searched"
        }
        var parts: [String] = []
        if let run = together {
            parts.append("together: both act on one touch sequence, shortest: \(exploration.describe(run))")
        } else {
            parts.append("exclusive: \(never("both act on one touch sequence"))")
        }
        switch (aBeatsB, bBeatsA) {
        case (let run?, nil):
            parts.append("'\(nameA)' always first: it beats '\(nameB)', shortest: \(exploration.describe(run)); \(never("the reverse"))")
        case (nil, let run?):
            parts.append("'\(nameB)' always first: it beats '\(nameA)', shortest: \(exploration.describe(run)); \(never("the reverse"))")
        case (let first?, let second?):
            parts.append(
                "the input decides: '\(nameA)' beats '\(nameB)' on \(exploration.describe(first)); '\(nameB)' beats '\(nameA)' on \(exploration.describe(second))"
            )
        case (nil, nil):
            if together == nil { parts.append("neither beats the other: \(never("one beating the other"))") }
        }
        if depth < bound {
            parts.append(
                depth > 0
                    ? "proved over every input of up to \(depth) gesture\(depth == 1 ? "" : "s"): the search of a place holding both stopped at its bound"
                    : "not proved: the search of a place holding both stopped at its bound")
        }
        return parts.joined(separator: "; ")
    }

    /// The gestures up to which what the runs showed of the pair holds over every
    /// input: the fewest over the settings whose place holds both, each searched
    /// breadth first through every input of that many gestures (`completeDepths`).
    static func provedDepth(_ a: Int, _ b: Int, in exploration: Exploration) -> Int {
        let program = exploration.program
        let (roleA, roleB) = (program.recognizers[a].role, program.recognizers[b].role)
        var depth = exploration.bounds.segments
        for setting in exploration.settings.indices {
            let roles = Set(exploration.places[exploration.settings[setting].place].views.map(\.role))
            if roles.contains(roleA) && roles.contains(roleB) { depth = min(depth, exploration.completeDepths[setting]) }
        }
        return depth
    }

    /// Thresholds of the same type on both (a distance, a duration, an angle) and how
    /// far apart they are, flagged where the margin is under a finger's variation.
    static func margins(_ a: Int, _ b: Int, in program: GestureProgram) -> [String] {
        var lines: [String] = []
        for (type, fine) in fineMargins.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let first = thresholds(of: a, type, in: program)
            let second = thresholds(of: b, type, in: program)
            var closest: (String, Double, String, Double)?
            for (nameA, valueA) in first {
                for (nameB, valueB) in second where valueA != valueB && comparable(nameA, nameB) {
                    if closest.map({ abs(valueA - valueB) < abs($0.1 - $0.3) }) ?? true { closest = (nameA, valueA, nameB, valueB) }
                }
            }
            guard let (nameA, valueA, nameB, valueB) = closest else { continue }
            let margin = abs(valueA - valueB)
            let flag = margin < fine ? ", under a finger's variation (\(format(fine, type))): jitter decides" : ""
            lines.append(
                "margin: \(program.recognizers[a].name).\(nameA) \(format(valueA, type)) and \(program.recognizers[b].name).\(nameB) \(format(valueB, type)), \(format(margin, type)) apart\(flag)"
            )
        }
        return lines
    }

    /// Thresholds that decide between two recognizers: the same parameter of both
    /// (two intervals), or a movement one recognizer allows and another needs (a long
    /// press's `allowableMovement` and a pan's `hysteresis`, the hand-over of GDL220).
    static func comparable(_ a: String, _ b: String) -> Bool {
        let movement: Set = ["allowableMovement", "hysteresis", "minimumDistance"]
        return a == b || (movement.contains(a) && movement.contains(b))
    }

    private static func thresholds(of recognizer: Int, _ type: GestureProgram.Kind.ParameterType, in program: GestureProgram)
        -> [(String, Double)]
    {
        let declaration = program.recognizers[recognizer]
        let kind = program.kinds[declaration.kind]
        return declaration.arguments.indices.compactMap { index in
            guard index < kind.parameterTypes.count, kind.parameterTypes[index] == type, declaration.arguments[index].isFinite,
                declaration.arguments[index] > 0, declaration.arguments[index] < 1e5
            else { return nil }
            return (kind.parameters[index], declaration.arguments[index])
        }
    }

    private static func format(_ value: Double, _ type: GestureProgram.Kind.ParameterType) -> String {
        switch type {
        case .duration: QuantityText.format(value, .duration)
        case .angle: QuantityText.format(value, .angle)
        case .speed: QuantityText.format(value, .speed)
        default: QuantityText.format(value, .distance)
        }
    }

    /// One finger can reach both roles: the same role, or one inside the other.
    private static func related(_ a: Int, _ b: Int, in program: GestureProgram) -> Bool {
        a == b || Place.isAncestor(a, of: b, in: program) || Place.isAncestor(b, of: a, in: program)
    }
}
