import GestureAnalysis
import TestSupport
import Testing

/// GDL205, unreachable-state (`Lint/Rules/UnreachableState.swift`): specs that show it,
/// and fixes that lint clean.
@Suite("GDL205 unreachable-state")
struct UnreachableStateTests {
    @Test("GDL205: a state no row enters")
    func unreachableState() {
        let kind = """
            kind flick discrete {
              possible { on move -> failed  on up -> recognized }
              armed as possible { on up -> recognized }
            }

            """
        let triggers = lint(kind + inSet("  recognizer f = flick on window"))
        #expect(triggers.contains("GDL205 1:6 state 'armed' of kind 'flick' is never entered"), "\(triggers)")
        let clean = lint(
            kind.replacingOccurrences(of: "on move -> failed", with: "on move -> failed  on down -> armed")
                + inSet("  recognizer f = flick on window"))
        #expect(!ids(clean).contains("GDL205"), "\(clean)")
    }

    @Test("GDL205: a kind that can never recognize")
    func neverRecognizes() {
        let triggers = lint("kind dud discrete {\n  possible { on up -> failed }\n}\n" + inSet("  recognizer d = dud on window"))
        #expect(triggers.contains("GDL205 1:6 kind 'dud' can never recognize: no row it can reach leads to 'ended'"), "\(triggers)")
    }
}
