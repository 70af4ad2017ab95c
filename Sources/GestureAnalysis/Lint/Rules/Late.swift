import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL222: a participant that acts later with the others than alone by a wait no
/// declaration bounds: a recognizer held until the finger lifts, or held 100 ms or more
/// by what its own requirements do not explain; a view whose tap ends 100 ms or more
/// after the lift, held back by a recognizer around it.
enum Late: LintRule {
    /// A response this much after its cause no longer feels instantaneous (the 0.1 s
    /// limit of human-computer interaction since Miller, 1968; Nielsen's "Response
    /// Times: The 3 Important Limits").
    static let limit = 0.1

    static let info = LintRuleInfo(
        id: "GDL222", name: "late", severity: .warning,
        summary: "a participant acts later with the others than alone, by a wait no declaration bounds",
        explanation: """
            Alone, a recognizer acts when its gesture is done; with the others, a failure
            requirement may hold it until the required recognizer fails (R53). A declared
            requirement explains a wait that the required recognizer's own timer bounds: a
            single tap waits 350 ms for a double tap (R55), and GDL202 judges that wait
            against a budget. It does not explain a wait that lasts until the finger lifts:
            a long press that requires a pan to fail is held as long as the finger rests,
            since a pan has no timer and fails only at the lift, so the press never begins
            under a still finger. The linter reports a recognizer held until a lift, or held
            100 ms or more (the limit under which a response feels instantaneous) by
            recognizers that failed on something other than their own timers. A view that
            acts on its own touches is late when its plain tap's `touches ended` comes 100
            ms or more after the lift: a recognizer around it, still possible, holds the end
            back until it fails (R40), so a button on a card with a double tap acts 350 ms
            late on every tap.

            Triggers:

                view dot
                recognizer drag = pan on dot
                recognizer pickUp = longPress on dot
                pickUp requires drag to fail        // held until the finger lifts

            Does not: let the press go first and the pan wait for it, as UIKit's own long
            press and pan do (`drag requires pickUp to fail`: the press's timer bounds it).

                view dot
                recognizer drag = pan on dot
                recognizer pickUp = longPress on dot
                drag requires pickUp to fail
            """,
        formerNames: ["end-held-back"])

    final class Observer: ExplorationObserver {
        /// By declaration: the longest unexplained hold, with its run, and whether a lift ended it.
        private(set) var holds: [Int: (hold: Hold, run: Exploration.Run)] = [:]
        /// By view role: the longest wait of a plain tap's end after its lift, with its run and releasers.
        private(set) var ends: [Int: (seconds: Double, run: Exploration.Run, releasers: [Int])] = [:]

        func observe(_ record: RunRecord) {
            for (slot, hold) in record.conduct.allHolds {
                // Released by a timer of what it waits for, or by a lift while such a
                // timer ran: the wait the requirement declares, bounded. Released by a
                // lift with no such timer: as long as the finger rests.
                var hold = hold
                guard !hold.bounded else { continue }
                hold.endedByLift = hold.endedByLift && hold.seconds > 0
                guard hold.endedByLift || (hold.seconds >= Late.limit - 1e-9 && !releasedByTimer(hold, record)) else { continue }
                let declaration = record.layout.declarations[slot]
                let known = holds[declaration]
                if known == nil || (hold.endedByLift && !(known?.hold.endedByLift ?? false))
                    || (hold.endedByLift == known?.hold.endedByLift && hold.seconds > (known?.hold.seconds ?? 0) + 1e-9)
                {
                    holds[declaration] = (hold, record.run)
                }
            }
            for touch in record.conduct.viewTouches where touch.plainTap && touch.fingers <= 1 && !touch.followedByAnotherTouch {
                guard let up = touch.up, let ended = touch.ended, ended - up >= Late.limit - 1e-9,
                    ended - up > (ends[touch.role]?.seconds ?? 0) + 1e-9
                else { continue }
                ends[touch.role] = (ended - up, record.run, touch.releasers)
            }
        }

        /// Whether the hold ended when time passed (a timer of the recognizers it waited
        /// for), not at a finger's movement or landing.
        private func releasedByTimer(_ hold: Hold, _ record: RunRecord) -> Bool {
            // The act that ended the hold came at `until`; its cause is the act's.
            record.conduct.actions.contains { $0.time == hold.until && $0.cause == .timer }
        }
    }

    static func observer(for context: LintContext) -> (any ExplorationObserver)? { Observer() }

    static func check(_ context: inout LintContext) {
        guard let observer = context.observer(of: info, as: Observer.self) else { return }
        let program = context.program
        let exploration = context.exploration()
        for declaration in observer.holds.keys.sorted() {
            guard let (hold, run) = observer.holds[declaration] else { continue }
            let name = context.name(declaration)
            let location = program.recognizers[declaration].location
            let waited = hold.waitedFor.map { "'\(context.name($0))'" }
            let waitedFor = waited.isEmpty ? "the recognizers it requires" : waited.joined(separator: ", ")
            let message =
                hold.endedByLift
                ? "'\(name)' acts only when the finger lifts: it waits for \(waitedFor) to fail, which happens only at the lift"
                : "'\(name)' acts \(QuantityText.format(hold.seconds, .duration)) later than alone: it waits for \(waitedFor) to fail"
            var notes = [
                context.note(
                    "alone, it acts at \(TimelineRenderer.seconds(hold.since) + "s") on \(context.nameOfRun(run)); with the others, at \(TimelineRenderer.seconds(hold.until) + "s"), \(exploration.boundsDescription)",
                    at: location)
            ]
            for required in hold.waitedFor {
                guard let requirement = program.failureRequirements.first(where: { $0.dependent == declaration && $0.required == required })
                else { continue }
                let fix =
                    hold.endedByLift
                    ? "'\(context.name(required))' has no timer to fail by while the finger rests: let '\(name)' go first ('\(context.name(required)) requires \(name) to fail'), or drop the requirement"
                    : "the wait is not '\(context.name(required))''s own timer: shorten what it waits on, or drop the requirement"
                notes.append(context.note("it requires '\(context.name(required))' to fail (R53); \(fix)", at: requirement.location))
            }
            context.report(info, message, at: location, notes: notes, counterexample: exploration.counterexample(run))
        }
        for role in observer.ends.keys.sorted() {
            guard let (seconds, run, releasers) = observer.ends[role],
                let holder = releasers.first(where: { program.recognizers[$0].delaysTouchesEnded })
            else { continue }
            let view = program.views[role]
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
