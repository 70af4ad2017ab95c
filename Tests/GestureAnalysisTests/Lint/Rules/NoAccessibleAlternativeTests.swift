import GestureAnalysis
import TestSupport
import Testing

/// GDL215, no-accessible-alternative (`Lint/Rules/NoAccessibleAlternative.swift`):
/// gestures that VoiceOver and Switch Control users cannot reach, and what reaches them
/// (docs/accessibility.md). The rule is opt-in.
@Suite("GDL215 no-accessible-alternative")
struct NoAccessibleAlternativeTests {
    let enabled = LintOptions(enabled: ["GDL215"])
    /// This rule alone: the specs below hold conflicts the other rules rightly report.
    let alone = LintOptions(disabled: Set(LintRules.infos.map(\.id)).subtracting(["GDL215"]), enabled: ["GDL215"])

    @Test("GDL215: a double tap to like and a swipe to archive with nothing else to reach them")
    func classicCases() {
        expectMarkedFindings(
            """
            gestures Test {
              view window { view row }
              recognizer like = tap(taps: 2) on row  // expected-warning {{GDL215 'like' has no alternative: VoiceOver and Switch Control users cannot reach what its tap does}}
              recognizer archive = swipe(direction: left) on row  // expected-warning {{GDL215 'archive' has no alternative}}
            }
            """, options: enabled)
    }

    @Test("what reaches a gesture: a label, a word, a control, the implied activation, or its not being the app's")
    func alternatives() {
        expectMarkedFindings(
            """
            gestures Test {
              view window {
                view row { view deleteButton { control: button } }
                view card
              }
              /// Likes the post.
              recognizer like = tap(taps: 2) on row { accessibility: action }
              recognizer archive = swipe(direction: left) on row { accessibility: "Archive" }
              recognizer remove = swipe(direction: right) on row { accessibility: deleteButton }
              recognizer close = swipe(direction: down) on window { accessibility: escape }
              recognizer play = tap(touches: 2, taps: 2) on window { accessibility: magicTap }
              recognizer open = tap on card
              recognizer back = screenEdgePan(edges: left) on window { backSwipe: true }
              recognizer menu = longPress on row { foreign: true }
              use scrollView on window
            }
            """, options: alone)
    }

    @Test("off unless enabled; a suppression with its reason silences it")
    func optIn() {
        expectMarkedFindings(inSet("  recognizer like = tap(taps: 2) on window"))
        expectMarkedFindings(
            inSet(
                """
                  // lint off GDL215: the like button beside the photo does the same
                  recognizer like = tap(taps: 2) on window
                """), options: enabled)
    }
}
