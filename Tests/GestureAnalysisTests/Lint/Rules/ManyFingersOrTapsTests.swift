import GestureAnalysis
import TestSupport
import Testing

/// GDL210, many-fingers-or-taps (`Lint/Rules/ManyFingersOrTaps.swift`): specs that show
/// it, and fixes that lint clean.
@Suite("GDL210 many-fingers-or-taps")
struct ManyFingersOrTapsTests {
    @Test("GDL210: three fingers or three taps")
    func manyFingersOrTaps() {
        let enabled = LintOptions(enabled: ["GDL210"])
        expectMarkedFindings(
            """
            gestures Test {
              view window
              recognizer undo = swipe(direction: left, touches: 3) on window  // expected-warning {{GDL210 'undo' needs 3 fingers, which few people discover}}
            }
            """, options: enabled)
        expectMarkedFindings(
            """
            gestures Test {
              view window
              recognizer select = tap(taps: 3) on window  // expected-warning {{GDL210 'select' needs 3 taps, which few people discover}}
            }
            """, options: enabled)
        expectMarkedFindings(inSet("  recognizer back = swipe(direction: left, touches: 2) on window"), options: enabled)
    }
}
