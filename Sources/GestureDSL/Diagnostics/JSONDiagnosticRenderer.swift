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
        let diagnostics = bag.diagnostics.map { diagnostic in
            JSONOutput.object(
                location(diagnostic.range, sources) + [
                    ("severity", .string(diagnostic.severity.rawValue)), ("id", .string(diagnostic.id.rawValue)),
                    ("message", .string(diagnostic.message)),
                    (
                        "notes",
                        .array(
                            diagnostic.notes.map { note in
                                var members = location(note.range, sources) + [("message", .string(note.message))]
                                if let fix = note.fix {
                                    members.append(("fix", .object(location(fix.range, sources) + [("text", .string(fix.replacement))])))
                                }
                                return .object(members)
                            })
                    ),
                ])
        }
        let document = JSONOutput.object([
            ("diagnostics", .array(diagnostics)), ("suppressedErrors", .int(bag.suppressedErrorCount)),
        ])
        return document.written(.compact) + "\n"
    }

    /// `"path", "line", "column", "end": {"line", "column"}`.
    private func location(_ range: SourceRange, _ sources: SourceManager) -> [(String, JSONOutput)] {
        let file = sources[range.file]
        let start = file.lineAndColumn(of: range.start)
        let end = file.lineAndColumn(of: range.end)
        return [
            ("path", .string(file.path)), ("line", .int(start.line)), ("column", .int(start.column)),
            ("end", .object([("line", .int(end.line)), ("column", .int(end.column))])),
        ]
    }
}
