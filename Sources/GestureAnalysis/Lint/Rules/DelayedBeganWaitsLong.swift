import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL213: `delaysTouchesBegan` on a recognizer that can stay possible a long time.
enum DelayedBeganWaitsLong: LintRule {
    /// Longer than this, a view whose touches are held looks unresponsive. The
    /// scroll view's own delay is 150 ms (R78).
    static let threshold = 0.25

    static let info = LintRuleInfo(
        id: "GDL213", name: "delayed-began-waits-long", severity: .warning,
        summary: "`delaysTouchesBegan` on a recognizer that can stay possible for long",
        explanation: """
            With `delaysTouchesBegan` the view gets no `touchesBegan` until the recognizer
            fails (R41), so a button under it shows no pressed state. That is the point of a
            scroll view's 150 ms delay (R78); on a recognizer whose timers run longer (a long
            press, a tap waiting for a second tap) the view looks dead. The rule warns above
            250 ms.

            Triggers:

                recognizer menu = longPress on row { delaysTouchesBegan: true }

            Does not: keep the default (`false`), or use a short delay recognizer
            (`touchDelay`, 150 ms).

                recognizer menu = longPress on row
            """)

    static func check(_ context: inout LintContext) {
        for recognizer in context.program.recognizers.indices where context.program.recognizers[recognizer].delaysTouchesBegan {
            let longest = context.longestTimer(of: recognizer)
            guard longest > threshold else { continue }
            context.report(
                info,
                "'\(context.name(recognizer))' delays touchesBegan and can stay possible \(QuantityText.format(longest, .duration)); its view looks unresponsive meanwhile",
                at: context.program.recognizers[recognizer].location)
        }
    }
}
