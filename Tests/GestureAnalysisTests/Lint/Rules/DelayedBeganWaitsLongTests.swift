import GestureAnalysis
import TestSupport
import Testing

/// GDL213, delayed-began-waits-long (`Lint/Rules/DelayedBeganWaitsLong.swift`): specs
/// that show it, and fixes that lint clean.
@Suite("GDL213 delayed-began-waits-long")
struct DelayedBeganWaitsLongTests {
    @Test("GDL213: delaysTouchesBegan on a long press")
    func delayedBegan() {
        expectMarkedFindings(
            """
            gestures Test {
              view window
              recognizer menu = longPress on window { delaysTouchesBegan: true }  // expected-warning {{GDL213 'menu' delays touchesBegan and can stay possible 500ms; its view looks unresponsive meanwhile}}
            }
            """)
        // 150ms, the scroll view's own delay.
        expectMarkedFindings(inSet("  recognizer delay = touchDelay on window"))
    }
}
