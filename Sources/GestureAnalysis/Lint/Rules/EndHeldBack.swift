import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL222: a view that handles its touches itself (no recognizer of its own) whose tap
/// ends late, because a recognizer of a view around it holds the touch's end back
/// while it waits (a double tap around a button).
enum EndHeldBack: LintRule {
    static let info = LintRuleInfo(
        id: "GDL222", name: "end-held-back", severity: .warning,
        summary: "a view whose tap ends late: a recognizer around it holds the touch's end back",
        explanation: """
            A recognizer with `delaysTouchesEnded` (the default) that is still possible when a
            touch lifts holds the touch's `ended` back from its view until it fails (R40). A
            double tap on a card waits 350 ms for a second tap after every lift, so a button
            on the card, which acts on `touchesEnded`, acts 350 ms late on every tap: the
            button feels broken, and nothing in the spec says why. The linter explores plain
            taps (a finger down and up) on every view with no recognizer of its own and
            reports one whose `ended` arrives 100 ms or more after the lift, the limit under
            which a response feels instantaneous, naming the recognizer whose failure
            released it.

            Triggers:

                view card { view button { interactive: true } }
                recognizer like = tap(taps: 2) on card

            Does not: keep the button's touches from the double tap (`shouldReceiveTouch:
            touchedView != button` on `like`), or let its ends through
            (`delaysTouchesEnded: false`).

                view card { view button { interactive: true } }
                recognizer like = tap(taps: 2) on card { shouldReceiveTouch: touchedView != button }
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        for target in context.viewsHandlingTheirTouches() {
            guard let (seconds, run, releasers) = exploration.endsHeld[target],
                let holder = releasers.first(where: { program.recognizers[$0].delaysTouchesEnded })
            else { continue }
            let view = program.views[target]
            let holderView = program.views[program.recognizers[holder].role].name
            let name = context.name(holder)
            context.report(
                info,
                "view '\(view.name)' gets a tap's touches ended \(QuantityText.format(seconds, .duration)) after the lift: '\(name)' on '\(holderView)' holds it back until it fails",
                at: view.location,
                notes: [
                    context.note(
                        "'\(name)' is still possible when the finger lifts and delays the touch's end (R40), on \(context.nameOfRun(run)), \(exploration.boundsDescription)",
                        at: program.recognizers[holder].location),
                    context.note(
                        "if '\(view.name)' handles its own taps, keep them from '\(name)' ('shouldReceiveTouch: touchedView != \(view.name)') or let their ends through ('delaysTouchesEnded: false')",
                        at: program.recognizers[holder].location),
                ],
                counterexample: exploration.counterexample(run))
        }
    }
}
