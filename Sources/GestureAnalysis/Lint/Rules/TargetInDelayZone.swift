import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL229, with `--scene`: a target reaching into a zone where the system holds touches (S2).
enum TargetInDelayZone {
    static let info = LintRuleInfo(
        id: "GDL229", name: "target-in-delay-zone", severity: .warning,
        summary: "a view with recognizers whose touch target reaches into a zone where the system holds touches back",
        explanation: """
            iOS holds a touch that starts in a system gesture's zone from the app while it may
            still be the system's swipe: a button at the bottom edge highlights late, and a tap
            there begins only when the finger lifts. Apple documents neither the hold nor its
            length; developers report it (about a second for a finger held still), and the
            simulation holds a touch at most that long (docs/devices.md). With a scene, lint
            taps the part of each target that
            lies in such a zone (a quarter of the target or its centre) and reports the delay
            the tap met.

            Triggers (iphone-14): a 44 pt button whose frame ends at the bottom edge.

            Does not: the same button above the home indicator (the bottom safe area).
            """)
}

extension SystemProber {
    func probeDelays(_ layout: Layout, into context: inout LintContext) {
        guard options.runs(TargetInDelayZone.info), let ranges = layout.ranges else { return }
        var reported: Set<Int> = []
        for gesture in device.systemGestures {
            guard let delay = gesture.delay else { continue }
            let zone = gesture.zone(in: device.window)
            for start in starts(in: zone, of: layout) where !reported.contains(start.view) {
                guard let target = layout.targets[start.view],
                    start.share >= 0.25 || zone.contains(Point(x: target.x + target.width / 2, y: target.y + target.height / 2))
                else { continue }
                let probe = tap(at: start.point)
                let view = layout.views[start.view]
                let late = run(probe, on: layout).firstBegan[view.id]
                guard let early = run(probe, on: layout, alone: true).firstBegan[view.id], let late, late > early else { continue }
                reported.insert(start.view)
                context.report(
                    TargetInDelayZone.info,
                    "view '\(view.id)' reaches into the zone of the system's \(gesture.name) gesture (\(gesture.edge.words), "
                        + "\(QuantityText.format(gesture.depth, .distance))) on \(device.name): a tap there began "
                        + "\(QuantityText.format(late - early, .duration)) late, when the finger lifted",
                    range: ranges[start.view],
                    notes: [
                        Note(
                            "Apple publishes no figure for this hold; the simulation holds a touch at most \(QuantityText.format(delay, .duration)), as developers report (docs/devices.md). "
                                + "Keep the target out of the bottom safe area, or defer the edge", at: ranges[start.view])
                    ],
                    counterexample: counterexample(probe, on: layout))
            }
        }
    }
}
