/// An expression: guards, predicates, arguments, defaults.
///
/// A handle on one node of its file's `ExprTree`; `kind` and `range` are read from the
/// tree, and the expressions a kind holds are handles too.
public struct Expr: Sendable {
    public enum Kind: Sendable {
        case number(NumberLiteral)
        case bool(Bool)
        case name(String)
        /// `"Like"`: a string literal, its escapes undone. Only an accessibility label
        /// takes one; anywhere else the checker reports its type.
        case string(String)
        /// `[left, right]`.
        case list([Expr])
        /// `base.member`.
        case member(Expr, Identifier)
        /// `function(arguments)`.
        case call(Identifier, [Expr])
        case unary(UnaryOperator, Expr)
        case binary(BinaryOperator, Expr, Expr)
        /// Stands where the parser found no valid expression (already reported).
        case bad
    }

    let tree: ExprTree
    let index: UInt32

    init(tree: ExprTree, index: UInt32) {
        self.tree = tree
        self.index = index
    }

    /// The file whose tree holds the expression. A file's expressions are all in one
    /// tree, so `file` and `node` name one expression of a compilation.
    package var file: FileID { tree.file }
    /// The expression's number in its file's tree, from 0 in the order they were made.
    package var node: Int { Int(index) }
    /// How many expressions its file's tree holds: every `node` is below it.
    package var nodesInFile: Int { tree.nodeCount }

    public var kind: Kind { tree.kind(of: index) }
    public var range: SourceRange { tree.range(of: index) }
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
