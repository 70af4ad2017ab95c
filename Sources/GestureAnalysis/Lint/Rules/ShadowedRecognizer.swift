import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL203: a recognizer that never wins: on every probe where it recognizes alone,
/// another takes the touch.
enum ShadowedRecognizer: LintRule {
    static let info = LintRuleInfo(
        id: "GDL203", name: "shadowed-recognizer", severity: .warning,
        summary: "a recognizer that can recognize alone but never wins against the others",
        explanation: """
            The linter runs the engine on every probe input (taps, holds, drags, swipes,
            pinches, rotations, with one to three fingers) on every view role. A recognizer
            that never begins or recognizes, but does on some probe when the others are
            disabled, is shadowed: another recognizer always takes the touch first. Typical
            causes: a swipe on the same view as a pan with no relation (the pan begins at
            10 pt, before the swipe's 50 pt, R52); two identical recognizers on one role (the
            later one wins every tie, R50); a requirement on a recognizer that always
            recognizes.

            Triggers:

                recognizer scroll = pan on page
                recognizer flick = swipe on page

            Does not: let the swipe win first (`scroll requires flick to fail`), or let them
            recognize together (`simultaneous scroll, flick`).

                recognizer scroll = pan on page
                recognizer flick = swipe on page
                scroll requires flick to fail
            """)

    static func check(_ context: inout LintContext) {
        let exploration = context.exploration()
        let program = context.program
        for recognizer in program.recognizers.indices where exploration.wins[recognizer] == nil {
            guard program.recognizers[recognizer].enabled,
                let alone = context.winsAlone(recognizer)
            else { continue }
            var notes = [context.note("alone, it recognizes on \(context.nameOfRun(alone))", at: program.recognizers[recognizer].location)]
            // What beat it on the same input with everything enabled.
            if let loss = exploration.losses[recognizer][alone] {
                let how =
                    loss.requirement
                    ? "it requires '\(context.name(loss.winner))' to fail, which recognized (R53)"
                    : "'\(context.name(loss.winner))' excluded it (R46)"
                notes.append(context.note("with the others, \(how)", at: program.recognizers[loss.winner].location))
            }
            // The recognizer that beat it where it would have won alone, named in the message.
            let taker = exploration.losses[recognizer][alone].map { "'\(context.name($0.winner))'" } ?? "another recognizer"
            context.report(
                info, "'\(context.name(recognizer))' never wins: \(taker) takes every touch it could recognize",
                at: program.recognizers[recognizer].location, notes: notes, counterexample: exploration.counterexample(alone))
        }
    }
}
