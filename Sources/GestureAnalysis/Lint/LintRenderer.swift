import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// The three forms of `gesturec lint`'s findings: swiftc-style text, one JSON object
/// per finding per line, and SARIF 2.1.0 for code-scanning services.
public enum LintRenderer {
    /// `path:line:col: warning: message [GDL203]`, the source line and a caret, then
    /// the notes, as `gesturec check` prints diagnostics.
    public static func text(_ findings: [LintFinding], sources: SourceManager, colored: Bool) -> String {
        let renderer = TextDiagnosticRenderer(colored: colored)
        return findings.map { renderer.render($0.diagnostic, in: sources) }.joined()
    }

    /// One object per line: `{"id", "rule", "severity", "file", "line", "column",
    /// "endLine", "endColumn", "message", "notes": [{"file", "line", "column",
    /// "message"}]}`, plus `"counterexample": {"scene", "trace"}` when one was written.
    public static func json(_ findings: [LintFinding], sources: SourceManager, counterexamples: [Int: (scene: String, trace: String)] = [:])
        -> String
    {
        var out = ""
        for (index, finding) in findings.enumerated() {
            let start = position(finding.range.start, finding.range, sources)
            let end = position(finding.range.end, finding.range, sources)
            var members: [(String, JSONOutput)] = [
                ("id", .string(finding.rule.id.rawValue)), ("rule", .string(finding.rule.name)),
                ("severity", .string(finding.severity.rawValue)), ("file", .string(start.path)), ("line", .int(start.line)),
                ("column", .int(start.column)), ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
                ("message", .string(finding.message)),
                ("notes", .array(finding.notes.map { note($0, sources) })),
            ]
            if let files = counterexamples[index] {
                members.append(("counterexample", .object([("scene", .string(files.scene)), ("trace", .string(files.trace))])))
            }
            out += JSONOutput.object(members).written(.compact) + "\n"
        }
        return out
    }

    /// A finding's note: where, what, and the repair it proposes.
    private static func note(_ note: Note, _ sources: SourceManager) -> JSONOutput {
        let at = position(note.range.start, note.range, sources)
        var members: [(String, JSONOutput)] = [
            ("file", .string(at.path)), ("line", .int(at.line)), ("column", .int(at.column)), ("message", .string(note.message)),
        ]
        if let fix = note.fix {
            let start = position(fix.range.start, fix.range, sources)
            let end = position(fix.range.end, fix.range, sources)
            members.append(
                (
                    "fix",
                    .object([
                        ("line", .int(start.line)), ("column", .int(start.column)), ("endLine", .int(end.line)),
                        ("endColumn", .int(end.column)), ("text", .string(fix.replacement)),
                    ])
                ))
        }
        return .object(members)
    }

    /// A SARIF 2.1.0 log with one run: the tool, every rule with its description and
    /// default level (and the checker's diagnostics that occur, as rules of their own),
    /// and one result per finding with its location and notes as related locations.
    public static func sarif(_ findings: [LintFinding], sources: SourceManager, version: String) -> String {
        // Every lint rule, then the checker's diagnostics that occur, each once.
        var rules = LintRules.infos
        for finding in findings where !rules.contains(where: { $0.id == finding.rule.id }) {
            rules.append(finding.rule)
        }
        let log = SARIFLog(
            toolName: "gesturec", version: version,
            rules: rules.map { rule in
                // An opt-in rule runs only when asked (`--enable`): SARIF's `enabled`.
                SARIFLog.Rule(
                    id: rule.id.rawValue, name: rule.name, summary: rule.summary, explanation: rule.explanation,
                    level: SARIFLog.Level(rule.severity), enabled: rule.enabledByDefault)
            },
            results: findings.map { finding in
                let place = location(finding.range, sources)
                return SARIFLog.Result(
                    ruleID: finding.rule.id.rawValue, level: SARIFLog.Level(finding.severity), message: finding.message,
                    locations: [place],
                    related: finding.notes.map { SARIFLog.RelatedLocation(location: location($0.range, sources), message: $0.message) },
                    // The input that shows the finding, as a code flow: one step per event
                    // of its trace, each at the finding's place (a trace has no source lines).
                    codeFlow: finding.counterexample.flatMap { example in
                        example.steps.isEmpty
                            ? nil : SARIFLog.CodeFlow(message: example.summary, steps: example.steps.map { (place, $0) })
                    },
                    // Each repair a note proposes: the region replaced and the text put there.
                    fixes: finding.notes.compactMap { note in
                        note.fix.map {
                            SARIFLog.Fix(description: note.message, replaced: location($0.range, sources), insertedText: $0.replacement)
                        }
                    })
            })
        return log.rendered()
    }

    private static func location(_ range: SourceRange, _ sources: SourceManager) -> SARIFLog.Location {
        let start = position(range.start, range, sources)
        let end = position(range.end, range, sources)
        return SARIFLog.Location(path: start.path, startLine: start.line, startColumn: start.column, end: (end.line, end.column))
    }

    private static func position(_ offset: Int, _ range: SourceRange, _ sources: SourceManager) -> (path: String, line: Int, column: Int) {
        let file = sources[range.file]
        let (line, column) = file.lineAndColumn(of: offset)
        return (file.path, line, column)
    }
}
