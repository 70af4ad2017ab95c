import GestureDSL

/// A SARIF 2.1.0 log of one run: the one writer of lint's and diff's reports for
/// code-scanning services. A report builds the rules and results; this writes them,
/// with every property the schema requires (`version`, `runs`, a driver's `name`, a
/// rule's `id`, a result's `message.text`, a fix's `artifactChanges` and their
/// `replacements`, a code flow's `threadFlows` and their `locations`), in the
/// canonical layout of every JSON document the tools write.
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

    /// The log, as JSON in the canonical layout (`JSONOutput.Layout.canonical`).
    func rendered() -> String {
        let driver = JSONOutput.object([
            ("name", .string(toolName)), ("version", .string(version)), ("rules", .array(rules.map(Self.rule))),
        ])
        let run = JSONOutput.object([("tool", .object([("driver", driver)])), ("results", .array(results.map(result)))])
        let log = JSONOutput.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.written(.canonical) + "\n"
    }

    private static func rule(_ rule: Rule) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("id", .string(rule.id))]
        if let name = rule.name { members.append(("name", .string(name))) }
        members.append(("shortDescription", text(rule.summary)))
        if let explanation = rule.explanation { members.append(("fullDescription", text(explanation))) }
        var configuration: [(String, JSONOutput)] = [("level", .string(rule.level.rawValue))]
        if !rule.enabled { configuration.append(("enabled", .bool(false))) }
        members.append(("defaultConfiguration", .object(configuration)))
        return .object(members)
    }

    private func result(_ result: Result) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("ruleId", .string(result.ruleID)), ("ruleIndex", .int(rules.firstIndex { $0.id == result.ruleID } ?? 0)),
            ("level", .string(result.level.rawValue)), ("message", Self.text(result.message)),
        ]
        if !result.locations.isEmpty {
            members.append(("locations", .array(result.locations.map { .object([("physicalLocation", Self.physical($0))]) })))
        }
        if !result.related.isEmpty {
            let related = result.related.enumerated().map { index, related in
                JSONOutput.object([
                    ("id", .int(index + 1)), ("physicalLocation", Self.physical(related.location)), ("message", Self.text(related.message)),
                ])
            }
            members.append(("relatedLocations", .array(related)))
        }
        if let flow = result.codeFlow {
            let steps = flow.steps.map { step in
                JSONOutput.object([
                    ("location", .object([("physicalLocation", Self.physical(step.location)), ("message", Self.text(step.message))]))
                ])
            }
            let threadFlow = JSONOutput.object([("locations", .array(steps))])
            members.append(("codeFlows", .array([.object([("message", Self.text(flow.message)), ("threadFlows", .array([threadFlow]))])])))
        }
        if !result.fixes.isEmpty {
            let fixes = result.fixes.map { fix in
                let replacement = JSONOutput.object([
                    ("deletedRegion", Self.region(fix.replaced)), ("insertedContent", Self.text(fix.insertedText)),
                ])
                let change = JSONOutput.object([
                    ("artifactLocation", .object([("uri", .string(SARIFLocation.uri(fix.replaced.path)))])),
                    ("replacements", .array([replacement])),
                ])
                return JSONOutput.object([("description", Self.text(fix.description)), ("artifactChanges", .array([change]))])
            }
            members.append(("fixes", .array(fixes)))
        }
        return .object(members)
    }

    /// SARIF's `message` and `multiformatMessageString`: `{"text": …}`.
    private static func text(_ text: String) -> JSONOutput {
        .object([("text", .string(text))])
    }

    private static func physical(_ location: Location) -> JSONOutput {
        .object([("artifactLocation", .object([("uri", .string(SARIFLocation.uri(location.path)))])), ("region", region(location))])
    }

    private static func region(_ location: Location) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("startLine", .int(location.startLine)), ("startColumn", .int(location.startColumn))]
        if let end = location.end { members += [("endLine", .int(end.line)), ("endColumn", .int(end.column))] }
        return .object(members)
    }
}
