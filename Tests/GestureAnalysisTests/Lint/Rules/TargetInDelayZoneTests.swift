import GestureAnalysis
import GestureSimulation
import Testing

/// GDL229, target-in-delay-zone (`Lint/Rules/TargetInDelayZone.swift`): specs that show
/// it, and fixes that lint clean. On a device, through `SystemLintTests`' helpers.
@Suite("GDL229 target-in-delay-zone")
struct TargetInDelayZoneTests {
    private let support = SystemLintTests()

    @Test("GDL229: a button at the bottom edge begins late on iOS, not above the home indicator, not on Android")
    func delayZone() throws {
        let spec = """
            gestures Buy {
              view window { view buy }
              recognizer purchase = tap on buy
            }
            """
        let window = #"{"id": "w", "role": "window", "frame": [0, 0, 390, 844]},"#
        let atEdge = window + "\n" + #"{"id": "b", "role": "buy", "parent": "w", "frame": [100, 800, 200, 44]}"#
        let findings = try support.lint(spec, on: "iphone-14", views: atEdge)
        #expect(support.ids(findings) == ["GDL229"])
        #expect(findings.first?.message.contains("a tap there began 50ms late, when the finger lifted") == true)
        #expect(findings.first?.notes.first?.message.hasPrefix("Apple publishes no figure for this hold") == true)
        let above = window + "\n" + #"{"id": "b", "role": "buy", "parent": "w", "frame": [100, 750, 200, 44]}"#
        #expect(try support.lint(spec, on: "iphone-14", views: above).isEmpty)
        #expect(try support.lint(spec, on: "pixel-7", views: atEdge.replacingOccurrences(of: "390, 844", with: "412, 915")).isEmpty)
    }
}
