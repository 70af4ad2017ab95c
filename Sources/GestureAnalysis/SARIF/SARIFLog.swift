import GestureDSL

/// A SARIF 2.1.0 log of one run: the one writer of lint's and diff's reports for
/// code-scanning services. A report builds the rules and results; this writes them,
/// with every property the schema requires (`version`, `runs`, a driver's `name`, a
/// rule's `id`, a result's `message.text`, a fix's `artifactChanges` and their
/// `replacements`, a code flow's `threadFlows` and their `locations`), one rule and
/// one result a line.
struct SARIFLog {
    enum Level: String {
        case error, warning, note

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .note: self = .note
            }
        }
    }

    /// A rule (SARIF's `reportingDescriptor`).
    struct Rule {
        var id: String
        var name: String?
        var summary: String
        var explanation: String?
        var level: Level
        /// False for a rule that runs only when asked.
        var enabled = true
    }

    /// A place in a file: a path (written as a URI reference, `SARIFLocation`) and a
    /// region, its end when known.
    struct Location {
        var path: String
        var startLine: Int
        var startColumn: Int
        var end: (line: Int, column: Int)?
    }

    struct RelatedLocation {
        var location: Location
        var message: String
    }

    /// A repair: the region replaced and the text put there.
    struct Fix {
        var description: String
        var replaced: Location
        var insertedText: String
    }

    /// The steps of the input that shows a result, each at a place.
    struct CodeFlow {
        var message: String
        var steps: [(location: Location, message: String)]
    }

    struct Result {
        var ruleID: String
        var level: Level
        var message: String
        var locations: [Location] = []
        var related: [RelatedLocation] = []
        var codeFlow: CodeFlow?
        var fixes: [Fix] = []
    }

    var toolName: String
    var version: String
    var rules: [Rule]
    var results: [Result]

    /// The log, as JSON.
    func rendered() -> String {
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \(JSON.quote(toolName)), \"version\": \(JSON.quote(version)),\n"
        out += "      \"rules\": [\n"
        out += rules.map(Self.rule).joined(separator: ",\n")
        out += "\n      ]}},\n    \"results\": [\n"
        out += results.map(result).joined(separator: ",\n")
        out += (results.isEmpty ? "" : "\n") + "    ]\n  }]\n}\n"
        return out
    }

    private static func rule(_ rule: Rule) -> String {
        var out = "        {\"id\": \(JSON.quote(rule.id)),"
        if let name = rule.name { out += " \"name\": \(JSON.quote(name))," }
        out += " \"shortDescription\": {\"text\": \(JSON.quote(rule.summary))},"
        if let explanation = rule.explanation { out += " \"fullDescription\": {\"text\": \(JSON.quote(explanation))}," }
        out += " \"defaultConfiguration\": {\"level\": \(JSON.quote(rule.level.rawValue))"
        return out + (rule.enabled ? "" : ", \"enabled\": false") + "}}"
    }

    private func result(_ result: Result) -> String {
        let ruleIndex = rules.firstIndex { $0.id == result.ruleID } ?? 0
        var out = "      {\"ruleId\": \(JSON.quote(result.ruleID)), \"ruleIndex\": \(ruleIndex),"
        out += " \"level\": \(JSON.quote(result.level.rawValue)), \"message\": {\"text\": \(JSON.quote(result.message))}"
        if !result.locations.isEmpty {
            out += ", \"locations\": ["
            out += result.locations.map { "{\"physicalLocation\": \(Self.physical($0))}" }.joined(separator: ", ")
            out += "]"
        }
        if !result.related.isEmpty {
            out += ", \"relatedLocations\": ["
            out += result.related.enumerated().map { index, related in
                "{\"id\": \(index + 1), \"physicalLocation\": \(Self.physical(related.location)), \"message\": {\"text\": \(JSON.quote(related.message))}}"
            }.joined(separator: ", ")
            out += "]"
        }
        if let flow = result.codeFlow {
            out += ", \"codeFlows\": [{\"message\": {\"text\": \(JSON.quote(flow.message))}, \"threadFlows\": [{\"locations\": ["
            out += flow.steps.map { step in
                "{\"location\": {\"physicalLocation\": \(Self.physical(step.location)), \"message\": {\"text\": \(JSON.quote(step.message))}}}"
            }.joined(separator: ", ")
            out += "]}]}]"
        }
        if !result.fixes.isEmpty {
            out += ", \"fixes\": ["
            out += result.fixes.map { fix in
                "{\"description\": {\"text\": \(JSON.quote(fix.description))}, \"artifactChanges\": [{\"artifactLocation\": {\"uri\": \(JSON.quote(SARIFLocation.uri(fix.replaced.path)))},"
                    + " \"replacements\": [{\"deletedRegion\": \(Self.region(fix.replaced)), \"insertedContent\": {\"text\": \(JSON.quote(fix.insertedText))}}]}]}"
            }.joined(separator: ", ")
            out += "]"
        }
        return out + "}"
    }

    private static func physical(_ location: Location) -> String {
        "{\"artifactLocation\": {\"uri\": \(JSON.quote(SARIFLocation.uri(location.path)))}, \"region\": \(region(location))}"
    }

    private static func region(_ location: Location) -> String {
        var out = "{\"startLine\": \(location.startLine), \"startColumn\": \(location.startColumn)"
        if let end = location.end { out += ", \"endLine\": \(end.line), \"endColumn\": \(end.column)" }
        return out + "}"
    }
}
