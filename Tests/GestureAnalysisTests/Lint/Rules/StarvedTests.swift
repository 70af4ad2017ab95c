import GestureAnalysis
import TestSupport
import Testing

/// GDL203, starved (`Lint/Rules/Starved.swift`): specs that show it, and fixes that
/// lint clean.
@Suite("GDL203 starved")
struct StarvedTests {
    /// The scene tests' spec and helpers (`lint --scene`).
    private let scene = SceneLintTests()

    @Test("GDL203: a swipe beside a pan never wins (R52); ordering them fixes it")
    func shadowed() {
        expectMarkedFindings(
            """
            gestures Test {
              view window
              recognizer scroll = pan on window
              recognizer flick = swipe on window  // expected-warning {{GDL203 'flick' never wins: 'scroll' takes every touch it could recognize}}
            }
            """)
        expectMarkedFindings(
            """
            gestures Test {
              view window
              recognizer scroll = pan on window
              recognizer flick = swipe on window
              scroll requires flick to fail
            }
            """)
    }

    @Test("GDL203: a tap on a button takes its every touch, so its action never fires (R44); cancelsTouchesInView false fixes it")
    func tapOnAButton() {
        let spec = """
            gestures Inbox {
              view window { view star { control: button } }
              recognizer favourite = tap on star
            }
            """
        let triggers = lint(spec)
        #expect(triggers == ["GDL203 2:22 button 'star' never sends touchUpInside on a tap: 'favourite' on 'star' cancels its touch"])
        // A button without a recognizer of its own is not judged for it: its action fires.
        #expect(lint(spec.replacingOccurrences(of: "recognizer favourite = tap on star", with: "")) == [])
        #expect(lint(spec.replacingOccurrences(of: "tap on star", with: "tap on star { cancelsTouchesInView: false }")) == [])
    }

    @Test("GDL203: of two identical recognizers on one role, one never wins (R50)")
    func identical() {
        let triggers = lint(
            inSet(
                """
                  recognizer a = tap on window
                  recognizer b = tap on window
                """))
        #expect(ids(triggers) == ["GDL203"], "\(triggers)")
    }

    @Test("GDL203: two Pencil-only taps on one role are found with the Pencil (R87); a Pencil tap and a finger's never meet")
    func touchTypes() {
        // The exploration puts a Pencil down only because a recognizer tells the Pencil
        // from a finger: without it, neither tap would ever be reached.
        expectMarkedFindings(
            """
            gestures Test {
              view window { view canvas }
              recognizer mark = tap on canvas { allowedTouchTypes: pencil }  // expected-warning {{GDL203 'mark' never wins: 'select' takes every touch it could recognize}}
              recognizer select = tap on canvas { allowedTouchTypes: pencil }
            }
            """)
        expectMarkedFindings(
            """
            gestures Test {
              view window { view canvas }
              recognizer mark = tap on canvas { allowedTouchTypes: pencil }
              recognizer select = tap on canvas { allowedTouchTypes: [direct, indirectPointer] }
            }
            """)
        // The same told apart by a delegate's predicate rather than the property.
        expectMarkedFindings(
            """
            gestures Test {
              view window { view canvas }
              recognizer mark = tap on canvas { shouldReceiveTouch: touchType == pencil }  // expected-warning {{GDL203 'mark' never wins: 'select' takes every touch it could recognize}}
              recognizer select = tap on canvas { shouldReceiveTouch: touchType == pencil }
            }
            """)
    }

    @Test("GDL203: recognizers declared alike share their run alone; a different predicate does not")
    func shadowedAlike() {
        // `muted` differs from the swipes only in a predicate that never lets it
        // begin, so it cannot win even alone: it is not shadowed, the others are.
        let findings = lint(
            inSet(
                """
                  recognizer scroll = pan on window
                  recognizer flick = swipe on window
                  recognizer fling = swipe on window
                  recognizer muted = swipe on window { shouldBegin: touchCount > 3 }
                """))
        #expect(findings.filter { $0.hasPrefix("GDL203") }.map { $0.prefix(18) } == ["GDL203 4:14 'flick", "GDL203 5:14 'fling"])
    }

    @Test("GDL203 by place: a long press detecting touch-downs takes every drag from the list; wins under two fingers do not count")
    func lostByPlaceToATouchDownDetector() {
        let triggers = lint(
            """
            gestures List {
              view window {
                view list {
                  view cell { interactive: true }
                }
              }
              recognizer scroll = pan on list
              recognizer touchDown = longPress(minimumDuration: 1ms) on cell
            }
            """)
        // The scroll wins on the cell only once a second finger has made the press fail.
        #expect(triggers == ["GDL203 7:14 'scroll' on 'list' never wins a touch that lands on 'cell': 'touchDown' takes it"])
    }

    @Test("GDL203, a second finger too late: a pan on a view inside blocks the outer pinch, unless that view pinches itself")
    func secondFingerOnInnerView() {
        let canvas = """
            gestures Canvas {
              view window {
                view canvas {
                  view sticker { interactive: true }
                }
              }
              recognizer zoom = pinch on canvas
              recognizer drag = pan on sticker
            %@}
            """
        let triggers = lint(canvas.replacingOccurrences(of: "%@", with: ""))
        #expect(ids(triggers) == ["GDL203"], "\(triggers)")
        #expect(triggers.first?.contains("'zoom' cannot begin") == true, "\(triggers)")
        #expect(lint(canvas.replacingOccurrences(of: "%@", with: "  simultaneous zoom, drag\n")) == [])
        // The sticker pinches itself: two fingers that land on it are its (nesting).
        let own = canvas.replacingOccurrences(
            of: "%@", with: "  recognizer resize = pinch on sticker\n  simultaneous drag, resize\n")
        #expect(!ids(lint(own)).contains("GDL203"), "\(lint(own))")
    }

    @Test("GDL203 in a scene: a view no touch reaches, hidden, outside its parent, or under a view in front (R1, R2, R4, R18)")
    func unreachable() throws {
        let hiddenBar = #"{"id": "bar", "role": "toolbar", "parent": "w", "frame": [0, 700, 400, 100], "hidden": true},"#
        let button = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 10, 60, 60]},"#
        #expect(
            try scene.lint([SceneLintTests.window, hiddenBar, button, SceneLintTests.cell].joined(separator: "\n")) == [
                "GDL203 4:1 no touch reaches view 'b': its parent 'bar' is hidden (R1), so its recognizer 'press' never runs"
            ])
        // The button sits below the toolbar's 100pt: hit-testing never looks there.
        let outside = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 150, 60, 60]},"#
        #expect(
            try scene.lint([SceneLintTests.window, SceneLintTests.toolbar, outside, SceneLintTests.cell].joined(separator: "\n")) == [
                "GDL203 4:1 no touch reaches view 'b': it lies outside its parent 'bar', where hit-testing never looks (R2), so its recognizer 'press' never runs"
            ])
        // A full-screen overlay added last is in front of everything and takes touches.
        let button2 = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 10, 60, 60]},"#
        let overlay = #"{"id": "o", "role": "overlay", "parent": "w", "frame": [0, 0, 400, 800], "interactive": true}"#
        let covered = try scene.lint(
            [SceneLintTests.window, SceneLintTests.toolbar, button2, SceneLintTests.cell + ",", overlay].joined(separator: "\n"))
        #expect(
            covered == [
                "GDL203 4:1 no touch reaches view 'b': 'o' in front takes them all (R4), so its recognizer 'press' never runs",
                "GDL203 5:1 no touch reaches view 'c': 'o' in front takes them all (R4), so its recognizer 'open' never runs",
            ])
        // Not interactive, the overlay lets every touch through (R1).
        let passive = overlay.replacingOccurrences(of: #", "interactive": true"#, with: #", "interactive": false"#)
        #expect(
            try scene.lint([SceneLintTests.window, SceneLintTests.toolbar, button2, SceneLintTests.cell + ",", passive].joined(separator: "\n"))
                .isEmpty)
    }

    @Test("GDL203 in a scene: a badge in front of a cell's corner takes a quarter or more of its touches (R4)")
    func covered() throws {
        // An overlay, the cell's sibling in front: 200 × 80 of the cell's 400 × 100.
        let badge = #"{"id": "x", "role": "overlay", "parent": "w", "frame": [0, 100, 200, 80], "interactive": true}"#
        let views = [SceneLintTests.window, SceneLintTests.toolbar, SceneLintTests.cell + ",", badge].joined(separator: "\n")
        let findings = try scene.lint(views)
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("GDL203 4:1 ") == true)
        // Of the 9 × 9 points at the centres of the cell's grid, 4 columns lie left of
        // x = 200 (the fifth is at 200, outside: R3) and 7 rows above y = 180: 28 of 81.
        #expect(
            findings.first?.contains(
                "touches on 35% of view 'c''s area (28 of the 81 points of a grid over its frame) land on 'x', in front (R4), so its recognizer 'open' never runs there"
            ) == true)
        // The rule's former id, GDL216, still names it.
        #expect(try scene.lint(views, disabled: ["GDL216"]).isEmpty)
        // Inside the cell, the badge's touches reach the cell's recognizers (R18).
        let inside = #"{"id": "x", "role": "badge", "parent": "c", "frame": [0, 0, 200, 80], "interactive": true}"#
        #expect(try scene.lint([SceneLintTests.window, SceneLintTests.toolbar, SceneLintTests.cell + ",", inside].joined(separator: "\n")).isEmpty)
    }

    @Test("GDL203 in a scene: a part of a view that sticks out of its parent shows but takes no touch (R2)")
    func sticksOut() throws {
        // The toolbar spans y 600–700; the button, 60pt tall from y 660, has its lower
        // 20pt below it, over the window: rows 6, 7 and 8 of the 9 × 9 grid (their
        // centres at 703, 710 and 717) are outside the toolbar, 27 of 81 points.
        let toolbar = #"{"id": "bar", "role": "toolbar", "parent": "w", "frame": [0, 600, 400, 100]},"#
        let button = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 60, 60, 60]},"#
        #expect(
            try scene.lint([SceneLintTests.window, toolbar, button, SceneLintTests.cell].joined(separator: "\n")) == [
                "GDL203 4:1 33% of view 'b''s area (27 of the 81 points of a grid over its frame) lies outside its parent 'bar', where hit-testing never looks (R2), so its recognizer 'press' never runs there"
                    + " | move 'b' inside 'bar', or grow 'bar' to hold it: a part that sticks out shows but takes no touch"
            ])
        // A toolbar that scrolls clips its content, as a scroll view does: the part
        // outside does not show, and nothing is lost that a user could touch.
        let scrolling = toolbar.replacingOccurrences(of: "100]}", with: #"100], "contentHeight": 400}"#)
        #expect(try scene.lint([SceneLintTests.window, scrolling, button, SceneLintTests.cell].joined(separator: "\n")).isEmpty)
        // A button inside the toolbar loses nothing.
        let inside = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 20, 60, 60]},"#
        #expect(try scene.lint([SceneLintTests.window, toolbar, inside, SceneLintTests.cell].joined(separator: "\n")).isEmpty)
    }
}
