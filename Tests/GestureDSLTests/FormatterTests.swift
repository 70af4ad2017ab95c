import GestureDSL
import Testing

/// `gesturec format`'s layout rules, each on the smallest input that shows it. The
/// expected texts follow from the rules in `Formatter`'s documentation.
@Suite("Formatter")
struct FormatterTests {
    private func format(_ text: String) -> String? {
        guard case .formatted(let formatted) = Formatter.format(SourceFile(path: "f.gdl", text: text), id: FileID(0))
        else { return nil }
        return formatted
    }

    @Test("spacing on a line: one space, none inside brackets, before punctuation or after a unary operator")
    func spacing() {
        let input = """
            gestures   S{view window
            recognizer a=pan( hysteresis:12pt ,maximumTouches : 2 )on window{shouldBegin:!h&&-( velocity . x )>length( [ 1 ,2 ] )-1;cancelsTouchesInView:false}
            hook h
            }
            """
        #expect(
            format(input) == """
                gestures S { view window
                  recognizer a = pan(hysteresis: 12pt, maximumTouches: 2) on window { shouldBegin: !h && -(velocity.x) > length([1, 2]) - 1; cancelsTouchesInView: false }
                  hook h
                }

                """)
    }

    @Test("indentation is two spaces a brace; a closing brace goes back to its opening line's level")
    func indentation() {
        let input = """
            gestures S {
                    view window {
            view photo
                  }
            \trecognizer tap1 = tap on photo
            }
            """
        #expect(
            format(input) == """
                gestures S {
                  view window {
                    view photo
                  }
                  recognizer tap1 = tap on photo
                }

                """)
    }

    @Test("line breaks are kept; blank lines become one, never first, after '{' or before '}'")
    func blankLines() {
        let input = "\n\n\ngestures S {\n\n\n  view window\n\n\n\n  hook h\n\n}\n\n\n"
        #expect(format(input) == "gestures S {\n  view window\n\n  hook h\n}\n")
    }

    @Test("brackets opened on a line indent the lines after them once, whatever they hold")
    func brackets() {
        let input = """
            kind k(a: int = 1,
                     b: int = 2,
            c: int = 3
                   ) discrete {
            possible { on down where f(g(1,
            2)) -> failed }
            }
            """
        #expect(
            format(input) == """
                kind k(a: int = 1,
                  b: int = 2,
                  c: int = 3
                ) discrete {
                  possible { on down where f(g(1,
                    2)) -> failed }
                }

                """)
    }

    /// Inside the recognizer's block, opened on the line before, an expression's
    /// continuation is at that block's level (2) plus one.
    @Test("a line continuing an expression or a list of names is indented once more")
    func continuation() {
        let input = """
            gestures S {
              view window
              hook h
              recognizer a = pan on window { shouldBegin: h
              && h ||
              h }
              simultaneous a,
              a
            }
            """
        #expect(
            format(input) == """
                gestures S {
                  view window
                  hook h
                  recognizer a = pan on window { shouldBegin: h
                      && h ||
                      h }
                  simultaneous a,
                    a
                }

                """)
    }

    @Test("a '-' is unary after an operator or an opening bracket, binary after an operand")
    func minus() {
        let input = "gestures S { view v { minimumTarget: - 4pt } hook h = 1 - - 2 > 0 }"
        #expect(format(input) == "gestures S { view v { minimumTarget: -4pt } hook h = 1 - -2 > 0 }\n")
    }

    @Test("comments keep their place and text, trailing whitespace removed; trailing ones align in runs")
    func comments() {
        let input =
            "// Header   \n\n/// Doc for S.  \ngestures S {   // opens\n  view window // the root\n  view photo in window      // a child\n\n  hook h  /* inline */  // after\n  /* block\n     kept */\n  // last\n}\n"
        #expect(
            format(input) == """
                // Header

                /// Doc for S.
                gestures S {            // opens
                  view window           // the root
                  view photo in window  // a child

                  hook h /* inline */  // after
                  /* block
                     kept */
                  // last
                }

                """)
    }

    @Test("Windows line endings and tabs become newlines and spaces")
    func lineEndings() {
        #expect(format("gestures S {\r\n\tview window\r\n}\r\n") == "gestures S {\n  view window\n}\n")
    }

    @Test("an empty file stays empty; a file of comments keeps them")
    func emptyFiles() {
        #expect(format("") == "")
        #expect(format("\n\n  \n") == "")
        #expect(format("// only a comment  \n\n\n") == "// only a comment\n")
    }

    @Test("a file with syntax errors is not formatted; its diagnostics say why")
    func syntaxErrors() {
        let file = SourceFile(path: "f.gdl", text: "gestures S {\n  view window\n  recognizer = tap\n}\n")
        guard case .syntaxErrors(let diagnostics) = Formatter.format(file, id: FileID(0)) else {
            Issue.record("expected syntax errors")
            return
        }
        #expect(diagnostics.diagnostics.map(\.id.rawValue) == ["GDL020"])
        #expect(format("gestures S { view window \u{1} }") == nil)
    }

    @Test("formatting twice is formatting once, and the tokens never change")
    func idempotentAndTokenPreserving() throws {
        let inputs = [
            "kind k(a: int = 1,\n   b: int = 2)   discrete { possible { on down where a>1&&(b<2||!true) -> failed } }",
            "gestures S{view window{view photo}\nrecognizer t=tap(taps:2)on photo // two\nrecognizer u=tap on photo   // one\nu requires t to fail}",
            "import \"a.gdl\"\n\n\n/* c */ gestures S { view w; hook h = true; recognizer p = pan on w { shouldBegin: h\n&& -1 < 2 } }",
        ]
        for input in inputs {
            let once = try #require(format(input))
            #expect(format(once) == once)
            #expect(tokens(of: once) == tokens(of: input))
        }
    }

    /// Each token's kind and text.
    private func tokens(of text: String) -> [String] {
        let file = SourceFile(path: "f.gdl", text: text)
        var lexer = Lexer(file: file, id: FileID(0))
        var diagnostics = DiagnosticBag()
        return lexer.tokenize(diagnostics: &diagnostics).map { "\($0.kind) \(file.text($0.range))" }
    }
}
