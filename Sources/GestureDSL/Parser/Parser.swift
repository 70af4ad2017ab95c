// The grammar, in brief (Grammar.md is the authority, with an example per production):
//
//   File          = { Import } { GestureSet | KindDecl } .
//   Import        = "import" String .
//   GestureSet    = "gestures" Ident "{" { SetMember } "}" .
//   SetMember     = ViewDecl | RecognizerDecl | HookDecl | Requirement | Simultaneity
//                 | Prevention | PropertyAssignment .
//   ViewDecl      = "view" Ident [ "in" IdentList ] [ "{" { Property | ViewDecl } "}" ] .
//   RecognizerDecl= "recognizer" Ident "=" Ident [ Arguments ] "on" Ident [ "{" { Property } "}" ] .
//   HookDecl      = "hook" Ident [ "=" Expr ] .
//   Requirement   = Ident "requires" Ident "to" "fail" [ "where" Expr ] .
//   Simultaneity  = "simultaneous" IdentList [ "where" Expr ] .
//   Prevention    = Ident "cannot" "prevent" Ident .
//   PropertyAssignment = Ident "." Property .
//   KindDecl      = "kind" Ident [ Parameters ] ( "discrete" | "continuous" ) "{" { KindMember } "}" .
//   KindMember    = VarDecl | ReportDecl | PreventionRule | KindRequirement | Property | StateBlock .
//   KindRequirement = "require" Expr .
//   StateBlock    = StateHead { "," StateHead } "{" { Transition } "}" .
//   Transition    = "on" Event { "," Event } [ "where" Expr ] [ "->" Ident ] [ "{" { Action } "}" ] .
//   Expr          = precedence climbing over || && (== != < <= > >= in) (+ -) (* /) unary postfix .
//
// `;` may separate members anywhere; newlines carry no meaning.

/// A hand-written recursive-descent parser for `.gdl` files.
///
/// It always returns a `FileSyntax`, however damaged the input: a syntax error aborts
/// the member being parsed (a typed throw), the enclosing list resynchronises on the
/// next line that can start a member, and parsing goes on. Nesting deeper than
/// `maximumDepth` is reported instead of recursing (`enterNesting`), and so is an
/// expression with more than `maximumOperators` binary operators, whose tree is as deep
/// as its chain is long: no input can overflow the stack of the parser or of the
/// stages after it, which walk expressions recursively.
public struct Parser {
    /// How deeply views, parentheses, lists and unary operators may nest.
    public static let maximumDepth = 64
    /// How many binary operators one expression (with everything inside its
    /// parentheses, lists and calls) may have.
    public static let maximumOperators = 256

    let file: SourceFile
    let fileID: FileID
    /// Where the file's expressions are stored.
    let expressions: ExprTree
    /// Tokens come from the lexer one at a time: the parser holds the current one and
    /// the next (`lookahead`), so its memory does not grow with the file.
    private var lexer: Lexer
    private(set) var current: Token
    /// The token after the current one: the grammar needs one token of lookahead.
    private(set) var lookahead: Token
    /// Where the last consumed token ends, for the ranges of what was parsed.
    private var previousEnd = 0
    /// How many tokens were consumed: the current token's number.
    private(set) var index = 0
    var depth = 0
    /// Binary operators so far in the outermost expression being parsed, or -1 outside
    /// any expression.
    var expressionOperators = -1
    var diagnostics: DiagnosticBag
    /// The last block closed: its `}` and what it closed, for the note on a block left
    /// open (`parseBlock`).
    private var lastClosed: (brace: SourceRange, what: BlockName)?
    /// Where the last error was reported, so one mistake yields one diagnostic.
    private var lastErrorIndex = -1

    /// Lexes and parses `file`.
    public static func parse(
        _ file: SourceFile, id: FileID, diagnostics: inout DiagnosticBag
    ) -> FileSyntax {
        parse(file, id: id, diagnostics: &diagnostics, maximumSize: ExprTree.maximumFileSize)
    }

    /// `parse` with another size limit (at most `ExprTree.maximumFileSize`), for tests.
    package static func parse(
        _ file: SourceFile, id: FileID, diagnostics: inout DiagnosticBag, maximumSize: Int
    ) -> FileSyntax {
        let limit = min(maximumSize, ExprTree.maximumFileSize)
        guard file.bytes.count <= limit else {
            diagnostics.report(SyntaxProblem.fileTooLarge(limit: limit), at: SourceRange(file: id, start: 0, end: 0))
            return FileSyntax(file: id)
        }
        var parser = Parser(file: file, fileID: id, diagnostics: diagnostics)
        let syntax = parser.parseFile()
        diagnostics = parser.diagnostics
        return syntax
    }

    private init(file: SourceFile, fileID: FileID, diagnostics: DiagnosticBag) {
        self.file = file
        self.fileID = fileID
        self.diagnostics = diagnostics
        expressions = ExprTree(file: fileID)
        lexer = Lexer(file: file, id: fileID)
        current = lexer.next(diagnostics: &self.diagnostics)
        lookahead = lexer.next(diagnostics: &self.diagnostics)
    }

    // MARK: - File

    private mutating func parseFile() -> FileSyntax {
        var syntax = FileSyntax(file: fileID)
        while !at(.endOfFile) {
            let start = mark
            do throws(ParseAbort) {
                switch current.kind {
                case .keyword(.import):
                    let decl = try parseImport()
                    if !syntax.gestureSets.isEmpty || !syntax.kinds.isEmpty || !syntax.components.isEmpty {
                        report(.importAfterDeclaration, at: decl.range)
                    }
                    syntax.imports.append(decl)
                case .keyword(.gestures):
                    syntax.gestureSets.append(try parseGestureSet())
                case .keyword(.kind):
                    syntax.kinds.append(try parseKind())
                case .semicolon:
                    advance()
                case .identifier where isWord(current, "component") && lookahead.kind == .identifier:
                    syntax.components.append(try parseComponent())
                default:
                    throw unexpectedWord(
                        among: ["gestures", "kind", "import", "component"],
                        otherwise: .expectedDeclaration(found: describe(current)))
                }
            } catch {
                synchronize(from: start, isBoundary: Parser.startsDeclaration)
            }
        }
        return syntax
    }

    private mutating func parseImport() throws(ParseAbort) -> ImportDecl {
        let start = mark
        advance()  // import
        let pathToken = try expect(.string, "a quoted file path")
        let path = unquote(pathToken)
        return ImportDecl(path: path, pathRange: range(of: pathToken), range: rangeFrom(start))
    }

    static func startsDeclaration(_ token: Token) -> Bool {
        switch token.kind {
        case .keyword(.gestures), .keyword(.kind), .keyword(.import): true
        default: false
        }
    }
}

/// Unwinds the parser to the nearest list of members after an error was reported.
struct ParseAbort: Error {}

/// A place in the token stream: the number of a token and where it starts, so that
/// what is parsed from there gets its range (`rangeFrom`).
struct TokenMark {
    var index: Int
    var offset: Int
}

// MARK: - Token helpers

extension Parser {
    /// Moves to the next token; at the end of the file, stays on `endOfFile`.
    mutating func advance() {
        guard current.kind != .endOfFile else { return }
        previousEnd = current.end
        current = lookahead
        lookahead = lexer.next(diagnostics: &diagnostics)
        index += 1
    }

    /// The current place, to pass to `rangeFrom` once something is parsed.
    var mark: TokenMark { TokenMark(index: index, offset: current.start) }

    func at(_ kind: TokenKind) -> Bool { current.kind == kind }

    /// True when the current token is the identifier `word` (a contextual keyword).
    func atWord(_ word: StaticString) -> Bool { isWord(current, word) }

    /// Whether `token` is the contextual word `word` (a literal: its bytes are read in
    /// place, where comparing with a `String`'s view cost more than the rest of the
    /// parse of a relation).
    func isWord(_ token: Token, _ word: StaticString) -> Bool {
        guard token.kind == .identifier, token.end - token.start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { spelling in
            for (offset, byte) in spelling.enumerated() where file.bytes[token.start + offset] != byte { return false }
            return true
        }
    }

    mutating func consume(_ kind: TokenKind) -> Bool {
        guard at(kind) else { return false }
        advance()
        return true
    }

    mutating func expect(_ kind: TokenKind, _ what: String? = nil) throws(ParseAbort) -> Token {
        guard at(kind) else {
            throw error(.expected(what ?? kind.spelling, found: describe(current)), at: range(of: current))
        }
        let token = current
        advance()
        return token
    }

    mutating func expectWord(_ word: StaticString) throws(ParseAbort) {
        guard atWord(word) else {
            throw error(.expected("'\(word)'", found: describe(current)), at: range(of: current))
        }
        advance()
    }

    mutating func expectIdentifier(_ what: String) throws(ParseAbort) -> Identifier {
        let token = try expect(.identifier, what)
        return Identifier(text(of: token), range: range(of: token))
    }

    func text(of token: Token) -> String {
        String(decoding: file.bytes[token.start..<token.end], as: UTF8.self)
    }

    /// How a token is quoted in "found …" messages.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .endOfFile: "end of file"
        case .string: "a string"
        default: "'\(text(of: token))'"
        }
    }

    func range(of token: Token) -> SourceRange {
        SourceRange(file: fileID, start: token.start, end: token.end)
    }

    /// From the token at `start` to the end of the last consumed token (or the end of
    /// the token at `start` when none was consumed since).
    func rangeFrom(_ start: TokenMark) -> SourceRange {
        let end = index > start.index ? previousEnd : current.end
        return SourceRange(file: fileID, start: start.offset, end: end)
    }

    func unquote(_ token: Token) -> String {
        var bytes: [UInt8] = []
        var offset = token.start + 1
        let end = max(offset, token.end - 1)
        while offset < end {
            let byte = file.bytes[offset]
            if byte == UInt8(ascii: "\\"), offset + 1 < end {
                bytes.append(file.bytes[offset + 1])
                offset += 2
            } else {
                bytes.append(byte)
                offset += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `///` lines before `token`, markers, one following space and trailing
    /// whitespace stripped.
    func docComment(of token: Token) -> DocComment? {
        guard let docRange = token.doc else { return nil }
        var lines: [String] = []
        var offset = docRange.lowerBound
        while offset < docRange.upperBound {
            var end = offset
            while end < docRange.upperBound, file.bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var start = offset
            while start < end, file.bytes[start] == UInt8(ascii: " ") || file.bytes[start] == UInt8(ascii: "\t") {
                start += 1
            }
            start = min(start + 3, end)  // the `///`
            if start < end, file.bytes[start] == UInt8(ascii: " ") { start += 1 }
            // Trailing whitespace (and a Windows line ending) is not part of the text,
            // so `gesturec format`, which removes it, leaves the documentation as it was.
            var lineEnd = end
            while lineEnd > start, [UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(file.bytes[lineEnd - 1]) {
                lineEnd -= 1
            }
            lines.append(String(decoding: file.bytes[start..<lineEnd], as: UTF8.self))
            offset = end + 1
        }
        return DocComment(lines: lines)
    }
}

// MARK: - Errors and recovery

extension Parser {
    /// Reports `problem` unless an error was already reported at this token, and
    /// returns the abort to throw.
    mutating func error(_ problem: SyntaxProblem, at range: SourceRange, notes: [Note] = []) -> ParseAbort {
        if lastErrorIndex != index {
            lastErrorIndex = index
            diagnostics.report(problem, at: range, notes: notes)
        }
        return ParseAbort()
    }

    /// Reports a problem that does not stop parsing.
    mutating func report(_ problem: SyntaxProblem, at range: SourceRange, notes: [Note] = []) {
        diagnostics.report(problem, at: range, notes: notes)
    }

    /// The error for an unexpected token where a declaration word was expected: a
    /// misspelled word gets "did you mean", anything else `otherwise`.
    mutating func unexpectedWord(among words: [String], otherwise: SyntaxProblem) -> ParseAbort {
        if current.kind == .identifier {
            let word = text(of: current)
            if let guess = Suggestions.closest(to: word, among: words) {
                return error(
                    .unknownDeclarationKeyword(word), at: range(of: current),
                    notes: [Note("did you mean '\(guess)'?", at: range(of: current), fix: FixIt(replacing: range(of: current), with: guess))])
            }
        }
        return error(otherwise, at: range(of: current))
    }

    /// Skips to the next place a member of the current list can start: a token first on
    /// its line for which `isBoundary` holds, or the `}` closing the list, or the end.
    /// Brackets opened while skipping are skipped whole. Always consumes at least one
    /// token after `start`, so a list loop cannot spin in place.
    mutating func synchronize(from start: TokenMark, isBoundary: (Token) -> Bool) {
        var open = 0
        var mustConsume = index == start.index
        while !at(.endOfFile) {
            switch current.kind {
            case .leftBrace, .leftParen, .leftBracket:
                open += 1
            case .rightBrace where open == 0 && !mustConsume:
                return
            case .rightBrace, .rightParen, .rightBracket:
                open = max(0, open - 1)
            default:
                if open == 0, !mustConsume, current.isFirstOnLine, isBoundary(current) { return }
            }
            mustConsume = false
            advance()
        }
    }

    /// What begins a member of a recognizer's block, a state's, a transition's: the
    /// boundaries `parseBlock` recovers at.
    static func startsProperty(_ token: Token) -> Bool { token.kind == .identifier }
    static func startsTransition(_ token: Token) -> Bool { token.kind == .keyword(.on) }
    static func startsAction(_ token: Token) -> Bool { token.kind == .identifier }

    /// What a block belongs to, as messages name it: "recognizer 'pan'", "the block".
    /// Kept in parts and spelled only for a message: every block is named, few are
    /// reported, and spelling the name cost a string for each of thousands of blocks.
    struct BlockName {
        var kind: StaticString
        var name: String?

        static let anonymous = BlockName(kind: "the block", name: nil)

        var text: String { name.map { "\(kind) '\($0)'" } ?? "\(kind)" }
    }

    /// Parses `{ member* }`, calling `parseMember` until the closing brace and
    /// resynchronising after each failed member.
    ///
    /// A missing `}` is reported once, at the brace left open ("to match this '{'"):
    /// at the end of the file, or at a keyword that cannot be in this block but begins
    /// a declaration of what encloses it (`endsBlock`: a `recognizer` in a view's body
    /// means the view's `}` is missing). The block is then taken as closed there, so
    /// what follows parses as the enclosing declaration's, with no cascade of errors.
    mutating func parseBlock(
        isBoundary: (Token) -> Bool,
        closing what: BlockName = .anonymous,
        endsBlock: (Token) -> Bool = Parser.startsTopLevelDeclaration,
        _ parseMember: (inout Parser) throws(ParseAbort) -> Void
    ) throws(ParseAbort) {
        let open = try expect(.leftBrace)
        while !at(.rightBrace), !at(.endOfFile) {
            if consume(.semicolon) { continue }
            if endsBlock(current) {
                report(
                    .expected("'}' to close \(what.text)", found: describe(current)), at: range(of: current),
                    notes: unclosedNotes(open))
                return
            }
            let start = mark
            do throws(ParseAbort) {
                try parseMember(&self)
            } catch {
                synchronize(from: start, isBoundary: isBoundary)
            }
        }
        guard at(.rightBrace) else {
            throw error(
                .expected("'}' to close \(what.text)", found: describe(current)), at: range(of: current),
                notes: unclosedNotes(open))
        }
        lastClosed = (range(of: current), what)
        advance()
    }

    /// "to match this '{'", and, when the last `}` inside the block is indented as the
    /// line of this `{` is, a note that the block left open is likely the one that `}`
    /// closed, as rustc says of a brace indented like another.
    private func unclosedNotes(_ open: Token) -> [Note] {
        var notes = [Note("to match this '{'", at: range(of: open))]
        guard let (brace, what) = lastClosed, brace.start > range(of: open).start else { return notes }
        let openLine = file.lineRange(file.lineAndColumn(of: range(of: open).start).line)
        let indentation = file.bytes[openLine].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        if file.lineAndColumn(of: brace.start).column == indentation + 1 {
            notes.append(Note("this '}' is indented as if it closed this block, but it closes \(what.text): is that one left open?", at: brace))
        }
        return notes
    }

    /// `import`, `gestures` and `kind`: no block of a file holds them.
    static func startsTopLevelDeclaration(_ token: Token) -> Bool {
        token.kind == .keyword(.import) || token.kind == .keyword(.gestures) || token.kind == .keyword(.kind)
    }

    /// What ends the body of a set's member: a top-level declaration, or a keyword that
    /// begins another member of the set (`view`, `recognizer`, `hook`, `simultaneous`).
    static func startsSetLevelDeclaration(_ token: Token) -> Bool {
        switch token.kind {
        case .keyword(.view), .keyword(.recognizer), .keyword(.hook), .keyword(.simultaneous): true
        default: startsTopLevelDeclaration(token)
        }
    }

    /// Goes one nesting level deeper, reporting instead of recursing past the limit.
    /// Pair every successful call with `depth -= 1` (a `defer` right after it).
    mutating func enterNesting(at token: Token) throws(ParseAbort) {
        guard depth < Parser.maximumDepth else {
            throw error(.nestingTooDeep(limit: Parser.maximumDepth), at: range(of: token))
        }
        depth += 1
    }
}
