import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL219: a view that handles touches itself (no recognizer of its own) but never
/// receives `ended` on a tap, because a recognizer of a view around it takes the touch.
enum TouchesNeverEnd: LintRule {
    static let info = LintRuleInfo(
        id: "GDL219", name: "touches-never-end", severity: .warning,
        summary: "a view whose every tap an ancestor's recognizer cancels",
        explanation: """
            A view with no recognizer of its own handles its touches itself: a control that
            acts on `touchesEnded`, a table cell that selects. The linter explores every
            input on the view's role and reports one whose touch is cancelled on a plain tap
            (a finger down and up, without moving or waiting) and never ends on one: a
            recognizer of a view around it recognizes on the lift and cancels the view's
            touch (R38, R39), so a tap never completes on the view. The classic case is a tap on a table to dismiss the keyboard, which stops
            every cell from being selected.

            Triggers:

                view table { view cell { interactive: true } }
                recognizer dismissKeyboard = tap on table

            Does not: leave the view its touches (`cancelsTouchesInView: false` on the tap),
            as UIKit apps do for that tap.

                view table { view cell { interactive: true } }
                recognizer dismissKeyboard = tap on table { cancelsTouchesInView: false }
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        for target in context.viewsHandlingTheirTouches() where !exploration.tapsEnded.contains(target) {
            guard let (run, takers) = exploration.tapsCancelled[target],
                let taker = takers.first(where: { program.recognizers[$0].cancelsTouchesInView })
            else { continue }
            let view = program.views[target]
            let takerView = program.views[program.recognizers[taker].role].name
            context.report(
                info,
                "view '\(view.name)' never receives touches ended on a tap: '\(context.name(taker))' on '\(takerView)' cancels its touch",
                at: view.location,
                notes: [
                    context.note(
                        "'\(context.name(taker))' takes the touch on \(context.nameOfRun(run)) (R39), \(exploration.boundsDescription)",
                        at: program.recognizers[taker].location),
                    context.note(
                        "if '\(view.name)' handles its own touches, leave them to it: 'cancelsTouchesInView: false' on '\(context.name(taker))'",
                        at: program.recognizers[taker].location),
                ],
                counterexample: exploration.counterexample(run))
        }
    }
}
