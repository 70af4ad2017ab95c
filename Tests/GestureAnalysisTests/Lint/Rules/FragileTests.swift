import GestureAnalysis
import TestSupport
import Testing

/// GDL220, fragile (`Lint/Rules/Fragile.swift`): specs that show it, and fixes that
/// lint clean.
@Suite("GDL220 fragile")
struct FragileTests {
    @Test("GDL220: a tap's allowed movement just above a pan's hysteresis")
    func closeThresholds() {
        let triggers = lint(
            inSet(
                """
                  recognizer select = tap(allowableMovement: 12pt) on window
                  recognizer scroll = pan on window
                """))
        #expect(
            triggers.contains("GDL220 3:14 'select' tolerates 12pt of movement and 'scroll' starts at 10pt: too close for a finger to choose"),
            "\(triggers)")
        let clean = lint(
            inSet(
                """
                  recognizer select = tap on window
                  recognizer scroll = pan on window
                """))
        #expect(!ids(clean).contains("GDL220"), "\(clean)")
    }
}
