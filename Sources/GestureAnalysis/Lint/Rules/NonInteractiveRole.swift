import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL212: recognizers on view roles that hit testing skips.
enum NonInteractiveRole: LintRule {
    static let info = LintRuleInfo(
        id: "GDL212", name: "non-interactive-role", severity: .warning,
        summary: "a recognizer on a view role that never receives touches",
        explanation: """
            Hit testing skips a view that is not interactive, hidden, or almost transparent
            (R1, R8), so the recognizers attached to it never receive a touch, unless the
            app changes the view's properties at run time. Image views and labels are not
            interactive by default.

            Triggers:

                view photo { interactive: false }
                recognizer zoom = tap(taps: 2) on photo

            Does not:

                view photo { interactive: true }
                recognizer zoom = tap(taps: 2) on photo
            """)

    static func check(_ context: inout LintContext) {
        let program = context.program
        for recognizer in program.recognizers.indices {
            let view = program.views[program.recognizers[recognizer].role]
            let reason: String? =
                if !view.interactive { "is not interactive (R8)" } else if view.hidden { "is hidden (R1)" } else if view.alpha < 0.01 {
                    "is almost transparent (R1)"
                } else { nil }
            guard let reason else { continue }
            context.report(
                info, "'\(context.name(recognizer))' never receives a touch: view '\(view.name)' \(reason)",
                at: program.recognizers[recognizer].location, notes: [context.note("declared here", at: view.location)])
        }
    }
}
