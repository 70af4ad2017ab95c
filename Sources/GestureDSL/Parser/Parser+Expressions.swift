// Expressions, by precedence climbing:
//
//   Expr    = Binary(1) .
//   Binary  = Unary { BinaryOperator Unary }      (operators by BinaryOperator.precedence)
//   Unary   = ( "!" | "-" ) Unary | Postfix .
//   Postfix = Primary { "." Ident } .
//   Primary = Number | "true" | "false" | Ident [ "(" [ Expr { "," Expr } ] ")" ]
//           | "(" Expr ")" | "[" [ Expr { "," Expr } ] "]" .

extension Parser {
    mutating func parseExpression() throws(ParseAbort) -> Expr {
        guard expressionOperators < 0 else { return try parseBinary(minimumPrecedence: 1) }
        // The outermost expression counts the operators of everything inside it.
        expressionOperators = 0
        defer { expressionOperators = -1 }
        return try parseBinary(minimumPrecedence: 1)
    }

    private mutating func parseBinary(minimumPrecedence: Int) throws(ParseAbort) -> Expr {
        var left = try parseUnary()
        var previousWasComparison = false
        var chained = false
        while let op = binaryOperator(current), op.precedence >= minimumPrecedence {
            let opToken = current
            if op.isComparison {
                if previousWasComparison, !chained {
                    report(.chainedComparison, at: range(of: opToken))
                    chained = true
                }
                previousWasComparison = true
            }
            expressionOperators += 1
            guard expressionOperators <= Parser.maximumOperators else {
                throw error(.expressionTooLong(limit: Parser.maximumOperators), at: range(of: opToken))
            }
            advance()
            let right = try parseBinary(minimumPrecedence: op.precedence + 1)
            left = expressions.make(.binary(op, left, right), range: left.range.union(right.range))
        }
        // Reported once; a `bad` node keeps the checker from reporting it again.
        return chained ? expressions.make(.bad, range: left.range) : left
    }

    private func binaryOperator(_ token: Token) -> BinaryOperator? {
        switch token.kind {
        case .or: .or
        case .and: .and
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        case .keyword(.in): .contains
        case .plus: .add
        case .minus: .subtract
        case .star: .multiply
        case .slash: .divide
        default: nil
        }
    }

    private mutating func parseUnary() throws(ParseAbort) -> Expr {
        let token = current
        try enterNesting(at: token)
        defer { depth -= 1 }
        let op: UnaryOperator? =
            switch token.kind {
            case .bang: .not
            case .minus: .negate
            default: nil
            }
        guard let op else { return try parsePostfix() }
        advance()
        let operand = try parseUnary()
        return expressions.make(.unary(op, operand), range: range(of: token).union(operand.range))
    }

    private mutating func parsePostfix() throws(ParseAbort) -> Expr {
        var expr = try parsePrimary()
        while consume(.dot) {
            // After a dot, a reserved word is a member name (`other.view`, `other.kind`).
            if case .keyword = current.kind {
                let token = current
                advance()
                let member = Identifier(text(of: token), range: range(of: token))
                expr = expressions.make(.member(expr, member), range: expr.range.union(member.range))
                continue
            }
            let member = try expectIdentifier("a member name")
            expr = expressions.make(.member(expr, member), range: expr.range.union(member.range))
        }
        return expr
    }

    private mutating func parsePrimary() throws(ParseAbort) -> Expr {
        let start = mark
        let token = current
        switch token.kind {
        case .number(let unit):
            advance()
            guard let literal = numberLiteral(token, unit: unit) else { return expressions.make(.bad, range: range(of: token)) }
            return expressions.make(.number(literal), range: range(of: token))
        case .string:
            advance()
            return expressions.make(.string(unquote(token)), range: range(of: token))
        case .keyword(.true), .keyword(.false):
            advance()
            return expressions.make(.bool(token.kind == .keyword(.true)), range: range(of: token))
        case .identifier:
            advance()
            let name = Identifier(text(of: token), range: range(of: token))
            guard consume(.leftParen) else { return expressions.make(.name(name.name), range: name.range) }
            let arguments = try parseExpressionList(closer: .rightParen)
            return expressions.make(.call(name, arguments), range: rangeFrom(start))
        case .leftParen:
            advance()
            let inner = try parseExpression()
            _ = try expect(.rightParen, "')'")
            expressions.setRange(of: inner, to: rangeFrom(start))
            return inner
        case .leftBracket:
            advance()
            let elements = try parseExpressionList(closer: .rightBracket)
            return expressions.make(.list(elements), range: rangeFrom(start))
        case .dot where lookahead.kind == .identifier:
            // Swift's `.left`: the language writes an enum's value as a bare word.
            let word = text(of: lookahead)
            let both = SourceRange(file: fileID, start: token.start, end: lookahead.end)
            throw error(
                .expectedExpression(found: describe(token)), at: range(of: token),
                notes: [Note("a value is written without Swift's leading dot: write '\(word)'", at: both, fix: FixIt(replacing: both, with: word))])
        default:
            throw error(.expectedExpression(found: describe(token)), at: range(of: token))
        }
    }

    /// Comma-separated expressions up to and including `closer`.
    private mutating func parseExpressionList(closer: TokenKind) throws(ParseAbort) -> [Expr] {
        var elements: [Expr] = []
        while !at(closer) {
            elements.append(try parseExpression())
            if !consume(.comma) { break }
        }
        _ = try expect(closer, "',' or \(closer.spelling)")
        return elements
    }

    /// The literal a number token spells, or nil when it was reported: out of range,
    /// or with a suffix that is not a unit (which the lexer reported).
    private mutating func numberLiteral(_ token: Token, unit: Unit?) -> NumberLiteral? {
        var digitsEnd = token.start
        var isInteger = true
        while digitsEnd < token.end {
            let byte = file.bytes[digitsEnd]
            if byte == UInt8(ascii: ".") {
                isInteger = false
            } else if !byte.isDigit {
                break
            }
            digitsEnd += 1
        }
        if unit == nil, digitsEnd < token.end { return nil }
        // Most literals are short integers: summed digit by digit they are exact (fewer
        // than sixteen digits stay below 2^53), with no string and no `strtod`.
        if isInteger, digitsEnd - token.start < 16 {
            var whole: Int64 = 0
            for byte in file.bytes[token.start..<digitsEnd] { whole = whole * 10 + Int64(byte &- UInt8(ascii: "0")) }
            if whole <= Int64(Int32.max) { return NumberLiteral(value: Double(whole), isInteger: true, unit: unit) }
        }
        let digits = String(decoding: file.bytes[token.start..<digitsEnd], as: UTF8.self)
        guard let value = Double(digits), value.isFinite, !isInteger || value <= Double(Int32.max) else {
            report(
                .invalidNumber(digits), at: range(of: token),
                notes: [Note("numbers must be finite and integers at most \(Int32.max)", at: range(of: token))])
            return nil
        }
        return NumberLiteral(value: value, isInteger: isInteger, unit: unit)
    }
}
