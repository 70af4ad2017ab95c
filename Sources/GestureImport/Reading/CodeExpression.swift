/// An expression of a delegate method's body, Swift's or Objective-C's, as far as import
/// reads one: names, numbers, members, calls, message sends, casts and operators.
indirect enum CodeExpression {
    case name(String)
    case number(String)
    case bool(Bool)
    case member(CodeExpression, String)
    /// `f(a, label: b)`; a method call is a call of a member.
    case call(CodeExpression, [(label: String?, value: CodeExpression)])
    /// `[receiver part:value part:value]`.
    case message(CodeExpression, [(part: String, value: CodeExpression?)])
    case unary(String, CodeExpression)
    case binary(String, CodeExpression, CodeExpression)
    /// `x is T`, `x as? T`, `(T *)x`.
    case cast(CodeExpression, type: String, test: Bool)
    /// Tokens the parser could not read.
    case unreadable
}

/// A statement of a delegate method's body.
indirect enum CodeStatement {
    case returns(CodeExpression)
    /// `if c {…} else {…}`; Swift's `if a, b` is `a && b`; `if let x = y as? T` binds `x`.
    case branch(CodeExpression, binding: (name: String, value: CodeExpression)?, then: [CodeStatement], otherwise: [CodeStatement])
    /// `guard c else {…}`, with `guard let`'s binding.
    case guarded(CodeExpression, binding: (name: String, value: CodeExpression)?, otherwise: [CodeStatement])
    /// `let x = e`, `CGPoint v = e;`.
    case binds(String, CodeExpression)
    /// A statement import does not read (a `switch`, a loop, a call for its effect).
    case unreadable
}

/// Parses a body's statements and expressions over a token range, recursively, with its
/// depth bounded: deeper input is `.unreadable`, never a crash.
struct BodyParser {
    let index: TokenIndex
    var position: Int
    let end: Int
    var depth = 0
    static let depthLimit = 64

    init(index: TokenIndex, range: Range<Int>) {
        self.index = index
        position = range.lowerBound
        end = min(range.upperBound, index.tokens.count)
    }

    var current: String { position < end ? index.text(position) : "" }

    mutating func statements() -> [CodeStatement] {
        var list: [CodeStatement] = []
        while position < end && list.count < 200 {
            if current == ";" {
                position += 1
                continue
            }
            let before = position
            list.append(statement())
            if position == before { position += 1 }
        }
        return list
    }

    /// One statement, or a `{ … }` block's statements read as one list.
    mutating func block() -> [CodeStatement] {
        guard current == "{" else { return [statement()] }
        let close = min(index.partner[position], end)
        var inner = BodyParser(index: index, range: (position + 1)..<close)
        inner.depth = depth + 1
        position = close + 1
        return inner.depth > Self.depthLimit ? [.unreadable] : inner.statements()
    }

    mutating func statement() -> CodeStatement {
        switch current {
        case "return":
            position += 1
            let stop = index.statementEnd(from: position)
            return .returns(expression(upTo: min(stop, end)))
        case "if":
            position += 1
            let (condition, binding) = condition(until: "{")
            let then = block()
            var otherwise: [CodeStatement] = []
            if current == "else" {
                position += 1
                otherwise = block()
            }
            return .branch(condition, binding: binding, then: then, otherwise: otherwise)
        case "guard":
            position += 1
            let (condition, binding) = condition(until: "else")
            guard current == "else" else { return .unreadable }
            position += 1
            return .guarded(condition, binding: binding, otherwise: block())
        case "let", "var":
            position += 1
            return binding()
        default:
            // Objective-C: `CGPoint v = e;`, `UIPanGestureRecognizer *pan = e;`.
            if index.isWord(position)
                && (index.text(position + 1) == "*" && index.isWord(position + 2) && index.text(position + 3) == "="
                    || index.isWord(position + 1) && index.text(position + 2) == "=")
            {
                position += index.text(position + 1) == "*" ? 2 : 1
                return binding()
            }
            position = max(position + 1, index.statementEnd(from: position))
            return .unreadable
        }
    }

    /// `name [: Type] = value`.
    mutating func binding() -> CodeStatement {
        guard index.isWord(position) else { return .unreadable }
        let name = current
        var k = position + 1
        if index.text(k) == ":" {
            while k < end && index.text(k) != "=" && k - position < 12 { k += 1 }
        }
        guard index.text(k) == "=" else { return .unreadable }
        position = k + 1
        let stop = index.statementEnd(from: position)
        return .binds(name, expression(upTo: min(stop, end)))
    }

    /// An `if` or `guard` condition up to `{` or `else`: Objective-C's parentheses,
    /// Swift's commas (`&&`) and its `let x = y as? T`.
    mutating func condition(until stop: String) -> (CodeExpression, (name: String, value: CodeExpression)?) {
        var stopAt = position
        while stopAt < end && index.text(stopAt) != stop {
            if ["(", "["].contains(index.text(stopAt)) { stopAt = index.partner[stopAt] }
            stopAt += 1
        }
        if stop == "{" && index.text(position) == "(" && index.partner[position] + 1 < stopAt {
            // Objective-C's `if (c) return x;` with no braces.
            let close = index.partner[position]
            let condition = expression(in: (position + 1)..<close)
            position = close + 1
            return (condition, nil)
        }
        var parts: [CodeExpression] = []
        var binding: (name: String, value: CodeExpression)?
        var start = position
        var k = position
        while k <= stopAt {
            if k == stopAt || index.text(k) == "," {
                if index.text(start) == "let" || index.text(start) == "var", index.text(start + 2) == "=" {
                    binding = (index.text(start + 1), expression(in: (start + 3)..<k))
                } else if start < k {
                    parts.append(expression(in: start..<k))
                }
                start = k + 1
            } else if ["(", "["].contains(index.text(k)) {
                k = index.partner[k]
            }
            k += 1
        }
        position = stopAt
        let condition = parts.dropFirst().reduce(parts.first ?? .bool(true)) { .binary("&&", $0, $1) }
        return (condition, binding)
    }

    // MARK: Expressions

    mutating func expression(upTo stop: Int) -> CodeExpression {
        let range = position..<max(position, stop)
        position = max(position, stop)
        return expression(in: range)
    }

    func expression(in range: Range<Int>) -> CodeExpression {
        var parser = ExpressionParser(index: index, position: range.lowerBound, end: min(range.upperBound, end), depth: depth)
        let result = parser.binary(precedence: 0)
        return parser.position == parser.end ? result : .unreadable
    }
}

/// Operator precedence over one expression's tokens.
struct ExpressionParser {
    let index: TokenIndex
    var position: Int
    let end: Int
    var depth: Int

    var current: String { position < end ? index.text(position) : "" }

    static let precedences: [String: Int] = [
        "||": 1, "&&": 2, "==": 3, "!=": 3, "===": 3, "!==": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
        "+": 4, "-": 4, "*": 5, "/": 5,
    ]

    mutating func binary(precedence: Int) -> CodeExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < BodyParser.depthLimit else {
            position = end
            return .unreadable
        }
        var left = unary()
        while true {
            if current == "is" || current == "as" {
                position += 1
                let test = index.text(position - 1) == "is"
                if ["?", "!"].contains(current) { position += 1 }
                guard index.isWord(position) else { return .unreadable }
                left = .cast(left, type: current, test: test)
                position += 1
                continue
            }
            guard let p = Self.precedences[current], p > precedence else { return left }
            let op = current == "===" ? "==" : current == "!==" ? "!=" : current
            position += 1
            let right = binary(precedence: p)
            left = .binary(op, left, right)
        }
    }

    mutating func unary() -> CodeExpression {
        if current == "!" || current == "-" {
            let op = current
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < BodyParser.depthLimit else {
                position = end
                return .unreadable
            }
            return .unary(op, unary())
        }
        return postfix(primary())
    }

    mutating func primary() -> CodeExpression {
        let text = current
        guard position < end else { return .unreadable }
        switch index.tokens[position].kind {
        case .number:
            position += 1
            return .number(text)
        case .word:
            position += 1
            switch text {
            case "true", "YES": return .bool(true)
            case "false", "NO": return .bool(false)
            default: return .name(text)
            }
        case .punctuation where text == "(":
            let close = min(index.partner[position], end)
            // `(UIPanGestureRecognizer *)x`: an Objective-C cast.
            if index.isWord(position + 1) && index.text(position + 2) == "*" && position + 3 == close {
                let type = index.text(position + 1)
                position = close + 1
                return .cast(unary(), type: type, test: false)
            }
            var inner = ExpressionParser(index: index, position: position + 1, end: close, depth: depth + 1)
            let value = inner.binary(precedence: 0)
            position = close + 1
            return inner.position == close ? value : .unreadable
        case .punctuation where text == "[":
            return message()
        case .punctuation where text == "." && index.isWord(position + 1):
            // Swift's implicit member, `.pencil`: a member of a type the context names.
            position += 2
            return .member(.name(""), index.text(position - 1))
        default:
            position += 1
            return .unreadable
        }
    }

    /// `[receiver word]`, `[receiver part:value part:value]`, `[Type class]`.
    mutating func message() -> CodeExpression {
        let close = min(index.partner[position], end)
        var inner = ExpressionParser(index: index, position: position + 1, end: close, depth: depth + 1)
        position = close + 1
        let receiver = inner.postfix(inner.primary())
        var parts: [(part: String, value: CodeExpression?)] = []
        while inner.position < close && parts.count < 16 {
            guard index.isWord(inner.position) else { return .unreadable }
            let part = inner.current
            inner.position += 1
            if inner.current == ":" {
                inner.position += 1
                // The value runs to the next `word:` at this level.
                var stop = inner.position
                while stop < close && !(index.isWord(stop) && index.text(stop + 1) == ":" && stop > inner.position) {
                    if ["(", "["].contains(index.text(stop)) { stop = index.partner[stop] }
                    stop += 1
                }
                var valueParser = ExpressionParser(index: index, position: inner.position, end: min(stop, close), depth: depth + 1)
                parts.append((part, valueParser.binary(precedence: 0)))
                inner.position = min(stop, close)
            } else {
                parts.append((part, nil))
            }
        }
        return .message(receiver, parts)
    }

    mutating func postfix(_ base: CodeExpression) -> CodeExpression {
        var value = base
        var steps = 0
        while position < end && steps < 64 {
            steps += 1
            switch current {
            case "?", "!":
                // Optional chaining and forcing change nothing import reads.
                if index.text(position + 1) == "." || index.text(position + 1) == "(" || position + 1 == end
                    || Self.precedences[index.text(position + 1)] != nil || index.text(position + 1) == ")"
                {
                    position += 1
                } else {
                    return value
                }
            case ".":
                guard index.isWord(position + 1) else { return .unreadable }
                value = .member(value, index.text(position + 1))
                position += 2
            case "(" where index.line[position] == index.line[max(position - 1, 0)]:
                let close = min(index.partner[position], end)
                var arguments: [(label: String?, value: CodeExpression)] = []
                var start = position + 1
                var k = start
                while k <= close {
                    if k == close || index.text(k) == "," {
                        if start < k {
                            var label: String?
                            var valueStart = start
                            if index.isWord(start) && index.text(start + 1) == ":" {
                                label = index.text(start)
                                valueStart = start + 2
                            }
                            var argument = ExpressionParser(index: index, position: valueStart, end: k, depth: depth + 1)
                            let parsed = argument.binary(precedence: 0)
                            arguments.append((label, argument.position == k ? parsed : .unreadable))
                        }
                        start = k + 1
                    } else if ["(", "["].contains(index.text(k)) {
                        k = index.partner[k]
                    }
                    k += 1
                }
                value = .call(value, arguments)
                position = close + 1
            default:
                return value
            }
        }
        return value
    }
}
