import GestureAnalysis
import TestSupport
import Testing

/// GDL222, late (`Lint/Rules/Late.swift`): specs that show it, and fixes that lint
/// clean.
@Suite("GDL222 late")
struct LateTests {
    @Test("GDL222: a button's tap ends 350ms late under a card's double tap (R40); either fix is silent")
    func endHeldBack() {
        let card = """
            gestures Post {
              view window {
                view card {
                  view button { interactive: true }
                }
              }
              recognizer like = tap(taps: 2) on card%@
            }
            """
        expectMarkedFindings(
            """
            gestures Post {
              view window {
                view card {
                  view button { interactive: true }  // expected-warning {{GDL222 view 'button' gets a tap's touches ended 350ms after the lift: 'like' on 'card' holds it back until it fails}}
                }
              }
              recognizer like = tap(taps: 2) on card
            }
            """)
        #expect(lint(card.replacingOccurrences(of: "%@", with: " { shouldReceiveTouch: touchedView != button }")) == [])
        #expect(lint(card.replacingOccurrences(of: "%@", with: " { delaysTouchesEnded: false }")) == [])
        // A view with a recognizer of its own acts through it, not on its touches' ends.
        #expect(!ids(lint(card.replacingOccurrences(of: "%@", with: "\n  recognizer press = longPress on button"))).contains("GDL222"))
    }
}
