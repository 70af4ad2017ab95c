import GestureAnalysis
import TestSupport
import Testing

/// GDL208, doubled (`Lint/Rules/Doubled.swift`): specs that show it, and fixes that
/// lint clean.
@Suite("GDL208 doubled")
struct DoubledTests {
    @Test("GDL208: nested pans allowed together, driven by one finger")
    func sharedTouch() {
        let spec = """
            gestures Test {
              view list { view card }
              recognizer scroll = pan on list
              recognizer move = pan on card
              simultaneous scroll, move
            }
            """
        #expect(lint(spec) == ["GDL208 5:3 'scroll' on 'list' and 'move' on 'card' recognize together, and one finger drives both"])
        let clean = spec.replacingOccurrences(of: "move = pan on card", with: "move = pan(minimumTouches: 2) on card")
        #expect(!ids(lint(clean)).contains("GDL204"))
    }

    @Test("GDL208 leaves out a touch-down detector declared simultaneous with a scroll, not a press held before a drag")
    func sharedTouchDetector() {
        let detector = """
            gestures Test {
              view window { view list { view card } }
              recognizer scroll = pan on list
              recognizer press = longPress(minimumDuration: 1ms) on card
              simultaneous scroll, press
            }
            """
        // It begins 1ms after the touch-down, the finger still: it reports the press.
        #expect(!ids(lint(detector)).contains("GDL208"))
        // Held half a second, then dragged: the press's drag and the scroll move at once.
        let reorder = detector.replacingOccurrences(of: "longPress(minimumDuration: 1ms)", with: "longPress")
        #expect(
            lint(reorder).contains(
                "GDL208 5:3 'scroll' on 'list' and 'press' on 'card' recognize together, and one finger drives both"))
    }

    /// The most common gesture bug. The single tap recognizes at the first
    /// lift while the double tap still counts (a tap cannot prevent a tap of more taps),
    /// and the double tap recognizes at the second: both act (R55).
    @Test("GDL208: a single and a double tap with no requirement both act on a double tap; a requirement fixes it")
    func stackedTaps() {
        let triggers = lint(
            inSet(
                """
                  recognizer select = tap on window
                  recognizer zoom = tap(taps: 2) on window
                """))
        #expect(triggers == ["GDL208 3:14 'select' acts on the start of a sequence that 'zoom' recognizes: both act, 'select' first"])
        let notes =
            lintFindings(
                inSet(
                    """
                      recognizer select = tap on window
                      recognizer zoom = tap(taps: 2) on window
                    """)
            ).findings.first?.finding.notes.map(\.message) ?? []
        #expect(
            notes.first
                == "'zoom' begins or recognizes later in the same touch sequence, on finger 1 goes down, finger 1 lifts, finger 1 goes down, the finger lifts on window"
        )
        #expect(notes.last?.hasPrefix("if only 'zoom' should act, add 'select requires zoom to fail'") == true)
        let fixed = lint(
            inSet(
                """
                  recognizer select = tap on window
                  recognizer zoom = tap(taps: 2) on window
                  select requires zoom to fail
                """))
        #expect(!ids(fixed).contains("GDL208"), "\(fixed)")
    }

    /// Found from the engine's runs, not from kind names: a custom kind that recognizes
    /// on a lift, and does not prevent taps, stacks under a double tap as a tap does
    /// (one that may prevent it excludes it instead, R46); and a tap on a child view
    /// stacks under a double tap on its parent.
    @Test("GDL208: any kind, on the same view or an ancestor's")
    func stackedAnyKind() {
        let lift = """
            kind lift discrete {
              cannot prevent tap
              possible { on up -> recognized  on move where translation.x > 20pt -> failed }
            }
            gestures Test {
              view window { view photo }
              recognizer pick = lift on photo
              recognizer zoom = tap(taps: 2) on window
            }
            """
        #expect(ids(lint(lift)).contains("GDL208"), "\(lint(lift))")
        let nested = inSet(
            """
              view card in window
              recognizer open = tap on card
              recognizer zoom = tap(taps: 2) on window
            """)
        #expect(lint(nested).contains { $0.hasPrefix("GDL208") && $0.contains("'open' acts on the start of a sequence that 'zoom'") })
    }
}
