/// `gesturec format`: one canonical layout for a `.gdl` file, like gofmt's for Go.
///
/// The formatter changes only what lies between tokens: the tokens, their order and
/// every comment stay, so a formatted file means what it meant. What it decides:
///
/// - **Spacing on a line.** One space between tokens, except none inside `()` and
///   `[]`, before `,` `;` `:` `.` and after `.`, between a name and the `(` of its
///   arguments (`pan(`, `length(`), and after a unary `-` or `!`. Binary operators,
///   `=`, `+=`, `-=` and `->` get a space on each side.
/// - **Line breaks are the author's.** A line break stays a line break, and a run of
///   blank lines becomes one; none is kept at the start of the file, after a `{` or
///   before a `}`. The file ends with one newline.
/// - **Indentation** is two spaces per open brace. A line inside parentheses or
///   brackets opened on an earlier line is indented once more per line that opened
///   them, and a line that continues an expression or a list of names (it starts with
///   a binary operator, or the line before ends with one, with `,`, `:`, `=` or `->`)
///   once more than its statement.
/// - **Comments** keep their place and their text, trailing whitespace removed.
///   A comment after code stays after it; consecutive lines with such comments align
///   them two spaces past the longest line of code. A block comment's inner lines are
///   left as written.
///
/// A file that does not lex and parse cleanly is not formatted.
public enum Formatter {
    /// The result of formatting one file.
    public enum Outcome: Sendable {
        /// The canonical text.
        case formatted(String)
        /// The file has syntax errors, so it is left alone; these are they.
        case syntaxErrors(DiagnosticBag)
    }

    /// Formats `file`, known as `id` in the diagnostics it may return.
    public static func format(_ file: SourceFile, id: FileID) -> Outcome {
        var diagnostics = DiagnosticBag(errorLimit: nil)
        _ = Parser.parse(file, id: id, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return .syntaxErrors(diagnostics) }
        var lexer = Lexer(file: file, id: id)
        let tokens = lexer.tokenize(diagnostics: &diagnostics)
        var layout = Layout(bytes: file.bytes)
        var previousEnd = 0
        for token in tokens {
            layout.placeTrivia(previousEnd..<token.start)
            if token.kind != .endOfFile { layout.place(token) }
            previousEnd = token.end
        }
        return .formatted(layout.text())
    }
}

/// The lines being written, and what the layout rules need to know about what came
/// before.
private struct Layout {
    let bytes: [UInt8]
    private var lines: [Line] = []
    private var current = Line()
    /// Line breaks seen since the last thing placed.
    private var pendingBreaks = 0
    /// The brackets open, each with the line it opened on and the indentation it
    /// added: 1, or 0 when a bracket opened on the same line is still open.
    private var open: [(kind: TokenKind, line: Int, indent: Int)] = []
    private var indentation = 0
    /// The number of the line being written.
    private var lineNumber = 0
    private var previous: Token?
    /// True when `previous` was a unary `-` or `!`.
    private var previousWasUnary = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private struct Line {
        var indent = 0
        var code = ""
        /// A `//` comment after the code.
        var comment: String?
        var isEmpty: Bool { code.isEmpty && comment == nil }
    }

    // MARK: Trivia

    /// Places the comments between two tokens and counts their line breaks.
    mutating func placeTrivia(_ range: Range<Int>) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            switch bytes[offset] {
            case UInt8(ascii: "\n"):
                pendingBreaks += 1
                offset += 1
            case UInt8(ascii: "/") where offset + 1 < range.upperBound && bytes[offset + 1] == UInt8(ascii: "/"):
                var end = offset
                while end < range.upperBound, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                placeLineComment(text(offset..<end))
                offset = end
            case UInt8(ascii: "/") where offset + 1 < range.upperBound && bytes[offset + 1] == UInt8(ascii: "*"):
                let end = blockCommentEnd(from: offset, limit: range.upperBound)
                placeBlockComment(text(offset..<end))
                offset = end
            default:
                offset += 1  // spaces, tabs, carriage returns
            }
        }
    }

    /// Where the block comment at `start` ends: block comments nest, as in Swift.
    private func blockCommentEnd(from start: Int, limit: Int) -> Int {
        var offset = start + 2
        var depth = 1
        while offset < limit, depth > 0 {
            if bytes[offset] == UInt8(ascii: "/"), offset + 1 < limit, bytes[offset + 1] == UInt8(ascii: "*") {
                depth += 1
                offset += 2
            } else if bytes[offset] == UInt8(ascii: "*"), offset + 1 < limit, bytes[offset + 1] == UInt8(ascii: "/") {
                depth -= 1
                offset += 2
            } else {
                offset += 1
            }
        }
        return offset
    }

    private func text(_ range: Range<Int>) -> String {
        var end = range.upperBound
        while end > range.lowerBound, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[end - 1]) {
            end -= 1
        }
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }

    private mutating func placeLineComment(_ comment: String) {
        if pendingBreaks == 0, !current.code.isEmpty {
            current.comment = comment
        } else {
            startLine(closing: false, continuing: false)
            current.code = comment
        }
    }

    private mutating func placeBlockComment(_ comment: String) {
        if pendingBreaks == 0, !current.code.isEmpty {
            current.code += " " + comment
        } else {
            startLine(closing: false, continuing: false)
            current.code = comment
        }
        // The token after a block comment on its line is spaced from the comment.
        previous = nil
    }

    // MARK: Tokens

    mutating func place(_ token: Token) {
        let closes = [.rightBrace, .rightParen, .rightBracket].contains(token.kind)
        let startsLine = pendingBreaks > 0 || (current.code.isEmpty && current.comment == nil)
        if startsLine {
            startLine(closing: closes, continuing: !closes && continues(before: token))
        } else if spaced(before: token) {
            current.code += " "
        }
        if closes, !open.isEmpty {
            indentation -= open.removeLast().indent
        }
        let isUnary = isUnaryOperator(token)
        current.code += String(decoding: bytes[token.start..<token.end], as: UTF8.self)
        if [.leftBrace, .leftParen, .leftBracket].contains(token.kind) {
            let added = open.last?.line == lineNumber ? 0 : 1
            open.append((token.kind, lineNumber, added))
            indentation += added
        }
        previous = token
        previousWasUnary = isUnary
    }

    /// Ends the line being written and starts the next, with the blank line kept from
    /// the source if the rules allow one.
    private mutating func startLine(closing: Bool, continuing: Bool) {
        let hadBlank = pendingBreaks >= 2
        pendingBreaks = 0
        if !current.isEmpty {
            lines.append(current)
            let afterOpeningBrace =
                previous?.kind == .leftBrace && current.comment == nil
                && current.code.hasSuffix("{")
            if hadBlank, !closing, !afterOpeningBrace { lines.append(Line()) }
        }
        current = Line()
        var indent = indentation
        if closing, let last = open.last { indent -= last.indent }
        if continuing { indent += 1 }
        current.indent = max(0, indent)
        lineNumber += 1
    }

    /// True when a line starting with `token` continues the statement of the line
    /// before: an expression or a list of names broken across lines. Inside
    /// parentheses and brackets the bracket's own indentation says it already.
    private func continues(before token: Token) -> Bool {
        guard let previous, open.last.map({ $0.kind == .leftBrace }) ?? true else { return false }
        if isBinaryOperator(token.kind) || token.kind == .dot || token.kind == .arrow { return true }
        switch previous.kind {
        case .comma, .colon, .assign, .plusAssign, .minusAssign, .arrow, .dot, .bang:
            return true
        default:
            return isBinaryOperator(previous.kind) || previousWasUnary
        }
    }

    private func spaced(before token: Token) -> Bool {
        guard let previous else { return true }
        if previousWasUnary { return false }
        switch previous.kind {
        case .leftParen, .leftBracket, .dot: return false
        default: break
        }
        switch token.kind {
        case .rightParen, .rightBracket, .comma, .semicolon, .colon, .dot:
            return false
        case .leftParen:
            return previous.kind != .identifier
        default:
            return true
        }
    }

    /// A `!` always; a `-` where no operand comes before it.
    private func isUnaryOperator(_ token: Token) -> Bool {
        switch token.kind {
        case .bang: return true
        case .minus:
            guard let previous else { return true }
            switch previous.kind {
            case .identifier, .number, .string, .rightParen, .rightBracket, .keyword(.true), .keyword(.false):
                return false
            default:
                return true
            }
        default:
            return false
        }
    }

    private func isBinaryOperator(_ kind: TokenKind) -> Bool {
        switch kind {
        case .plus, .star, .slash, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or,
            .keyword(.in):
            return true
        case .minus:
            return true  // at a line's start, a `-` continues an expression either way
        default:
            return false
        }
    }

    // MARK: Output

    /// The text of every line, trailing comments aligned in runs of consecutive lines.
    mutating func text() -> String {
        if !current.isEmpty { lines.append(current) }
        current = Line()
        while lines.last?.isEmpty == true { lines.removeLast() }
        var output = ""
        var index = 0
        while index < lines.count {
            // A run of consecutive lines with code and a trailing comment.
            var end = index
            while end < lines.count, lines[end].comment != nil, !lines[end].code.isEmpty { end += 1 }
            if end > index {
                let column = lines[index..<end].map { $0.indent * 2 + $0.code.count }.max() ?? 0
                for line in lines[index..<end] {
                    let code = String(repeating: " ", count: line.indent * 2) + line.code
                    output += code + String(repeating: " ", count: column - code.count + 2) + (line.comment ?? "") + "\n"
                }
                index = end
                continue
            }
            let line = lines[index]
            output += line.isEmpty ? "\n" : String(repeating: " ", count: line.indent * 2) + line.code + "\n"
            index += 1
        }
        return output
    }
}
