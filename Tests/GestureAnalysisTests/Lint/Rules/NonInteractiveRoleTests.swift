import GestureAnalysis
import TestSupport
import Testing

/// GDL212, non-interactive-role (`Lint/Rules/NonInteractiveRole.swift`): specs that
/// show it, and fixes that lint clean.
@Suite("GDL212 non-interactive-role")
struct NonInteractiveRoleTests {
    @Test("GDL212: a recognizer on a view that is not interactive (R8)")
    func nonInteractive() {
        expectMarkedFindings(
            """
            gestures Test {
              view window {
                view photo { interactive: false }
              }
              recognizer t = tap on photo  // expected-warning {{GDL212 't' never receives a touch: view 'photo' is not interactive (R8)}}
            }
            """)
        expectMarkedFindings(
            """
            gestures Test {
              view window {
                view photo { interactive: true }
              }
              recognizer t = tap on photo
            }
            """)
    }
}
