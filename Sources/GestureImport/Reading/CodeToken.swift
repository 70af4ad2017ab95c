/// A token of Swift or Objective-C source, as far as import needs one: names, numbers,
/// strings and punctuation, with comments and white space gone. Import matches call
/// shapes over these (docs/import.md, "The reader"); it never parses the languages
/// whole.
public struct CodeToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A name, a keyword, or an attribute or directive with its sign
        /// (`@selector`, `#selector`, `@end`).
        case word
        case number
        /// A string or character literal, quotes and any `@` included.
        case string
        /// One punctuation character, or one of the operators import reads as a whole
        /// (`== === != !== && || <= >= ->`).
        case punctuation
    }

    public var kind: Kind
    /// The token's bytes in its file, `start..<end`.
    public var start: Int
    public var end: Int
    /// The token's text (for a string, its quotes included).
    public var text: String
}

/// The tokens of one file, with where they lie.
public struct ScannedFile: Sendable {
    public var path: String
    public var tokens: [CodeToken]
    /// Where the scanner gave up on part of the file (an unterminated comment or
    /// string, nesting too deep), with the byte where the trouble began.
    public var problems: [(offset: Int, message: String)]

    public init(path: String, tokens: [CodeToken], problems: [(offset: Int, message: String)]) {
        self.path = path
        self.tokens = tokens
        self.problems = problems
    }
}
