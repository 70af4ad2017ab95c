import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL207: states from which a kind can never end, cancel or fail.
enum StuckState: LintRule {
    static let info = LintRuleInfo(
        id: "GDL207", name: "stuck-state", severity: .warning,
        summary: "a state of a kind from which no row leads to an end",
        explanation: """
            A recognizer must eventually end, be cancelled or fail, so that it resets (R32)
            and so that recognizers that require it to fail can proceed. From a state with
            no path to `ended`, `cancelled` or `failed`, a recognizer that began stays
            active for ever, and one still `possible` waits until every finger lifts (R33),
            blocking its dependents.

            Triggers:

                kind drag continuous {
                  possible { on move -> began  on up -> failed  on cancel -> failed }
                  began, changed { on move -> changed }       // no way out
                }
                gestures Page {
                  view page
                  recognizer d = drag on page
                }

            Does not:

                kind drag continuous {
                  possible { on move -> began  on up -> failed  on cancel -> failed }
                  began, changed { on move -> changed  on up -> ended  on cancel -> cancelled }
                }
                gestures Page {
                  view page
                  recognizer d = drag on page
                }
            """)

    static func check(_ context: inout LintContext) {
        for index in context.userKinds {
            let kind = context.program.kinds[index]
            let graph = KindGraph(kind: kind)
            let reachable = graph.reachable
            for state in graph.stuck.sorted() where reachable.contains(state) {
                context.report(
                    info, "once in state '\(kind.states[state].name)', kind '\(kind.name)' can never end, be cancelled or fail",
                    at: kind.location)
            }
        }
    }
}
