import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL201: a failure requirement on a recognizer whose table can never fail it while
/// touches are down, so the dependent waits for every finger to lift.
enum RequirementNeverResolves: LintRule {
    static let info = LintRuleInfo(
        id: "GDL201", name: "requirement-never-resolves", severity: .warning,
        summary: "a failure requirement on a recognizer that cannot fail while a finger is down",
        explanation: """
            `a requires b to fail` holds a until b fails (R53). If b's kind has no row to
            `failed` from a state that shows `possible`, b fails only when every touch has
            lifted (R33), so a can never act while the finger stays down. Requirement cycles,
            the other way to wait forever, are errors of `gesturec check` (GDL310).

            Triggers:

                kind hold continuous {
                  possible { on move -> began }
                  began, changed { on move -> changed  on up -> ended  on cancel -> cancelled }
                }
                gestures Cards {
                  view card
                  recognizer press = longPress on card
                  recognizer drag = hold on card
                  press requires drag to fail
                }

            Does not: give `hold` a way to fail (`on up -> failed`), or drop the requirement.

                kind hold continuous {
                  possible { on move -> began  on up -> failed  on cancel -> failed }
                  began, changed { on move -> changed  on up -> ended  on cancel -> cancelled }
                }
                gestures Cards {
                  view card
                  recognizer press = longPress on card
                  recognizer drag = hold on card
                  press requires drag to fail
                }
            """)

    static func check(_ context: inout LintContext) {
        for requirement in context.program.failureRequirements {
            let required = requirement.required
            let graph = KindGraph(kind: context.kind(of: required))
            let possible = graph.possibleStates.intersection(graph.reachable)
            guard !graph.reaches(.failed, from: possible) else { continue }
            let kind = context.kind(of: required)
            context.report(
                info,
                "'\(context.name(requirement.dependent))' waits for '\(context.name(required))' to fail, which it cannot do while a finger is down",
                at: requirement.location,
                notes: [
                    context.note(
                        "kind '\(kind.name)' has no row to 'failed' from a state that shows 'possible'; it fails only once every touch lifts (R33)",
                        at: kind.location)
                ])
        }
    }
}
