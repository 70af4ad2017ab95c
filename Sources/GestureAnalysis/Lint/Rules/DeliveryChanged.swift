import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL221: what a view that acts on its own touches receives differs, in a way a user
/// sees, from what it receives alone: a touch cancelled moments after it began (a
/// highlight that flashes), or a touch's end delivered after a drag a recognizer around
/// it began with and left it (a cell selected by a scroll).
enum DeliveryChanged: LintRule {
    /// How long a highlight must show to read as a press rather than a flash: the
    /// scroll view's touch delay (R78), which holds content touches that long.
    static let flashLimit = 0.15

    static let info = LintRuleInfo(
        id: "GDL221", name: "delivery-changed", severity: .warning,
        summary: "a view's touches flash (began, then cancelled at once) or end after a drag a recognizer took",
        explanation: """
            Alone, a view that acts on its own touches (a button, a cell that highlights and
            selects) gets each touch's `began` as the finger lands and its `ended` at the
            lift. Recognizers around it change that: the linter reports the changes a user
            sees. A flash: under one finger, the view gets `began` as it goes down and
            `cancelled` less than 150 ms later when a continuous recognizer around it begins
            and takes the touch (R38, R39), so its highlight flashes on a quick drag. UIKit
            avoids it with the scroll view's `delaysContentTouches`: a touch-delay recognizer
            holds the content's touch-down about 150 ms (R78, R81). A pan on a root view (a
            drawer, a navigation swipe) slides the whole screen, the highlight with it, and
            is not reported. An end after a drag: the view gets `ended` for one finger that
            a continuous recognizer around it began with from its movement, without taking
            it (`cancelsTouchesInView: false`, R39), so a cell is selected by the drag that
            scrolled from it; a long press that began on a still hold and leaves its dot
            highlighted is not reported. (A view whose taps never end is starved, GDL203; one
            whose tap ends late is late, GDL222.)

            Triggers:

                view window { view list { view cell { interactive: true } } }
                recognizer scroll = pan on list

            Does not: hold the content's touches as a scroll view does (`recognizer delay =
            touchDelay on list`).

                view window { view list { view cell { interactive: true } } }
                recognizer scroll = pan on list
                recognizer delay = touchDelay on list
            """,
        formerNames: ["highlight-flashes", "GDL223", "end-after-drag"])

    final class Observer: ExplorationObserver {
        let program: GestureProgram
        /// By view role: the first flash, and who took the touch.
        private(set) var flashes: [Int: (run: Exploration.Run, takers: [Int])] = [:]
        /// By view role: the first end after a drag, and who began with the finger.
        private(set) var endsAfterDrag: [Int: (run: Exploration.Run, by: [Int])] = [:]

        init(program: GestureProgram) { self.program = program }

        func observe(_ record: RunRecord) {
            for touch in record.conduct.viewTouches where touch.fingers <= 1 {
                if flashes[touch.role] == nil, touch.beganAtOnce, let began = touch.began, let cancelled = touch.cancelled,
                    cancelled - began < DeliveryChanged.flashLimit
                {
                    // Taken by a continuous recognizer that began (a scroll), not by a tap
                    // that recognized on the lift (a starved view's business).
                    let takers = touch.takers.filter { program.kinds[program.recognizers[$0].kind].mode == .continuous }
                    if !takers.isEmpty { flashes[touch.role] = (record.run, takers) }
                }
                if endsAfterDrag[touch.role] == nil, touch.ended != nil, !touch.begunByItsMovement.isEmpty {
                    endsAfterDrag[touch.role] = (record.run, touch.begunByItsMovement)
                }
            }
        }
    }

    static func observer(for context: LintContext) -> (any ExplorationObserver)? { Observer(program: context.program) }

    static func check(_ context: inout LintContext) {
        guard let observer = context.observer(of: info, as: Observer.self) else { return }
        let program = context.program
        let exploration = context.exploration()
        for role in observer.flashes.keys.sorted() {
            // A pan on a root view (the window: a drawer, a navigation swipe) slides the
            // whole screen, the highlight with it: a flash in place is a scroll's.
            guard let (run, takers) = observer.flashes[role],
                let taker = takers.first(where: {
                    program.recognizers[$0].cancelsTouchesInView && !program.views[program.recognizers[$0].role].parents.isEmpty
                })
            else { continue }
            let view = program.views[role]
            let takerRole = program.recognizers[taker].role
            context.report(
                info,
                "view '\(view.name)' gets a touch's began and, moments later, its cancel when '\(context.name(taker))' begins: its highlight flashes",
                at: view.location,
                notes: [
                    context.note(
                        "'\(context.name(taker))' takes the touch within \(QuantityText.format(flashLimit, .duration)) on \(context.nameOfRun(run)) (R39), \(exploration.boundsDescription)",
                        at: program.recognizers[taker].location),
                    context.note(
                        "hold the content's touches as a scroll view does: 'recognizer delay = touchDelay on \(program.views[takerRole].name)' (R78, R81)",
                        at: program.recognizers[taker].location),
                ],
                counterexample: exploration.counterexample(run))
        }
        for role in observer.endsAfterDrag.keys.sorted() {
            guard let (run, by) = observer.endsAfterDrag[role],
                let taker = by.first(where: { !program.recognizers[$0].cancelsTouchesInView })
            else { continue }
            let view = program.views[role]
            let takerView = program.views[program.recognizers[taker].role].name
            let name = context.name(taker)
            context.report(
                info,
                "view '\(view.name)' gets touches ended at the end of a drag that '\(name)' on '\(takerView)' began with: it acts as if tapped",
                at: view.location,
                notes: [
                    context.note(
                        "'\(name)' began from the finger's movement and left the touch to the view (cancelsTouchesInView: false, R39), on \(context.nameOfRun(run)), \(exploration.boundsDescription)",
                        at: program.recognizers[taker].location),
                    context.note(
                        "let '\(name)' take the touches it begins with, as UIScrollView's pan does: remove 'cancelsTouchesInView: false' (R38)",
                        at: program.recognizers[taker].location),
                ],
                counterexample: exploration.counterexample(run))
        }
    }
}
