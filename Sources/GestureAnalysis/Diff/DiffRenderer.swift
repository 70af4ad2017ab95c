import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// The three forms of `gesturec diff`'s changes, as lint's: one line per change in
/// text, one JSON object per change per line, and SARIF 2.1.0 with a rule per kind of
/// change, so code scanning shows a pull request what it does.
public enum DiffRenderer {
    /// `path:line:col: behaviour: message [action-moves]`, or `Set: structure: …` for
    /// a change with no declaration to point at; then a summary line.
    public static func text(_ changes: [BehaviourChange]) -> String {
        var out = ""
        for change in changes {
            let at = change.place.map { "\($0.path):\($0.line):\($0.column)" } ?? change.set
            out +=
                TerminalText.escaped("\(at): \(change.kind.isBehaviour ? "behaviour" : "structure"): \(change.message) [\(change.kind.rawValue)]")
                + "\n"
        }
        return out + summary(changes)
    }

    /// "2 changes of behaviour, 1 of structure", or "no behaviour changed".
    public static func summary(_ changes: [BehaviourChange]) -> String {
        let behaviour = changes.count { $0.kind.isBehaviour }
        let structure = changes.count - behaviour
        var parts: [String] = []
        parts.append(behaviour == 0 ? "no behaviour changed" : "\(behaviour) change\(behaviour == 1 ? "" : "s") of behaviour")
        if structure > 0 { parts.append("\(structure) of structure") }
        return parts.joined(separator: ", ") + "\n"
    }

    /// One object per line: `{"set", "kind", "behaviour", "message", "file", "line",
    /// "column", "side", "runs", "delay", "counterexample": {"summary", "scene",
    /// "trace"}}`; a member without a value is left out.
    public static func json(_ changes: [BehaviourChange]) -> String {
        var out = ""
        for change in changes {
            var members: [(String, JSONOutput)] = [
                ("set", .string(change.set)), ("kind", .string(change.kind.rawValue)), ("behaviour", .bool(change.kind.isBehaviour)),
                ("message", .string(change.message)),
            ]
            if let place = change.place {
                members += [
                    ("file", .string(place.path)), ("line", .int(place.line)), ("column", .int(place.column)),
                    ("side", .string(place.side.rawValue)),
                ]
            }
            members.append(("runs", .int(change.runs)))
            if let delay = change.delay { members.append(("delay", .number((delay * 1e6).rounded() / 1e6))) }
            if let example = change.counterexample {
                members.append(
                    (
                        "counterexample",
                        .object([("summary", .string(example.summary)), ("scene", .string(example.scene)), ("trace", .string(example.trace))])
                    ))
            }
            out += JSONOutput.object(members).written(.compact) + "\n"
        }
        return out
    }

    /// A SARIF 2.1.0 log: a rule per kind of change, a result per change at its
    /// declaration (behaviour as `warning`, structure as `note`).
    public static func sarif(_ changes: [BehaviourChange], version: String) -> String {
        let log = SARIFLog(
            toolName: "gesturec diff", version: version,
            rules: BehaviourChange.Kind.allCases.map { kind in
                SARIFLog.Rule(id: kind.rawValue, summary: kind.summary, level: kind.isBehaviour ? .warning : .note)
            },
            results: changes.map { change in
                SARIFLog.Result(
                    ruleID: change.kind.rawValue, level: change.kind.isBehaviour ? .warning : .note,
                    message: "\(change.set): \(change.message)",
                    locations: change.place.map { [SARIFLog.Location(path: $0.path, startLine: $0.line, startColumn: $0.column)] } ?? [])
            })
        return log.rendered()
    }
}
