import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL218: a recognizer that needs several fingers (a pinch, a rotation, a two-finger
/// pan) loses to a recognizer that began from moving fingers before it could: a
/// one-finger pan before the second finger landed, a pinch before a rotation.
enum SecondFingerTooLate: LintRule {
    static let info = LintRuleInfo(
        id: "GDL218", name: "second-finger-too-late", severity: .warning,
        summary: "a multi-finger recognizer that another's earlier start blocks",
        explanation: """
            Fingers rarely land together: a user starts to drag a map, then puts a second
            finger down to zoom. A recognizer that needs two fingers (a pinch, a rotation, a
            two-finger pan) cannot begin once a one-finger recognizer has begun and excluded
            it (R46): the pinch waits for a gesture that is already someone else's. The
            linter reports a multi-finger recognizer that, alone, begins on an input where
            the second finger lands after the first has moved or waited, but that loses the
            same input to a recognizer that began from moving fingers before it could: a
            one-finger pan before the second finger landed, or a pinch before the fingers
            turned far enough for a rotation. (A recognizer
            that began on a still hold, a long press, has its own gesture: a pinch after
            it is a new one. A two-finger tap cannot happen mid-drag by design.)

            Triggers:

                view map
                recognizer move = pan on map
                recognizer zoom = pinch on map

            Does not: let them recognize together, as maps and photo viewers do
            (`simultaneous move, zoom`, `simultaneous zoom, spin`).

                view map
                recognizer move = pan on map
                recognizer zoom = pinch on map
                simultaneous move, zoom
            """)

    /// The inputs tried alone per pair, shortest first: each is a run of the engine.
    static let triedRuns = 64

    static func check(_ context: inout LintContext) {
        let program = context.program
        let exploration = context.exploration()
        for recognizer in program.recognizers.indices
        where program.recognizers[recognizer].enabled && context.kind(of: recognizer).mode == .continuous {
            // For each winner, the inputs of several fingers on which it began from
            // moving fingers and excluded this recognizer.
            let role = program.recognizers[recognizer].role
            var byWinner: [Int: [Exploration.Run]] = [:]
            for (run, loss) in exploration.losses[recognizer]
            where !loss.requirement && loss.winnerFingers != nil && exploration.inputs.steps[run.probe].fingers >= 2 {
                byWinner[loss.winner, default: []].append(run)
            }
            var candidates: [(key: Int, value: [Exploration.Run])] = []
            for (winner, runs) in byWinner.sorted(by: { $0.key < $1.key })
            where !context.mayRecognizeTogether(recognizer, winner) {
                // A winner on a view inside this one's, where that view has a gesture
                // of several fingers of its own (a piece's pinch inside a board's),
                // takes the fingers that land there: that is where they are, as
                // nesting means, not when. Where it has none (a sticker's pan under a
                // canvas's pinch), the one finger began before the second could land.
                let winnerRole = program.recognizers[winner].role
                if context.isAncestor(role, of: winnerRole),
                    program.recognizers.indices.contains(where: {
                        program.recognizers[$0].role == winnerRole && context.needsSeveralFingers($0)
                    })
                {
                    continue
                }
                candidates.append((winner, runs))
            }
            guard !candidates.isEmpty, context.needsSeveralFingers(recognizer) else { continue }
            for (winner, runs) in candidates {
                // The shortest on which it would have begun alone; a few are tried.
                let ordered = runs.sorted { ($0.probe, $0.place) < ($1.probe, $1.place) }
                guard let run = ordered.prefix(Self.triedRuns).first(where: { context.winsAlone(recognizer, run: $0) })
                else { continue }
                let fingers = exploration.losses[recognizer][run]?.winnerFingers ?? 1
                let message =
                    fingers == 1
                    ? "'\(context.name(recognizer))' cannot begin when its second finger lands after '\(context.name(winner))' has begun with one"
                    : "'\(context.name(recognizer))' cannot begin once '\(context.name(winner))' has begun with the same fingers"
                context.report(
                    info, message, at: program.recognizers[recognizer].location,
                    notes: [
                        context.note(
                            "alone, it begins on \(context.nameOfRun(run)); with the others, '\(context.name(winner))' excluded it (R46), \(exploration.boundsDescription)",
                            at: program.recognizers[winner].location),
                        context.note(
                            "let them recognize together (`simultaneous \(context.name(winner)), \(context.name(recognizer))`), as a map's pan and pinch do",
                            at: program.recognizers[recognizer].location),
                    ],
                    counterexample: exploration.counterexample(run))
            }
        }
    }
}
