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
    /// the two about suppression comments, which the linter applies across all sets
    /// (`Suppression`), and the note of a search its bounds cut short.
    public static var infos: [LintRuleInfo] {
        all.map { $0.info } + SceneRules.infos + SystemRules.infos + [Suppression.withoutReason, Suppression.unused, explorationBounded]
    }

    /// The note of a set whose roles' places were not all searched.
    static let explorationBounded = LintRuleInfo(
        id: "GDL292", name: "exploration-bounded", severity: .note,
        summary: "lint searched the places of only the first roles of a set: the others together cost more than its bound",
        explanation: """
            Lint lays every role with recognizers on its path out alone, its chain of
            parents around it, and searches the inputs on it (docs/lint.md). A place costs
            its views and recognizers for every state searched, so a set of many deep
            roles (a chain of n nested roles holds n places of up to n views) would cost n²:
            the places are taken in declaration order while the sum of their sizes fits
            the search's bound, and this note says how many roles were left out. Findings
            on the roles searched stand; the others were not looked at.

            Triggers: a chain of thousands of nested roles with recognizers along it.

            Does not: a set whose places fit the bound, which is every set of a real
            screen (the examples use under a hundredth of it).
            """)

    /// The rule with this id (any case), for `--explain` and `--disable`.
    public static func info(for id: String) -> LintRuleInfo? {
        infos.first { $0.id.rawValue.lowercased() == id.lowercased() || $0.name == id }
    }
}
