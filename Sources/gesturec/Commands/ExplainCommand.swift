import GestureCompiler
import GestureDSL
import GestureReference

/// `gesturec explain ID`: what a rule of the semantics (`R53`), a decision
/// (`Decision 5`), a diagnostic (`GDL103`), a lint rule (`GDL202`) or a kind of change
/// (`action-moves`) means; `lint --explain ID` is the same.
struct ExplainCommand {
    var id: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: [], options: [])
        guard parsed.operands.count == 1 else {
            throw UsageError("explain needs one ID: a rule (R53), a decision (Decision 5), a diagnostic or lint rule (GDL202)")
        }
        id = parsed.operands[0]
    }

    init(id: String) {
        self.id = id
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        guard let entry = Reference.entry(for: id) else {
            throw UsageError("no entry for '\(id)'", suggestion: Suggestions.closest(to: id, among: Reference.ids))
        }
        tool.terminal.write(entry)
        return .success
    }
}
