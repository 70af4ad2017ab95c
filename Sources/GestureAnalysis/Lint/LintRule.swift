import GestureCompiler
import GestureDSL
import GestureSimulation

/// A lint rule: its description and a check over one gesture set.
///
/// Rules live in `Lint/Rules/`, one file each, and are listed in `LintRules.all`; a
/// rule reports with `context.report(…)` at a location of the program.
protocol LintRule: Sendable {
    static var info: LintRuleInfo { get }
    static func check(_ context: inout LintContext)
}

/// The rules `gesturec lint` runs, in id order.
public enum LintRules {
    static let all: [any LintRule.Type] = [
        RequirementNeverResolves.self,
        LatencyBudget.self,
        ShadowedRecognizer.self,
        SharedTouchHazard.self,
        UnreachableState.self,
        DeadRow.self,
        StuckState.self,
        StackedActions.self,
        LostByPlace.self,
        SecondFingerTooLate.self,
        TouchesNeverEnd.self,
        HighlightFlashes.self,
        EndHeldBack.self,
        EndAfterDrag.self,
        ManyFingersOrTaps.self,
        SmallHitTarget.self,
        NonInteractiveRole.self,
        DelayedBeganWaitsLong.self,
        CloseThresholds.self,
    ]

    /// The rules whose explanations hold runnable examples: every rule that needs no
    /// scene (the scene rules' examples are scenes, described).
    public static var exampleRuleIDs: [String] { all.map { $0.info.id.rawValue } }

    /// Every rule's description, in id order: the rules, those that `--scene` adds,
    /// and the two about suppression comments, which the linter applies across all
    /// sets (`Suppression`).
    public static var infos: [LintRuleInfo] {
        all.map { $0.info } + SceneRules.infos + [Suppression.withoutReason, Suppression.unused]
    }

    /// The rule with this id (any case), for `--explain` and `--disable`.
    public static func info(for id: String) -> LintRuleInfo? {
        infos.first { $0.id.rawValue.lowercased() == id.lowercased() || $0.name == id }
    }
}
