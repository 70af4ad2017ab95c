import GestureAnalysis
import TestSupport
import Testing

/// GDL202, latency-budget (`Lint/Rules/LatencyBudget.swift`): specs that show it, and
/// fixes that lint clean.
@Suite("GDL202 latency-budget")
struct LatencyBudgetTests {
    /// GDL202 is opt-in: what `--latency-budget 100ms` asks for.
    static let withBudget = LintOptions(latencyBudget: 0.1, enabled: ["GDL202"])

    @Test("GDL202: a single tap held 350ms by a double tap; a short interval is within budget")
    func latencyBudget() {
        let waiting = inSet(
            """
              recognizer toggle = tap on window
              recognizer zoom = tap(taps: 2) on window
              toggle requires zoom to fail
            """)
        let triggers = lint(waiting, options: Self.withBudget)
        #expect(
            triggers == [
                "GDL202 3:14 'toggle' is held up to 350ms by failure requirements (waiting for 'zoom' to fail) before it acts (budget 100ms)"
            ])
        let clean = lint(
            inSet(
                """
                  recognizer toggle = tap on window
                  recognizer zoom = tap(taps: 2, interval: 80ms) on window
                  toggle requires zoom to fail
                """), options: Self.withBudget)
        #expect(clean == [])
        let generous = lint(waiting, options: LintOptions(latencyBudget: 0.4, enabled: ["GDL202"]))
        #expect(generous == [], "a budget above 350ms")
    }

    @Test("GDL202 and GDL210 are opt-in: the idiomatic fix of stacked taps, a declared wait, lints clean")
    func optInRules() {
        let waiting = inSet(
            """
              recognizer toggle = tap on window
              recognizer zoom = tap(taps: 2) on window
              recognizer select = tap(taps: 3) on window
              toggle requires zoom to fail
              zoom requires select to fail
            """)
        #expect(lint(waiting) == [])
        #expect(ids(lint(waiting, options: LintOptions(enabled: ["GDL202", "GDL210"]))) == ["GDL202", "GDL202", "GDL210"])
        // A suppression of a rule the run does not check is kept for the runs that do:
        // it is not reported as silencing nothing (GDL291).
        let suppressed = waiting.replacingOccurrences(
            of: "  recognizer toggle", with: "  // lint off GDL202: the toggle may wait\n  recognizer toggle")
        #expect(lint(suppressed) == [])
        #expect(ids(lint(suppressed, options: Self.withBudget)) == ["GDL202"], "only the zoom's wait is left")
    }
}
