import GestureDSL
import GestureRuntime

/// A value known before any touch: a literal, a parameter's argument, or an
/// expression of those. Numbers are held in base units: seconds, points, radians.
package enum Constant: Equatable, Sendable {
    case bool(Bool)
    case number(Double, Dimension, isInteger: Bool)
    /// A set of directions as bits: left 1, right 2, up 4, down 8.
    case directions(UInt8)
    /// A set of touch types as bits (`TouchTypes`, R87): direct 1, indirect 2, pencil
    /// 4, indirectPointer 8.
    case touchTypes(UInt8)

    static let directionBits: [String: UInt8] = ["left": 1, "right": 2, "up": 4, "down": 8]
    /// Named sets of directions: an axis.
    static let directionSets: [String: UInt8] = ["horizontal": 1 | 2, "vertical": 4 | 8]

    /// The value of `unlimited`: more touches than any device reports; as a duration,
    /// 68 years, so a timer started for it never fires while an app runs.
    static let unlimited = QuantityText.unlimited
    /// The largest magnitude an argument may have, in base units: every number the
    /// tables hold converts to a 32-bit count, or is a time or length well inside
    /// what a `Double` keeps exact to the microsecond.
    static let largest = Double(Int32.max)

    /// Whether an argument's value can be held: finite, at most `largest`, and whole
    /// where a count is needed.
    static func fits(_ value: Double, integer: Bool) -> Bool {
        value.isFinite && abs(value) <= largest && (!integer || value == value.rounded(.towardZero))
    }

    /// How the value reads in a message, as a spec writes it: a quantity as every
    /// output writes one (`QuantityText`, to a thousandth: `350ms`, `10pt`, `30deg`,
    /// `300pt / 1s`), `[left, right]`.
    var description: String {
        switch self {
        case .bool(let value):
            return String(value)
        case .number(let value, let dimension, let isInteger):
            if isInteger, value == Constant.unlimited { return "unlimited" }
            switch dimension {
            case .time: return QuantityText.format(value, .duration, .thousandths)
            case .length: return QuantityText.format(value, .distance, .thousandths)
            case .angle: return QuantityText.format(value, .angle, .thousandths)
            case Dimension.length / .time: return QuantityText.format(value, .speed, .thousandths)
            default: return Constant.format(value)
            }
        case .directions(let bits):
            let names = ["left", "right", "up", "down"].filter { bits & (Constant.directionBits[$0] ?? 0) != 0 }
            return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        case .touchTypes(let bits):
            let names = TouchTypes(rawValue: bits).types.map(\.name)
            return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        }
    }

    /// A number without a unit and without a trailing `.0`, to three decimals (rounded
    /// by integer conversion, the same digits on every platform); a quantity is written
    /// with its unit, by `description`.
    static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        let thousandths = Int64(value * 1000 + (value < 0 ? -0.5 : 0.5))
        if thousandths % 1000 == 0 { return String(thousandths / 1000) }
        return String(Double(thousandths) / 1000)
    }
}

/// Evaluates the constant part of expressions.
package struct ConstantEvaluator {
    /// Parameters (or other names) whose values are known.
    var environment: [String: Constant]
    /// Values looked up when `environment` has none: a kind's defaults beneath a
    /// recognizer's arguments, without merging the two.
    var fallback: [String: Constant]
    /// A kind's parameters with their values here, by index (a recognizer's arguments
    /// over the kind's defaults), looked up before `environment` without hashing.
    var parameters: (kind: KindInfo, values: [Constant?])?

    /// An evaluator of constants alone. (An empty literal, `[:]`, as a default
    /// argument is built through `init(dictionaryLiteral:)` at every call.)
    package init() {
        self.environment = Dictionary()
        self.fallback = Dictionary()
    }

    package init(environment: [String: Constant], fallback: [String: Constant] = Dictionary()) {
        self.environment = environment
        self.fallback = fallback
    }

    /// An evaluator where the parameters of `kind` have `values`, by index.
    init(kind: KindInfo, values: [Constant?]) {
        self.init()
        self.parameters = (kind, values)
    }

    /// The value `name` has here, if known. Most evaluators have no environment, and
    /// looking a name up in an empty dictionary still hashes it.
    func value(of name: String) -> Constant? {
        if let parameters, let index = parameters.kind.parameterIndex(of: name) { return parameters.values[index] }
        return (environment.isEmpty ? nil : environment[name]) ?? (fallback.isEmpty ? nil : fallback[name])
    }

    /// The built-in names that are constants: directions, axes, touch types and
    /// `unlimited`, in one table so that a name that is none of them (a hook, a
    /// feature) is hashed once, not once per group.
    private static let namedConstants: NameTable<Constant> = {
        var constants = NameTable<Constant>()
        for (name, bits) in Constant.directionBits { constants[name] = .directions(bits) }
        for (name, bits) in Constant.directionSets { constants[name] = .directions(bits) }
        for type in TouchType.allCases { constants[type.name] = .touchTypes(TouchTypes(type).rawValue) }
        constants["unlimited"] = .number(Constant.unlimited, .dimensionless, isInteger: true)
        return constants
    }()

    /// The built-in constant `name` names (`left`, `unlimited`), if any.
    static func namedConstant(_ name: String) -> Constant? { namedConstants[name] }

    /// The value of `expr`, or nil when it depends on something not known before a
    /// touch (a feature, a variable, a hook) or is not well-typed.
    package func evaluate(_ expr: Expr) -> Constant? {
        evaluate(kind: expr.kind)
    }

    /// The value of an expression whose node reads `kind` (for a caller that has read it).
    func evaluate(kind: Expr.Kind) -> Constant? {
        switch kind {
        case .number(let literal):
            guard let unit = literal.unit else {
                return .number(literal.value, .dimensionless, isInteger: literal.isInteger)
            }
            // Dividing by 1000 is exact where multiplying by 0.001 is not: 350ms == 0.35s.
            let value: Double =
                switch unit {
                case .milliseconds: literal.value / 1000
                case .seconds, .points, .radians: literal.value
                case .degrees: literal.value * .pi / 180
                }
            return .number(value, Dimension(unit: unit), isInteger: false)
        case .bool(let value):
            return .bool(value)
        case .name(let name):
            return value(of: name) ?? Self.namedConstant(name)
        case .list(let elements):
            // A list is a set of directions or of touch types, one or the other.
            var bits: UInt8 = 0
            var types: Bool?
            for element in elements {
                switch evaluate(element) {
                case .directions(let more) where types != true:
                    bits |= more
                    types = false
                case .touchTypes(let more) where types != false:
                    bits |= more
                    types = true
                default:
                    return nil
                }
            }
            return types == true ? .touchTypes(bits) : .directions(bits)
        case .unary(.not, let operand):
            guard case .bool(let value) = evaluate(operand) else { return nil }
            return .bool(!value)
        case .unary(.negate, let operand):
            guard case .number(let value, let dimension, let isInteger) = evaluate(operand) else { return nil }
            return .number(-value, dimension, isInteger: isInteger)
        case .binary(let op, let left, let right):
            guard let lhs = evaluate(left), let rhs = evaluate(right) else { return nil }
            return Self.apply(op, lhs, rhs)
        case .call(let function, let arguments):
            let values = arguments.compactMap(evaluate)
            guard values.count == arguments.count else { return nil }
            return Self.call(function.name, values)
        case .member, .string, .bad:
            return nil
        }
    }

    private static func apply(_ op: BinaryOperator, _ lhs: Constant, _ rhs: Constant) -> Constant? {
        switch (op, lhs, rhs) {
        case (.and, .bool(let a), .bool(let b)): return .bool(a && b)
        case (.or, .bool(let a), .bool(let b)): return .bool(a || b)
        case (.equal, _, _): return .bool(lhs == rhs || numbersEqual(lhs, rhs))
        case (.notEqual, _, _): return .bool(!(lhs == rhs || numbersEqual(lhs, rhs)))
        case (.contains, .directions(let a), .directions(let b)): return .bool(a & b == a)
        case (.contains, .touchTypes(let a), .touchTypes(let b)): return .bool(a & b == a)
        case (_, .number(let a, let da, let ia), .number(let b, let db, let ib)):
            let isInteger = ia && ib
            switch op {
            case .less: return .bool(a < b)
            case .lessEqual: return .bool(a <= b)
            case .greater: return .bool(a > b)
            case .greaterEqual: return .bool(a >= b)
            case .add: return .number(a + b, da, isInteger: isInteger)
            case .subtract: return .number(a - b, da, isInteger: isInteger)
            case .multiply: return .number(a * b, da * db, isInteger: isInteger)
            case .divide:
                guard b != 0 else { return nil }
                return .number(a / b, da / db, isInteger: false)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func numbersEqual(_ lhs: Constant, _ rhs: Constant) -> Bool {
        guard case .number(let a, _, _) = lhs, case .number(let b, _, _) = rhs else { return false }
        return a == b
    }

    private static func call(_ function: String, _ values: [Constant]) -> Constant? {
        switch (function, values.first, values.count > 1 ? values[1] : nil) {
        case ("abs", .number(let a, let d, let i), nil): .number(abs(a), d, isInteger: i)
        case ("min", .number(let a, let d, let i), .number(let b, _, let j)?): .number(min(a, b), d, isInteger: i && j)
        case ("max", .number(let a, let d, let i), .number(let b, _, let j)?): .number(max(a, b), d, isInteger: i && j)
        default: nil
        }
    }
}
