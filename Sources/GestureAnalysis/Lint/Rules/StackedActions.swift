import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL208: two recognizers that both act on one touch sequence, one on a prefix of the
/// other's: a single tap on the first tap of a double tap.
enum StackedActions: LintRule {
    static let info = LintRuleInfo(
        id: "GDL208", name: "stacked-actions", severity: .warning,
        summary: "a recognizer acts on the first part of a sequence another recognizes later",
        explanation: """
            A single tap and a double tap on one view with no requirement between them both
            act on a double tap: the single tap recognizes at the first lift, while the
            double tap is still waiting, and the double tap at the second (R55). The photo's
            callout flashes before the zoom. The linter finds every such pair from the
            engine's runs over its probes, whatever the kinds: one recognizer recognized
            while the other was still undecided in the same touch sequence, and the other
            then began or recognized.

            Sometimes that is meant: Apple calls it stackable actions (select on the first
            tap, open on the second). Then suppress the finding with that reason. Otherwise
            make the first wait for the second to fail, which delays it by as long as the
            second can take to fail (the double tap's interval, 350 ms by default).

            Triggers:

                recognizer select = tap on photo
                recognizer zoom = tap(taps: 2) on photo

            Does not: `select requires zoom to fail`,

                recognizer select = tap on photo
                recognizer zoom = tap(taps: 2) on photo
                select requires zoom to fail

            or, for stackable actions, a suppression with its reason
            (`// lint off GDL208: selecting first is harmless; the zoom follows`).
            """)

    static func check(_ context: inout LintContext) {
        let exploration = context.exploration()
        let program = context.program
        let stacks = exploration.stacked.sorted { ($0.key.early, $0.key.late) < ($1.key.early, $1.key.late) }
        for (stack, run) in stacks {
            let early = context.name(stack.early)
            let late = context.name(stack.late)
            let notes = [
                context.note(
                    "'\(late)' begins or recognizes later in the same touch sequence, on \(context.nameOfRun(run))",
                    at: program.recognizers[stack.late].location),
                context.note(
                    "if only '\(late)' should act, add '\(early) requires \(late) to fail': '\(early)' then waits for "
                        + "'\(late)' to fail, which delays it (R55); if both should, as stackable actions, suppress "
                        + "this with the reason",
                    at: program.recognizers[stack.early].location),
            ]
            context.report(
                info, "'\(early)' acts on the start of a sequence that '\(late)' recognizes: both act, '\(early)' first",
                at: program.recognizers[stack.early].location, notes: notes, counterexample: exploration.counterexample(run))
        }
    }
}
