import GestureAnalysis
import GestureSimulation
import Testing

/// GDL228, deferral-unneeded (`Lint/Rules/DeferralUnneeded.swift`): specs that show it,
/// and fixes that lint clean. On a device, through `SystemLintTests`' helpers.
@Suite("GDL228 deferral-unneeded")
struct DeferralUnneededTests {
    private let support = SystemLintTests()

    @Test("GDL228: a deferral no recognizer needs, and one at an edge without a system gesture")
    func unneededDeferral() throws {
        let spec = """
            gestures Scroll {
              view window { defersSystemGestures: [down, left] }
              recognizer scroll = pan on window
            }
            """
        let findings = try support.lint(spec, on: "iphone-14")
        #expect(support.ids(findings) == ["GDL228", "GDL228"])
        #expect(findings.map(\.message).contains { $0.contains("no recognizer needs a swipe from it") })
        #expect(findings.map(\.message).contains { $0.contains("defers the left edge, where iphone-14 has no system gesture") })
        #expect(try support.lint(spec, on: "pixel-7").isEmpty)
    }
}
