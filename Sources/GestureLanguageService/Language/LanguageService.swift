import GestureCompiler
import GestureDSL
import GestureReference
import GestureRuntime

/// The answers an editor asks for, over one checked file: hover, definition,
/// completion, rename, document symbols and semantic tokens. Positions are byte offsets
/// in the file; the language server converts them to the protocol's lines and UTF-16
/// columns.
public struct LanguageService: Sendable {
    public let compilation: Compilation
    public let index: LanguageIndex
    /// The file the editor shows.
    public let file: FileID

    public init(compilation: Compilation, file: FileID) {
        self.compilation = compilation
        self.index = LanguageIndex(compilation)
        self.file = file
    }

    private var source: SourceFile { compilation.sources[file] }

    // MARK: Hover and definition

    /// Markdown for what is at `offset`: a declaration or a name's symbol (its
    /// declaration in one line, its doc comment, where it belongs), a relation's
    /// meaning with its rule, a built-in name's type.
    public func hover(at offset: Int) -> (range: SourceRange, markdown: String)? {
        if let occurrence = index.occurrence(in: file, at: offset) {
            let symbol = index.symbols[occurrence.symbol]
            var text = "```gdl\n\(symbol.signature)\n```"
            if let container = symbol.container {
                let owner = index.symbols[container]
                text += "\n\n\(symbol.kind.rawValue.capitalizedFirst) of \(owner.kind.rawValue) `\(owner.name)`."
            }
            if let doc = symbol.doc { text += "\n\n" + doc.text }
            return (occurrence.range, text)
        }
        guard let token = token(at: offset) else { return nil }
        let word = source.text(token.range)
        let range = SourceRange(file: file, start: token.start, end: token.end)
        if let rule = Self.relationRules[word], let entry = Reference.entry(for: rule) {
            return (range, "**`\(word)`**: " + Self.firstParagraph(of: entry))
        }
        if token.kind == .identifier, let type = Self.builtinType(word) {
            // Its meaning as Grammar.md gives it, in each table that lists it.
            let meanings = Reference.builtinMeanings(of: word).map { "\($0.meaning.capitalizedFirst).\n\n(Grammar.md, \($0.section))" }
            let text = meanings.isEmpty ? "Built in." : meanings.joined(separator: "\n\n")
            return (range, "```gdl\n\(word): \(type)\n```\n\n" + text)
        }
        return nil
    }

    /// The relation words and the rule that says what they mean.
    private static let relationRules = [
        "requires": "R53", "simultaneous": "R48", "cannot": "R49", "prevent": "R49", "prevented": "R49",
    ]

    /// The rule's heading and first paragraph.
    private static func firstParagraph(of entry: String) -> String {
        let paragraphs = entry.components(separatedByBlankLines: ())
        return paragraphs.prefix(2).joined(separator: "\n\n")
    }

    private static func builtinType(_ name: String) -> String? {
        if let feature = Feature.allCases.first(where: { $0.name == name }) { return Builtins.type(of: feature).name }
        if let type = Builtins.recognizerProperties.type(of: name) ?? Builtins.viewProperties.type(of: name) {
            return type.name
        }
        if Builtins.constants.contains(name) { return Builtins.type(ofConstant: name).name }
        if let arity = Builtins.functions[name] { return "function of \(arity) argument\(arity == 1 ? "" : "s")" }
        return nil
    }

    /// Where the symbol named at `offset` is declared; on an import's path, the start
    /// of the imported file.
    public func definition(at offset: Int) -> SourceRange? {
        if let occurrence = index.occurrence(in: file, at: offset) { return index.symbols[occurrence.symbol].nameRange }
        let syntax = compilation.files.first { $0.file == file }
        guard let decl = syntax?.imports.first(where: { $0.pathRange.start <= offset && offset <= $0.pathRange.end }),
            let imported = compilation.sources.id(ofPath: ImportPath.resolve(decl.path, from: source.path))
        else { return nil }
        return SourceRange(file: imported, start: 0, end: 0)
    }

    /// Where the symbol named at `offset` is declared, as a path and a byte offset, so
    /// that another file's check can find the same symbol (`occurrences(declaredAt:)`).
    public func declaration(at offset: Int) -> (path: String, offset: Int)? {
        guard let occurrence = index.occurrence(in: file, at: offset) else { return nil }
        let range = index.symbols[occurrence.symbol].nameRange
        return (compilation.sources[range.file].path, range.start)
    }

    /// Every place the symbol declared at `offset` of the file `path` is named in this
    /// check, if the file is part of it.
    public func occurrences(declaredAt path: String, offset: Int) -> [SourceRange] {
        guard
            let symbol = index.symbols.indices.first(where: {
                let range = index.symbols[$0].nameRange
                return range.start == offset && compilation.sources[range.file].path == path
            })
        else { return [] }
        return index.occurrences(of: symbol).map(\.range)
    }

    /// Every place the symbol named at `offset` is named, its declaration first, in
    /// every file of the check (the prelude's too).
    public func references(at offset: Int) -> [SourceRange] {
        guard let occurrence = index.occurrence(in: file, at: offset) else { return [] }
        return index.occurrences(of: occurrence.symbol).map(\.range)
    }

    // MARK: Rename

    public enum RenameError: Error, Equatable, Sendable {
        case nothingToRename
        case notAName(String)
        case inThePrelude(String)
        /// A recognizer a component's `use` brings: its name is the use's prefix and the
        /// component's recognizer, written nowhere as one word.
        case broughtByAUse(String)
    }

    /// Every range to replace to rename the symbol at `offset` to `newName`, in every
    /// file of the compilation but the prelude.
    public func rename(at offset: Int, to newName: String) -> Result<[SourceRange], RenameError> {
        guard let occurrence = index.occurrence(in: file, at: offset) else { return .failure(.nothingToRename) }
        let symbol = index.symbols[occurrence.symbol]
        guard symbol.nameRange.file != FileID(0) else { return .failure(.inThePrelude(symbol.name)) }
        guard index.occurrences(of: occurrence.symbol).first?.isDeclaration == true else {
            return .failure(.broughtByAUse(symbol.name))
        }
        guard Self.isIdentifier(newName) else { return .failure(.notAName(newName)) }
        return .success(index.occurrences(of: occurrence.symbol).map(\.range))
    }

    /// True when `text` lexes as one identifier (not a reserved word).
    static func isIdentifier(_ text: String) -> Bool {
        var lexer = Lexer(file: SourceFile(path: "", text: text), id: FileID(0))
        var diagnostics = DiagnosticBag()
        let tokens = lexer.tokenize(diagnostics: &diagnostics)
        return diagnostics.diagnostics.isEmpty && tokens.count == 2 && tokens[0].kind == .identifier
            && tokens[0].start == 0 && tokens[0].end == text.utf8.count
    }

    // MARK: Completion

    public struct Completion: Equatable, Sendable {
        public enum Kind: Sendable { case keyword, kind, parameter, name, property, feature, function, constant }
        public var label: String
        public var kind: Kind
        public var detail: String
        /// What to insert, when it is not the label (`hysteresis: `).
        public var insertText: String?
    }

    /// What may be written at `offset`: inside a kind's arguments, its parameters with
    /// their types and defaults; after `=` in a recognizer, the kinds; after `on` in a
    /// set, the view roles; after a `.`, the members (`memberCompletions`); otherwise
    /// the names in scope, properties, features, functions and keywords.
    public func completions(at offset: Int) -> [Completion] {
        let tokens = tokens(before: offset)
        let symbolsHere = enclosingContainer(at: offset)
        if tokens.last?.kind == .dot { return memberCompletions(before: tokens.dropLast(), in: symbolsHere) }
        if let kind = kindApplication(around: tokens) {
            return index.symbols.indices.filter { index.symbols[$0].container == kind && index.symbols[$0].kind == .parameter }
                .map { i in
                    let parameter = index.symbols[i]
                    return Completion(
                        label: parameter.name, kind: .parameter, detail: parameter.signature,
                        insertText: parameter.name + ": ")
                }
        }
        let previous = tokens.last.map { source.text($0.range) }
        if previous == "=", tokens.count >= 3, source.text(tokens[tokens.count - 3].range) == "recognizer" {
            return kinds()
        }
        if let container = symbolsHere, index.symbols[container].kind == .kind, inEventList(tokens) {
            // A transition's events: the touch phases, and `timer NAME` for each of the kind's timers.
            return EventRef.Phase.allCases.map { Completion(label: $0.rawValue, kind: .keyword, detail: "event") }
                + index.symbols.filter { $0.container == container && $0.kind == .timer }.map {
                    Completion(label: "timer " + $0.name, kind: .keyword, detail: "event")
                }
        }
        if previous == "on", let set = symbolsHere, index.symbols[set].kind == .gestureSet {
            return members(of: set, kinds: [.view])
        }
        if previous == "use" {
            // The components, the prelude's and the user's, once each.
            var seen = Set<String>()
            return index.symbols.filter { $0.kind == .component && seen.insert($0.name).inserted }.map {
                Completion(label: $0.name, kind: .kind, detail: $0.signature)
            }
        }
        var items: [Completion] = []
        if let container = symbolsHere {
            items += members(of: container, kinds: [.view, .recognizer, .hook, .parameter, .variable, .state, .timer])
        }
        items += kinds()
        let properties = Builtins.recognizerProperties.entries + Builtins.viewProperties.entries
        var seen = Set<String>()
        for (name, type) in properties where seen.insert(name).inserted {
            items.append(Completion(label: name, kind: .property, detail: type.name, insertText: name + ": "))
        }
        for feature in Feature.allCases {
            items.append(Completion(label: feature.name, kind: .feature, detail: Builtins.type(of: feature).name))
        }
        for (name, arity) in Builtins.functions.sorted(by: { $0.key < $1.key }) {
            items.append(Completion(label: name, kind: .function, detail: "function of \(arity)", insertText: name + "("))
        }
        for constant in Builtins.constants.sorted() {
            items.append(Completion(label: constant, kind: .constant, detail: Builtins.type(ofConstant: constant).name))
        }
        for keyword in Keyword.allCases {
            items.append(Completion(label: keyword.rawValue, kind: .keyword, detail: "keyword"))
        }
        return items
    }

    /// The members after a `.`, the checker's (`Checker.checkMember`): of `other` in a
    /// set's predicate, the other recognizer's `view` and `kind`; of `other` in a
    /// kind's prevention rule, the parameters of the kind the rule names; of anything
    /// else, a point's `x` and `y`.
    private func memberCompletions(before tokens: ArraySlice<Token>, in container: Int?) -> [Completion] {
        guard let base = tokens.last, source.text(base.range) == "other", let container else {
            return Builtins.pointMembers.map { Completion(label: $0, kind: .property, detail: "member of a point or vector") }
        }
        if index.symbols[container].kind == .gestureSet {
            return [
                Completion(label: "view", kind: .property, detail: "view role: the other recognizer's view"),
                Completion(label: "kind", kind: .property, detail: "kind: the other recognizer's kind"),
            ]
        }
        // `cannot prevent NAME where … other.` or `cannot be prevented by NAME where …`.
        guard let condition = tokens.lastIndex(where: { $0.kind == .keyword(.where) }), condition > tokens.startIndex,
            tokens[condition - 1].kind == .identifier
        else { return [] }
        let name = source.text(tokens[condition - 1].range)
        guard let kind = index.symbols.indices.first(where: { index.symbols[$0].kind == .kind && index.symbols[$0].name == name })
        else { return [] }
        return members(of: kind, kinds: [.parameter], as: .parameter)
    }

    /// True when the cursor is where a transition lists its events: after `on`, or
    /// after a `,` among them, before any `where`, `->` or block.
    private func inEventList(_ tokens: [Token]) -> Bool {
        guard let last = tokens.last, source.text(last.range) == "on" || last.kind == .comma else { return false }
        for token in tokens.reversed() {
            switch token.kind {
            case .keyword(.on): return true
            case .keyword(.where), .arrow, .leftBrace, .rightBrace, .leftParen, .rightParen: return false
            default: continue
            }
        }
        return false
    }

    private func kinds() -> [Completion] {
        index.symbols.filter { $0.kind == .kind }.map {
            Completion(label: $0.name, kind: .kind, detail: $0.signature)
        }
    }

    private func members(
        of container: Int, kinds: Set<LanguageIndex.Symbol.Kind>, as kind: Completion.Kind = .name
    ) -> [Completion] {
        index.symbols.filter { $0.container == container && kinds.contains($0.kind) }.map {
            Completion(label: $0.name, kind: kind, detail: $0.signature)
        }
    }

    /// The set or kind whose declaration contains `offset`.
    private func enclosingContainer(at offset: Int) -> Int? {
        index.symbols.indices.last { i in
            let symbol = index.symbols[i]
            return (symbol.kind == .gestureSet || symbol.kind == .kind) && symbol.range.file == file
                && symbol.range.start <= offset && offset <= symbol.range.end
        }
    }

    /// The kind whose argument list `tokens` (up to the cursor) ends inside, if any:
    /// an identifier naming a kind, then `(` not yet closed.
    private func kindApplication(around tokens: [Token]) -> Int? {
        var depth = 0
        for position in tokens.indices.reversed() {
            switch tokens[position].kind {
            case .rightParen: depth += 1
            case .leftParen:
                if depth == 0 {
                    guard position > 0, tokens[position - 1].kind == .identifier else { return nil }
                    let name = source.text(tokens[position - 1].range)
                    return index.symbols.indices.first { index.symbols[$0].kind == .kind && index.symbols[$0].name == name }
                }
                depth -= 1
            case .leftBrace, .rightBrace: return nil
            default: continue
            }
        }
        return nil
    }

    // MARK: Tokens

    /// The tokens of the file that end at or before `offset`.
    private func tokens(before offset: Int) -> [Token] {
        var lexer = Lexer(file: source, id: file)
        var diagnostics = DiagnosticBag(errorLimit: nil)
        var tokens: [Token] = []
        while true {
            let token = lexer.next(diagnostics: &diagnostics)
            guard token.kind != .endOfFile, token.end <= offset else { return tokens }
            tokens.append(token)
        }
    }

    private func token(at offset: Int) -> Token? {
        var lexer = Lexer(file: source, id: file)
        var diagnostics = DiagnosticBag(errorLimit: nil)
        while true {
            let token = lexer.next(diagnostics: &diagnostics)
            if token.kind == .endOfFile || token.start > offset { return nil }
            if offset <= token.end { return token }
        }
    }

    // MARK: Semantic tokens

    /// The token types of `semanticTokens`, in the order the protocol's legend lists
    /// them.
    public enum TokenType: Int, CaseIterable, Sendable {
        case namespace, type, `class`, parameter, variable, property, enumMember, event, function, keyword, comment,
            string, number, `operator`

        public var name: String { "\(self)" }
    }

    public struct SemanticToken: Equatable, Sendable {
        public var start: Int
        public var end: Int
        public var type: TokenType
    }

    /// Every token and comment of the file, classified: names by the symbol they
    /// refer to, the language's words by what they are, so an editor colours `.gdl`
    /// without a grammar of its own.
    public func semanticTokens() -> [SemanticToken] {
        let bytes = source.bytes
        var lexer = Lexer(file: source, id: file)
        var diagnostics = DiagnosticBag(errorLimit: nil)
        var result: [SemanticToken] = []
        var previousEnd = 0
        var occurrences = index.occurrences.lazy.filter { $0.range.file == self.file }.makeIterator()
        var nextOccurrence = occurrences.next()
        while true {
            let token = lexer.next(diagnostics: &diagnostics)
            result += comments(in: previousEnd..<token.start, of: bytes)
            previousEnd = token.end
            if token.kind == .endOfFile { return result }
            while let occurrence = nextOccurrence, occurrence.range.start < token.start { nextOccurrence = occurrences.next() }
            let type: TokenType?
            if let occurrence = nextOccurrence, occurrence.range.start == token.start {
                type = Self.tokenType(of: index.symbols[occurrence.symbol].kind)
            } else {
                type = tokenType(of: token)
            }
            if let type { result.append(SemanticToken(start: token.start, end: token.end, type: type)) }
        }
    }

    private static func tokenType(of kind: LanguageIndex.Symbol.Kind) -> TokenType {
        switch kind {
        case .gestureSet: .namespace
        case .view: .class
        case .recognizer, .hook, .variable: .variable
        case .kind, .component: .type
        case .parameter: .parameter
        case .state: .enumMember
        case .timer: .event
        case .report: .property
        }
    }

    /// The words of the grammar that the lexer leaves as identifiers (Grammar.md).
    private static let contextualWords: Set<String> = [
        "requires", "to", "fail", "cannot", "prevent", "be", "prevented", "by", "timer", "start", "stop", "after",
        "ignore", "beyond", "restart", "component", "use", "discrete", "continuous",
    ]
    private static let typeNames: Set<String> = ["int", "number", "bool", "duration", "distance", "angle", "direction", "speed"]

    private func tokenType(of token: Token) -> TokenType? {
        switch token.kind {
        case .keyword(.true), .keyword(.false): return .keyword
        case .keyword: return .keyword
        case .number: return .number
        case .string: return .string
        case .identifier:
            let word = source.text(token.range)
            if Self.contextualWords.contains(word) { return .keyword }
            if EventRef.Phase(rawValue: word) != nil { return .event }
            if Self.typeNames.contains(word) { return .type }
            if Builtins.functions[word] != nil { return .function }
            if Builtins.constants.contains(word) { return .enumMember }
            if Feature.allCases.contains(where: { $0.name == word }) || Self.builtinType(word) != nil { return .property }
            return nil
        case .plus, .minus, .star, .slash, .bang, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and,
            .or, .arrow, .assign, .plusAssign, .minusAssign:
            return .operator
        default:
            return nil
        }
    }

    /// The comments between two tokens, a token per line (the protocol's tokens do not
    /// span lines).
    private func comments(in range: Range<Int>, of bytes: [UInt8]) -> [SemanticToken] {
        var found: [SemanticToken] = []
        var offset = range.lowerBound
        var depth = 0
        var start = -1
        while offset < range.upperBound {
            let byte = bytes[offset]
            let next = offset + 1 < range.upperBound ? bytes[offset + 1] : 0
            if depth > 0 {
                if byte == UInt8(ascii: "\n") {
                    found.append(SemanticToken(start: start, end: offset, type: .comment))
                    start = offset + 1
                } else if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                    depth -= 1
                    offset += 1
                    if depth == 0 { found.append(SemanticToken(start: start, end: offset + 1, type: .comment)) }
                } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                    depth += 1
                    offset += 1
                }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                var end = offset
                while end < range.upperBound, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                found.append(SemanticToken(start: offset, end: end, type: .comment))
                offset = end
                continue
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                depth = 1
                start = offset
                offset += 1
            }
            offset += 1
        }
        return found.filter { $0.end > $0.start }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    /// The paragraphs of the text: runs of lines between blank lines.
    fileprivate func components(separatedByBlankLines: Void) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
        return paragraphs
    }
}
