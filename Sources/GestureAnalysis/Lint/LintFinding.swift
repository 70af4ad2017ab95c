import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// One problem `gesturec lint` found: a diagnostic with the rule that found it and,
/// for conflicts, an input that shows it.
public struct LintFinding: Sendable {
    public var rule: LintRuleInfo
    public var severity: Severity
    public var message: String
    public var range: SourceRange
    public var notes: [Note]
    /// A scene and trace that `gesturec simulate` replays to show the problem.
    public var counterexample: Counterexample?

    public var diagnostic: Diagnostic {
        Diagnostic(id: rule.id, severity: severity, message: message, range: range, notes: notes)
    }

    /// A diagnostic of the checker or of lowering, as a finding of lint (its rule is
    /// `LintRuleInfo.compiler`), so that every problem of a spec comes out in one list,
    /// in every format.
    public init(compilerDiagnostic diagnostic: Diagnostic) {
        self.init(
            rule: .compiler(diagnostic.id, severity: diagnostic.severity), severity: diagnostic.severity,
            message: diagnostic.message, range: diagnostic.range, notes: diagnostic.notes, counterexample: nil)
    }

    public init(
        rule: LintRuleInfo, severity: Severity, message: String, range: SourceRange, notes: [Note],
        counterexample: Counterexample?
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.counterexample = counterexample
    }
}

/// What every rule declares about itself: its stable id, a name, its default
/// severity, and the text of `gesturec lint --explain ID`.
public struct LintRuleInfo: Hashable, Sendable {
    public var id: DiagnosticID
    public var name: String
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// Why it matters, with a spec that triggers the rule and one that does not.
    public var explanation: String
    /// Whether `gesturec lint` runs the rule unless told not to (`--disable`). A rule
    /// that judges a choice the spec states (a budget for the wait a declared failure
    /// requirement costs, a gesture of three taps) rather than a conflict is opt-in:
    /// it runs with `--enable`, so an idiomatic spec lints clean.
    public var enabledByDefault: Bool = true
    /// The ids and names the rule's judgments had before they became one class of
    /// difference (GDL217 `lost-by-place` is now part of GDL203 `starved`): a
    /// suppression, `--disable` or `--explain` naming one names this rule.
    public var formerNames: [String] = []

    /// The rule of a diagnostic of `gesturec check` (GDL0xx–GDL5xx) reported by lint:
    /// the checker found it, docs/diagnostics.md explains it.
    public static func compiler(_ id: DiagnosticID, severity: Severity) -> LintRuleInfo {
        LintRuleInfo(
            id: id, name: "check", severity: severity,
            summary: "a problem gesturec check reports",
            explanation: "Reported by the checker, as `gesturec check` reports it; docs/diagnostics.md lists \(id) with its cause.")
    }
}
