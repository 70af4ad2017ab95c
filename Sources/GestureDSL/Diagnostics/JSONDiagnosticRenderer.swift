/// Renders diagnostics as one JSON document, for tools:
///
/// ```text
/// {"diagnostics":[{"path":"photo.gdl","line":12,"column":20,
///   "end":{"line":12,"column":28},"severity":"error","id":"GDL104",
///   "message":"unknown recognizer 'dubleTap'","notes":[…]}],"suppressedErrors":0}
/// ```
///
/// Columns are 1-based byte columns, as in the text form; `end` is exclusive. A note
/// that proposes a repair has `"fix": {"path", "line", "column", "end", "text"}`: the
/// range to replace and the text to put there.
public struct JSONDiagnosticRenderer: Sendable {
    public init() {}

    public func render(_ bag: DiagnosticBag, in sources: SourceManager) -> String {
        var out = "{\"diagnostics\":["
        for (index, diagnostic) in bag.diagnostics.enumerated() {
            if index > 0 { out += "," }
            out += "{"
            appendLocation(diagnostic.range, sources: sources, to: &out)
            out += ",\"severity\":\(JSON.quote(diagnostic.severity.rawValue))"
            out += ",\"id\":\(JSON.quote(diagnostic.id.rawValue))"
            out += ",\"message\":\(JSON.quote(diagnostic.message))"
            out += ",\"notes\":["
            for (noteIndex, note) in diagnostic.notes.enumerated() {
                if noteIndex > 0 { out += "," }
                out += "{"
                appendLocation(note.range, sources: sources, to: &out)
                out += ",\"message\":\(JSON.quote(note.message))"
                if let fix = note.fix {
                    out += ",\"fix\":{"
                    appendLocation(fix.range, sources: sources, to: &out)
                    out += ",\"text\":\(JSON.quote(fix.replacement))}"
                }
                out += "}"
            }
            out += "]}"
        }
        out += "],\"suppressedErrors\":\(bag.suppressedErrorCount)}\n"
        return out
    }

    private func appendLocation(_ range: SourceRange, sources: SourceManager, to out: inout String) {
        let file = sources[range.file]
        let start = file.lineAndColumn(of: range.start)
        let end = file.lineAndColumn(of: range.end)
        out += "\"path\":\(JSON.quote(file.path)),\"line\":\(start.line),\"column\":\(start.column)"
        out += ",\"end\":{\"line\":\(end.line),\"column\":\(end.column)}"
    }
}

/// The little JSON writing the libraries need, without Foundation.
public enum JSON {
    /// `text` as a JSON string literal, escaped per RFC 8259.
    public static func quote(_ text: String) -> String {
        // Most names need no escaping: skip the scalar-by-scalar copy for them.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
