import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL214, with `--scene`: a view with recognizers whose touch target, as the scene
/// places it, is under 44 × 44 pt.
enum SmallTargetInScene {
    static let info = LintRuleInfo(
        id: "GDL214", name: "scene-small-target", severity: .warning,
        summary: "a view with recognizers whose touch target in the scene is under 44 × 44 pt",
        explanation: """
            Apple's guidelines ask for touch targets of at least 44 × 44 pt; smaller ones
            are missed. With `--scene`, lint measures each view that has recognizers as the
            scene places it: its frame grown by its role's `hitSlop`, then to its
            `minimumTarget` (R7). Under 44 pt in either direction, it warns and says how
            much `hitSlop` would reach 44 pt.

            Triggers (a 20 × 20 pt button in the scene):

                view closeButton
                recognizer close = tap on closeButton

            Does not:

                view closeButton { minimumTarget: 44pt }
            """)

    /// The findings of `scene`, a scene of `program` read from a file in `sources`.
    static func check(_ scene: SceneDescription, of program: GestureProgram, sources: SourceManager) -> [LintFinding] {
        var hit = Scene()
        for view in scene.views { hit.add(parent: view.parent, frame: view.frame, properties: view.properties) }
        let withRecognizers = Set(program.recognizers.map(\.role))
        var findings: [LintFinding] = []
        for index in scene.views.indices where withRecognizers.contains(scene.views[index].role) {
            let view = scene.views[index]
            guard SceneReach.skipped(index, in: scene) == nil, let target = hit.touchTarget(of: index),
                target.width < 44 || target.height < 44
            else { continue }
            let slop = (44 - min(target.width, target.height)) / 2 + view.properties.hitSlop
            let role = program.views[view.role]
            findings.append(
                LintFinding(
                    rule: info, severity: info.severity,
                    message: "view '\(view.id)' takes touches in \(SceneReach.size(target)), under 44 × 44pt", range: view.range,
                    notes: [
                        Note(
                            "'minimumTarget: 44pt' or 'hitSlop: \(QuantityText.format(slop.rounded(.up), .distance))' on its role reaches 44pt (R7)",
                            at: view.range),
                        Note("its role '\(role.name)' is declared here", at: SceneReach.range(of: role.location, in: sources)),
                    ], counterexample: nil))
        }
        return findings
    }
}
