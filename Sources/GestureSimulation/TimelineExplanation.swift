import GestureCompiler
import GestureDSL
import GestureRuntime

/// Says why, in a simulation's timeline, with the spec at hand (`gesturec simulate`):
///
/// - a recognizer failed by a row of its kind's table names the row, as written
///   (`on move, up where movement > allowableMovement -> failed`), so a `<prelude>`
///   location needs no lookup, and so does an action (`began … by its row 'on move
///   where … -> began'`); either way with the values its guard compared when it fired
///   (`movement 12.3pt > allowableMovement 10pt`, `GuardValues`);
/// - a recognizer vetoed by its `shouldBegin`, or refusing a touch by its
///   `shouldReceiveTouch`, points at that predicate and quotes it, not at the
///   recognizer's declaration.
///
/// The engine's decisions carry program locations only; the source text is the
/// compilation's, so this runs where the spec was compiled.
public struct TimelineExplanation {
    let sources: SourceManager
    /// The properties of each recognizer of the set, by recognizer id and property:
    /// where the property is written, and its value.
    private var predicates: [[String: (property: SourceRange, value: SourceRange)]] = []
    private let guardValues: GuardValues
    /// Each recognizer's kind id, by recognizer id.
    private let kinds: [Int]
    /// Each row of a kind's table by its kind and location: its lines, from the first
    /// to the one its target state is on, so that a row written on several lines is
    /// quoted whole.
    private var rows: [RowKey: SourceRange] = [:]

    private struct RowKey: Hashable {
        var kind: Int
        var location: SourceLocation
    }

    /// Explains the timelines of `set`, lowered from `compilation`, from what lowering
    /// recorded of each row and recognizer (`CompiledSet.provenance`).
    public init(compilation: Compilation, set compiled: CompiledSet) {
        sources = compilation.sources
        guardValues = GuardValues(compilation: compilation, set: compiled)
        kinds = compiled.program.recognizers.map(\.kind)
        guard let provenance = compiled.provenance else { return }
        for (id, (kind, origin)) in zip(compiled.program.kinds, provenance.kinds).enumerated() {
            for (row, index) in zip(kind.rows, origin.rows) where rows[RowKey(kind: id, location: row.location)] == nil {
                let transition = origin.transitions[index]
                let range = transition.origin.range
                let source = compilation.sources[range.file]
                let (line, _) = source.lineAndColumn(of: range.start)
                let last = transition.targetRange?.end ?? transition.guardRange?.end ?? range.start
                let (lastLine, _) = source.lineAndColumn(of: last)
                rows[RowKey(kind: id, location: row.location)] = SourceRange(
                    file: range.file, start: source.lineRange(line).lowerBound, end: source.lineRange(lastLine).upperBound)
            }
        }
        predicates = provenance.recognizers.map { recognizer in
            var properties: [String: (property: SourceRange, value: SourceRange)] = [:]
            for property in recognizer.properties { properties[property.name] = (property.range, property.value) }
            return properties
        }
    }

    /// The timeline with its explanations: reasons that name rows and predicates.
    public func explain(_ timeline: [TimelineEntry]) -> [TimelineEntry] {
        timeline.map(explain)
    }

    /// One entry with its explanation, as a streamed timeline explains it.
    public func explain(_ entry: TimelineEntry) -> TimelineEntry {
        // An action: the row that sent it.
        if case .action = entry.kind, let origin = entry.origin, let row = line(at: origin) {
            var explained = entry
            explained.decidedBy = guardValues.describe(entry.compared, origin: entry.origin)
            explained.because = "by its row '\(row)'" + Self.parenthesized(explained.decidedBy)
            return explained
        }
        guard case .decision(let decision, let reason, let source) = entry.kind, entry.recognizer != nil
        else { return entry }
        var explained = entry
        switch (decision, reason) {
        case (.failed, TimelineExplanation.failedByRow):
            guard let origin = entry.origin, let row = line(at: origin) else { return entry }
            explained.decidedBy = guardValues.describe(entry.compared, origin: entry.origin)
            let reason = "its row '\(row)' failed it" + Self.parenthesized(explained.decidedBy)
            explained.kind = .decision(decision: decision, reason: reason, source: source)
        case (.vetoed, "its shouldBegin answered false"), (.refused, _):
            // "its shouldBegin answered false" → "its shouldBegin 'allowZoom' answered false".
            let property = decision == .vetoed ? "shouldBegin" : "shouldReceiveTouch"
            guard let id = entry.origin?.recognizer ?? nil, id >= 0 && id < predicates.count,
                let (written, value) = predicates[id][property]
            else { return entry }
            let text = SourceText(sources: sources).compact(value)
            let quoted = reason.replacing("its \(property)", with: "its \(property) '\(text)'", maxReplacements: 1)
            explained.kind = .decision(decision: decision, reason: quoted, source: location(written))
        default:
            return entry
        }
        return explained
    }

    /// ` (touchCount 0 == 0, fingers 1 < touches 2)`, or nothing.
    private static func parenthesized(_ values: [String]) -> String {
        values.isEmpty ? "" : " (" + values.joined(separator: ", ") + ")"
    }

    /// What `Simulation` says of a failure by a row of the kind's table.
    static let failedByRow = "a row of its kind's table failed it"

    /// The row an action or a failure came from, its lines joined, trimmed, without
    /// comments; for another location (a recognizer's own), its line.
    private func line(at origin: TimelineEntry.Origin) -> String? {
        if let recognizer = origin.recognizer, recognizer >= 0 && recognizer < kinds.count,
            let row = rows[RowKey(kind: kinds[recognizer], location: origin.location)]
        {
            let text = SourceText(sources: sources).compact(row)
            return text.isEmpty ? nil : text
        }
        let location = origin.location
        // The program's file table is the compilation's files in id order.
        guard location.file >= 0 && location.file < sources.files.count else { return nil }
        let id = FileID(location.file)
        let file = sources[id]
        let range = file.lineRange(location.line)
        guard !range.isEmpty else { return nil }
        let text = SourceText(sources: sources).compact(SourceRange(file: id, start: range.lowerBound, end: range.upperBound))
        return text.isEmpty ? nil : text
    }

    private func location(_ range: SourceRange) -> String {
        let file = sources[range.file]
        let (line, column) = file.lineAndColumn(of: range.start)
        return "\(file.path):\(line):\(column)"
    }
}
