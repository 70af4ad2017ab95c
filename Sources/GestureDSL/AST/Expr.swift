/// An expression: guards, predicates, arguments, defaults.
public struct Expr: Sendable {
    /// Only the cases that contain expressions are boxed, so leaves cost no allocation.
    public enum Kind: Sendable {
        case number(NumberLiteral)
        case bool(Bool)
        case name(String)
        /// `[left, right]`.
        case list([Expr])
        /// `base.member`.
        indirect case member(Expr, Identifier)
        /// `function(arguments)`.
        indirect case call(Identifier, [Expr])
        indirect case unary(UnaryOperator, Expr)
        indirect case binary(BinaryOperator, Expr, Expr)
        /// Stands where the parser found no valid expression (already reported).
        case bad
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A number as written: `2`, `0.35s`, `45pt`.
public struct NumberLiteral: Hashable, Sendable {
    public var value: Double
    /// True when written without a decimal point, so it can be an `int`.
    public var isInteger: Bool
    public var unit: Unit?
}

public enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

public enum BinaryOperator: String, Sendable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case contains = "in"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"

    /// True for the operators that do not chain (`a < b < c` is an error).
    public var isComparison: Bool { precedence == 3 }

    /// Binding strength; higher binds tighter.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .contains: 3
        case .add, .subtract: 4
        case .multiply, .divide: 5
        }
    }
}
