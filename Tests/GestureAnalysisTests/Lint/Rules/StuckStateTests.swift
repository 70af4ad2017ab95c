import GestureAnalysis
import TestSupport
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
            // expected-warning@-4 {{GDL207 once in state 'began', kind 'sticky' can never end, be cancelled or fail}}
            // expected-warning@-5 {{GDL207 once in state 'changed', kind 'sticky' can never end, be cancelled or fail}}
            // expected-warning@-6 {{GDL205 kind 'sticky' can never recognize: no row it can reach leads to 'ended'}}

            """
        expectMarkedFindings(kind + inSet("  recognizer s = sticky on window"))
        let clean = lint(
            kind.replacingOccurrences(of: "{ on move -> changed }", with: "{ on move -> changed  on up -> ended  on cancel -> cancelled }")
                + inSet("  recognizer s = sticky on window"))
        #expect(!ids(clean).contains("GDL207"), "\(clean)")
    }
}
