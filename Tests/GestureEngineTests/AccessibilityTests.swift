import GestureRuntime
import TestSupport
import Testing

/// What VoiceOver and Switch Control reach without gestures (docs/accessibility.md):
/// each view's offer (activation, the rotor's custom actions) and the target of each
/// request. Expectations are reasoned from the document's rules: a one-finger single
/// tap is activation unless it says otherwise; a control's activation is its event;
/// escape, scroll and magic tap are looked for from the focused view up its parents,
/// as UIKit asks up the responder chain; a disabled recognizer (R60) and a view off
/// screen (R1) offer nothing.
@Suite("Accessibility")
struct AccessibilityTests {
    /// A window holding a list holding a row, with a delete button in the row.
    func scene(_ members: String) throws -> Scenario {
        var scene = try Scenario(
            "view window { view list { view row { view deleteButton { control: button } } } }\n" + members, views: [])
        try scene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("list", as: "list", under: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try scene.add("row", as: "row", under: "list", frame: Rect(x: 0, y: 100, width: 400, height: 60))
        try scene.add("deleteButton", as: "deleteButton", under: "row", frame: Rect(x: 340, y: 10, width: 44, height: 44))
        return scene
    }

    private func offer(_ scene: Scenario, _ view: String) throws -> AccessibilityOffer? {
        scene.engine.accessibilityOffer(of: try #require(scene.views[view]))
    }

    private func target(_ scene: Scenario, _ request: AccessibilityRequest, on view: String) throws -> AccessibilityTarget? {
        scene.engine.accessibilityTarget(of: request, on: try #require(scene.views[view]))
    }

    @Test("a one-finger single tap is the row's activation; a double tap and a swipe with labels are its custom actions, in order")
    func offer() throws {
        let scene = try scene(
            """
            recognizer open = tap on row
            recognizer like = tap(taps: 2) on row { accessibility: "Like" }
            recognizer archive = swipe(direction: left) on row { accessibility: "Archive" }
            recognizer hold = longPress on row
            """)
        let offer = try #require(try offer(scene, "row"))
        #expect(offer.activation == (try scene.recognizer("open")))
        #expect(offer.customActions.map(\.label) == ["Like", "Archive"])
        #expect(offer.customActions.map(\.recognizer) == [try scene.recognizer("like"), try scene.recognizer("archive")])
        #expect(offer.frame == Rect(x: 0, y: 100, width: 400, height: 60))
        #expect(offer.control == nil && offer.activationEvent == nil)
        #expect(try target(scene, .custom(label: "Archive"), on: "row") == .recognizer(try scene.recognizer("archive")))
        #expect(try target(scene, .custom(label: "Nothing"), on: "row") == nil)
        #expect(try target(scene, .activate, on: "row") == .recognizer(try scene.recognizer("open")))
    }

    @Test("a two-finger tap and a double tap are not activation; an explicit 'activate' is, over a later implied one")
    func activation() throws {
        var scene = try scene(
            """
            recognizer twoFingers = tap(touches: 2) on row
            recognizer twice = tap(taps: 2) on row
            """)
        #expect(try offer(scene, "row")?.activation == nil)
        #expect(try target(scene, .activate, on: "row") == nil)
        scene = try self.scene(
            """
            recognizer select = longPress on row { accessibility: activate }
            recognizer open = tap on row
            """)
        #expect(try offer(scene, "row")?.activation == (try scene.recognizer("select")))
    }

    @Test("a control's activation is its event: touchUpInside for a button, valueChanged for a switch")
    func control() throws {
        let scene = try scene("recognizer open = tap on row")
        #expect(try offer(scene, "deleteButton")?.control == .button)
        let button = try #require(scene.views["deleteButton"])
        #expect(try target(scene, .activate, on: "deleteButton") == .control(button, .touchUpInside))
        var switchScene = try Scenario("view window { view toggle { control: switch } }", views: [])
        try switchScene.add("window", as: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try switchScene.add("toggle", as: "toggle", under: "window", frame: Rect(x: 10, y: 10, width: 51, height: 31))
        let toggle = try #require(switchScene.views["toggle"])
        #expect(switchScene.engine.accessibilityTarget(of: .activate, on: toggle) == .control(toggle, .valueChanged))
    }

    @Test("escape, scroll and magic tap are found from the focused view up its parents; the nearest wins")
    func screenWide() throws {
        let scene = try scene(
            """
            recognizer close = swipe(direction: down) on window { accessibility: escape }
            recognizer page = pan on list { accessibility: scroll }
            recognizer play = tap(touches: 2, taps: 2) on window { accessibility: magicTap }
            recognizer rowBack = swipe(direction: right) on row { accessibility: escape }
            """)
        #expect(try target(scene, .escape, on: "deleteButton") == .recognizer(try scene.recognizer("rowBack")))
        #expect(try target(scene, .escape, on: "list") == .recognizer(try scene.recognizer("close")))
        #expect(try target(scene, .scroll([.up]), on: "deleteButton") == .recognizer(try scene.recognizer("page")))
        #expect(try target(scene, .scroll([.up]), on: "window") == nil)
        #expect(try target(scene, .magicTap, on: "row") == .recognizer(try scene.recognizer("play")))
        // Screen-wide requests are not the element's own: the row's offer lists none.
        #expect(try offer(scene, "row")?.customActions.isEmpty == true)
        #expect(try offer(scene, "row")?.isActionable == false)
    }

    @Test("R60: a disabled recognizer offers nothing until enabled again; R1: a hidden view offers nothing, nor do its subviews")
    func disabledAndHidden() throws {
        var scene = try scene(
            """
            recognizer like = tap(taps: 2) on row { accessibility: "Like" }
            recognizer close = swipe(direction: down) on window { accessibility: escape }
            """)
        try scene.setEnabled("like", false, at: 0)
        #expect(try offer(scene, "row")?.customActions.isEmpty == true)
        try scene.setEnabled("like", true, at: 0.1)
        #expect(try offer(scene, "row")?.customActions.map(\.label) == ["Like"])
        try scene.engine.setProperties(ViewProperties(hidden: true), of: try #require(scene.views["row"]))
        #expect(try offer(scene, "row") == nil)
        #expect(try offer(scene, "deleteButton") == nil)
        #expect(try target(scene, .escape, on: "deleteButton") == nil)
        #expect(try target(scene, .escape, on: "list") == .recognizer(try scene.recognizer("close")))
    }

    @Test("the program says what it declared; the implied activation is the reader's, for the prelude's one-finger single tap only")
    func programReading() throws {
        let scene = try scene(
            """
            recognizer open = tap on row
            recognizer openTwo = tap(touches: 2) on row
            recognizer remove = swipe(direction: left) on row { accessibility: deleteButton }
            """)
        let program = scene.engine.program
        let names = program.recognizers.map(\.name)
        let open = try #require(names.firstIndex(of: "open"))
        let remove = try #require(names.firstIndex(of: "remove"))
        let button = try #require(program.views.map(\.name).firstIndex(of: "deleteButton"))
        #expect(program.recognizers[open].accessibility == nil)
        #expect(program.accessibility(ofRecognizer: open) == .activate)
        #expect(program.accessibility(ofRecognizer: try #require(names.firstIndex(of: "openTwo"))) == nil)
        #expect(program.accessibility(ofRecognizer: remove) == .control(role: button))
        #expect(program.accessibility(ofRecognizer: program.recognizers.count) == nil)
    }
}
