import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL217: a continuous recognizer (a scroll, a pan) that wins where a touch lands on
/// its own view, but loses every touch that lands on a view inside it to a recognizer
/// of that view, although alone it would take them.
enum LostByPlace: LintRule {
    static let info = LintRuleInfo(
        id: "GDL217", name: "lost-by-place", severity: .warning,
        summary: "a scroll or pan that never wins a touch landing on a view inside its own",
        explanation: """
            The linter explores every input on every view role (docs/lint.md, "What is
            explored"). A continuous recognizer, a scroll view's pan above all, that begins
            when a touch lands on its own view but never when the touch lands on a view
            inside it, although alone it would begin there, is stolen by a recognizer of the
            inner view: every drag that starts on a message bubble goes to the bubble's pan,
            and the list does not scroll. The finding names the place, the input, and who
            took it (R46 exclusion, or a requirement, R53).

            Triggers:

                view list { view bubble }
                recognizer scroll = pan on list
                recognizer swipeToReply = pan on bubble

            Does not: restrict the inner pan to its axis (`pan(direction: horizontal)`), so
            vertical drags on a bubble still scroll; give it a `shouldBegin` that leaves the
            other direction to the list; or, for an edge swipe over a carousel, let the edge
            have the first say (`carousel requires back to fail`). (Letting both recognize, `simultaneous scroll,
            swipeToReply`, moves the list under a swiping bubble: GDL204.) A tap or other discrete recognizer that loses to one on an inner
            view (a cell's tap and a button's), or a pinch that loses to an inner view's
            pinch, targets the view the fingers land on, as nesting is meant to work, and
            is not reported: only recognizers that one finger drives continuously are.

                view list { view bubble }
                recognizer scroll = pan on list
                recognizer swipeToReply = pan(direction: horizontal) on bubble
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        // Each role a touch lands on, with the roles of its path (the first place found).
        var paths: [Int: Set<Int>] = [:]
        for place in exploration.places where paths[place.role] == nil { paths[place.role] = Set(place.path) }
        let targets = paths.keys.sorted()
        for recognizer in program.recognizers.indices
        where program.recognizers[recognizer].enabled && context.kind(of: recognizer).mode == .continuous {
            let role = program.recognizers[recognizer].role
            // It must win where the touch lands on its own view: the place is the problem.
            guard exploration.oneFingerWinTargets[recognizer].contains(role) else { continue }
            // A scroll or pan: one finger drives it. Pinches and rotations on nested
            // views target the view the fingers land on, as taps do.
            guard !context.needsSeveralFingers(recognizer) else { continue }
            for target in targets where target != role && !exploration.oneFingerWinTargets[recognizer].contains(target) {
                guard paths[target]?.contains(role) == true, let alone = context.winsAlone(recognizer, on: [target], fingers: 1),
                    let loss = exploration.losses[recognizer][alone],
                    program.recognizers[loss.winner].role != role
                else { continue }
                let winner = loss.winner
                let place = program.views[target].name
                let winnerView = program.views[program.recognizers[winner].role].name
                let how =
                    loss.requirement
                    ? "it requires '\(context.name(winner))' to fail, which recognized (R53)"
                    : "'\(context.name(winner))' on '\(winnerView)' excluded it (R46)"
                context.report(
                    info,
                    "'\(context.name(recognizer))' on '\(program.views[role].name)' never wins a touch that lands on '\(place)': '\(context.name(winner))' takes it",
                    at: program.recognizers[recognizer].location,
                    notes: [
                        context.note("alone, it begins on \(context.nameOfRun(alone))", at: program.recognizers[recognizer].location),
                        context.note("with the others, \(how), \(exploration.boundsDescription)", at: program.recognizers[winner].location),
                        context.note(
                            "restrict '\(context.name(winner))' to the direction it needs (`direction: horizontal`) or give it a `shouldBegin`, so the rest reaches '\(context.name(recognizer))'; or, if '\(context.name(recognizer))' should have the first say (an edge swipe), write '\(context.name(winner)) requires \(context.name(recognizer)) to fail'",
                            at: program.recognizers[winner].location),
                    ],
                    counterexample: exploration.counterexample(alone))
            }
        }
    }
}
