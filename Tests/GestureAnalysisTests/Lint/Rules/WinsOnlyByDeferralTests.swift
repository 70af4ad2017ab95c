import GestureAnalysis
import GestureSimulation
import Testing

/// GDL225, wins-only-by-deferral (`Lint/Rules/WinsOnlyByDeferral.swift`): specs that
/// show it, and fixes that lint clean. On a device, through `SystemLintTests`' helpers.
@Suite("GDL225 wins-only-by-deferral")
struct WinsOnlyByDeferralTests {
    private let support = SystemLintTests()

    @Test("GDL225: deferring the bottom edge lets the tray win, at a second swipe's cost, shown by the two swipes")
    func deferralCost() throws {
        let spec = """
            gestures Tray {
              view window { defersSystemGestures: down }
              recognizer openTray = screenEdgePan(edges: down) on window
            }
            """
        let findings = try support.lint(spec, on: "iphone-14")
        #expect(support.ids(findings) == ["GDL225"])
        let lines = try support.replay(try #require(findings.first), spec).split(separator: "\n")
        func has(_ subject: String, _ what: String) -> Bool { lines.contains { $0.contains(subject) && $0.contains(what) } }
        #expect(has("openTray@window", "began"))
        #expect(has("home@system", "deferred"))
        #expect(has("home@system", "recognized"))
        // Deferral means nothing on Android: the home swipe still takes it.
        #expect(support.ids(try support.lint(spec, on: "pixel-7")) == ["GDL224"])
    }
}
