import GestureCompiler
import GestureDSL
import GestureRuntime

/// The values that decided a row, as text (`simulate`'s timeline): each comparison its
/// guard made when the row fired, with both sides as written and their values in the
/// units people write (`length(translation) 12.3pt >= hysteresis 10pt`).
///
/// The engine records a fired row's comparisons by their place among the guard's
/// comparison instructions (`GestureEngine.tracesComparisons`). The code generator
/// emits a guard's comparisons in the order of a walk of its expression, left operand
/// first, each after its operands, and folds constant subexpressions to one value; the
/// same walk here finds the comparison each place stands for.
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
                let types = Dictionary(
                    (kind.parameters.map { ($0.name.name, $0.type.name) } + kind.variables.map { ($0.name.name, $0.type.name) }),
                    uniquingKeysWith: { first, _ in first }
                )
                .compactMapValues { ValueType.declarable[$0] }
                for state in kind.states {
                    for transition in state.transitions {
                        guard let guardExpr = transition.guardExpr else { continue }
                        var terms: [Term] = []
                        Self.collect(guardExpr, types: types, text: text, into: &terms)
                        let file = compilation.sources[transition.range.file]
                        let (line, column) = file.lineAndColumn(of: transition.range.start)
                        rows["\(file.path):\(line):\(column)"] = terms
                    }
                }
            }
        }
    }

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
    private static func collect(_ expr: Expr, types: [String: ValueType], text: SourceText, into terms: inout [Term]) {
        if ConstantEvaluator().evaluate(expr) != nil { return }
        switch expr.kind {
        case .binary(let op, let left, let right):
            collect(left, types: types, text: text, into: &terms)
            collect(right, types: types, text: text, into: &terms)
            switch op {
            case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
                terms.append(
                    Term(
                        left: side(left, text), relation: op.rawValue, right: side(right, text),
                        type: type(of: left, types) ?? type(of: right, types)))
            default:
                break
            }
        case .unary(_, let operand):
            collect(operand, types: types, text: text, into: &terms)
        case .call(_, let arguments):
            for argument in arguments { collect(argument, types: types, text: text, into: &terms) }
        case .member(let base, _):
            collect(base, types: types, text: text, into: &terms)
        case .list(let elements):
            for element in elements { collect(element, types: types, text: text, into: &terms) }
        case .number, .bool, .name, .bad:
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

    /// A side's type where it is plain from the source: a feature, a parameter or
    /// variable, a number with a unit, and what `length`, `abs`, `min`, `max`, `+` and
    /// `-` keep. Nil otherwise: the value is then shown as a bare number.
    private static func type(of expr: Expr, _ types: [String: ValueType]) -> ValueType? {
        switch expr.kind {
        case .number(let literal):
            return literal.unit.map { .scalar(Dimension(unit: $0)) }
        case .name(let name):
            if let type = types[name] { return type }
            return Feature(name: name).map { Builtins.type(of: $0) }.flatMap(numeric)
        case .call(let function, let arguments):
            switch function.name {
            case "length": return arguments.first.flatMap { type(of: $0, types) }.flatMap(component)
            case "abs", "min", "max": return arguments.lazy.compactMap { type(of: $0, types) }.first
            default: return nil
            }
        case .member(let base, _):
            return type(of: base, types).flatMap(component)
        case .unary(.negate, let operand):
            return type(of: operand, types)
        case .binary(let op, let left, let right) where op == .add || op == .subtract:
            return type(of: left, types) ?? type(of: right, types)
        default:
            return nil
        }
    }

    /// A vector's component type; a scalar as it is.
    private static func component(_ type: ValueType) -> ValueType? {
        if case .vector(let dimension) = type { return .scalar(dimension) }
        return type
    }

    /// Only numbers and vectors of numbers: a view or a direction shows as a bare id.
    private static func numeric(_ type: ValueType) -> ValueType? {
        switch type {
        case .vector: type
        case .scalar, .int, .bool: type
        default: nil
        }
    }
}
