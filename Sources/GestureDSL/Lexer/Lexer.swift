/// Turns the bytes of a `SourceFile` into tokens.
///
/// The lexer never stops: every byte ends up in a token, in trivia, or in a run of
/// bad bytes that is reported once and skipped, and the tokens always end with
/// `endOfFile`.
public struct Lexer {
    private let bytes: [UInt8]
    private let fileID: FileID
    private var position = 0
    private var atLineStart = true
    private var pendingDoc: Range<Int>?

    public init(file: SourceFile, id: FileID) {
        self.bytes = file.bytes
        self.fileID = id
    }

    /// The next token, reporting the problems of the bytes before it; at the end of the
    /// file, `endOfFile` every time. The parser pulls tokens one at a time, so a file's
    /// tokens are never all held at once.
    public mutating func next(diagnostics: inout DiagnosticBag) -> Token {
        while true {
            skipTrivia(diagnostics: &diagnostics)
            let start = position
            guard let kind = scanToken(diagnostics: &diagnostics) else { continue }
            let token = Token(kind: kind, start: start, end: position, isFirstOnLine: atLineStart, doc: pendingDoc)
            atLineStart = false
            pendingDoc = nil
            return token
        }
    }

    /// All tokens of the file, ending with `endOfFile` (for tests and tools that want
    /// the list; the parser pulls them with `next`).
    public mutating func tokenize(diagnostics: inout DiagnosticBag) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next(diagnostics: &diagnostics)
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    // MARK: - Trivia

    private mutating func skipTrivia(diagnostics: inout DiagnosticBag) {
        // The position in a local, as in `scanWord`; comments move it through `self`.
        var position = self.position
        defer { self.position = position }
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                atLineStart = true
            case UInt8(ascii: "/") where peek(1, after: position) == UInt8(ascii: "/"):
                self.position = position
                skipLineComment(diagnostics: &diagnostics)
                position = self.position
            case UInt8(ascii: "/") where peek(1, after: position) == UInt8(ascii: "*"):
                self.position = position
                skipBlockComment(diagnostics: &diagnostics)
                position = self.position
            default:
                return
            }
        }
    }

    private mutating func skipLineComment(diagnostics: inout DiagnosticBag) {
        let start = position
        let isDoc = peek(2) == UInt8(ascii: "/") && peek(3) != UInt8(ascii: "/")
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            position += 1
        }
        validateUTF8(start..<position, diagnostics: &diagnostics)
        if isDoc {
            // Consecutive `///` lines form one doc comment.
            pendingDoc = (pendingDoc?.lowerBound ?? start)..<position
        } else {
            pendingDoc = nil
        }
    }

    /// Block comments nest, as in Swift.
    private mutating func skipBlockComment(diagnostics: inout DiagnosticBag) {
        let start = position
        position += 2
        var depth = 1
        while position < bytes.count, depth > 0 {
            if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
            } else {
                if bytes[position] == UInt8(ascii: "\n") { atLineStart = true }
                position += 1
            }
        }
        if depth > 0 {
            diagnostics.report(SyntaxProblem.unterminatedBlockComment, at: range(start, start + 2))
        }
        validateUTF8(start..<position, diagnostics: &diagnostics)
        pendingDoc = nil
    }

    // MARK: - Tokens

    /// The next token's kind, or nil after reporting and skipping bytes that start none.
    private mutating func scanToken(diagnostics: inout DiagnosticBag) -> TokenKind? {
        guard position < bytes.count else { return .endOfFile }
        let byte = bytes[position]
        if byte.isIdentifierStart { return scanWord() }
        if byte.isDigit { return scanNumber(diagnostics: &diagnostics) }
        if byte == UInt8(ascii: "\"") { return scanString(diagnostics: &diagnostics) }
        if let (kind, length) = punctuation(at: position) {
            position += length
            return kind
        }
        skipInvalid(diagnostics: &diagnostics)
        return nil
    }

    private mutating func scanWord() -> TokenKind {
        // The position in a local, which the loop keeps in a register (through `self`,
        // every step stored it back).
        let start = position
        var end = start
        var word = PackedWord()
        while end < bytes.count {
            let byte = bytes[end]
            guard byte.isIdentifierContinue else { break }
            word.insert(byte, at: end - start)
            end += 1
        }
        position = end
        if let keyword = Keyword.matching(word, length: end - start) { return .keyword(keyword) }
        return .identifier
    }

    private mutating func scanNumber(diagnostics: inout DiagnosticBag) -> TokenKind {
        while position < bytes.count, bytes[position].isDigit { position += 1 }
        if peek(0) == UInt8(ascii: "."), let next = peek(1), next.isDigit {
            position += 1
            while position < bytes.count, bytes[position].isDigit { position += 1 }
        }
        guard position < bytes.count, bytes[position].isIdentifierStart else { return .number(nil) }
        let suffixStart = position
        while position < bytes.count, bytes[position].isIdentifierContinue { position += 1 }
        let suffix = text(suffixStart, position)
        if let unit = Unit(rawValue: suffix) { return .number(unit) }
        var notes: [Note] = []
        if let guess = Suggestions.closest(to: suffix, among: Unit.allCases.map(\.rawValue)) {
            let suffix = range(suffixStart, position)
            notes.append(Note("did you mean '\(guess)'?", at: suffix, fix: FixIt(replacing: suffix, with: guess)))
        } else {
            let units = Unit.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            notes.append(Note("units are \(units)", at: range(suffixStart, position)))
        }
        diagnostics.report(
            SyntaxProblem.unknownUnit(suffix), at: range(suffixStart, position), notes: notes)
        return .number(nil)
    }

    private mutating func scanString(diagnostics: inout DiagnosticBag) -> TokenKind {
        let start = position
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                validateUTF8(start..<position, diagnostics: &diagnostics)
                return .string
            case UInt8(ascii: "\\"):
                let escaped = peek(1)
                if escaped != UInt8(ascii: "\""), escaped != UInt8(ascii: "\\") {
                    let end = min(position + 2, bytes.count)
                    diagnostics.report(
                        SyntaxProblem.invalidEscape(text(position + 1, end)), at: range(position, end),
                        notes: [Note("only '\\\"' and '\\\\' are escapes", at: range(position, end))])
                }
                position = min(position + 2, bytes.count)
            case UInt8(ascii: "\n"):
                diagnostics.report(SyntaxProblem.newlineInString, at: range(start, position))
                return .string
            default:
                position += 1
            }
        }
        diagnostics.report(SyntaxProblem.unterminatedString, at: range(start, position))
        return .string
    }

    /// A run of bytes that start no token, reported once.
    private mutating func skipInvalid(diagnostics: inout DiagnosticBag) {
        let start = position
        let problem: SyntaxProblem
        if bytes[position] == 0 {
            problem = .nulByte
            while position < bytes.count, bytes[position] == 0 { position += 1 }
        } else if let length = validSequenceLength(at: position) {
            problem = .unexpectedCharacter(text(position, position + length))
            position += length
        } else {
            problem = .invalidUTF8
            while position < bytes.count, bytes[position] >= 0x80,
                validSequenceLength(at: position) == nil
            {
                position += 1
            }
        }
        diagnostics.report(problem, at: range(start, position))
    }

    private func punctuation(at offset: Int) -> (TokenKind, Int)? {
        let next = peek(1)
        switch bytes[offset] {
        case UInt8(ascii: "{"): return (.leftBrace, 1)
        case UInt8(ascii: "}"): return (.rightBrace, 1)
        case UInt8(ascii: "("): return (.leftParen, 1)
        case UInt8(ascii: ")"): return (.rightParen, 1)
        case UInt8(ascii: "["): return (.leftBracket, 1)
        case UInt8(ascii: "]"): return (.rightBracket, 1)
        case UInt8(ascii: ","): return (.comma, 1)
        case UInt8(ascii: ":"): return (.colon, 1)
        case UInt8(ascii: ";"): return (.semicolon, 1)
        case UInt8(ascii: "."): return (.dot, 1)
        case UInt8(ascii: "*"): return (.star, 1)
        case UInt8(ascii: "/"): return (.slash, 1)
        case UInt8(ascii: "+"): return next == UInt8(ascii: "=") ? (.plusAssign, 2) : (.plus, 1)
        case UInt8(ascii: "-"):
            if next == UInt8(ascii: ">") { return (.arrow, 2) }
            return next == UInt8(ascii: "=") ? (.minusAssign, 2) : (.minus, 1)
        case UInt8(ascii: "="): return next == UInt8(ascii: "=") ? (.equal, 2) : (.assign, 1)
        case UInt8(ascii: "!"): return next == UInt8(ascii: "=") ? (.notEqual, 2) : (.bang, 1)
        case UInt8(ascii: "<"): return next == UInt8(ascii: "=") ? (.lessEqual, 2) : (.less, 1)
        case UInt8(ascii: ">"): return next == UInt8(ascii: "=") ? (.greaterEqual, 2) : (.greater, 1)
        case UInt8(ascii: "&") where next == UInt8(ascii: "&"): return (.and, 2)
        case UInt8(ascii: "|") where next == UInt8(ascii: "|"): return (.or, 2)
        default: return nil
        }
    }

    // MARK: - UTF-8

    /// Reports the first invalid UTF-8 sequence in `range` (comments and strings may
    /// hold any valid UTF-8).
    private func validateUTF8(_ range: Range<Int>, diagnostics: inout DiagnosticBag) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            if bytes[offset] < 0x80 {
                offset += 1
            } else if let length = validSequenceLength(at: offset), offset + length <= range.upperBound {
                offset += length
            } else {
                diagnostics.report(SyntaxProblem.invalidUTF8, at: self.range(offset, offset + 1))
                return
            }
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset`, if there is
    /// one (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    private func validSequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        for index in 1..<length {
            let byte = bytes[offset + index]
            let (low, high) = index == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low, byte <= high else { return nil }
        }
        return length
    }

    // MARK: - Helpers

    private func peek(_ distance: Int) -> UInt8? {
        peek(distance, after: position)
    }

    private func peek(_ distance: Int, after position: Int) -> UInt8? {
        let offset = position + distance
        return offset < bytes.count ? bytes[offset] : nil
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: fileID, start: start, end: end)
    }
}

extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    var isIdentifierStart: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")) || self == UInt8(ascii: "_")
    }

    var isIdentifierContinue: Bool { isIdentifierStart || isDigit }
}
