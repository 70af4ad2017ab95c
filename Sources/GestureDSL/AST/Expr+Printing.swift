extension Expr {
    /// The names the expression reads (not members or function names), in order of
    /// first appearance. A set keeps the repeats out: a call or a list literal may hold
    /// any number of names, and searching the list for each was square in them.
    public var names: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        func visit(_ expr: Expr) {
            switch expr.kind {
            case .name(let name): if seen.insert(name).inserted { names.append(name) }
            case .list(let elements): elements.forEach(visit)
            case .member(let base, _): visit(base)
            case .call(_, let arguments): arguments.forEach(visit)
            case .unary(_, let operand): visit(operand)
            case .binary(_, let left, let right):
                visit(left)
                visit(right)
            case .number, .bool, .string, .bad: break
            }
        }
        visit(self)
        return names
    }

    /// Like `fullyParenthesized`, without parentheses around the whole expression:
    /// `taps >= 1`, `(a < b) && c`. For messages that quote a condition.
    public var conditionText: String {
        guard case .binary(let op, let left, let right) = kind else { return fullyParenthesized }
        return "\(left.fullyParenthesized) \(op.rawValue) \(right.fullyParenthesized)"
    }

    /// The expression as source text with every binary and unary operation in
    /// parentheses, so its shape reads without precedence rules:
    /// `(x || ((y && (1 < 4)) && !z))`. Numbers keep their units.
    public var fullyParenthesized: String {
        switch kind {
        case .number(let literal):
            let value = literal.isInteger ? String(Int(literal.value)) : String(literal.value)
            return value + (literal.unit?.rawValue ?? "")
        case .bool(let value):
            return String(value)
        case .name(let name):
            return name
        case .string(let text):
            return Expr.quoted(text)
        case .list(let elements):
            return "[" + elements.map(\.fullyParenthesized).joined(separator: ", ") + "]"
        case .member(let base, let member):
            return base.fullyParenthesized + "." + member.name
        case .call(let function, let arguments):
            return function.name + "(" + arguments.map(\.fullyParenthesized).joined(separator: ", ") + ")"
        case .unary(let op, let operand):
            return op.rawValue + operand.fullyParenthesized
        case .binary(let op, let left, let right):
            return "(\(left.fullyParenthesized) \(op.rawValue) \(right.fullyParenthesized))"
        case .bad:
            return "<error>"
        }
    }
}

extension Expr {
    /// `text` as a string literal: in double quotes, with `"` and `\\` escaped, as the
    /// parser reads it back.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
