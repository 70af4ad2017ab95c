import GestureAnalysis
import GestureSimulation
import Testing

/// GDL224, system-takes-the-swipe (`Lint/Rules/SystemTakesTheSwipe.swift`): specs that
/// show it, and fixes that lint clean. On a device, through `SystemLintTests`' helpers.
@Suite("GDL224 system-takes-the-swipe")
struct SystemTakesTheSwipeTests {
    private let support = SystemLintTests()

    @Test("GDL224: a bottom-edge pan loses its swipe to the home gesture; the replay shows the system take it")
    func homeTakesTheTray() throws {
        let findings = try support.lint(SystemLintTests.tray, on: "iphone-14")
        #expect(support.ids(findings) == ["GDL224"])
        #expect(findings.first?.message.contains("'openTray' loses a swipe inwards from the bottom edge") == true)
        let timeline = try support.replay(try #require(findings.first), SystemLintTests.tray)
        #expect(timeline.contains("home@system  recognized"))
        #expect(!timeline.contains("openTray@window  began"))
        // Android's home swipe is mandatory: the same finding there.
        #expect(support.ids(try support.lint(SystemLintTests.tray, on: "pixel-7")) == ["GDL224"])
    }

    @Test("GDL224 is not said of a pan a user starts anywhere, a full-screen scroll")
    func scrollIsNotAnEdgeGesture() throws {
        let spec = """
            gestures Scroll {
              view window
              recognizer scroll = pan on window
            }
            """
        for device in DeviceProfile.builtIn { #expect(try support.lint(spec, on: device.name).isEmpty) }
    }
}
