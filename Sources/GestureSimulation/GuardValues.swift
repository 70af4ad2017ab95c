import GestureCompiler
import GestureDSL
import GestureRuntime

/// The values that decided a row, as text (`simulate`'s timeline): each comparison its
/// guard made when the row fired, with both sides as written and their values in the
/// units people write (`length(translation) 12.3pt >= hysteresis 10pt`), the units from
/// the types the checker gave them (`Compilation.model`).
///
/// The engine records a fired row's comparisons by their place among the guard's
/// comparison instructions (`GestureEngine.tracesComparisons`); lowering recorded, for
/// each transition, the comparison each place stands for (`Provenance.Comparison`), and
/// a row's location leads to its transition (`Provenance.Kind.transition(at:in:)`).
struct GuardValues {
    /// A comparison of a guard: its sides as written, the operator, and the type the
    /// two sides share, when the source says it (a feature, a parameter, a unit).
    struct Term {
        var left: Side
        var relation: String
        var right: Side
        var type: ValueType?
    }

    struct Side {
        var text: String
        /// A literal shows no value of its own: `touchCount 0 == 0`.
        var isLiteral: Bool
    }

    private struct RowKey: Hashable {
        var kind: Int
        var location: SourceLocation
    }

    /// Each guarded row's comparisons, by its kind and location.
    private var rows: [RowKey: [Term]] = [:]
    /// Each recognizer's kind id, by recognizer id.
    private let kinds: [Int]

    init(compilation: Compilation, set: CompiledSet) {
        kinds = set.program.recognizers.map(\.kind)
        guard let provenance = set.provenance else { return }
        let text = SourceText(sources: compilation.sources)
        for (id, (kind, origin)) in zip(set.program.kinds, provenance.kinds).enumerated() {
            for (row, transition) in zip(kind.rows, origin.rows) where row.guardRoutine != nil {
                guard rows[RowKey(kind: id, location: row.location)] == nil else { continue }
                rows[RowKey(kind: id, location: row.location)] = origin.transitions[transition].comparisons.map {
                    // A bare `0` takes the other side's dimension (`translation.y < 0`).
                    Term(
                        left: Self.side($0.left, text), relation: $0.op.rawValue, right: Self.side($0.right, text),
                        type: Self.shown($0.left.type) ?? Self.shown($0.right.type))
                }
            }
        }
    }

    /// The comparisons of the guard of the row an action or a failure came from, in
    /// the order the code generator emits them; nil for a row without a guard.
    func terms(of origin: TimelineEntry.Origin) -> [Term]? {
        guard let recognizer = origin.recognizer, recognizer >= 0 && recognizer < kinds.count else { return nil }
        return rows[RowKey(kind: kinds[recognizer], location: origin.location)]
    }

    /// The row's comparisons with their values, one text each; empty when the row is
    /// not known or its guard compared nothing.
    func describe(_ compared: [TimelineEntry.Compared], origin: TimelineEntry.Origin?) -> [String] {
        guard let origin, let terms = terms(of: origin) else { return [] }
        return compared.compactMap { comparison in
            guard comparison.ordinal >= 0 && comparison.ordinal < terms.count else { return nil }
            let term = terms[comparison.ordinal]
            let left = Self.side(term.left, comparison.left, term.type)
            let right = Self.side(term.right, comparison.right, term.type)
            return "\(left) \(term.relation) \(right)"
        }
    }

    private static func side(_ side: Side, _ value: Double, _ type: ValueType?) -> String {
        side.isLiteral ? side.text : "\(side.text) \(written(value, type))"
    }

    /// A value as every output writes it (`QuantityText`), to a tenth: `12.3pt`,
    /// `350ms`, `5deg`, `80pt/s`.
    static func written(_ value: Double, _ type: ValueType?) -> String {
        switch type {
        case .scalar(.time)?: return QuantityText.format(value, .duration)
        case .scalar(.length)?: return QuantityText.format(value, .distance)
        case .scalar(.angle)?: return QuantityText.format(value, .angle)
        case .scalar(Dimension.length / .time)?: return QuantityText.format(value, .speed)
        case .bool?: return value != 0 ? "true" : "false"
        case .int?: return NumberText.format(value)
        default: return NumberText.format((value * 1000).rounded() / 1000)
        }
    }

    private static func side(_ side: Provenance.Side, _ text: SourceText) -> Side {
        // A compound side in parentheses, so that its value reads as its own:
        // `(tapsDone + 1) 2 == taps 2`.
        var written = text.compact(side.range)
        if side.isCompound { written = "(" + written + ")" }
        return Side(text: written, isLiteral: side.isLiteral)
    }

    /// The type a side's value is written in (`written`): a number's, with its unit, or
    /// a flag's; a view, a recognizer or a direction shows as a bare number, and a
    /// dimensionless number (`number`, a bare `0`) yields to the other side's unit.
    private static func shown(_ type: ValueType?) -> ValueType? {
        switch type {
        case .scalar(let dimension)? where dimension != .dimensionless: type
        case .int?, .bool?: type
        default: nil
        }
    }
}
