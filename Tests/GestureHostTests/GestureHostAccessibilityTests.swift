import GeneratedSets
import GestureHost
import GestureRuntime
import TestSupport
import Testing

/// The host's accessibility elements and the actions VoiceOver performs through them
/// (docs/accessibility.md), on the PhotoBrowser example: the photo's single tap is its
/// activation (a one-finger single tap), the double tap and the two-finger tap are its
/// rotor's "Zoom in" and "Zoom out", the scroller's rotation is "Rotate" and its pan the
/// screen's `scroll`; the info button is a button. Expectations follow from the spec
/// and the document, not from a run.
@Suite("GestureHost: accessibility")
struct GestureHostAccessibilityTests {
    typealias Host = GestureHost<PhotoBrowser, String, String>

    private func host() throws -> Host {
        let host = try Host(windowSize: Point(x: 390, y: 844))
        try GestureHostTests.registerBrowserViews(in: host)
        try host.register("info", role: .infoButton, parent: "window", frame: Rect(x: 350, y: 790, width: 24, height: 24))
        return host
    }

    @Test("the elements: scroller, photo and the info button in reading order, each with what it offers; the bare window is none")
    func elements() throws {
        let host = try host()
        let elements = host.accessibilityElements()
        #expect(elements.map(\.view) == ["scroller", "photo", "info"])
        let photo = try #require(elements.first { $0.view == "photo" })
        #expect(photo.role == .photo)
        #expect(photo.frame == Rect(x: 0, y: 100, width: 390, height: 400))
        #expect(photo.activation == .singleTap)
        #expect(photo.customActions.map(\.label) == ["Zoom in", "Zoom out"])
        #expect(photo.customActions.map(\.recognizer) == [.doubleTap, .zoomOut])
        let scroller = try #require(elements.first { $0.view == "scroller" })
        #expect(scroller.customActions.map(\.label) == ["Rotate"])
        #expect(scroller.activation == nil)
        let info = try #require(elements.last)
        #expect(info.activation == nil && info.activationEvent == .touchUpInside)
    }

    @Test("a custom action and activation call the recognizer's handlers once: phase ended, no values, the request said")
    func perform() throws {
        let host = try host()
        var heard: [String] = []
        for recognizer in PhotoBrowser.Recognizer.allCases {
            host.onAction(of: recognizer) { action in
                heard.append(
                    "\(action.recognizer) \(action.view ?? "-") \(action.phase) \(action.time) \(action.values.count) \(action.accessibility.map { "\($0)" } ?? "touch")"
                )
                #expect(action.reportedValues(as: PhotoBrowser.TapValues.self) == nil)
            }
        }
        #expect(host.performAccessibility(.custom(label: "Zoom out"), on: "photo", timestamp: 1))
        #expect(host.performAccessibility(.activate, on: "photo", timestamp: 2))
        #expect(!host.performAccessibility(.custom(label: "Share"), on: "photo", timestamp: 3))
        #expect(!host.performAccessibility(.activate, on: "unknown", timestamp: 3))
        #expect(!host.performAccessibility(.activate, on: "photo", timestamp: .nan))
        #expect(
            heard == [
                "zoomOut photo ended 1.0 0 custom(label: \"Zoom out\")",
                "singleTap photo ended 2.0 0 activate",
            ])
    }

    @Test("scroll from the photo reaches the scroller's pan, up the parents, with its direction; escape reaches nothing")
    func scroll() throws {
        let host = try host()
        var heard: [(String?, AccessibilityRequest?)] = []
        host.onAction(of: .drag) { heard.append(($0.view, $0.accessibility)) }
        #expect(host.performAccessibility(.scroll([.up]), on: "photo", timestamp: 1))
        #expect(heard.count == 1 && heard.first?.0 == "scroller" && heard.first?.1 == .scroll([.up]))
        #expect(!host.performAccessibility(.escape, on: "photo", timestamp: 2))
        #expect(!host.performAccessibility(.magicTap, on: "photo", timestamp: 2))
    }

    @Test("a button's activation sends its handlers touchUpInside at its centre")
    func button() throws {
        let host = try host()
        var events: [String] = []
        host.onControlEvent(of: "info") { events.append("\($0.view) \($0.event) \($0.time) \($0.location.x) \($0.location.y)") }
        #expect(host.performAccessibility(.activate, on: "info", timestamp: 4))
        #expect(events == ["info touchUpInside 4.0 362.0 802.0"])
    }

    @Test("labels: the app's per view, over the role's; forgotten when the view leaves; a hidden view is not an element")
    func labels() throws {
        let host = try host()
        #expect(host.accessibilityElements().first { $0.view == "photo" }?.label == nil)
        try host.setAccessibilityLabel("Sunset at the pier", of: "photo")
        #expect(host.accessibilityElements().first { $0.view == "photo" }?.label == "Sunset at the pier")
        #expect(throws: HostError.self) { try host.setAccessibilityLabel("x", of: "unknown") }
        try host.setProperties(ViewProperties(interactive: true, hidden: true), of: "photo")
        #expect(host.accessibilityElements().map(\.view) == ["scroller", "info"])
        #expect(!host.performAccessibility(.activate, on: "photo", timestamp: 1))
        try host.unregister("photo", timestamp: 2)
        try host.register(
            "photo", role: .photo, parent: "scroller", frame: Rect(x: 0, y: 100, width: 390, height: 400),
            properties: ViewProperties(interactive: true))
        #expect(host.accessibilityElements().first { $0.view == "photo" }?.label == nil)
    }
}
