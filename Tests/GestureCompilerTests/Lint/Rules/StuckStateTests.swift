import GestureAnalysis
import Testing

/// GDL207, stuck-state (`Lint/Rules/StuckState.swift`): specs that show it, and fixes
/// that lint clean.
@Suite("GDL207 stuck-state")
struct StuckStateTests {
    @Test("GDL207: a state with no way to an end")
    func stuckState() {
        let kind = """
            kind sticky continuous {
              possible { on move -> began  on up -> failed }
              began, changed { on move -> changed }
            }

            """
        let triggers = lint(kind + inSet("  recognizer s = sticky on window"))
        #expect(triggers.contains("GDL207 1:6 once in state 'began', kind 'sticky' can never end, be cancelled or fail"), "\(triggers)")
        let clean = lint(
            kind.replacingOccurrences(of: "{ on move -> changed }", with: "{ on move -> changed  on up -> ended  on cancel -> cancelled }")
                + inSet("  recognizer s = sticky on window"))
        #expect(!ids(clean).contains("GDL207"), "\(clean)")
    }
}
