import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL205: states of a kind that no row enters, and kinds that can never recognize.
enum UnreachableState: LintRule {
    static let info = LintRuleInfo(
        id: "GDL205", name: "unreachable-state", severity: .warning,
        summary: "a kind's state that no row enters, or a kind that can never recognize",
        explanation: """
            Every state of a kind should be entered from `possible` by some sequence of
            rows, and some sequence should reach `ended` (recognized, R27). A state nothing
            enters is dead code or a mistyped target; a kind that never reaches `ended`
            never sends its action, and every recognizer of it is useless.

            Triggers:

                kind flick discrete {
                  possible { on move -> failed  on up -> failed }
                  armed as possible { on up -> recognized }
                }
                gestures Page {
                  view page
                  recognizer f = flick on page
                }

            Does not: enter `armed` from `possible` (`on down -> armed`).

                kind flick discrete {
                  possible { on down -> armed  on move -> failed  on up -> failed }
                  armed as possible { on up -> recognized }
                }
                gestures Page {
                  view page
                  recognizer f = flick on page
                }
            """)

    static func check(_ context: inout LintContext) {
        for index in context.userKinds {
            let kind = context.program.kinds[index]
            let graph = KindGraph(kind: kind)
            let reachable = graph.reachable
            for state in kind.states.indices where !reachable.contains(state) {
                context.report(info, "state '\(kind.states[state].name)' of kind '\(kind.name)' is never entered", at: kind.location)
            }
            if !graph.reaches(.ended, from: reachable) {
                context.report(info, "kind '\(kind.name)' can never recognize: no row it can reach leads to 'ended'", at: kind.location)
            }
        }
    }
}
