import GestureCompiler
import GestureDSL
import GestureRuntime

/// The values that decided a row, as text (`simulate`'s timeline): each comparison its
/// guard made when the row fired, with both sides as written and their values in the
/// units people write (`length(translation) 12.3pt >= hysteresis 10pt`), the units from
/// the types the checker gave them (`Compilation.model`).
///
/// The engine records a fired row's comparisons by their place among the guard's
/// comparison instructions (`GestureEngine.tracesComparisons`). The code generator
/// emits a guard's comparisons in the order of a walk of its expression, left operand
/// first, each after its operands, and folds constant subexpressions to one value; the
/// same walk here finds the comparison each place stands for (`SemanticModelTests`
/// holds it to every example's compiled guards).
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

    /// Each guarded row's comparisons, by the row's location (`file:line:col`).
    private var rows: [String: [Term]] = [:]

    init(compilation: Compilation) {
        let text = SourceText(sources: compilation.sources)
        for file in [compilation.prelude] + compilation.files {
            for kind in file.kinds {
                for state in kind.states {
                    for transition in state.transitions {
                        guard let guardExpr = transition.guardExpr else { continue }
                        var terms: [Term] = []
                        Self.collect(guardExpr, model: compilation.model, text: text, into: &terms)
                        let file = compilation.sources[transition.range.file]
                        let (line, column) = file.lineAndColumn(of: transition.range.start)
                        rows["\(file.path):\(line):\(column)"] = terms
                    }
                }
            }
        }
    }

    /// The comparisons of the guard of the row at `row` (`file:line:col`), in the order
    /// the code generator emits them; nil for a row without a guard.
    func terms(ofRowAt row: String) -> [Term]? { rows[row] }

    /// The row's comparisons with their values, one text each; empty when the row is
    /// not known or its guard compared nothing.
    func describe(_ compared: [TimelineEntry.Compared], row: String) -> [String] {
        guard let terms = rows[row] else { return [] }
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

    /// The walk of the code generator (`CodeGenerator.emit`): operands first, left to
    /// right; a constant subexpression is one value with no comparison inside.
    private static func collect(_ expr: Expr, model: SemanticModel, text: SourceText, into terms: inout [Term]) {
        if ConstantEvaluator().evaluate(expr) != nil { return }
        switch expr.kind {
        case .binary(let op, let left, let right):
            collect(left, model: model, text: text, into: &terms)
            collect(right, model: model, text: text, into: &terms)
            switch op {
            case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
                // A bare `0` takes the other side's dimension (`translation.y < 0`).
                terms.append(
                    Term(
                        left: side(left, text), relation: op.rawValue, right: side(right, text),
                        type: shown(model.type(of: left)) ?? shown(model.type(of: right))))
            default:
                break
            }
        case .unary(_, let operand):
            collect(operand, model: model, text: text, into: &terms)
        case .call(_, let arguments):
            for argument in arguments { collect(argument, model: model, text: text, into: &terms) }
        case .member(let base, _):
            collect(base, model: model, text: text, into: &terms)
        case .list(let elements):
            for element in elements { collect(element, model: model, text: text, into: &terms) }
        case .number, .bool, .name, .string, .bad:
            break
        }
    }

    private static func side(_ expr: Expr, _ text: SourceText) -> Side {
        var isLiteral = false
        if case .number = expr.kind { isLiteral = true }
        if case .bool = expr.kind { isLiteral = true }
        // A compound side in parentheses, so that its value reads as its own:
        // `(tapsDone + 1) 2 == taps 2`.
        var written = text.compact(expr.range)
        if case .binary = expr.kind { written = "(" + written + ")" }
        return Side(text: written, isLiteral: isLiteral)
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
