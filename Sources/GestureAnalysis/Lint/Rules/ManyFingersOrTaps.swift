import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL210: gestures of three or more fingers or taps.
enum ManyFingersOrTaps: LintRule {
    static let info = LintRuleInfo(
        id: "GDL210", name: "many-fingers-or-taps", severity: .warning,
        summary: "a gesture of three or more fingers or three or more taps",
        explanation: """
            Gestures with three or more fingers, or three or more taps, are hard to discover
            and to perform (WWDC 2010 session 120): keep them as shortcuts for something
            the app also offers another way. The rule judges a design, not a conflict, so
            it is opt-in: `--enable GDL210`.

            Triggers:

                recognizer undo = swipe(direction: left, touches: 3) on canvas

            Does not:

                recognizer undo = tap on undoButton

            or suppress the finding with the reason when the gesture is a shortcut
            (`// lint off GDL210: a shortcut; the toolbar has an undo button`).
            """,
        enabledByDefault: false)

    static func check(_ context: inout LintContext) {
        for recognizer in context.program.recognizers.indices {
            for parameter in ["touches", "minimumTouches", "taps"] {
                guard let value = context.argument(parameter, of: recognizer), value >= 3, value.isFinite else { continue }
                let what = parameter == "taps" ? "\(Int(value)) taps" : "\(Int(value)) fingers"
                context.report(
                    info, "'\(context.name(recognizer))' needs \(what), which few people discover",
                    at: context.program.recognizers[recognizer].location)
            }
        }
    }
}
