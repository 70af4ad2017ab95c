import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL221: a view with no recognizer of its own that gets a touch's `began` at once and
/// its `cancelled` moments later, when a scroll around it begins: its highlight flashes.
enum HighlightFlashes: LintRule {
    static let info = LintRuleInfo(
        id: "GDL221", name: "highlight-flashes", severity: .warning,
        summary: "a view whose touch is cancelled moments after it began: its highlight flashes",
        explanation: """
            A button or a cell in a scroll view highlights on `touchesBegan`. When the scroll
            view's pan begins and takes the touch (R38, R39), the view gets `touchesCancelled`
            and the highlight goes: on a quick drag, a flash. UIKit avoids it with the scroll
            view's `delaysContentTouches`: a touch-delay recognizer holds the content's
            touch-down about 150 ms (R78, R81), so a drag that scrolls within that time never
            reaches the content. The linter reports a view with no recognizer of its own that,
            under one finger, got a touch's `began` as it went down and its `cancelled` less
            than 150 ms later.

            Triggers:

                view window { view list { view cell { interactive: true } } }
                recognizer scroll = pan on list

            Does not: hold the content's touches as a scroll view does (`recognizer delay =
            touchDelay on list`). Nor is a pan on a root view (the window) reported: a
            drawer or a navigation swipe slides the whole screen, the highlight with it.

                view window { view list { view cell { interactive: true } } }
                recognizer scroll = pan on list
                recognizer delay = touchDelay on list
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        for target in context.viewsHandlingTheirTouches() {
            // A pan on a root view (the window: a drawer, a navigation swipe) slides the
            // whole screen, the highlight with it: a flash in place is a scroll's.
            guard let (run, takers) = exploration.flashes[target],
                let taker = takers.first(where: {
                    program.recognizers[$0].cancelsTouchesInView && !program.views[program.recognizers[$0].role].parents.isEmpty
                })
            else { continue }
            let view = program.views[target]
            let takerRole = program.recognizers[taker].role
            context.report(
                info,
                "view '\(view.name)' gets a touch's began and, moments later, its cancel when '\(context.name(taker))' begins: its highlight flashes",
                at: view.location,
                notes: [
                    context.note(
                        "'\(context.name(taker))' takes the touch within \(QuantityText.format(Exploration.flashLimit, .duration)) on \(context.nameOfRun(run)) (R39), \(exploration.boundsDescription)",
                        at: program.recognizers[taker].location),
                    context.note(
                        "hold the content's touches as a scroll view does: 'recognizer delay = touchDelay on \(program.views[takerRole].name)' (R78, R81)",
                        at: program.recognizers[taker].location),
                ],
                counterexample: exploration.counterexample(run))
        }
    }
}
