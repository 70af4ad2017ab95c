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
    /// The properties of each recognizer of the set, by name and property: where the
    /// property is written, and its value.
    private var predicates: [String: [String: (property: SourceRange, value: SourceRange)]] = [:]
    private let guardValues: GuardValues
    /// Each row of a kind's table by its location (`file:line:col`): its lines, from
    /// the first to the one its target state is on, so that a row written on several
    /// lines is quoted whole.
    private var rows: [String: SourceRange] = [:]

    /// Explains the timelines of `set`, lowered from `compilation`.
    public init(compilation: Compilation, set compiled: CompiledSet) {
        sources = compilation.sources
        guardValues = GuardValues(compilation: compilation, set: compiled)
        let set = compiled.program.name
        for file in [compilation.prelude] + compilation.files {
            for kind in file.kinds {
                for state in kind.states {
                    for transition in state.transitions {
                        let source = compilation.sources[transition.range.file]
                        let (line, column) = source.lineAndColumn(of: transition.range.start)
                        let last = transition.target?.range.end ?? transition.guardExpr?.range.end ?? transition.range.start
                        let (lastLine, _) = source.lineAndColumn(of: last)
                        rows["\(source.path):\(line):\(column)"] = SourceRange(
                            file: transition.range.file, start: source.lineRange(line).lowerBound,
                            end: source.lineRange(lastLine).upperBound)
                    }
                }
            }
        }
        for file in compilation.files {
            for decl in file.gestureSets where decl.name.name == set {
                for member in decl.allMembers {
                    switch member {
                    case .recognizer(let recognizer):
                        for property in recognizer.properties { note(property, of: recognizer.name.name) }
                    case .propertyAssignment(let assignment):
                        note(assignment.property, of: assignment.recognizer.name)
                    default:
                        break
                    }
                }
            }
        }
    }

    private mutating func note(_ property: PropertyDecl, of recognizer: String) {
        predicates[recognizer, default: [:]][property.name.name] = (property.range, property.value.range)
    }

    /// The timeline with its explanations: reasons that name rows and predicates.
    public func explain(_ timeline: [TimelineEntry]) -> [TimelineEntry] {
        timeline.map(explain)
    }

    /// One entry with its explanation, as a streamed timeline explains it.
    public func explain(_ entry: TimelineEntry) -> TimelineEntry {
        // An action: the row that sent it.
        if case .action = entry.kind, let source = entry.row, let row = line(at: source) {
            var explained = entry
            explained.decidedBy = guardValues.describe(entry.compared, origin: entry.origin)
            explained.because = "by its row '\(row)'" + Self.parenthesized(explained.decidedBy)
            return explained
        }
        guard case .decision(let decision, let reason, let source) = entry.kind, let recognizer = entry.recognizer
        else { return entry }
        var explained = entry
        switch (decision, reason) {
        case (.failed, TimelineExplanation.failedByRow):
            guard let row = line(at: source) else { return entry }
            explained.decidedBy = guardValues.describe(entry.compared, origin: entry.origin)
            let reason = "its row '\(row)' failed it" + Self.parenthesized(explained.decidedBy)
            explained.kind = .decision(decision: decision, reason: reason, source: source)
        case (.vetoed, "its shouldBegin answered false"), (.refused, _):
            // "its shouldBegin answered false" → "its shouldBegin 'allowZoom' answered false".
            let property = decision == .vetoed ? "shouldBegin" : "shouldReceiveTouch"
            guard let (written, value) = predicates[recognizer]?[property] else { return entry }
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

    /// The row at `file:line:col`, its lines joined, trimmed, without comments; for
    /// another location, its line.
    private func line(at source: String) -> String? {
        if let row = rows[source] {
            let text = SourceText(sources: sources).compact(row)
            return text.isEmpty ? nil : text
        }
        let parts = source.split(separator: ":")
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]),
            let id = sources.id(ofPath: parts.dropLast(2).joined(separator: ":"))
        else { return nil }
        let file = sources[id]
        let range = file.lineRange(line)
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
