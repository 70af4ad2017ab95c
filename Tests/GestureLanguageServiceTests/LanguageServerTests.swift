import GestureCompiler
import GestureDSL
import GestureLanguageService
import GestureRuntime
import TestSupport
import Testing

/// `gesturec lsp`'s server, driven message by message as an editor drives it. Every
/// expected position is counted from the spec text below (0-based lines, UTF-16
/// columns, as the protocol counts them).
@Suite("Language server")
struct LanguageServerTests {
    static let uri = "file:///work/spec.gdl"
    /// Line 0 holds a comment with a character outside the Basic Multilingual Plane,
    /// two UTF-16 units, four UTF-8 bytes: columns after it differ by two from bytes.
    /// The marks are the places `hover` asks about: `tap`, `shouldBegin`, `requires`
    /// and the `zoom` it names.
    static let marked = MarkedText(
        """
        gestures Photos { // 📷
          view window { view photo }
          hook zoomAllowed = true
          /// Zooms in.
          recognizer zoom = t‸ap(taps: 2) on photo { sh‸ouldBegin: zoomAllowed }
          recognizer single = tap on photo
          single r‸equires z‸oom to fail
        }

        """)
    static let spec = marked.text

    /// A server that has been initialized and has `spec` open, and what it sent.
    private func openServer(_ text: String = spec) -> (LanguageServer, [Json]) {
        var server = LanguageServer(loader: InMemorySourceLoader([:]), preludePath: "/prelude.gdl")
        _ = send(&server, request(1, "initialize", "{}"))
        let sent = send(
            &server,
            notification(
                "textDocument/didOpen",
                """
                {"textDocument": {"uri": "\(Self.uri)", "languageId": "gdl", "version": 1, "text": \(quoted(text))}}
                """))
        return (server, sent)
    }

    private func send(_ server: inout LanguageServer, _ body: String) -> [Json] {
        server.handle(Array(body.utf8)).map { Json(parsing: $0.bytes) }
    }

    private func request(_ id: Int, _ method: String, _ params: String) -> String {
        #"{"jsonrpc": "2.0", "id": \#(id), "method": "\#(method)", "params": \#(params)}"#
    }

    private func notification(_ method: String, _ params: String) -> String {
        #"{"jsonrpc": "2.0", "method": "\#(method)", "params": \#(params)}"#
    }

    private func at(_ line: Int, _ character: Int) -> String {
        #"{"textDocument": {"uri": "\#(Self.uri)"}, "position": {"line": \#(line), "character": \#(character)}}"#
    }

    private func at(_ position: (line: Int, character: Int)) -> String {
        at(position.line, position.character)
    }

    /// `text` as a JSON string literal.
    private func quoted(_ text: String) -> String {
        JSONOutput.string(text).written(.compact)
    }

    @Test("initialize announces every capability; requests before it are refused")
    func initialize() {
        var server = LanguageServer(loader: InMemorySourceLoader([:]), preludePath: nil)
        let early = send(&server, request(1, "textDocument/hover", at(0, 0)))
        #expect(early.first?["error"]?["code"] == .number(-32002))
        let answer = send(&server, request(2, "initialize", "{}"))
        let capabilities = answer.first?["result"]?["capabilities"]
        for name in [
            "hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider",
            "completionProvider", "documentSymbolProvider",
            "documentFormattingProvider", "renameProvider", "codeActionProvider", "semanticTokensProvider",
        ] {
            #expect(capabilities?[name] != nil, "\(name)")
        }
        #expect(capabilities?["textDocumentSync"]?["change"] == .number(2))  // incremental
    }

    @Test("opening a document publishes its diagnostics at protocol positions")
    func diagnosticsOnOpen() {
        let broken = "gestures A {\n  view window // 📷\n  recognizer t = tapp on window\n}\n"
        let (_, sent) = openServer(broken)
        let diagnostics = sent.first { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]?["diagnostics"]
        let first = diagnostics?[0]
        #expect(first?["code"] == .string("GDL103"))
        #expect(first?["severity"] == .number(1))
        #expect(first?["range"] == range(2, 17, 2, 21))
    }

    @Test("a document of many errors publishes the first 20, as check prints them, and says how many more")
    func errorLimit() {
        let lines = (0..<25).map { "  recognizer r\($0) = tapp on window" }
        let broken = "gestures A {\n  view window\n" + lines.joined(separator: "\n") + "\n}\n"
        let (_, sent) = openServer(broken)
        let published = sent.first { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]?["diagnostics"]
        guard case .array(let diagnostics)? = published else {
            Issue.record("no diagnostics published")
            return
        }
        #expect(diagnostics.count == 21)
        #expect(diagnostics.prefix(20).allSatisfy { $0["code"] == .string("GDL103") })
        let more = diagnostics.last
        #expect(more?["severity"] == .number(3))
        #expect(more?["message"] == .string("5 more errors not shown, after the first 20 (as gesturec check stops); fix these first"))
        #expect(more?["range"] == diagnostics[19]["range"], "where the last error shown is")
    }

    @Test("lint's findings are published on open and on save, the checker's alone on a change")
    func lintOnOpenAndSave() {
        let text = "gestures A {\n  view window\n  recognizer one = tap on window\n  recognizer two = tap(taps: 2) on window\n}\n"
        var (server, opened) = openServer(text)
        func codes(_ sent: [Json]) -> [String] {
            let published = sent.first { $0["method"] == .string("textDocument/publishDiagnostics") }
            return published?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string } ?? ["none published"]
        }
        #expect(codes(opened) == ["GDL208"])
        let changed = send(
            &server,
            notification(
                "textDocument/didChange",
                """
                {"textDocument": {"uri": "\(Self.uri)", "version": 2}, "contentChanges": [{"text": \(quoted(text))}]}
                """))
        #expect(codes(changed) == [])
        let saved = send(&server, notification("textDocument/didSave", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#))
        #expect(codes(saved) == ["GDL208"])
    }

    @Test("a change edits the text at UTF-16 positions and publishes again")
    func incrementalChange() {
        var (server, _) = openServer()
        // Line 0, after "gestures Photos { // 📷" (23 UTF-16 units): append " camera".
        let sent = send(
            &server,
            notification(
                "textDocument/didChange",
                """
                {"textDocument": {"uri": "\(Self.uri)", "version": 2},
                 "contentChanges": [{"range": {"start": {"line": 5, "character": 22}, "end": {"line": 5, "character": 25}},
                                     "text": "tapp"}]}
                """))
        let published = sent.first { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]
        #expect(published?["version"] == .number(2))
        #expect(published?["diagnostics"]?[0]?["message"] == .string("unknown kind 'tapp'"))
        #expect(published?["diagnostics"]?[0]?["range"] == range(5, 22, 5, 26))
    }

    @Test("several edits in one change, last-first as editors send them or in any order, each on the text before it")
    func severalEdits() {
        let text = "gestures A {\n  view wndow\n  recognizer tp = tap on wndow\n}\n"
        /// The diagnostics published after `changes` to `text`: none when the edits made
        /// the spec that checks.
        func published(_ changes: String, to text: String = text) -> [Json]? {
            var (server, _) = openServer(text)
            let sent = send(
                &server,
                notification(
                    "textDocument/didChange",
                    """
                    {"textDocument": {"uri": "\(Self.uri)", "version": 2}, "contentChanges": [\(changes)]}
                    """))
            return sent.first { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]?["diagnostics"]?.array
        }
        func edit(_ line: Int, _ from: Int, _ to: Int, _ text: String) -> String {
            #"{"range": {"start": {"line": \#(line), "character": \#(from)}, "end": {"line": \#(line), "character": \#(to)}}, "text": "\#(text)"}"#
        }
        // Last-first, as editors send a rename: "wndow" twice, then "tp".
        let lastFirst = [edit(2, 25, 30, "window"), edit(2, 13, 15, "tap1"), edit(1, 7, 12, "window")]
        #expect(published(lastFirst.joined(separator: ", "))?.isEmpty == true)
        // First-first, each on the text the one before left: the second edit's line 2
        // columns are unchanged by an edit on line 1.
        let firstFirst = [edit(1, 7, 12, "window"), edit(2, 13, 15, "tap1"), edit(2, 27, 32, "window")]
        #expect(published(firstFirst.joined(separator: ", "))?.isEmpty == true)
        // Two insertions at one place: the later goes in front of the earlier, so "n"
        // then "i" at "w|dow" make "window".
        let wdow = "gestures A {\n  view wdow\n  recognizer tp = tap on window\n}\n"
        #expect(published([edit(1, 8, 8, "n"), edit(1, 8, 8, "i")].joined(separator: ", "), to: wdow)?.isEmpty == true)
        #expect(published([edit(1, 8, 8, "i"), edit(1, 8, 8, "n")].joined(separator: ", "), to: wdow)?.isEmpty == false)
    }

    @Test("hover on a recognizer shows its declaration and doc comment; on a relation, its rule")
    func hover() {
        var (server, _) = openServer()
        let recognizer = send(&server, request(2, "textDocument/hover", at(Self.marked.position(3))))  // `zoom` in `requires zoom`
        #expect(
            recognizer.first?["result"]?["contents"]?["value"]
                == .string("```gdl\nrecognizer zoom = tap(taps: 2) on photo\n```\n\nRecognizer of gesture set `Photos`.\n\nZooms in."))
        #expect(recognizer.first?["result"]?["range"] == range(6, 18, 6, 22))
        let relation = send(&server, request(3, "textDocument/hover", at(Self.marked.position(2))))  // `requires`
        #expect(relation.first?["result"]?["contents"]?["value"]?.string?.hasPrefix("**`requires`**: R53") == true)
        let kind = send(&server, request(4, "textDocument/hover", at(Self.marked.position(0))))  // `tap`
        #expect(kind.first?["result"]?["contents"]?["value"]?.string?.hasPrefix("```gdl\nkind tap(taps: int = 1,") == true)
        // A built-in property: its meaning from Grammar.md's tables, each that lists it.
        let property = send(&server, request(5, "textDocument/hover", at(Self.marked.position(1))))  // `shouldBegin`
        let text = property.first?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(text.hasPrefix("```gdl\nshouldBegin: bool\n```\n\n"), "\(text)")
        #expect(text.contains("Asked when the recognizer leaves `possible`; false fails it (R59).\n\n(Grammar.md, Recognizers)"), "\(text)")
        #expect(text.contains("(Grammar.md, View roles)"), "a view role's shouldBegin too: \(text)")
    }

    @Test("go to definition finds views, hooks and recognizers in the file, kinds in the prelude")
    func definition() {
        var (server, _) = openServer()
        let role = send(&server, request(2, "textDocument/definition", at(4, 38)))  // `photo` after `on`
        #expect(role.first?["result"]?["uri"] == .string(Self.uri))
        #expect(role.first?["result"]?["range"] == range(1, 21, 1, 26))
        let hook = send(&server, request(3, "textDocument/definition", at(4, 60)))  // `zoomAllowed`
        #expect(hook.first?["result"]?["range"] == range(2, 7, 2, 18))
        let kind = send(&server, request(4, "textDocument/definition", at(5, 22)))  // `tap`
        #expect(kind.first?["result"]?["uri"] == .string("file:///prelude.gdl"))
        let tapLine = Prelude.source.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("kind tap(") }
        #expect(kind.first?["result"]?["range"] == range(tapLine ?? -1, 5, tapLine ?? -1, 8))
    }

    @Test("references and highlights list every place a name is written, its declaration first")
    func references() {
        var (server, _) = openServer()
        let references = send(
            &server,
            request(
                2, "textDocument/references",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "position": {"line": 6, "character": 19}, "context": {"includeDeclaration": true}}
                """))
        #expect(references.first?["result"]?.array?.map { $0["range"] } == [range(4, 13, 4, 17), range(6, 18, 6, 22)])
        #expect(references.first?["result"]?.array?.allSatisfy { $0["uri"] == .string(Self.uri) } == true)
        let highlights = send(&server, request(3, "textDocument/documentHighlight", at(2, 10)))  // the hook
        #expect(highlights.first?["result"]?.array?.map { $0["range"] } == [range(2, 7, 2, 18), range(4, 57, 4, 68)])
        #expect(send(&server, request(4, "textDocument/references", at(0, 3))).first?["result"] == .array([]))
    }

    @Test("completion inside a kind's arguments offers its parameters; after 'on', the views")
    func completion() {
        let text = "gestures A {\n  view window\n  recognizer p = pan(hy) on window\n  recognizer q = tap on \n}\n"
        var (server, _) = openServer(text)
        let parameters = send(&server, request(2, "textDocument/completion", at(2, 22)))
        let labels = parameters.first?["result"]?.array?.compactMap { $0["label"]?.string } ?? []
        #expect(labels == ["minimumTouches", "maximumTouches", "hysteresis", "direction"])
        let hysteresis = parameters.first?["result"]?.array?.dropLast().last
        #expect(hysteresis?["detail"] == .string("hysteresis: distance = 10pt"))
        #expect(hysteresis?["insertText"] == .string("hysteresis: "))
        let views = send(&server, request(3, "textDocument/completion", at(3, 24)))
        #expect(views.first?["result"]?.array?.compactMap { $0["label"]?.string } == ["window"])
    }

    @Test(
        "completion after '.' offers the members: of 'other' in a set, its view and kind; in a prevention rule, the named kind's parameters; else x and y"
    )
    func memberCompletion() {
        let lines = [
            "gestures A {",
            "  view window",
            "  recognizer p = pan on window { shouldRecognizeSimultaneously: other. }",
            "  recognizer q = pan on window { shouldBegin: translation. }",
            "  recognizer t = tap() on window",
            "}",
            "kind slowTap discrete {",
            "  cannot prevent tap where other.",
            "  possible { on down -> failed }",
            "}",
        ]
        var (server, _) = openServer(lines.joined(separator: "\n") + "\n")
        func labels(_ id: Int, line: Int, after text: String) -> [String] {
            let column = (lines[line].range(of: text).map { lines[line].distance(from: lines[line].startIndex, to: $0.upperBound) }) ?? 0
            let answer = send(&server, request(id, "textDocument/completion", at(line, column)))
            return answer.first?["result"]?.array?.compactMap { $0["label"]?.string } ?? []
        }
        #expect(labels(2, line: 2, after: "other.") == ["view", "kind"])
        #expect(labels(3, line: 3, after: "translation.") == ["x", "y"])
        let parameters = labels(4, line: 7, after: "other.")
        #expect(parameters.contains("taps") && parameters.contains("minimumInterval"))
        #expect(parameters == labels(5, line: 4, after: "tap("), "the parameters 'tap(' offers")
    }

    @Test("rename changes the declaration and every use, and refuses what it cannot rename")
    func rename() {
        var (server, _) = openServer()
        let edit = send(
            &server,
            request(
                2, "textDocument/rename",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "position": {"line": 4, "character": 14}, "newName": "doubleTap"}
                """))
        let edits = edit.first?["result"]?["changes"]?[Self.uri]?.array ?? []
        #expect(edits.map { $0["range"] } == [range(4, 13, 4, 17), range(6, 18, 6, 22)])
        #expect(edits.allSatisfy { $0["newText"] == .string("doubleTap") })
        let prelude = send(
            &server,
            request(
                3, "textDocument/rename",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "position": {"line": 5, "character": 22}, "newName": "tip"}
                """))
        #expect(prelude.first?["error"]?["message"]?.string?.contains("prelude") == true)
        let keyword = send(
            &server,
            request(
                4, "textDocument/rename",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "position": {"line": 4, "character": 14}, "newName": "view"}
                """))
        #expect(keyword.first?["error"]?["code"] == .number(-32602))
    }

    @Test("formatting returns the formatted text as one edit")
    func formatting() {
        var (server, _) = openServer("gestures A{view window}\n")
        let answer = send(&server, request(2, "textDocument/formatting", #"{"textDocument": {"uri": "\#(Self.uri)"}, "options": {}}"#))
        #expect(answer.first?["result"]?[0]?["newText"] == .string("gestures A { view window }\n"))
        #expect(answer.first?["result"]?[0]?["range"] == range(0, 0, 1, 0))
    }

    @Test("completion after 'on' in a kind offers the events, its timers among them")
    func eventCompletion() {
        let text = "kind k discrete {\n  possible {\n    on down -> possible { start timer hold after 1s }\n    on \n  }\n}\n"
        var (server, _) = openServer(text)
        let answer = send(&server, request(2, "textDocument/completion", at(3, 7)))
        #expect(
            answer.first?["result"]?.array?.compactMap { $0["label"]?.string }
                == ["down", "move", "up", "cancel", "timer hold"])
    }

    @Test("definition on an import's path opens the imported file; rename reaches every open file that uses the name")
    func acrossFiles() {
        let shared = "kind press discrete {\n  possible { on up -> recognized }\n}\n"
        let spec = "import \"shared.gdl\"\ngestures A {\n  view window\n  recognizer p = press on window\n}\n"
        var server = LanguageServer(loader: InMemorySourceLoader([:]), preludePath: nil)
        _ = send(&server, request(1, "initialize", "{}"))
        for (uri, text) in [("file:///work/shared.gdl", shared), (Self.uri, spec)] {
            _ = send(
                &server,
                notification(
                    "textDocument/didOpen",
                    """
                    {"textDocument": {"uri": "\(uri)", "languageId": "gdl", "version": 1, "text": \(quoted(text))}}
                    """))
        }
        let definition = send(&server, request(2, "textDocument/definition", at(0, 10)))
        #expect(definition.first?["result"]?["uri"] == .string("file:///work/shared.gdl"))
        #expect(definition.first?["result"]?["range"] == range(0, 0, 0, 0))
        // From the file that uses the kind, and from the one that declares it: both change.
        let fromUse = send(
            &server,
            request(
                3, "textDocument/rename",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "position": {"line": 3, "character": 19}, "newName": "hold"}
                """))
        let fromDeclaration = send(
            &server,
            request(
                4, "textDocument/rename",
                """
                {"textDocument": {"uri": "file:///work/shared.gdl"}, "position": {"line": 0, "character": 6}, "newName": "hold"}
                """))
        for answer in [fromUse, fromDeclaration] {
            let changes = answer.first?["result"]?["changes"]
            #expect(changes?[Self.uri]?.array?.map { $0["range"] } == [range(3, 17, 3, 22)])
            #expect(changes?["file:///work/shared.gdl"]?.array?.map { $0["range"] } == [range(0, 5, 0, 10)])
        }
    }

    @Test("document symbols nest the set's declarations under it")
    func documentSymbols() {
        var (server, _) = openServer()
        let answer = send(&server, request(2, "textDocument/documentSymbol", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#))
        let set = answer.first?["result"]?[0]
        #expect(set?["name"] == .string("Photos"))
        #expect(set?["children"]?.array?.compactMap { $0["name"]?.string } == ["window", "photo", "zoomAllowed", "zoom", "single"])
    }

    @Test("semantic tokens classify names by what they declare, and words by what they are")
    func semanticTokens() {
        var (server, _) = openServer()
        let answer = send(&server, request(2, "textDocument/semanticTokens/full", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#))
        let data = answer.first?["result"]?["data"]?.array?.compactMap(\.int) ?? []
        #expect(data.count % 5 == 0)
        // Decode to (line, start, length, type).
        let types = [
            "namespace", "type", "class", "parameter", "variable", "property", "enumMember", "event",
            "function", "keyword", "comment", "string", "number", "operator",
        ]
        var decoded: [String] = []
        var line = 0
        var start = 0
        for index in stride(from: 0, to: data.count, by: 5) {
            if data[index] > 0 { start = 0 }
            line += data[index]
            start += data[index + 1]
            decoded.append("\(line):\(start):\(data[index + 2]) \(types[data[index + 3]])")
        }
        #expect(Array(decoded.prefix(4)) == ["0:0:8 keyword", "0:9:6 namespace", "0:18:5 comment", "1:2:4 keyword"])
        #expect(decoded.contains("4:20:3 type"))  // `tap`, a kind
        #expect(decoded.contains("4:24:4 parameter"))  // `taps`
        #expect(decoded.contains("4:36:5 class"))  // `photo`, a view role
        #expect(decoded.contains("6:9:8 keyword"))  // `requires`, a word of the grammar
    }

    @Test("a diagnostic's fix-it is a quick fix")
    func codeAction() {
        var (server, _) = openServer("gestures A {\n  view window\n  recognizer t = tapp on window\n}\n")
        let answer = send(
            &server,
            request(
                2, "textDocument/codeAction",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "range": {"start": {"line": 2, "character": 18}, "end": {"line": 2, "character": 18}},
                 "context": {"diagnostics": []}}
                """))
        let action = answer.first?["result"]?[0]
        #expect(action?["kind"] == .string("quickfix"))
        // The range's ends in the other order ask the same.
        let reversed = send(
            &server,
            request(
                3, "textDocument/codeAction",
                """
                {"textDocument": {"uri": "\(Self.uri)"}, "range": {"start": {"line": 2, "character": 30}, "end": {"line": 2, "character": 18}},
                 "context": {"diagnostics": []}}
                """))
        #expect(reversed.first?["result"]?[0] == action)
        let edit = action?["edit"]?["changes"]?[Self.uri]?[0]
        #expect(edit?["newText"] == .string("tap"))
        #expect(edit?["range"] == range(2, 17, 2, 21))
    }

    @Test("mistakes in messages get the protocol's errors; shutdown then exit ends with 0")
    func errorsAndLifecycle() {
        var (server, _) = openServer()
        #expect(send(&server, "{not json")[0]["error"]?["code"] == .number(-32700))
        // An id that is not a string, an integer or null is an invalid request, answered
        // with a null id, never echoed; a message with neither a method nor a result too.
        for id in ["true", "1.5", "[1]", #"{"a": 1}"#] {
            let answer = send(&server, #"{"jsonrpc": "2.0", "id": \#(id), "method": "textDocument/hover", "params": {}}"#)
            #expect(answer.first?["error"]?["code"] == .number(-32600), "\(id)")
            #expect(answer.first?["id"] == .null, "\(id)")
        }
        #expect(send(&server, #"{"jsonrpc": "2.0", "id": 9}"#).first?["error"]?["code"] == .number(-32600))
        #expect(send(&server, #"{"jsonrpc": "2.0", "id": 9, "result": null}"#).isEmpty)
        #expect(send(&server, request(2, "textDocument/unknown", "{}"))[0]["error"]?["code"] == .number(-32601))
        #expect(
            send(
                &server, request(3, "textDocument/hover", #"{"textDocument": {"uri": "file:///other.gdl"}, "position": {"line": 0, "character": 0}}"#)
            )[0]["error"]?["code"] == .number(-32602))
        #expect(send(&server, request(4, "shutdown", "null"))[0]["result"] == .null)
        #expect(server.exitStatus == nil)
        _ = send(&server, notification("exit", "null"))
        #expect(server.exitStatus == 0)
        var abrupt = LanguageServer(loader: InMemorySourceLoader([:]), preludePath: nil)
        _ = send(&abrupt, notification("exit", "null"))
        #expect(abrupt.exitStatus == 1)
    }

    @Test("a message whose text is not UTF-8 is a parse error, wherever the bad byte is")
    func invalidUTF8() {
        var (server, _) = openServer()
        let hover = #"{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"x": "é"}}"#
        // Valid UTF-8 parses (the params are then wrong for a hover: -32602).
        #expect(server.handle(Array(hover.utf8)).first.map { Json(parsing: $0.bytes)["error"]?["code"] } == .number(-32602))
        // A lone continuation byte, a truncated sequence, an overlong `/`, a surrogate:
        // in a plain string and in one with an escape before the bad byte.
        for bad: [UInt8] in [[0x80], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80]] {
            for prefix in ["", #"\n"#] {
                var body = Array(#"{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"x": "\#(prefix)"#.utf8)
                body += bad + Array(#""}}"#.utf8)
                let answer = server.handle(body).map { Json(parsing: $0.bytes) }
                #expect(answer.first?["error"]?["code"] == .number(-32700), "\(bad) after '\(prefix)'")
            }
        }
    }

    /// Every request is decoded in one place (`ClientRequest.decode`): a parameter it
    /// cannot do without is the protocol's invalidParams (-32602), with what is missing;
    /// a malformed notification changes nothing.
    @Test("a request without its parameters is invalidParams, saying what is missing")
    func missingParameters() {
        var (server, _) = openServer()
        let document = #"{"textDocument": {"uri": "\#(Self.uri)"}}"#
        let cases: [(method: String, params: String, says: String)] = [
            ("textDocument/hover", "{}", "the document is not open"),
            ("textDocument/definition", document, "a position needs a line and a character"),
            (
                "textDocument/references", #"{"textDocument": {"uri": "\#(Self.uri)"}, "position": {"line": 1}}"#,
                "a position needs a line and a character"
            ),
            ("textDocument/rename", at(5, 16), "rename needs newName"),
            ("textDocument/codeAction", document, "codeAction needs a range"),
            ("textDocument/formatting", #"{"textDocument": {}}"#, "the document is not open"),
            ("textDocument/semanticTokens/full", #"{"textDocument": {"uri": "file:///closed.gdl"}}"#, "the document is not open"),
        ]
        for (index, request) in cases.enumerated() {
            let answer = send(&server, self.request(10 + index, request.method, request.params))
            #expect(answer.first?["error"]?["code"] == .number(-32602), "\(request.method)")
            #expect(answer.first?["error"]?["message"] == .string(request.says), "\(request.method)")
            #expect(answer.first?["id"] == .number(Double(10 + index)), "\(request.method)")
        }
        // A didChange whose entries have no text or a malformed range changes nothing.
        let before = send(&server, request(30, "textDocument/documentSymbol", document))
        #expect(before.first?["result"]?[0]?["name"] == .string("Photos"))
        _ = send(
            &server,
            notification(
                "textDocument/didChange",
                #"{"textDocument": {"uri": "\#(Self.uri)", "version": 2}, "contentChanges": [{"range": {"start": {"line": 0}}, "text": "x"}, {"text": 1}]}"#
            ))
        #expect(send(&server, request(31, "textDocument/documentSymbol", document)).first?["result"] == before.first?["result"])
    }

    private func range(_ line: Int, _ character: Int, _ endLine: Int, _ endCharacter: Int) -> Json {
        .object([
            "start": .object(["line": .number(Double(line)), "character": .number(Double(character))]),
            "end": .object(["line": .number(Double(endLine)), "character": .number(Double(endCharacter))]),
        ])
    }
}

/// A JSON value as the server wrote it, read with the project's reader and
/// comparable in expectations.
indirect enum Json: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Json])
    case object([String: Json])

    /// What the server wrote, or null (recorded as an issue) if it is not JSON.
    init(parsing bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes) else {
            Issue.record("the server wrote JSON that does not parse: \(String(decoding: bytes, as: UTF8.self))")
            self = .null
            return
        }
        self.init(value)
    }

    init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(Json.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.key, Json($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    subscript(key: String) -> Json? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    subscript(index: Int) -> Json? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var int: Int? { if case .number(let value) = self { Int(value) } else { nil } }
    var array: [Json]? { if case .array(let value) = self { value } else { nil } }
}

@Suite("Language server: message framing")
struct MessageFramingTests {
    /// A reader over `input`, handed over `chunk` bytes at a time.
    private func reader(_ input: [UInt8], chunk: Int) -> MessageReader {
        var offset = 0
        return MessageReader {
            guard offset < input.count else { return nil }
            defer { offset += chunk }
            return Array(input[offset..<min(offset + chunk, input.count)])
        }
    }

    private func bodies(_ input: String, chunk: Int) throws(MessageReader.FramingError) -> [String] {
        var reader = reader(Array(input.utf8), chunk: chunk)
        var bodies: [String] = []
        while let body = try reader.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
        return bodies
    }

    @Test("messages are read whole however the input is cut, headers in any case and order")
    func chunks() throws {
        let input = "Content-Length: 2\r\n\r\n{}content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 8\r\n\r\n[1,\"é\"]"
        for chunk in 1...input.utf8.count {
            #expect(try bodies(input, chunk: chunk) == ["{}", "[1,\"é\"]"], "chunks of \(chunk)")
        }
        #expect(MessageReader.frame(Array("{}".utf8)) == Array("Content-Length: 2\r\n\r\n{}".utf8))
    }

    @Test("what cannot be framed is an error, never a wait or a large allocation")
    func errors() {
        func error(_ input: String) -> MessageReader.FramingError? {
            do throws(MessageReader.FramingError) {
                _ = try bodies(input, chunk: 7)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("Content-Type: x\r\n\r\n{}") == .missingContentLength)
        #expect(error("Content-Length: ten\r\n\r\n") == .malformedHeader("Content-Length: ten"))
        #expect(error("no colon here\r\n\r\n") == .malformedHeader("no colon here"))
        #expect(error("Content-Length: 99999999999\r\n\r\n") == .bodyTooLarge(99_999_999_999))
        #expect(error("Content-Length: 5\r\n\r\n{}") == .truncated)
        #expect(error("Content-Length: 5\r\n") == .truncated)
        #expect(error(String(repeating: "x", count: 5000)) == .headerLineTooLong)
        #expect(error(String(repeating: "A: b\r\n", count: 40)) == .tooManyHeaderLines)
        #expect(error("") == nil)
    }
}
