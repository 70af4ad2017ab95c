import GestureDSL

// The Language Server Protocol's messages as types. What a client sends is decoded
// here, once, into a request or a notification with typed parameters, a request's
// missing parameter being the protocol's `invalidParams`; what the server answers is
// built from the shapes below and the results beside them (Responses.swift), each
// written by its own `json`. The server's handlers (LanguageServer.swift) neither read
// nor write the protocol's field names.

/// A position as the protocol counts: a 0-based line, and the UTF-16 units before it
/// on that line.
struct LSPPosition: Equatable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// The position of a byte offset of `file`.
    init(of offset: Int, in file: SourceFile) {
        (line, character) = file.utf16Position(of: offset)
    }

    /// `{"line": …, "character": …}`, or nil when either is missing.
    init?(_ node: JSONNode?) {
        guard let line = node?["line"]?.int, let character = node?["character"]?.int else { return nil }
        self.init(line: line, character: character)
    }

    /// The byte offset it names in `file`, clamped to its line and to the file.
    func offset(in file: SourceFile) -> Int {
        file.offset(utf16Line: line, character: character)
    }

    var json: JSONOutput { .object([("line", .int(line)), ("character", .int(character))]) }
}

/// A range of positions, `end` excluded.
struct LSPRange {
    var start: LSPPosition
    var end: LSPPosition

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init(_ range: SourceRange, in file: SourceFile) {
        self.init(start: LSPPosition(of: range.start, in: file), end: LSPPosition(of: range.end, in: file))
    }

    init?(_ node: JSONNode?) {
        guard let start = LSPPosition(node?["start"]), let end = LSPPosition(node?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONOutput { .object([("start", start.json), ("end", end.json)]) }
}

/// A place in a document the editor can open.
struct LSPLocation {
    var uri: String
    var range: LSPRange

    var json: JSONOutput { .object([("uri", .string(uri)), ("range", range.json)]) }
}

/// Text to put in place of a range.
struct TextEdit {
    var range: LSPRange
    var newText: String

    var json: JSONOutput { .object([("range", range.json), ("newText", .string(newText))]) }
}

/// A document and a position in it: what hover, definition and the others ask about.
struct TextDocumentPosition {
    var uri: String
    var position: LSPPosition
}

/// One entry of a `didChange`: the text of a range, or of the whole document.
struct ContentChange {
    var range: LSPRange?
    var text: String
}

/// The requests the server answers.
enum ClientRequest {
    case initialize
    case shutdown
    case hover(TextDocumentPosition)
    case definition(TextDocumentPosition)
    case references(TextDocumentPosition)
    case documentHighlight(TextDocumentPosition)
    case completion(TextDocumentPosition)
    case rename(TextDocumentPosition, newName: String)
    case formatting(uri: String)
    case documentSymbol(uri: String)
    case semanticTokens(uri: String)
    case codeAction(uri: String, range: LSPRange)

    /// The request a method and its parameters make, or the protocol's error: an
    /// unknown method, or parameters it cannot do without.
    static func decode(_ method: String, _ params: JSONNode?) -> Result<ClientRequest, LanguageServer.Failure> {
        func document() throws(LanguageServer.Failure) -> String {
            guard let uri = params?["textDocument"]?["uri"]?.string else { throw .invalidParams("the document is not open") }
            return uri
        }
        func position() throws(LanguageServer.Failure) -> TextDocumentPosition {
            let uri = try document()
            guard let position = LSPPosition(params?["position"]) else {
                throw .invalidParams("a position needs a line and a character")
            }
            return TextDocumentPosition(uri: uri, position: position)
        }
        do throws(LanguageServer.Failure) {
            switch method {
            case "initialize": return .success(.initialize)
            case "shutdown": return .success(.shutdown)
            case "textDocument/hover": return .success(.hover(try position()))
            case "textDocument/definition": return .success(.definition(try position()))
            case "textDocument/references": return .success(.references(try position()))
            case "textDocument/documentHighlight": return .success(.documentHighlight(try position()))
            case "textDocument/completion": return .success(.completion(try position()))
            case "textDocument/rename":
                guard let newName = params?["newName"]?.string else { throw .invalidParams("rename needs newName") }
                return .success(.rename(try position(), newName: newName))
            case "textDocument/formatting": return .success(.formatting(uri: try document()))
            case "textDocument/documentSymbol": return .success(.documentSymbol(uri: try document()))
            case "textDocument/semanticTokens/full": return .success(.semanticTokens(uri: try document()))
            case "textDocument/codeAction":
                let uri = try document()
                guard let range = LSPRange(params?["range"]) else { throw .invalidParams("codeAction needs a range") }
                return .success(.codeAction(uri: uri, range: range))
            default:
                throw LanguageServer.Failure(code: .methodNotFound, message: "unknown method '\(method)'")
            }
        } catch {
            return .failure(error)
        }
    }
}

/// The notifications the server acts on.
enum ClientNotification {
    case exit
    case didOpen(uri: String, text: String, version: Int)
    /// The changes in order, each to the text the ones before it left; an entry with no
    /// text or a malformed range changes nothing and is left out.
    case didChange(uri: String, version: Int?, changes: [ContentChange])
    case didSave(uri: String)
    case didClose(uri: String)
    /// `initialized`, `$/cancelRequest`, settings, and a notification without what it
    /// needs: nothing to do (a notification has no answer to carry an error).
    case ignored

    static func decode(_ method: String, _ params: JSONNode?) -> ClientNotification {
        let document = params?["textDocument"]
        switch method {
        case "exit":
            return .exit
        case "textDocument/didOpen":
            guard let uri = document?["uri"]?.string, let text = document?["text"]?.string else { return .ignored }
            return .didOpen(uri: uri, text: text, version: document?["version"]?.int ?? 0)
        case "textDocument/didChange":
            guard let uri = document?["uri"]?.string, let entries = params?["contentChanges"]?.elements else {
                return .ignored
            }
            var changes: [ContentChange] = []
            for entry in entries {
                guard let text = entry["text"]?.string else { continue }
                if let range = entry["range"] {
                    guard let range = LSPRange(range) else { continue }
                    changes.append(ContentChange(range: range, text: text))
                } else {
                    changes.append(ContentChange(range: nil, text: text))
                }
            }
            return .didChange(uri: uri, version: document?["version"]?.int, changes: changes)
        case "textDocument/didSave":
            guard let uri = document?["uri"]?.string else { return .ignored }
            return .didSave(uri: uri)
        case "textDocument/didClose":
            guard let uri = document?["uri"]?.string else { return .ignored }
            return .didClose(uri: uri)
        default:
            return .ignored
        }
    }
}
