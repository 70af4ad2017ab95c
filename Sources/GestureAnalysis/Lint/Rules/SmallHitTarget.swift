import GestureCompiler
import GestureRuntime
import GestureSimulation

/// GDL211: view roles whose declared minimum touch target is under 44 pt.
enum SmallHitTarget: LintRule {
    static let info = LintRuleInfo(
        id: "GDL211", name: "small-hit-target", severity: .warning,
        summary: "a view role whose minimum touch target is under 44 pt",
        explanation: """
            Apple's guidelines ask for touch targets of at least 44 × 44 pt; smaller ones
            are missed. A role's `minimumTarget` grows its target to that size (R7), so a
            value under 44 pt still leaves it small. (The spec does not know view sizes:
            `gesturec simulate` scenes do.)

            Triggers:

                view dot { minimumTarget: 30pt }
                recognizer pick = tap on dot

            Does not:

                view dot { minimumTarget: 44pt }
                recognizer pick = tap on dot
            """)

    static func check(_ context: inout LintContext) {
        for view in context.program.views where view.minimumTarget > 0 && view.minimumTarget < 44 {
            context.report(
                info, "view '\(view.name)' asks for a touch target of only \(QuantityText.format(view.minimumTarget, .distance)); use at least 44pt",
                at: view.location)
        }
    }
}
