import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL228: an edge deferred where no recognizer needs a swipe from it (S3).
enum DeferralUnneeded {
    static let info = LintRuleInfo(
        id: "GDL228", name: "deferral-unneeded", severity: .warning,
        summary: "an edge deferred where no recognizer needs the swipe from it",
        explanation: """
            Deferral makes every user swipe twice for the system's gesture at that edge
            (GDL225). Where no recognizer of the set needs a swipe from the edge (none that
            only the edge starts wins there thanks to the deferral), or the device has no
            system gesture at that edge, the deferral costs users and buys nothing. Checked on
            iOS devices, where deferral exists.

            Triggers (on iphone-14):

                view window { defersSystemGestures: down }
                recognizer scroll = pan on window

            Does not: a bottom-edge pan that needs the edge (GDL225 says what it costs).
            """)
}

extension SystemProber {
    func reportUnneededDeferrals(into context: inout LintContext) {
        guard device.platform == .iOS, options.runs(DeferralUnneeded.info) else { return }
        for role in program.views where !role.defersSystemGestures.isEmpty {
            for edge in SystemGesture.Edge.allCases where role.defersSystemGestures.contains(edge.direction) {
                let deferrable = device.systemGestures.contains { $0.edge == edge && $0.deferrable }
                guard !deferrable || !neededDeferrals.contains(edge.direction) else { continue }
                context.report(
                    DeferralUnneeded.info,
                    deferrable
                        ? "'\(role.name)' defers \(edge.words) on \(device.name), but no recognizer needs a swipe from it: users swipe twice for the system's gesture for nothing"
                        : "'\(role.name)' defers \(edge.words), where \(device.name) has no system gesture",
                    at: role.location)
            }
        }
    }
}
