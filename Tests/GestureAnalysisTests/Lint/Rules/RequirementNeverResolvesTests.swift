import GestureAnalysis
import TestSupport
import Testing

/// GDL201, requirement-never-resolves (`Lint/Rules/RequirementNeverResolves.swift`):
/// specs that show it, and fixes that lint clean.
@Suite("GDL201 requirement-never-resolves")
struct RequirementNeverResolvesTests {
    static let holdKind = """
        kind hold continuous {
          possible { on move -> began }
          began, changed { on move -> changed  on up -> ended  on cancel -> cancelled }
        }

        """

    @Test("GDL201: a requirement on a recognizer that cannot fail while touching")
    func requirementNeverResolves() {
        let triggers = lint(
            Self.holdKind
                + inSet(
                    """
                      recognizer press = longPress on window
                      recognizer drag = hold on window
                      press requires drag to fail
                    """))
        #expect(triggers.contains { $0.hasPrefix("GDL201 9:3 'press' waits for 'drag' to fail") }, "\(triggers)")
        let clean = lint(
            Self.holdKind.replacingOccurrences(of: "on move -> began }", with: "on move -> began  on up -> failed }")
                + inSet(
                    """
                      recognizer press = longPress on window
                      recognizer drag = hold on window
                      press requires drag to fail
                    """))
        #expect(!ids(clean).contains("GDL201"), "\(clean)")
    }
}
