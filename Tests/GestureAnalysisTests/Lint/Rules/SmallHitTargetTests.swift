import GestureAnalysis
import TestSupport
import Testing

/// GDL211, small-hit-target (`Lint/Rules/SmallHitTarget.swift`): specs that show it,
/// and fixes that lint clean.
@Suite("GDL211 small-hit-target")
struct SmallHitTargetTests {
    @Test("GDL211: a minimum target under 44pt")
    func smallTarget() {
        expectMarkedFindings(
            """
            gestures Test {
              view window {
                view dot { minimumTarget: 30pt }  // expected-warning {{GDL211 view 'dot' asks for a touch target of only 30pt; use at least 44pt}}
              }
              recognizer t = tap on dot
            }
            """)
        expectMarkedFindings(
            """
            gestures Test {
              view window {
                view dot { minimumTarget: 44pt }
              }
              recognizer t = tap on dot
            }
            """)
    }
}
