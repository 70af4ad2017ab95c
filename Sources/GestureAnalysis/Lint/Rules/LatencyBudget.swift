import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL202: failure requirements that hold a recognizer's action longer than the
/// latency budget.
enum LatencyBudget: LintRule {
    static let info = LintRuleInfo(
        id: "GDL202", name: "latency-budget", severity: .warning,
        summary: "failure requirements delay a recognizer's action beyond the latency budget",
        explanation: """
            A recognizer that requires another to fail is held until that one fails (R53),
            and the wait is added to every use of the gesture: a single tap that waits for a
            double tap acts 350 ms after the lift (R55). Chains add up. The linter runs the
            engine on every explored input and measures, for each recognizer, the longest
            time it was held before it began or recognized; above the budget it warns.

            The rule is opt-in: a requirement is declared, and its wait is the price of
            the idiomatic fix for actions that must not stack (GDL208), so a spec that
            states it lints clean. A team with a budget turns the rule on with
            `--latency-budget 100ms` (or `--enable GDL202`, 100 ms). `--report latency`
            lists the figure for every recognizer. A wait the spec does not state (held
            until the finger lifts, or a view's touch end held back by a recognizer around
            it) is GDL222's.

            Triggers:

                recognizer toggle = tap on photo
                recognizer zoom = tap(taps: 2) on photo
                toggle requires zoom to fail          // +350 ms on every single tap

            Does not: drop the requirement if both may act (the toggle then also runs on a
            double tap's first tap), or shorten the wait: `tap(taps: 2, interval: 80ms)`.

                recognizer toggle = tap on photo
                recognizer zoom = tap(taps: 2, interval: 80ms) on photo
                toggle requires zoom to fail
            """,
        enabledByDefault: false)

    /// Keeps each recognizer's longest hold by failure requirements before it acted.
    final class Observer: ExplorationObserver {
        /// By declaration: the longest hold, and the run.
        private(set) var longest: [(seconds: Double, run: Exploration.Run)?]

        init(program: GestureProgram) {
            longest = Array(repeating: nil, count: program.recognizers.count)
        }

        func observe(_ record: RunRecord) {
            for (slot, hold) in record.conduct.allHolds {
                let declaration = record.layout.declarations[slot]
                if hold.seconds > (longest[declaration]?.seconds ?? 0) + 1e-9 { longest[declaration] = (hold.seconds, record.run) }
            }
        }
    }

    static func observer(for context: LintContext) -> (any ExplorationObserver)? {
        Observer(program: context.program)
    }

    static func check(_ context: inout LintContext) {
        guard let observer = context.observer(of: info, as: Observer.self) else { return }
        let exploration = context.exploration()
        for recognizer in context.program.recognizers.indices {
            guard let (seconds, run) = observer.longest[recognizer], seconds > context.options.latencyBudget + 1e-9 else { continue }
            var notes: [Note] = []
            var required: [String] = []
            for requirement in context.program.failureRequirements where requirement.dependent == recognizer {
                notes.append(context.note("it requires '\(context.name(requirement.required))' to fail (R53)", at: requirement.location))
                required.append("'\(context.name(requirement.required))'")
            }
            // The recognizers it waits for, named in the message itself.
            let waitedFor = required.isEmpty ? "" : " (waiting for " + required.joined(separator: ", ") + " to fail)"
            context.report(
                info,
                "'\(context.name(recognizer))' is held up to \(QuantityText.format(seconds, .duration)) by failure requirements\(waitedFor) before it acts (budget \(QuantityText.format(context.options.latencyBudget, .duration)))",
                at: context.program.recognizers[recognizer].location,
                notes: notes + [context.note("measured on \(context.nameOfRun(run))", at: context.program.recognizers[recognizer].location)],
                counterexample: exploration.counterexample(run))
        }
    }

    /// Every recognizer's longest measured hold, for `--report latency`.
    static func figures(_ context: LintContext) -> [LatencyFigure] {
        var context = context
        let program = context.program
        let exploration = context.exploration()
        let observer = context.observer(of: info, as: Observer.self)
        return program.recognizers.indices.map { recognizer in
            let measured = observer?.longest[recognizer] ?? nil
            return LatencyFigure(
                set: program.name, recognizer: program.recognizers[recognizer].name, seconds: measured?.seconds ?? 0,
                probe: measured.map { exploration.describe($0.run) })
        }
    }
}
