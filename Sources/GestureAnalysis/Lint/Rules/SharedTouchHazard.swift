import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL204: two recognizers allowed to recognize together on views one inside the
/// other, which one finger drives at once.
enum SharedTouchHazard: LintRule {
    static let info = LintRuleInfo(
        id: "GDL204", name: "shared-touch-hazard", severity: .warning,
        summary: "a simultaneous pair on nested views that one finger drives at once",
        explanation: """
            Recognizers allowed to recognize simultaneously (R48) are meant for several
            fingers: pinch and rotate together. On views where one contains the other, one
            finger can drive both at once: dragging a card scrolls the list under it, the
            bug of WWDC 2014 session 235. The linter reports a pair from a `simultaneous`
            group or a `shouldRecognizeSimultaneously` predicate when a one-finger probe
            made both active together.

            Triggers:

                view list { view card }
                recognizer scroll = pan on list
                recognizer move = pan on card
                simultaneous scroll, move

            Does not: require two fingers for one of them (`pan(minimumTouches: 2)`), or
            let the inner one win alone (drop the group: the card's pan excludes the list's).

                view list { view card }
                recognizer scroll = pan on list
                recognizer move = pan(minimumTouches: 2) on card
                simultaneous scroll, move
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        var reported: Set<Exploration.Pair> = []
        for (pair, run) in exploration.coactive.sorted(by: { ($0.key.first, $0.key.second) < ($1.key.first, $1.key.second) }) {
            let (a, b) = (pair.first, pair.second)
            let roleA = program.recognizers[a].role
            let roleB = program.recognizers[b].role
            guard roleA != roleB, context.related(roleA, roleB), reported.insert(pair).inserted else { continue }
            // Where the permission to recognize together is written.
            let group = program.simultaneityGroups.first { $0.members.contains(a) && $0.members.contains(b) }
            let predicate = [a, b].first { program.recognizers[$0].shouldRecognizeSimultaneously != nil }
            let location = group?.location ?? predicate.map { program.recognizers[$0].location } ?? program.recognizers[a].location
            let viewA = program.views[roleA].name
            let viewB = program.views[roleB].name
            context.report(
                info,
                "'\(context.name(a))' on '\(viewA)' and '\(context.name(b))' on '\(viewB)' recognize together, and one finger drives both",
                at: location,
                notes: [context.note("both were active on \(context.nameOfRun(run))", at: program.recognizers[b].location)],
                counterexample: exploration.counterexample(run))
        }
    }
}
