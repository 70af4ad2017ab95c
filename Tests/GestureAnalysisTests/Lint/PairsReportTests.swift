import GestureAnalysis
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// `gesturec lint --pairs`: what the exploration showed of each pair that can see one
/// touch, with the shortest inputs, and the margins between their thresholds.
@Suite("Pairs report")
struct PairsReportTests {
    private func report(_ members: String) -> String {
        let compilation = check(inSet(members))
        return PairsReport.text(compilation.lowered().sets)
    }

    @Test("a pinch and a rotation with no relation: exclusive, and the input decides which wins (R46)")
    func exclusive() {
        let text = report("  recognizer zoom = pinch on window\n  recognizer spin = rotation on window")
        #expect(text.hasPrefix("pairs of Test, over every input of up to 2 fingers and 6 gestures"), "\(text)")
        #expect(text.contains("  zoom, spin: exclusive: never both act on one touch sequence; the input decides: 'zoom' beats 'spin' on "))
        // Made simultaneous (R48), they act on one sequence.
        let together = report("  recognizer zoom = pinch on window\n  recognizer spin = rotation on window\n  simultaneous zoom, spin")
        #expect(together.contains("  zoom, spin: together: both act on one touch sequence, shortest: "), "\(together)")
    }

    @Test("a requirement makes one always first: a double tap beats the single tap it holds (R53)")
    func alwaysFirst() {
        let text = report("  recognizer single = tap on window\n  recognizer double = tap(taps: 2) on window\n  single requires double to fail")
        #expect(
            text.contains(
                "  single, double: exclusive: never both act on one touch sequence; 'double' always first: it beats 'single', shortest: finger 1 goes down, finger 1 lifts, finger 1 goes down, the finger lifts on window; never the reverse"
            ),
            "\(text)")
    }

    @Test("thresholds of a hand-over are given with their margin, flagged under a finger's variation")
    func margins() {
        let close = report("  recognizer press = longPress(allowableMovement: 10pt) on window\n  recognizer drag = pan(hysteresis: 12pt) on window")
        #expect(
            close.contains(
                "    margin: press.allowableMovement 10pt and drag.hysteresis 12pt, 2pt apart, under a finger's variation (5pt): jitter decides"),
            "\(close)")
        let apart = report("  recognizer press = longPress(allowableMovement: 10pt) on window\n  recognizer drag = pan(hysteresis: 30pt) on window")
        #expect(apart.contains("    margin: press.allowableMovement 10pt and drag.hysteresis 30pt, 20pt apart\n"), "\(apart)")
    }

    @Test("two discrete recognizers that both recognize on one sequence are together: a single and a double tap (R49, R55)")
    func discreteTogether() {
        // Taps never begin: the single tap recognizes on the first lift, the double tap on
        // the second, one sequence of the double tap's; a claim of "exclusive" would be false.
        let text = report("  recognizer single = tap on window\n  recognizer double = tap(taps: 2) on window")
        #expect(text.contains("  single, double: together: both act on one touch sequence, shortest: "), "\(text)")
    }

    @Test("recognizers that never see one touch are not a pair")
    func unrelated() {
        let text = report("")
        #expect(text.contains("  no two recognizers see one touch"))
    }
}
