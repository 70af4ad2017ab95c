import GestureAnalysis
import GestureSimulation
import Testing

/// GDL226, back-swipe-conflict (`Lint/Rules/BackSwipeConflict.swift`): specs that show
/// it, and fixes that lint clean. On a device, through `SystemLintTests`' helpers.
@Suite("GDL226 back-swipe-conflict")
struct BackSwipeConflictTests {
    private let support = SystemLintTests()

    @Test("GDL226: a horizontal scroll on a pushed screen takes the back swipe; requiring it to fail is the fix")
    func scrollTakesTheBackSwipe() throws {
        let findings = try support.lint(SystemLintTests.drawer, on: "iphone-14")
        #expect(support.ids(findings) == ["GDL226"])
        #expect(findings.first?.message == "'scroll' takes the back swipe from the left edge on iphone-14: 'back' never begins")
        #expect(findings.first?.notes.last?.message == "let it go first: 'scroll requires back to fail'")
        let timeline = try support.replay(try #require(findings.first), SystemLintTests.drawer)
        #expect(timeline.contains("scroll@page  began"))
        #expect(!timeline.contains("back@window  began"))

        let fixed = SystemLintTests.drawer.replacingOccurrences(
            of: "  recognizer scroll = pan on page\n", with: "  recognizer scroll = pan on page\n  scroll requires back to fail\n")
        #expect(try support.lint(fixed, on: "iphone-14").isEmpty)
        // On Android the back recognizer stands aside and the scroll is no edge gesture.
        #expect(try support.lint(fixed, on: "pixel-7").isEmpty)
    }

    @Test("GDL226 on Android: a drawer's handle at the edge loses its drag to the system's back; claiming it is the fix")
    func drawerLosesToAndroidBack() throws {
        let spec = """
            gestures Drawer {
              view window { view handle }
              recognizer open = pan on handle
            }
            """
        let views =
            #"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]},"# + "\n"
            + #"{"id": "h", "role": "handle", "parent": "w", "frame": [0, 400, 48, 48]}"#
        let findings = try support.lint(spec, on: "pixel-7", views: views)
        #expect(support.ids(findings) == ["GDL226"])
        #expect(findings.first?.message.contains("'open' loses a swipe inwards from the left edge") == true)
        #expect(findings.first?.message.contains("to the system's back swipe on pixel-7") == true)
        #expect(try support.replay(try #require(findings.first), spec).contains("back@system  recognized"))
        // Claimed, 48 dp high, within the budget: the drag is the handle's.
        let claimed = spec.replacingOccurrences(of: "view handle }", with: "view handle { excludesSystemGestures: true } }")
        #expect(try support.lint(claimed, on: "pixel-7", views: views).isEmpty)
        // iOS has no back zone at the edge: nothing to say.
        #expect(try support.lint(spec, on: "iphone-14", views: views.replacingOccurrences(of: "412, 915", with: "390, 844")).isEmpty)
    }
}
