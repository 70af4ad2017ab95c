import GestureAnalysis
import TestSupport
import Testing

/// GDL221, delivery-changed (`Lint/Rules/DeliveryChanged.swift`): specs that show it,
/// and fixes that lint clean.
@Suite("GDL221 delivery-changed")
struct DeliveryChangedTests {
    @Test("GDL221 judges a scroll around the view, not a pan on the window that slides the whole screen")
    func flashUnderScrollNotDrawer() {
        let scroll = """
            gestures Test {
              view window { view list { view button } }
              recognizer scroll = pan on list
            }
            """
        #expect(
            lint(scroll).contains(
                "GDL221 2:34 view 'button' gets a touch's began and, moments later, its cancel when 'scroll' begins: its highlight flashes"))
        let drawer = """
            gestures Test {
              view window { view content }
              recognizer drawer = pan(direction: horizontal) on window
            }
            """
        #expect(!ids(lint(drawer)).contains("GDL221"))
    }

    @Test("GDL221: a cell gets touches ended after a drag that a scroll leaving it the touch began with (R39)")
    func endAfterDrag() {
        let list = """
            gestures List {
              view window {
                view list {
                  view cell { interactive: true }
                }
              }
              recognizer scroll = pan on list%@
              recognizer delay = touchDelay on list
            }
            """
        let triggers = lint(list.replacingOccurrences(of: "%@", with: " { cancelsTouchesInView: false }"))
        #expect(
            triggers == [
                "GDL221 4:12 view 'cell' gets touches ended at the end of a drag that 'scroll' on 'list' began with: it acts as if tapped"
            ])
        #expect(lint(list.replacingOccurrences(of: "%@", with: "")) == [], "the scroll takes the touch (R38)")
        // A long press that leaves its dot highlighted began on a still hold, not a drag.
        let press = list.replacingOccurrences(of: "pan on list%@", with: "longPress on list { cancelsTouchesInView: false }")
        #expect(!ids(lint(press)).contains("GDL221"), "\(lint(press))")
    }
}
