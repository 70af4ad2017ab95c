import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL225: a recognizer that wins an edge's swipe only because the edge is deferred, so
/// the system's gesture takes a second swipe (S3). Found by GDL224's probe of the zones.
enum WinsOnlyByDeferral {
    static let info = LintRuleInfo(
        id: "GDL225", name: "wins-only-by-deferral", severity: .warning,
        summary: "a recognizer that only an edge can start wins there because the edge is deferred, which costs the system's gesture a second swipe",
        explanation: """
            Deferring an edge (`defersSystemGestures`, UIKit's
            `preferredScreenEdgesDeferringSystemGestures`) gives the app the first swipe from
            it; the system takes a second swipe made soon after (docs/devices.md gives the
            time, chosen). The app's gesture works, and every user who meant the system's
            gesture swipes twice: Apple's guidelines keep deferral for games and full-screen
            media. The finding shows the two swipes. Suppress it with a reason where the
            trade is meant.

            Triggers (on iphone-14):

                view window { defersSystemGestures: down }
                recognizer openTray = screenEdgePan(edges: down) on window

            Does not: the same gesture started away from the edge, with no deferral.
            """)
}
