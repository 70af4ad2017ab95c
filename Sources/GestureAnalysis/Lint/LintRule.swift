import GestureCompiler
import GestureDSL
import GestureSimulation

/// A lint rule: its description and a check over one gesture set.
///
/// Rules live in `Lint/Rules/`, one file each, and are listed in `LintRules.all` (a
/// test holds the list to the folder). A rule that judges what the engine did keeps
/// what it needs of every explored run through its observer: the exploration runs once
/// for all of them, telling each observer of each run, then each rule checks. A rule
/// reports with `context.report(…)` at a location of the program.
protocol LintRule: Sendable {
    static var info: LintRuleInfo { get }
    /// What the rule keeps of every run of the set's exploration; nil for a rule that
    /// reads the tables (the default).
    static func observer(for context: LintContext) -> (any ExplorationObserver)?
    static func check(_ context: inout LintContext)
}

extension LintRule {
    static func observer(for context: LintContext) -> (any ExplorationObserver)? { nil }
}

/// The rules `gesturec lint` runs, in id order.
public enum LintRules {
    static let all: [any LintRule.Type] = [
        RequirementNeverResolves.self,
        LatencyBudget.self,
        Starved.self,
        UnreachableState.self,
        DeadRow.self,
        StuckState.self,
        Doubled.self,
        ManyFingersOrTaps.self,
        SmallHitTarget.self,
        NonInteractiveRole.self,
        DelayedBeganWaitsLong.self,
        NoAccessibleAlternative.self,
        Fragile.self,
        DeliveryChanged.self,
        Late.self,
    ]

    /// The rules whose explanations hold runnable examples: every rule that needs no
    /// scene (the scene rules' examples are scenes, described).
    public static var exampleRuleIDs: [String] { all.map { $0.info.id.rawValue } }

    /// Every rule's description, in id order: the rules, those that `--scene` adds,
    /// the two about suppression comments, which the linter applies across all sets
    /// (`Suppression`), and the note of a search its bounds cut short.
    public static var infos: [LintRuleInfo] {
        all.map { $0.info } + [SmallTargetInScene.info] + SystemRules.infos
            + [Suppression.withoutReason, Suppression.unused, explorationBounded]
    }

    /// The note of a set whose roles' places were not all searched, or whose
    /// recognizers the search never exercised.
    static let explorationBounded = LintRuleInfo(
        id: "GDL292", name: "exploration-bounded", severity: .note,
        summary: "lint searched the places of only the first roles of a set, or a recognizer no explored input reached",
        explanation: """
            Lint lays every role with recognizers on its path out alone, its chain of
            parents around it, and searches the inputs on it (docs/lint.md). A place costs
            its views and recognizers for every state searched, so a set of many deep
            roles (a chain of n nested roles holds n places of up to n views) would cost n²:
            the places are taken in declaration order while the sum of their sizes fits
            the search's bound, and this note says how many roles were left out. Findings
            on the roles searched stand; the others were not looked at.

            A recognizer that no explored input reached at all (it never received a touch:
            it counts more fingers or taps than the search tries, or sits on a role no
            place lays out) is named too, with the bound that cut it: nothing said of the
            set holds for it.

            Triggers: a chain of thousands of nested roles with recognizers along it; a
            `tap(touches: 4)`, beyond the three fingers the search puts down.

            Does not: a set whose places fit the bound, which is every set of a real
            screen (the examples use under a hundredth of it).
            """)

    /// The rule with this id or name (any case), for `--explain`, `--disable` and
    /// suppressions; an id or name a rule had before it became part of a class of
    /// difference names that class (docs/lint.md, "Ids from before").
    public static func info(for id: String) -> LintRuleInfo? {
        let wanted = id.lowercased()
        return infos.first { $0.id.rawValue.lowercased() == wanted || $0.name == id }
            ?? infos.first { rule in rule.formerNames.contains { $0.lowercased() == wanted } }
    }
}
