import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime

/// `gesturec lsp`: a Language Server Protocol server, one message in, the messages to
/// send out. It keeps the open documents and checks one on every change; the command
/// (`LSPCommand`) only moves bytes between it and standard input and output.
///
/// Positions are the protocol's: 0-based lines and UTF-16 columns, converted to byte
/// offsets at the edge (`SourceFile.offset(line:utf16Column:)`). Diagnostics on every
/// change are the checker's; on open and on save lint runs too, whose engine probes
/// cost more than a keystroke should wait for.
public struct LanguageServer {
    /// Reads imported files that are not open.
    private let loader: any SourceLoader
    /// Where go-to-definition sends the editor for a kind of the prelude: a file the
    /// server writes once, read-only by intent (nil: no such file can be written).
    private let preludePath: String?
    /// The open documents by URI; changed only through `setDocument`, which keeps the
    /// index by path beside it.
    private var documents: [String: Document] = [:]
    /// The open documents' texts and URIs by path, for imports and for finding a file's
    /// document, kept as documents open, change and close: a keystroke costs its
    /// document, not every open one.
    private var openTexts: [String: [UInt8]] = [:]
    private var openURIs: [String: String] = [:]

    private mutating func setDocument(_ document: Document?, for uri: String) {
        let path = Self.path(of: uri)
        documents[uri] = document
        if let document {
            openTexts[path] = document.text
            openURIs[path] = uri
        } else if openURIs[path] == uri {
            openTexts[path] = nil
            openURIs[path] = nil
        }
    }
    private var initialized = false
    private var shutdownRequested = false
    /// Set by `exit`: the status the process ends with (0 after `shutdown`).
    public private(set) var exitStatus: Int32?

    private struct Document {
        var text: [UInt8]
        var version: Int
        /// The last check, made at the last change.
        var service: LanguageService
        /// The diagnostics last published: the quick fixes come from them.
        var published: [Diagnostic] = []
    }

    public init(loader: any SourceLoader, preludePath: String?) {
        self.loader = loader
        self.preludePath = preludePath
    }

    /// The messages to send in answer to one message body.
    public mutating func handle(_ body: [UInt8]) -> [JSONOutput] {
        let message: JSONNode
        do throws(ProgramError) {
            message = try JSONNode.parse(body)
        } catch {
            return [Self.error(id: .null, code: .parseError, "parse error: \(error)")]
        }
        // An id is a string, an integer or null (JSON-RPC 2.0, "Request object"): any
        // other is an invalid request, answered with a null id, never echoed.
        if let id = message["id"], !id.isValidID {
            return [Self.error(id: .null, code: .invalidRequest, "invalid request: an id must be a string or an integer")]
        }
        guard let method = message["method"]?.string else {
            // A response to us has no method, and none is expected; anything else
            // without one is an invalid request.
            if message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: message["id"]?.message ?? .null, code: .invalidRequest, "invalid request: no method")]
        }
        let id = message["id"]
        let params = message["params"]
        if let id {
            guard initialized || method == "initialize" else {
                return [Self.error(id: id.message, code: .serverNotInitialized, "the server is not initialized")]
            }
            switch ClientRequest.decode(method, params).flatMap({ answer($0) }) {
            case .success(let answer): return [ServerMessage.response(id: id.message, answer).json] + pendingNotifications()
            case .failure(let failure): return [Self.error(id: id.message, code: failure.code, failure.message)]
            }
        }
        act(on: ClientNotification.decode(method, params))
        return pendingNotifications()
    }

    private var outbox: [ServerMessage] = []

    private mutating func pendingNotifications() -> [JSONOutput] {
        defer { outbox = [] }
        return outbox.map(\.json)
    }

    /// A request's error answer: a code and what it says.
    struct Failure: Error {
        var code: ErrorCode
        var message: String
        static func invalidParams(_ message: String) -> Failure { Failure(code: .invalidParams, message: message) }
    }

    // MARK: Requests

    private mutating func answer(_ request: ClientRequest) -> Result<ServerAnswer, Failure> {
        switch request {
        case .initialize:
            initialized = true
            return .success(.initialize(Self.capabilities))
        case .shutdown:
            shutdownRequested = true
            return .success(.shutdown)
        case .hover(let at):
            return on(at) { service, offset in
                service.hover(at: offset).map { range, markdown in
                    Hover(markdown: markdown, range: LSPRange(range, in: service.compilation.sources[range.file]))
                }
            }.map(ServerAnswer.hover)
        case .definition(let at):
            return on(at) { service, offset in
                service.definition(at: offset).flatMap { location($0, in: service) }
            }.map(ServerAnswer.definition)
        case .references(let at):
            return on(at) { service, offset in
                service.references(at: offset).compactMap { location($0, in: service) }
            }.map(ServerAnswer.references)
        case .documentHighlight(let at):
            return on(at) { service, offset in
                service.references(at: offset).filter { $0.file == service.file }.map {
                    DocumentHighlight(range: LSPRange($0, in: service.compilation.sources[service.file]))
                }
            }.map(ServerAnswer.documentHighlight)
        case .completion(let at):
            return on(at) { service, offset in
                service.completions(at: offset).map(CompletionItem.init)
            }.map(ServerAnswer.completion)
        case .rename(let at, let newName):
            // A name the service will not rename, or a new name it refuses, is
            // invalidParams saying why.
            return on(at) { service, offset in
                service.rename(at: offset, to: newName)
                    .map { renameEdit($0, to: newName, in: service, from: offset) }
                    .mapError { .invalidParams(Self.describe($0)) }
            }.flatMap { $0 }.map(ServerAnswer.rename)
        case .formatting(let uri):
            return on(uri) { _, document -> [TextEdit]? in
                let file = document.service.compilation.sources[document.service.file]
                guard case .formatted(let text) = Formatter.format(file, id: document.service.file) else { return nil }
                let whole = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(of: file.bytes.count, in: file))
                return [TextEdit(range: whole, newText: text)]
            }.map(ServerAnswer.formatting)
        case .documentSymbol(let uri):
            return on(uri) { _, document in Self.documentSymbols(document.service) }.map(ServerAnswer.documentSymbol)
        case .semanticTokens(let uri):
            return on(uri) { _, document in
                let service = document.service
                return SemanticTokens(service.semanticTokens(), in: service.compilation.sources[service.file])
            }.map(ServerAnswer.semanticTokens)
        case .codeAction(let uri, let range):
            return on(uri) { uri, document in
                let file = document.service.compilation.sources[document.service.file]
                let start = range.start.offset(in: file)
                let end = range.end.offset(in: file)
                // A client may send the range's ends in either order.
                return codeActions(document, uri: uri, range: min(start, end)...max(start, end))
            }.map(ServerAnswer.codeAction)
        }
    }

    /// What the server announces: every capability, with the legend of its tokens.
    static let capabilities = InitializeResult(
        serverName: "gesturec", completionTriggers: ["(", ",", " ", "."],
        tokenTypes: LanguageService.TokenType.allCases.map(\.name))

    /// Runs `answer` on the open document a request names.
    private func on<Answer>(_ uri: String, _ answer: (String, Document) -> Answer) -> Result<Answer, Failure> {
        guard let document = documents[uri] else { return .failure(.invalidParams("the document is not open")) }
        return .success(answer(uri, document))
    }

    /// Runs `answer` at the document and position a request names.
    private func on<Answer>(
        _ at: TextDocumentPosition, _ answer: (LanguageService, Int) -> Answer
    ) -> Result<Answer, Failure> {
        guard let document = documents[at.uri] else { return .failure(.invalidParams("the document is not open")) }
        let service = document.service
        return .success(answer(service, at.position.offset(in: service.compilation.sources[service.file])))
    }

    // MARK: Notifications

    private mutating func act(on notification: ClientNotification) {
        switch notification {
        case .exit:
            exitStatus = shutdownRequested ? 0 : 1
        case .didOpen(let uri, let text, let version):
            let bytes = Array(text.utf8)
            setDocument(Document(text: bytes, version: version, service: check(bytes, uri: uri)), for: uri)
            publish(uri, lint: true)
        case .didChange(let uri, let version, let changes):
            guard var document = documents[uri] else { return }
            document.text = Self.applying(changes, to: document.text)
            document.version = version ?? document.version + 1
            document.service = check(document.text, uri: uri)
            setDocument(document, for: uri)
            publish(uri, lint: false)
        case .didSave(let uri):
            guard documents[uri] != nil else { return }
            publish(uri, lint: true)
        case .didClose(let uri):
            setDocument(nil, for: uri)
            outbox.append(.publishDiagnostics(PublishDiagnostics(uri: uri, version: nil, diagnostics: [])))
        case .ignored:
            break
        }
    }

    /// Applies a `didChange`'s `contentChanges` in order, each to the text the ones
    /// before it left. Edits that come last-first without overlapping (as editors send
    /// several at once) all address the text as it was, so they are located on its line
    /// table once and applied in one pass; others one at a time.
    static func applying(_ changes: [ContentChange], to text: [UInt8]) -> [UInt8] {
        let file = SourceFile(path: "", bytes: text)
        var located: [(range: Range<Int>, text: String)] = []
        for change in changes {
            guard let range = change.range else { break }
            let start = range.start.offset(in: file)
            let end = range.end.offset(in: file)
            guard start <= end, located.last.map({ end <= $0.range.lowerBound }) ?? true else { break }
            located.append((start..<end, change.text))
        }
        if located.count == changes.count, !located.isEmpty {
            var result: [UInt8] = []
            result.reserveCapacity(text.count)
            var copied = 0
            for edit in located.reversed() {
                result += text[copied..<edit.range.lowerBound]
                result += Array(edit.text.utf8)
                copied = edit.range.upperBound
            }
            result += text[copied...]
            return result
        }
        var text = text
        for change in changes { apply(change, to: &text) }
        return text
    }

    /// Applies one change: the text of a range, or the whole text.
    private static func apply(_ change: ContentChange, to text: inout [UInt8]) {
        guard let range = change.range else {
            text = Array(change.text.utf8)
            return
        }
        let file = SourceFile(path: "", bytes: text)
        let start = range.start.offset(in: file)
        let end = range.end.offset(in: file)
        guard start <= end else { return }
        text.replaceSubrange(start..<end, with: Array(change.text.utf8))
    }

    /// Checks a document's text, its imports read from the open documents first, with the
    /// error limit of `gesturec check`: a file of garbage costs a keystroke what it costs
    /// `check`, not its every error rendered and sent (the rest are counted, and said).
    private func check(_ text: [UInt8], uri: String) -> LanguageService {
        let path = Self.path(of: uri)
        // Every open document's text by path (the root's own path is read from `text`).
        let open = openTexts
        let compilation = Compilation.check(
            roots: [SourceFile(path: path, bytes: text)], loader: Overlay(open: open, base: loader),
            errorLimit: DiagnosticBag.defaultErrorLimit)
        let file = compilation.rootFiles.first ?? FileID(compilation.sources.files.count - 1)
        return LanguageService(compilation: compilation, file: file)
    }

    private mutating func publish(_ uri: String, lint: Bool) {
        guard let document = documents[uri] else { return }
        let service = document.service
        var diagnostics = service.compilation.diagnostics.diagnostics
        if lint, !service.compilation.diagnostics.hasErrors {
            let build = service.compilation.lowered()
            diagnostics =
                build.loweringDiagnostics
                + Linter.lint(build.sets, in: service.compilation, options: LintOptions()).map(\.diagnostic)
        }
        let file = service.compilation.sources[service.file]
        let mine = diagnostics.filter { $0.range.file == service.file }
        documents[uri]?.published = mine
        var published = mine.map { diagnostic in
            LSPDiagnostic(
                range: LSPRange(diagnostic.range, in: file), severity: LSPDiagnostic.Severity(diagnostic.severity),
                code: diagnostic.id.rawValue, message: diagnostic.message,
                relatedInformation: diagnostic.notes.compactMap { note in
                    location(note.range, in: service).map { LSPDiagnostic.RelatedInformation(location: $0, message: note.message) }
                })
        }
        // The errors past the limit, said once, where the last one shown is.
        let suppressed = service.compilation.diagnostics.suppressedErrorCount
        if suppressed > 0 {
            let at = mine.last { $0.severity == .error }?.range ?? SourceRange(file: service.file, start: 0, end: 0)
            published.append(
                LSPDiagnostic(
                    range: LSPRange(at, in: file), severity: .information, code: nil,
                    message: "\(suppressed) more error\(suppressed == 1 ? "" : "s") not shown, after the first "
                        + "\(DiagnosticBag.defaultErrorLimit) (as gesturec check stops); fix these first"))
        }
        outbox.append(.publishDiagnostics(PublishDiagnostics(uri: uri, version: document.version, diagnostics: published)))
    }

    // MARK: Answers

    /// A quick fix for each fix-it of the published diagnostics (the checker's, and
    /// lint's after an open or a save) that touch `range`.
    private func codeActions(_ document: Document, uri: String, range: ClosedRange<Int>) -> [CodeAction] {
        let service = document.service
        let file = service.compilation.sources[service.file]
        var actions: [CodeAction] = []
        for diagnostic in document.published
        where diagnostic.range.start <= range.upperBound && range.lowerBound <= diagnostic.range.end {
            for note in diagnostic.notes {
                guard let fix = note.fix, fix.range.file == service.file else { continue }
                let edit = TextEdit(range: LSPRange(fix.range, in: file), newText: fix.replacement)
                actions.append(
                    CodeAction(
                        title: note.message.prefix(1).uppercased() + note.message.dropFirst(), kind: .quickFix,
                        edit: WorkspaceEdit(changes: [(uri, [edit])])))
            }
        }
        return actions
    }

    /// The edits of a rename: `ranges` in the check of the document asked, and the
    /// same symbol's uses in every other open document whose check reaches its
    /// declaration (another file importing the one that declares it).
    private func renameEdit(
        _ ranges: [SourceRange], to newName: String, in service: LanguageService, from offset: Int
    ) -> WorkspaceEdit {
        var byURI: [(uri: String, edits: [TextEdit], starts: Set<Int>)] = []
        func add(_ range: SourceRange, of check: LanguageService) {
            let file = check.compilation.sources[range.file]
            let uri = range.file == check.file ? uri(of: check) : Self.uri(ofPath: file.path)
            let edit = TextEdit(range: LSPRange(range, in: file), newText: newName)
            guard let index = byURI.firstIndex(where: { $0.uri == uri }) else {
                byURI.append((uri, [edit], [range.start]))
                return
            }
            if byURI[index].starts.insert(range.start).inserted { byURI[index].edits.append(edit) }
        }
        for range in ranges { add(range, of: service) }
        if let declaration = service.declaration(at: offset) {
            for (uri, document) in documents.sorted(by: { $0.key < $1.key }) where uri != self.uri(of: service) {
                for range in document.service.occurrences(declaredAt: declaration.path, offset: declaration.offset) {
                    add(range, of: document.service)
                }
            }
        }
        return WorkspaceEdit(changes: byURI.map { ($0.uri, $0.edits) })
    }

    private func uri(of service: LanguageService) -> String {
        let path = service.compilation.sources[service.file].path
        return openURIs[path] ?? Self.uri(ofPath: path)
    }

    /// A location the editor can open: the prelude is written to `preludePath`.
    private func location(_ range: SourceRange, in service: LanguageService) -> LSPLocation? {
        let file = service.compilation.sources[range.file]
        let uri: String
        if range.file == FileID(0) {
            guard let preludePath else { return nil }
            uri = Self.uri(ofPath: preludePath)
        } else if range.file == service.file {
            uri = self.uri(of: service)
        } else {
            uri = Self.uri(ofPath: file.path)
        }
        return LSPLocation(uri: uri, range: LSPRange(range, in: file))
    }

    private static func documentSymbols(_ service: LanguageService) -> [DocumentSymbol] {
        let index = service.index
        let file = service.compilation.sources[service.file]
        let mine = index.symbols(in: service.file)
        var children: [Int: [Int]] = [:]
        for i in mine { if let container = index.symbols[i].container { children[container, default: []].append(i) } }
        func node(_ i: Int) -> DocumentSymbol {
            let symbol = index.symbols[i]
            return DocumentSymbol(
                name: symbol.name, detail: symbol.signature, kind: DocumentSymbol.Kind(symbol.kind),
                range: LSPRange(symbol.range, in: file), selectionRange: LSPRange(symbol.nameRange, in: file),
                children: (children[i] ?? []).map(node))
        }
        return mine.filter { index.symbols[$0].container == nil }.map(node)
    }

    private static func describe(_ error: LanguageService.RenameError) -> String {
        switch error {
        case .nothingToRename: "there is no recognizer, view, hook, kind or other declared name here"
        case .notAName(let name): "'\(name)' is not a name: a letter or '_', then letters, digits or '_', not a reserved word"
        case .inThePrelude(let name): "'\(name)' is declared in the prelude, which cannot be changed"
        case .broughtByAUse(let name):
            "'\(name)' is a recognizer a component's use brings, named by the use's prefix; rename the prefix ('as …')"
        }
    }

    // MARK: Messages

    /// The error codes the server answers with: JSON-RPC 2.0's ("Error object") and
    /// the one the Language Server Protocol adds for a request before `initialize`.
    public enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
    }

    /// The error answer to the request with `id` (null when it cannot be read), which
    /// the command sends too when a message cannot be framed.
    public static func error(id: JSONOutput, code: ErrorCode, _ message: String) -> JSONOutput {
        ServerMessage.error(id: id, Failure(code: code, message: message)).json
    }
}

extension JSONOutput {
    /// A message's body as the server sends it: compact, in UTF-8.
    public var bytes: [UInt8] { Array(written(.compact).utf8) }
}

extension LanguageServer {

    // MARK: Positions and URIs

    /// The path a `file:` URI names, percent-escapes decoded; any other URI as it is.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var bytes: [UInt8] = []
        let encoded = Array(uri.utf8.dropFirst("file://".count))
        var index = 0
        while index < encoded.count {
            if encoded[index] == UInt8(ascii: "%"), index + 2 < encoded.count,
                let value = UInt8(String(decoding: encoded[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(encoded[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `file:` URI for a path, escaping what a URI path may not hold.
    static func uri(ofPath path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            let safe =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "/-._~".utf8.contains(byte)
            if safe {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                uri += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return uri
    }
}

/// Imports read from the open documents first, then from `base`.
private struct Overlay: SourceLoader {
    var open: [String: [UInt8]]
    var base: any SourceLoader

    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        if let text = open[path] { return .success(text) }
        return base.load(path)
    }
}
