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
            out += "{\"id\":\(JSON.quote(finding.rule.id.rawValue)),\"rule\":\(JSON.quote(finding.rule.name))"
            out += ",\"severity\":\(JSON.quote(finding.severity.rawValue))"
            out += ",\"file\":\(JSON.quote(start.path)),\"line\":\(start.line),\"column\":\(start.column)"
            out += ",\"endLine\":\(end.line),\"endColumn\":\(end.column)"
            out += ",\"message\":\(JSON.quote(finding.message)),\"notes\":["
            out += finding.notes.map { note in
                let at = position(note.range.start, note.range, sources)
                var text = "{\"file\":\(JSON.quote(at.path)),\"line\":\(at.line),\"column\":\(at.column),\"message\":\(JSON.quote(note.message))"
                if let fix = note.fix {
                    let start = position(fix.range.start, fix.range, sources)
                    let end = position(fix.range.end, fix.range, sources)
                    text += ",\"fix\":{\"line\":\(start.line),\"column\":\(start.column),\"endLine\":\(end.line)"
                    text += ",\"endColumn\":\(end.column),\"text\":\(JSON.quote(fix.replacement))}"
                }
                return text + "}"
            }.joined(separator: ",")
            out += "]"
            if let files = counterexamples[index] {
                out += ",\"counterexample\":{\"scene\":\(JSON.quote(files.scene)),\"trace\":\(JSON.quote(files.trace))}"
            }
            out += "}\n"
        }
        return out
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
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"gesturec\", \"version\": \(JSON.quote(version)),\n"
        out += "      \"rules\": [\n"
        out += rules.map { rule in
            "        {\"id\": \(JSON.quote(rule.id.rawValue)), \"name\": \(JSON.quote(rule.name)),"
                + " \"shortDescription\": {\"text\": \(JSON.quote(rule.summary))},"
                + " \"fullDescription\": {\"text\": \(JSON.quote(rule.explanation))},"
                + " \"defaultConfiguration\": {\"level\": \(JSON.quote(level(rule.severity)))"
                // An opt-in rule runs only when asked (`--enable`): SARIF's `enabled`.
                + (rule.enabledByDefault ? "" : ", \"enabled\": false") + "}}"
        }.joined(separator: ",\n")
        out += "\n      ]}},\n    \"results\": [\n"
        out += findings.map { finding in
            let ruleIndex = rules.firstIndex { $0.id == finding.rule.id } ?? 0
            var result = "      {\"ruleId\": \(JSON.quote(finding.rule.id.rawValue)), \"ruleIndex\": \(ruleIndex),"
            result += " \"level\": \(JSON.quote(level(finding.severity))), \"message\": {\"text\": \(JSON.quote(finding.message))},"
            result += " \"locations\": [{\"physicalLocation\": \(physicalLocation(finding.range, sources))}]"
            if !finding.notes.isEmpty {
                result += ", \"relatedLocations\": ["
                result += finding.notes.enumerated().map { index, note in
                    "{\"id\": \(index + 1), \"physicalLocation\": \(physicalLocation(note.range, sources)), \"message\": {\"text\": \(JSON.quote(note.message))}}"
                }.joined(separator: ", ")
                result += "]"
            }
            // The input that shows the finding, as a code flow: one step per event of its
            // trace, each at the finding's place (a trace has no source lines).
            if let example = finding.counterexample, !example.steps.isEmpty {
                let place = physicalLocation(finding.range, sources)
                result += ", \"codeFlows\": [{\"message\": {\"text\": \(JSON.quote(example.summary))}, \"threadFlows\": [{\"locations\": ["
                result += example.steps.map { step in
                    "{\"location\": {\"physicalLocation\": \(place), \"message\": {\"text\": \(JSON.quote(step))}}}"
                }.joined(separator: ", ")
                result += "]}]}]"
            }
            // Each repair a note proposes, as SARIF's `fixes`: the region replaced and
            // the text put there.
            let fixes = finding.notes.filter { $0.fix != nil }
            if !fixes.isEmpty {
                result += ", \"fixes\": ["
                result += fixes.compactMap { note in
                    guard let fix = note.fix else { return nil }
                    let start = position(fix.range.start, fix.range, sources)
                    let end = position(fix.range.end, fix.range, sources)
                    return "{\"description\": {\"text\": \(JSON.quote(note.message))}, \"artifactChanges\": [{\"artifactLocation\": {\"uri\": \(JSON.quote(SARIFLocation.uri(start.path)))},"
                        + " \"replacements\": [{\"deletedRegion\": {\"startLine\": \(start.line), \"startColumn\": \(start.column), \"endLine\": \(end.line), \"endColumn\": \(end.column)},"
                        + " \"insertedContent\": {\"text\": \(JSON.quote(fix.replacement))}}]}]}"
                }.joined(separator: ", ")
                result += "]"
            }
            return result + "}"
        }.joined(separator: ",\n")
        out += (findings.isEmpty ? "" : "\n") + "    ]\n  }]\n}\n"
        return out
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func physicalLocation(_ range: SourceRange, _ sources: SourceManager) -> String {
        let start = position(range.start, range, sources)
        let end = position(range.end, range, sources)
        return "{\"artifactLocation\": {\"uri\": \(JSON.quote(SARIFLocation.uri(start.path)))}, \"region\": {\"startLine\": \(start.line),"
            + " \"startColumn\": \(start.column), \"endLine\": \(end.line), \"endColumn\": \(end.column)}}"
    }

    private static func position(_ offset: Int, _ range: SourceRange, _ sources: SourceManager) -> (path: String, line: Int, column: Int) {
        let file = sources[range.file]
        let (line, column) = file.lineAndColumn(of: offset)
        return (file.path, line, column)
    }
}
