import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL227, with `--scene`: an exclusion area the system does not honour (S4).
enum ExclusionNotHonoured {
    static let info = LintRuleInfo(
        id: "GDL227", name: "exclusion-not-honoured", severity: .warning,
        summary: "an exclusion area past the system's 200 dp budget on an edge, or inside the mandatory gesture insets",
        explanation: """
            Android honours at most 200 dp of exclusion areas in vertical extent on each side
            edge, and none inside the mandatory system gesture insets (the home swipe's bottom
            zone): what lies beyond is the system's (`WindowInsets`,
            `View.setSystemGestureExclusionRects`). With a scene on a device that has them,
            lint adds up the frames of the views whose role has `excludesSystemGestures: true`
            and shows a swipe the system still takes from a part not honoured.

            Triggers (pixel-7): a full-height side panel with `excludesSystemGestures: true`.

            Does not: a 48 dp drawer handle with it.
            """)
}

extension SystemProber {
    func probeExclusions(_ layout: Layout, into context: inout LintContext) {
        guard options.runs(ExclusionNotHonoured.info), let ranges = layout.ranges else { return }
        let claims = layout.views.indices.filter { program.views[layout.views[$0].role].excludesSystemGestures }
        guard !claims.isEmpty else { return }
        let areas = claims.compactMap { layout.frames[$0] }
        for gesture in device.systemGestures {
            let zone = gesture.zone(in: device.window)
            let honoured = device.honoured(areas, for: gesture)
            for index in claims {
                guard let part = layout.frames[index]?.intersection(zone) else { continue }
                // The first point of the part, from its top, that the system does not honour.
                var point: Point?
                var y = part.y + 1
                while y < part.y + part.height, point == nil {
                    let candidate = Point(x: part.x + part.width / 2, y: y)
                    if !honoured.contains(where: { $0.contains(candidate) }) { point = candidate }
                    y += 4
                }
                guard let point else { continue }
                let probe = swipe(from: point, gesture)
                guard run(probe, on: layout).systemTook else { continue }
                let view = layout.views[index]
                let why =
                    gesture.excludable
                    ? "past the \(NumberText.format(device.exclusionLimit ?? 0)) dp of exclusions \(device.name) honours on \(gesture.edge.words)"
                    : "inside the mandatory system gesture insets of \(gesture.edge.words), which no app can claim"
                context.report(
                    ExclusionNotHonoured.info,
                    "view '\(view.id)' claims part of the system's \(gesture.name) zone \(why): a swipe from \(format(point)) is still the system's",
                    range: ranges[index],
                    notes: [
                        context.note("its role '\(program.views[view.role].name)' has excludesSystemGestures", at: program.views[view.role].location)
                    ],
                    counterexample: counterexample(probe, on: layout))
            }
        }
    }
}
