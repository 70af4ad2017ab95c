import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL223: a view that handles its touches itself (no recognizer of its own) and gets
/// `touches ended` at the end of a drag that a recognizer around it began with and did
/// not take (`cancelsTouchesInView: false`): a cell selected, a button pressed, by a
/// scroll that started on it.
enum EndAfterDrag: LintRule {
    static let info = LintRuleInfo(
        id: "GDL223", name: "end-after-drag", severity: .warning,
        summary: "a view that acts on the end of a drag a recognizer around it began with",
        explanation: """
            A scroll view's pan takes the touches it begins with: the content gets
            `touchesCancelled` (R38), so a cell that a drag scrolled is not selected at the
            lift. With `cancelsTouchesInView: false` the content gets the whole sequence,
            `touchesEnded` included (R39), and a cell, a button or a control that acts on
            its touches' ends acts at the end of every drag that scrolled from it. The
            linter reports a view with no recognizer of its own that got `touches ended`
            for one finger that a continuous recognizer around it had begun with, from the
            finger's movement. (A recognizer that begins on a still hold, a long press that
            leaves its dot highlighted, is not reported.)

            Triggers:

                view list { view cell { interactive: true } }
                recognizer scroll = pan on list { cancelsTouchesInView: false }

            Does not: let the scroll take the touches it begins with, as UIScrollView's pan
            does (the default, `cancelsTouchesInView: true`).

                view list { view cell { interactive: true } }
                recognizer scroll = pan on list
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        for target in context.viewsHandlingTheirTouches() {
            guard let (run, began) = exploration.endsAfterDrag[target],
                let leaver = began.first(where: { !program.recognizers[$0].cancelsTouchesInView })
            else { continue }
            let view = program.views[target]
            let leaverView = program.views[program.recognizers[leaver].role].name
            let name = context.name(leaver)
            context.report(
                info,
                "view '\(view.name)' gets touches ended at the end of a drag that '\(name)' on '\(leaverView)' began with: it acts as if tapped",
                at: view.location,
                notes: [
                    context.note(
                        "'\(name)' begins and leaves the touch to the view (cancelsTouchesInView: false, R39), on \(context.nameOfRun(run)), \(exploration.boundsDescription)",
                        at: program.recognizers[leaver].location),
                    context.note(
                        "let '\(name)' take the touches it begins with (remove 'cancelsTouchesInView: false'), as a scroll view's pan does (R38)",
                        at: program.recognizers[leaver].location),
                ],
                counterexample: exploration.counterexample(run))
        }
    }
}
