import GestureDSL
import Testing

@Suite("Lexer")
struct LexerTests {
    @Test("keywords, identifiers and punctuation")
    func keywordsAndPunctuation() {
        let (kinds, diagnostics) = tokenKinds("recognizer tap1 = tap(taps: 2) on photo { }")
        #expect(diagnostics.isEmpty)
        #expect(
            kinds == [
                .keyword(.recognizer), .identifier, .assign, .identifier, .leftParen, .identifier, .colon,
                .number(nil), .rightParen, .keyword(.on), .identifier, .leftBrace, .rightBrace,
            ])
    }

    /// The lexer compares a word with the keywords whole, packed as it scans it: a
    /// keyword is the word of exactly its spelling, and a longer or shorter word, or one
    /// past the sixteen bytes it packs, is a name.
    @Test("a keyword is the whole word of its spelling; a word around one is a name", arguments: Keyword.allCases)
    func keywordsWhole(keyword: Keyword) {
        let spelling = keyword.rawValue
        #expect(tokenKinds(spelling).kinds == [.keyword(keyword)])
        for word in [
            spelling + "s", String(spelling.dropLast()), spelling.prefix(1).uppercased() + spelling.dropFirst(),
            "_" + spelling, spelling + "0", spelling + String(repeating: "x", count: 20),
        ] {
            #expect(tokenKinds(word).kinds == [.identifier], "\(word)")
        }
    }

    @Test("operators, longest match first")
    func operators() {
        let (kinds, _) = tokenKinds("-> += -= == != <= >= && || < > ! - + * / = . , ; [ ]")
        #expect(
            kinds == [
                .arrow, .plusAssign, .minusAssign, .equal, .notEqual, .lessEqual, .greaterEqual, .and, .or,
                .less, .greater, .bang, .minus, .plus, .star, .slash, .assign, .dot, .comma, .semicolon,
                .leftBracket, .rightBracket,
            ])
    }

    @Test(
        "number literals carry their unit",
        arguments: [
            ("350ms", Unit.milliseconds), ("0.5s", .seconds), ("45pt", .points), ("30deg", .degrees),
            ("1.5rad", .radians),
        ])
    func units(text: String, unit: Unit) {
        let (kinds, diagnostics) = tokenKinds(text)
        #expect(diagnostics.isEmpty)
        #expect(kinds == [.number(unit)])
    }

    @Test("an unknown unit is reported with the closest real one")
    func unknownUnit() {
        let (kinds, diagnostics) = tokenKinds("45px")
        #expect(kinds == [.number(nil)])
        #expect(diagnostics.map(\.message) == ["unknown unit 'px'"])
        #expect(diagnostics.first?.notes.map(\.message) == ["did you mean 'pt'?"])
        #expect(diagnostics.first?.range.start == 2)
    }

    @Test("a number followed by '.' and a name is a number then a member access")
    func numberThenDot() {
        let (kinds, _) = tokenKinds("1.x")
        #expect(kinds == [.number(nil), .dot, .identifier])
    }

    @Test("comments are trivia; block comments nest")
    func comments() {
        let (kinds, diagnostics) = tokenKinds("a // line\n/* outer /* inner */ still */ b")
        #expect(diagnostics.isEmpty)
        #expect(kinds == [.identifier, .identifier])
    }

    @Test("an unterminated block comment is reported at its start")
    func unterminatedBlockComment() {
        let (_, diagnostics) = tokenKinds("a /* never closed")
        #expect(diagnostics.map(\.message) == ["unterminated '/*' comment"])
        #expect(diagnostics.first?.range.start == 2)
    }

    @Test("doc comments attach to the next token, consecutive lines together")
    func docComments() {
        let file = SourceFile(path: "t.gdl", text: "/// one\n/// two\nview a\n// plain\nview b")
        var lexer = Lexer(file: file, id: FileID(0))
        var bag = DiagnosticBag()
        let tokens = lexer.tokenize(diagnostics: &bag)
        let docs = tokens.map { $0.doc.map { file.text($0) } }
        #expect(docs[0] == "/// one\n/// two")
        #expect(docs[1] == nil && docs[2] == nil && docs[3] == nil)
    }

    @Test("tokens know whether they start a line")
    func firstOnLine() {
        let file = SourceFile(path: "t.gdl", text: "a b\n  c /* x\n */ d")
        var lexer = Lexer(file: file, id: FileID(0))
        var bag = DiagnosticBag()
        let tokens = lexer.tokenize(diagnostics: &bag)
        #expect(tokens.dropLast().map(\.isFirstOnLine) == [true, false, true, true])
    }

    @Test("strings accept escaped quotes and reject other escapes")
    func strings() {
        #expect(tokenKinds(#""a \"b\" \\ c""#) == ([.string], []))
        let (_, diagnostics) = tokenKinds(#""bad \n escape""#)
        #expect(diagnostics.map(\.message) == [#"invalid escape sequence '\n' in string"#])
    }

    @Test("an unterminated string stops at the end of its line")
    func unterminatedString() {
        let (kinds, diagnostics) = tokenKinds("\"abc\nview")
        #expect(kinds == [.string, .keyword(.view)])
        #expect(diagnostics.map(\.message) == ["string literal cannot span lines"])
        #expect(tokenKinds("\"abc").diagnostics.map(\.message) == ["unterminated string literal"])
    }

    @Test("a run of bad characters gives one diagnostic and is skipped")
    func unexpectedCharacters() {
        let (kinds, diagnostics) = tokenKinds("a @ é b")
        #expect(kinds == [.identifier, .identifier])
        #expect(diagnostics.map(\.message) == ["unexpected character '@'", "unexpected character 'é'"])
    }

    @Test("NUL bytes and invalid UTF-8 are reported, not trusted")
    func badBytes() {
        let file = SourceFile(path: "t.gdl", bytes: [0x61, 0x00, 0x00, 0x20, 0xFF, 0xFE, 0x20, 0x62])
        var lexer = Lexer(file: file, id: FileID(0))
        var bag = DiagnosticBag(errorLimit: nil)
        let tokens = lexer.tokenize(diagnostics: &bag)
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .endOfFile])
        #expect(bag.diagnostics.map(\.message) == ["unexpected NUL byte", "invalid UTF-8"])
        #expect(bag.diagnostics.map(\.range.start) == [1, 4])
        #expect(bag.diagnostics.map(\.range.end) == [3, 6])
    }

    @Test("invalid UTF-8 inside a comment is reported; valid UTF-8 is fine")
    func utf8InComments() {
        let valid = SourceFile(path: "t.gdl", text: "// café ✓ 𝄞\nview")
        var lexer = Lexer(file: valid, id: FileID(0))
        var bag = DiagnosticBag()
        _ = lexer.tokenize(diagnostics: &bag)
        #expect(bag.diagnostics.isEmpty)

        // An overlong encoding of '/' and a lone surrogate are both invalid.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80]] {
            let file = SourceFile(path: "t.gdl", bytes: Array("// x ".utf8) + bad + Array("\nview".utf8))
            var lexer = Lexer(file: file, id: FileID(0))
            var bag = DiagnosticBag()
            _ = lexer.tokenize(diagnostics: &bag)
            #expect(bag.diagnostics.map(\.message) == ["invalid UTF-8"])
        }
    }
}
