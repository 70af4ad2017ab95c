/// Words the lexer reserves. Other words of the grammar (`requires`, `to`, `fail`,
/// `cannot`, `prevent`, `timer`, `start`, `stop`, `after`, `ignore`, the event names, a
/// kind's `discrete` and `continuous`, which also name scroll types) are contextual: they
/// are identifiers the parser recognises where they can appear.
public enum Keyword: String, CaseIterable, Sendable {
    case `import`, gestures, kind, view, recognizer, hook, simultaneous
    case `var`, report, on, `where`, `in`, `as`
    case `true`, `false`

    /// The keywords by first letter, so the lexer compares a word with at most a few
    /// candidates, byte by byte, without building a string.
    private static let byFirstByte: [[(spelling: [UInt8], keyword: Keyword)]] = {
        var table = [[(spelling: [UInt8], keyword: Keyword)]](repeating: [], count: 128)
        for keyword in allCases {
            let spelling = Array(keyword.rawValue.utf8)
            table[Int(spelling[0])].append((spelling, keyword))
        }
        return table
    }()

    /// The keyword spelled by `word`, if it is one.
    static func matching(_ word: ArraySlice<UInt8>) -> Keyword? {
        guard let first = word.first, first < 128 else { return nil }
        // The length first: most words share a keyword's first letter, few its length.
        for candidate in byFirstByte[Int(first)]
        where candidate.spelling.count == word.count && candidate.spelling.elementsEqual(word) {
            return candidate.keyword
        }
        return nil
    }
}

/// A unit suffix on a number literal.
public enum Unit: String, CaseIterable, Sendable {
    case milliseconds = "ms"
    case seconds = "s"
    case points = "pt"
    case degrees = "deg"
    case radians = "rad"
}

/// What a token is; its text is found through its byte range.
public enum TokenKind: Hashable, Sendable {
    case identifier
    case keyword(Keyword)
    /// A number, with its unit suffix if it had a known one.
    case number(Unit?)
    /// A double-quoted string literal (import paths).
    case string
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case comma, colon, semicolon, dot, arrow
    case assign, plusAssign, minusAssign
    case plus, minus, star, slash, bang
    case equal, notEqual, less, lessEqual, greater, greaterEqual, and, or
    case endOfFile
}

/// One token: its kind, its bytes, and the layout facts the parser uses.
public struct Token: Sendable {
    public var kind: TokenKind
    public var start: Int
    public var end: Int
    /// True when the token is the first one on its line, which the parser uses to
    /// resynchronise after a syntax error.
    public var isFirstOnLine: Bool
    /// The `///` comment lines directly before the token, if any.
    public var doc: Range<Int>?

    public var range: Range<Int> { start..<end }
}

extension TokenKind {
    /// How the token is spelled in messages (`'{'`, `identifier`, `end of file`).
    public var spelling: String {
        switch self {
        case .identifier: "identifier"
        case .keyword(let keyword): "'\(keyword.rawValue)'"
        case .number: "number"
        case .string: "string"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .comma: "','"
        case .colon: "':'"
        case .semicolon: "';'"
        case .dot: "'.'"
        case .arrow: "'->'"
        case .assign: "'='"
        case .plusAssign: "'+='"
        case .minusAssign: "'-='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .bang: "'!'"
        case .equal: "'=='"
        case .notEqual: "'!='"
        case .less: "'<'"
        case .lessEqual: "'<='"
        case .greater: "'>'"
        case .greaterEqual: "'>='"
        case .and: "'&&'"
        case .or: "'||'"
        case .endOfFile: "end of file"
        }
    }
}
