import GestureAnalysis
import Testing

/// GDL206, dead-row (`Lint/Rules/DeadRow.swift`): specs that show it, and fixes that
/// lint clean.
@Suite("GDL206 dead-row")
struct DeadRowTests {
    @Test("GDL206: a row after an unguarded row for the same event")
    func deadRow() {
        let triggers = lint(
            """
            kind twice discrete {
              possible {
                on up -> failed
                on up where tapCount == 2 -> recognized
              }
            }

            """ + inSet("  recognizer t = twice on window"))
        #expect(triggers.contains { $0.hasPrefix("GDL206 4:5 this row can never fire") }, "\(triggers)")
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
