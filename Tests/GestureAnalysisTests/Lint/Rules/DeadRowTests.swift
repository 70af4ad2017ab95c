import GestureAnalysis
import TestSupport
import Testing

/// GDL206, dead-row (`Lint/Rules/DeadRow.swift`): specs that show it, and fixes that
/// lint clean.
@Suite("GDL206 dead-row")
struct DeadRowTests {
    @Test("GDL206: a row after an unguarded row for the same event")
    func deadRow() {
        expectMarkedFindings(
            """
            kind twice discrete {
              possible {
                on up -> failed
                on up where tapCount == 2 -> recognized  // expected-warning {{GDL206 this row can never fire}}
              }
            }

            """ + inSet("  recognizer t = twice on window"))
        let clean = lint(
            """
            kind twice discrete {
              possible {
                on up where tapCount == 2 -> recognized
                on up -> failed
              }
            }

            """ + inSet("  recognizer t = twice on window"))
        #expect(!ids(clean).contains("GDL206"), "\(clean)")
    }
}
