import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL226: a recognizer that takes the app's back swipe (iOS), or an edge-only gesture
/// that the system's back takes (Android, found by GDL224's probe) (S5).
enum BackSwipeConflict {
    static let info = LintRuleInfo(
        id: "GDL226", name: "back-swipe-conflict", severity: .warning,
        summary: "a recognizer that takes the back swipe from the app, or loses its edge swipe to the system's back",
        explanation: """
            On iOS the back swipe of a pushed screen is the navigation controller's
            `interactivePopGestureRecognizer`, a screen-edge pan of the left edge that the app
            sees: a spec declares it with `backSwipe: true`. A recognizer that recognizes a
            swipe from its edge while it does not (a horizontal scroll view, a drawer's edge
            pan) takes the back swipe away. The idiomatic fix is the other recognizer
            requiring it to fail (`scroll requires back to fail`).

            With Android's gesture navigation the back swipe is the system's, inwards from the
            left and right edges; the app's `backSwipe` recognizer stands aside. An app
            recognizer that only an edge swipe starts (a drawer) loses it to the system. Fix:
            `excludesSystemGestures: true` on the drawer's handle (within the 200 dp the
            system honours, GDL227), or open the drawer from a button.

            Triggers (on iphone-14):

                view window { view page }
                recognizer back = screenEdgePan(edges: left) on window { backSwipe: true }
                recognizer drawer = screenEdgePan(edges: left) on page

            Does not: the same with `drawer requires back to fail`.
            """)
}

extension SystemProber {
    func probeBackSwipes(_ layout: Layout, into context: inout LintContext) {
        guard !device.systemOwnsBackSwipe, options.runs(BackSwipeConflict.info) else { return }
        let roles = Set(layout.views.map(\.role))
        for back in program.recognizers.indices where program.recognizers[back].backSwipe && roles.contains(program.recognizers[back].role) {
            let edges = GestureDirections(reported: context.argument("edges", of: back) ?? 1)
            let inset = min(5, (context.argument("edgeWidth", of: back) ?? 20) / 2)
            for edge in SystemGesture.Edge.allCases where edges.contains(edge.direction) {
                // The back swipe as a system gesture of that edge, for the probe's shape.
                let shape = SystemGesture(name: "back", edge: edge, depth: inset * 2, distance: 10)
                let probe = swipe(from: shape.point(in: device.window, inset: inset, at: 0.5), shape)
                let outcome = run(probe, on: layout)
                let backName = program.recognizers[back].name
                guard !outcome.recognized.contains(backName), let taker = outcome.recognized.first,
                    let recognizer = program.recognizers.firstIndex(where: { $0.name == taker })
                else { continue }
                context.report(
                    BackSwipeConflict.info,
                    "'\(taker)' takes the back swipe from \(edge.words) on \(device.name): '\(backName)' never begins",
                    at: program.recognizers[recognizer].location,
                    notes: [
                        context.note(
                            "'\(backName)' stands for the navigation's back swipe (backSwipe: true)", at: program.recognizers[back].location),
                        Note("let it go first: '\(taker) requires \(backName) to fail'", at: context.range(program.recognizers[recognizer].location)),
                    ],
                    counterexample: counterexample(probe, on: layout))
            }
        }
    }
}
