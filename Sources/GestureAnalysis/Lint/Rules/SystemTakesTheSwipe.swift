import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL224: a recognizer that only an edge can start, whose swipe from that edge the system's
/// gesture takes (S1, S2). Its probe, along every zone, also finds GDL225 and Android's GDL226.
enum SystemTakesTheSwipe {
    static let info = LintRuleInfo(
        id: "GDL224", name: "system-takes-the-swipe", severity: .warning,
        summary: "a recognizer that only an edge can start loses its swipe to the system's gesture there",
        explanation: """
            The system's edge gestures (the home swipe up from the bottom edge, Notification
            Center and Control Center down from the top, docs/devices.md) take a swipe that
            starts in their zone before the app sees it: on iOS the app's touches there are
            held until the system gives up (docs/semantics.md §K). A recognizer that
            recognizes a swipe from the zone when the app is alone, does not with the system
            around it, and cannot be started from outside the zone (a screen-edge pan of that
            edge; in a scene, a view at least half inside the zone) never works for a user.
            The finding names the device and carries the swipe.

            Fixes: start the gesture away from the edge (a handle above the home indicator),
            or defer the edge (`defersSystemGestures: down` on the screen's root role, iOS),
            which costs the user a second swipe to go home (GDL225).

            Triggers (on iphone-14):

                view window
                recognizer openTray = screenEdgePan(edges: down) on window

            Does not: `pan on window`, which a user starts anywhere.
            """)
}

extension SystemProber {
    mutating func probeZones(_ layout: Layout, into context: inout LintContext) {
        let backSwipes = Set(program.recognizers.filter(\.backSwipe).map(\.name))
        for gesture in device.systemGestures {
            let zone = gesture.zone(in: device.window)
            for start in starts(in: zone, of: layout) {
                let probe = swipe(from: start.point, gesture)
                let withSystem = run(probe, on: layout)
                let appAlone = run(probe, on: layout, alone: true)
                // Inwards past the zone and twice the system's distance: where a user
                // could start the same gesture instead.
                let reach = gesture.depth + 2 * gesture.distance
                let outside = Point(x: start.point.x + gesture.inward.x * reach, y: start.point.y + gesture.inward.y * reach)
                var elsewhere: Outcome?
                func needsEdge(_ name: String) -> Bool {
                    if layout.isScene && start.share >= 0.5 { return true }
                    let outcome = elsewhere ?? run(swipe(from: outside, gesture), on: layout, alone: true)
                    elsewhere = outcome
                    return !outcome.recognized.contains(name)
                }
                for name in appAlone.recognized where !backSwipes.contains(name) && needsEdge(name) {
                    guard let recognizer = program.recognizers.firstIndex(where: { $0.name == name }) else { continue }
                    let location = program.recognizers[recognizer].location
                    if !withSystem.recognized.contains(name), withSystem.systemTook {
                        let rule = gesture.navigatesBack ? BackSwipeConflict.info : SystemTakesTheSwipe.info
                        guard options.runs(rule), reported.insert("\(rule.id) \(name) \(gesture.edge)").inserted else { continue }
                        let what = gesture.navigatesBack ? "the system's back swipe" : "the system's \(gesture.name) gesture"
                        context.report(
                            rule,
                            "'\(name)' loses \(probe.summary) to \(what) on \(device.name): the system takes swipes from "
                                + "\(gesture.edge.words) (\(QuantityText.format(gesture.depth, .distance))), and nothing else starts it",
                            at: location,
                            notes: [
                                Note(
                                    gesture.excludable && layout.views.contains(where: { program.views[$0.role].excludesSystemGestures })
                                        ? "the app's claims on this edge are not honoured here: they pass the \(NumberText.format(device.exclusionLimit ?? 0)) dp the system honours (GDL227)"
                                        : gesture.excludable
                                            ? "claim the place with 'excludesSystemGestures: true' on its view's role (Android honours 200 dp an edge), or start it away from the edge"
                                            : gesture.deferrable
                                                ? "start it away from the edge, or defer the edge ('defersSystemGestures: \(gesture.edge.rawValue)', at the cost of GDL225)"
                                                : "start it away from the edge: no app can claim this zone", at: context.range(location))
                            ],
                            counterexample: counterexample(probe, on: layout))
                    } else if withSystem.recognized.contains(name), withSystem.deferred {
                        neededDeferrals.insert(gesture.edge.direction)
                        guard options.runs(WinsOnlyByDeferral.info),
                            reported.insert("\(WinsOnlyByDeferral.info.id) \(name) \(gesture.edge)").inserted
                        else { continue }
                        let twice = swipe(from: start.point, gesture, again: true)
                        context.report(
                            WinsOnlyByDeferral.info,
                            "'\(name)' wins \(probe.summary) on \(device.name) only because the edge is deferred: "
                                + "the system's \(gesture.name) gesture now takes a second swipe within "
                                + QuantityText.format(gesture.secondSwipe ?? 0, .duration),
                            at: location, counterexample: counterexample(twice, on: layout))
                    }
                }
            }
        }
    }
}
