import GestureCompiler
import GestureDSL

// What the server sends, as types: each request's result (`ServerAnswer`, a case for
// each of `ClientRequest`'s), the diagnostics it publishes, and the JSON-RPC envelope
// around them (`ServerMessage`). Each is written by its own `json`, so the protocol's
// field names, and the numbers it gives its kinds, are written here and in
// Protocol.swift only: the handlers (LanguageServer.swift) build these values.

/// A message the server sends.
enum ServerMessage {
    /// The result of the request with `id`.
    case response(id: JSONOutput, ServerAnswer)
    /// The refusal of the request with `id`: null when the id could not be read or
    /// was not one JSON-RPC allows.
    case error(id: JSONOutput, LanguageServer.Failure)
    case publishDiagnostics(PublishDiagnostics)

    var json: JSONOutput {
        switch self {
        case .response(let id, let answer):
            return .object([("jsonrpc", .string("2.0")), ("id", id), ("result", answer.json)])
        case .error(let id, let failure):
            return .object([
                ("jsonrpc", .string("2.0")), ("id", id),
                ("error", .object([("code", .int(failure.code.rawValue)), ("message", .string(failure.message))])),
            ])
        case .publishDiagnostics(let diagnostics):
            return notification("textDocument/publishDiagnostics", diagnostics.json)
        }
    }

    private func notification(_ method: String, _ params: JSONOutput) -> JSONOutput {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
}

/// The result of each request the server answers, in the shape its method defines.
enum ServerAnswer {
    case initialize(InitializeResult)
    /// `shutdown` answers null.
    case shutdown
    /// Nil where there is nothing to show: null.
    case hover(Hover?)
    /// Nil where no declaration, or none the editor can open: null.
    case definition(LSPLocation?)
    case references([LSPLocation])
    case documentHighlight([DocumentHighlight])
    case completion([CompletionItem])
    case rename(WorkspaceEdit)
    /// Nil when the text has syntax errors, which the formatter leaves alone: null.
    case formatting([TextEdit]?)
    case documentSymbol([DocumentSymbol])
    case semanticTokens(SemanticTokens)
    case codeAction([CodeAction])

    var json: JSONOutput {
        switch self {
        case .initialize(let result): result.json
        case .shutdown: .null
        case .hover(let hover): hover?.json ?? .null
        case .definition(let location): location?.json ?? .null
        case .references(let locations): .array(locations.map(\.json))
        case .documentHighlight(let highlights): .array(highlights.map(\.json))
        case .completion(let items): .array(items.map(\.json))
        case .rename(let edit): edit.json
        case .formatting(let edits): edits.map { .array($0.map(\.json)) } ?? .null
        case .documentSymbol(let symbols): .array(symbols.map(\.json))
        case .semanticTokens(let tokens): tokens.json
        case .codeAction(let actions): .array(actions.map(\.json))
        }
    }
}

// MARK: Results

/// What the server can do, announced once in answer to `initialize`.
struct InitializeResult {
    var serverName: String
    /// The characters after which an editor asks for completions unprompted.
    var completionTriggers: [String]
    /// The names of the semantic token types, the legend the tokens' numbers index.
    var tokenTypes: [String]

    /// Every capability the server has a handler for. Documents are synced
    /// incrementally (change kind 2) and their text is not sent again on save (the
    /// server keeps it); positions are counted in UTF-16 units, the protocol's default.
    var json: JSONOutput {
        .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string("utf-16")),
                    (
                        "textDocumentSync",
                        .object([
                            ("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))])),
                        ])
                    ),
                    ("hoverProvider", .bool(true)),
                    ("definitionProvider", .bool(true)),
                    ("referencesProvider", .bool(true)),
                    ("documentHighlightProvider", .bool(true)),
                    ("completionProvider", .object([("triggerCharacters", .array(completionTriggers.map(JSONOutput.string)))])),
                    ("documentSymbolProvider", .bool(true)),
                    ("documentFormattingProvider", .bool(true)),
                    ("renameProvider", .bool(true)),
                    ("codeActionProvider", .bool(true)),
                    (
                        "semanticTokensProvider",
                        .object([
                            (
                                "legend",
                                .object([
                                    ("tokenTypes", .array(tokenTypes.map(JSONOutput.string))),
                                    ("tokenModifiers", .array([])),
                                ])
                            ),
                            ("full", .bool(true)),
                        ])
                    ),
                ])
            ),
            ("serverInfo", .object([("name", .string(serverName))])),
        ])
    }
}

/// What hover shows, in Markdown, and the range it is about.
struct Hover {
    var markdown: String
    var range: LSPRange

    var json: JSONOutput {
        .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
            ("range", range.json),
        ])
    }
}

/// A place in the document to highlight, of no particular kind (the protocol's
/// default, text).
struct DocumentHighlight {
    var range: LSPRange

    var json: JSONOutput { .object([("range", range.json)]) }
}

/// One completion offered.
struct CompletionItem {
    /// The protocol's `CompletionItemKind` numbers for the kinds the server offers:
    /// they choose the editor's icon.
    enum Kind: Int {
        case function = 3
        case field = 5
        case variable = 6
        case property = 10
        case keyword = 14
        case enumMember = 20
        case `struct` = 22

        init(_ kind: LanguageService.Completion.Kind) {
            switch kind {
            case .keyword: self = .keyword
            case .kind: self = .struct
            case .parameter: self = .field
            case .name: self = .variable
            case .property, .feature: self = .property
            case .function: self = .function
            case .constant: self = .enumMember
            }
        }
    }

    var label: String
    var kind: Kind
    var detail: String
    /// What to insert, when it is not the label; nil is left out.
    var insertText: String?

    init(_ completion: LanguageService.Completion) {
        label = completion.label
        kind = Kind(completion.kind)
        detail = completion.detail
        insertText = completion.insertText
    }

    var json: JSONOutput {
        var fields: [(String, JSONOutput)] = [("label", .string(label)), ("kind", .int(kind.rawValue)), ("detail", .string(detail))]
        if let insertText { fields.append(("insertText", .string(insertText))) }
        return .object(fields)
    }
}

/// Edits to one document or several.
struct WorkspaceEdit {
    /// Each document's edits by URI: the protocol's map, written in this order, so the
    /// same edit is the same bytes.
    var changes: [(uri: String, edits: [TextEdit])]

    var json: JSONOutput {
        .object([("changes", .object(changes.map { ($0.uri, .array($0.edits.map(\.json))) }))])
    }
}

/// A declaration of the document, with the ones it contains.
struct DocumentSymbol {
    /// The protocol's `SymbolKind` numbers for the declarations a spec has: they
    /// choose the editor's icon in its outline.
    enum Kind: Int {
        case namespace = 3
        case `class` = 5
        case property = 7
        case field = 8
        case variable = 13
        case enumMember = 22
        case `struct` = 23
        case event = 24

        init(_ kind: LanguageIndex.Symbol.Kind) {
            switch kind {
            case .gestureSet: self = .namespace
            case .view: self = .class
            case .recognizer, .variable: self = .variable
            case .hook, .report: self = .property
            case .kind, .component: self = .struct
            case .parameter: self = .field
            case .state: self = .enumMember
            case .timer: self = .event
            }
        }
    }

    var name: String
    var detail: String
    var kind: Kind
    /// The whole declaration.
    var range: LSPRange
    /// Its name, which the editor selects.
    var selectionRange: LSPRange
    var children: [DocumentSymbol]

    var json: JSONOutput {
        .object([
            ("name", .string(name)), ("detail", .string(detail)), ("kind", .int(kind.rawValue)),
            ("range", range.json), ("selectionRange", selectionRange.json),
            ("children", .array(children.map(\.json))),
        ])
    }
}

/// The document's tokens in the protocol's relative encoding.
struct SemanticTokens {
    /// Five numbers a token: its line less the last token's, its start (less the last
    /// token's when on the same line), its length, its type and no modifiers.
    var data: [Int]

    /// `tokens` of `file` encoded, in UTF-16 units. A token that spans lines, or is
    /// empty, is left out: the protocol's tokens lie on one line.
    init(_ tokens: [LanguageService.SemanticToken], in file: SourceFile) {
        data = []
        var previous = LSPPosition(line: 0, character: 0)
        for token in tokens {
            let start = LSPPosition(of: token.start, in: file)
            let end = LSPPosition(of: token.end, in: file)
            guard end.line == start.line, end.character > start.character else { continue }
            data += [
                start.line - previous.line,
                start.line == previous.line ? start.character - previous.character : start.character,
                end.character - start.character, token.type.rawValue, 0,
            ]
            previous = start
        }
    }

    var json: JSONOutput { .object([("data", .array(data.map(JSONOutput.int)))]) }
}

/// An action the editor offers on a range, as edits to apply.
struct CodeAction {
    /// The only kind the server offers: a diagnostic's fix-it.
    enum Kind: String {
        case quickFix = "quickfix"
    }

    var title: String
    var kind: Kind
    var edit: WorkspaceEdit

    var json: JSONOutput {
        .object([("title", .string(title)), ("kind", .string(kind.rawValue)), ("edit", edit.json)])
    }
}

// MARK: Diagnostics

/// The diagnostics of one document, all of them: each publication replaces the last.
struct PublishDiagnostics {
    var uri: String
    /// The version of the document they are about; nil (left out) when the document
    /// was closed and its diagnostics are cleared.
    var version: Int?
    var diagnostics: [LSPDiagnostic]

    var json: JSONOutput {
        var fields: [(String, JSONOutput)] = [("uri", .string(uri))]
        if let version { fields.append(("version", .int(version))) }
        fields.append(("diagnostics", .array(diagnostics.map(\.json))))
        return .object(fields)
    }
}

/// A diagnostic as the protocol shows it.
struct LSPDiagnostic {
    /// The protocol's `DiagnosticSeverity` numbers.
    enum Severity: Int {
        case error = 1
        case warning = 2
        case information = 3

        /// A note is information: the protocol's hint is shown faintly, if at all.
        init(_ severity: GestureDSL.Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .note: self = .information
            }
        }
    }

    /// A note of a diagnostic, at its place.
    struct RelatedInformation {
        var location: LSPLocation
        var message: String

        var json: JSONOutput { .object([("location", location.json), ("message", .string(message))]) }
    }

    /// The source the editor shows each diagnostic under: the checker's, lint's and the
    /// server's own are all gesturec's.
    static let source = "gesturec"

    var range: LSPRange
    var severity: Severity
    /// The diagnostic's id (`GDL103`); nil, left out, for what the server says itself.
    var code: String?
    var message: String
    /// The notes that have a place the editor can open; left out when there are none.
    var relatedInformation: [RelatedInformation] = []

    var json: JSONOutput {
        var fields: [(String, JSONOutput)] = [("range", range.json), ("severity", .int(severity.rawValue))]
        if let code { fields.append(("code", .string(code))) }
        fields += [("source", .string(Self.source)), ("message", .string(message))]
        if !relatedInformation.isEmpty { fields.append(("relatedInformation", .array(relatedInformation.map(\.json)))) }
        return .object(fields)
    }
}
