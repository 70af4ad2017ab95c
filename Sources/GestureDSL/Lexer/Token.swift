/// Words the lexer reserves. Other words of the grammar (`requires`, `to`, `fail`,
/// `cannot`, `prevent`, `timer`, `start`, `stop`, `after`, `ignore`, the event names, a
/// kind's `discrete` and `continuous`, which also name scroll types) are contextual: they
/// are identifiers the parser recognises where they can appear.
public enum Keyword: String, CaseIterable, Sendable {
    case `import`, gestures, kind, view, recognizer, hook, simultaneous
    case `var`, report, on, `where`, `in`, `as`
    case `true`, `false`

    /// The keywords by length, each spelling packed into two words, so that the lexer,
    /// which packs a word as it scans it, compares it with the few keywords of its
    /// length in two comparisons each, without building a string or hashing.
    private static let byLength: [[(spelling: PackedWord, keyword: Keyword)]] = {
        var table = [[(spelling: PackedWord, keyword: Keyword)]](repeating: [], count: PackedWord.capacity + 1)
        for keyword in allCases {
            var spelling = PackedWord()
            for (index, byte) in keyword.rawValue.utf8.enumerated() { spelling.insert(byte, at: index) }
            table[keyword.rawValue.utf8.count].append((spelling, keyword))
        }
        return table
    }()

    /// The keyword spelled by a word of `length` bytes, packed, if it is one.
    static func matching(_ word: PackedWord, length: Int) -> Keyword? {
        guard length <= PackedWord.capacity else { return nil }
        for candidate in byLength[length] where candidate.spelling == word {
            return candidate.keyword
        }
        return nil
    }
}

/// The first sixteen bytes of a word in two integers, for comparing short words whole.
struct PackedWord: Equatable {
    static let capacity = 16
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// Puts the byte at `index` of the word in place; bytes past `capacity` are left out.
    @inline(__always)
    mutating func insert(_ byte: UInt8, at index: Int) {
        if index < 8 {
            low |= UInt64(byte) << UInt64(index &* 8)
        } else if index < Self.capacity {
            high |= UInt64(byte) << UInt64(index &* 8 &- 64)
        }
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
