import GeneratedSets
import GestureRuntime
import GestureTesting
import Testing

/// `GestureTesting` driving the generated sets as an app's tests would: gestures as
/// verbs, the clock advanced by the tester, expectations reasoned from the rules.
@Suite("GestureTesting")
struct GestureTesterTests {
    /// The photo browser's scene (Examples/Traces/PhotoBrowser.scene.json), failures
    /// recorded as issues.
    func photoBrowser(
        onFailure: @escaping (GestureTester<PhotoBrowser>.Failure) -> Void = { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(fileID: failure.fileID, filePath: failure.filePath, line: failure.line, column: failure.column))
        }
    ) throws -> GestureTester<PhotoBrowser> {
        let tester = try GestureTester<PhotoBrowser>(onFailure: onFailure)
        let window = try tester.view("window", .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let scroller = try tester.view("scroller", .scroller, in: window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try tester.view("photo", .photo, in: scroller, frame: Rect(x: 0, y: 100, width: 390, height: 400))
        return tester
    }

    @Test("a double tap zooms in and never toggles the toolbars (R49, R53)")
    func doubleTap() throws {
        let tester = try photoBrowser()
        try tester.doubleTap(on: "photo")
        // The gesture starts a second in (the pause between gestures); the second lift
        // is 200 ms later.
        tester.expect(.doubleTap, .recognized, on: "photo", at: 1.2, values: ["location": [195, 300]])
        tester.expectNever(.singleTap)
        tester.expect(view: "photo", receives: .began, at: 1.0)
    }

    @Test("VoiceOver's paths: the photo's 'Zoom in' is the double tap's action, its activation the single tap's, a scroll the scroller's pan's")
    func accessibility() throws {
        var failures: [String] = []
        let tester = try photoBrowser(onFailure: { failures.append($0.message) })
        #expect(tester.accessibilityOffer(of: "photo")?.customActions.map(\.label) == ["Zoom in", "Zoom out"])
        try tester.perform(.custom(label: "Zoom in"), on: "photo")
        // Each request starts a pause (1 s) after the last thing that happened.
        tester.expect(.doubleTap, .recognized, on: "photo", at: 1.0)
        #expect(tester.actions.last?.accessibility == .custom(label: "Zoom in"))
        #expect(tester.actions.last?.values.isEmpty == true)
        try tester.perform(.activate, on: "photo")
        tester.expect(.singleTap, .recognized, on: "photo", at: 2.0)
        try tester.perform(.scroll([.left]), on: "photo")
        tester.expect(.drag, .ended, on: "scroller", at: 3.0)
        #expect(failures.isEmpty)
        // Escape reaches nothing in this set: the tester says so, as a failure.
        #expect(try tester.perform(.escape, on: "photo") == false)
        #expect(failures.count == 1 && failures.first?.contains("reaches no recognizer") == true)
        #expect(throws: (any Error).self) { try tester.perform(.activate, on: "nowhere") }
    }

    @Test("the info button's tap is its touchUpInside; a drag off it ends outside; the expectation that fails says so")
    func infoButton() throws {
        let tester = try photoBrowser()
        let window = try tester.view("window2", .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try tester.view("info", .infoButton, in: window, frame: Rect(x: 350, y: 790, width: 24, height: 24))
        try tester.tap(on: "info")
        tester.expect(control: "info", sends: .touchUpInside, at: 1.05)
        tester.expectNever(control: "info", sends: .touchUpOutside)
        try tester.drag(on: "info", by: Point(x: -200, y: 0))
        tester.expect(control: "info", sends: .touchDragExit)
        tester.expect(control: "info", sends: .touchUpOutside)

        var failures: [String] = []
        let quiet = try photoBrowser(onFailure: { failures.append($0.message) })
        try quiet.tap(on: "photo")
        quiet.expect(control: "photo", sends: .touchUpInside)
        #expect(failures.first?.hasPrefix("expected photo to send touchUpInside\ntimeline:") == true)
    }

    @Test("a single tap acts once the double tap's 350 ms have passed (R55): the tester runs the timers")
    func singleTap() throws {
        let tester = try photoBrowser()
        try tester.tap(on: "photo")
        tester.expect(.singleTap, .recognized, at: 1.4)
        // UIKit's `.recognized` is `.ended`: either name matches.
        tester.expect(.singleTap, .ended, at: 1.4)
        tester.expectNever(.doubleTap)
        tester.expectNever(.doubleTap, .ended)
    }

    @Test("a pinch zooms with the rotation and pan allowed alongside; a hook turns it off (R48, R59)")
    func pinch() throws {
        let tester = try photoBrowser()
        try tester.pinch(on: "photo", scale: 2)
        tester.expect(.zoom, .began)
        tester.expect(.zoom, .ended)
        #expect((tester.actions(of: .zoom).last?.values.first { $0.name == "scale" }?.numbers.first ?? 0) > 1.9)

        let slideshow = try photoBrowser()
        slideshow.set(.allowZoom, false)
        try slideshow.pinch(on: "photo", scale: 2)
        slideshow.expectNever(.zoom)
    }

    @Test("a one-finger drag pans the photo without taking the touch from it (cancelsTouchesInView: false)")
    func drag() throws {
        let tester = try photoBrowser()
        try tester.drag(on: "photo", by: Point(x: 0, y: 120))
        tester.expect(.drag, .began)
        tester.expect(.drag, .ended, values: ["translation": [0, 120]])
        tester.expectNever(view: "photo", receives: .cancelled)
        tester.expect(view: "photo", receives: .ended)
    }

    @Test("an expectation that does not hold says what it expected, where, and shows the timeline")
    func failureMessage() throws {
        var failures: [GestureTester<PhotoBrowser>.Failure] = []
        let tester = try photoBrowser { failures.append($0) }
        try tester.tap(on: "photo")
        let line = #line + 1  // The expectation's own line.
        tester.expect(.doubleTap, .recognized)
        tester.expectNever(.singleTap)
        #expect(failures.count == 2)
        #expect(failures.first?.line == line)
        #expect(failures.first?.fileID.hasSuffix("GestureTesterTests.swift") == true)
        #expect(
            failures.first?.message == """
                expected doubleTap recognized
                timeline:
                  1  photo  touches began 1
                  1.4  photo  touches cancelled 1
                  1.4  singleTap@photo  recognized  location (195, 300)

                """)
        #expect(failures.last?.message.hasPrefix("expected no action of singleTap; it recognized at 1.4s\n") == true)
    }

    @Test("an edge drag goes back over the page, whose scroll waits for it (R75a, R53)")
    func edgeDrag() throws {
        let tester = try GestureTester<BrowserPage> { Issue.record(Comment(rawValue: $0.message)) }
        let window = try tester.view("window", .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try tester.view("page", .page, in: window, frame: Rect(x: 0, y: 0, width: 390, height: 780))
        try tester.edgeDrag(from: .left)
        tester.expect(.back, .began)
        tester.expectNever(.scroll, .began)
        #expect(throws: GestureTesterError.unknownView("nowhere")) { try tester.tap(on: "nowhere") }
    }

    @Test("any touch id a test chooses, Int.max included, leaves the tester's own gestures their ids")
    func extremeTouchIDs() throws {
        let tester = try photoBrowser()
        try tester.down(Int.max, at: Point(x: 195, y: 300))
        try tester.up(Int.max, at: Point(x: 195, y: 300))
        try tester.wait(1)
        // A finger of the test's still down: the tester's own taps take other ids.
        try tester.down(1, at: Point(x: 10, y: 10), after: 1)
        try tester.doubleTap(on: "photo")
        tester.expect(.doubleTap, .recognized, on: "photo")
        try tester.up(1, at: Point(x: 10, y: 10))
        try tester.down(Int.min, at: Point(x: 195, y: 300), after: 1)
        try tester.up(Int.min, at: Point(x: 195, y: 300))
        try tester.tap(on: "photo")
        tester.expect(.singleTap, .recognized, on: "photo")
    }

    /// The sketchbook's window, page and drawing, as `Examples/Traces/Sketchbook.scene.json`.
    private func sketchbook() throws -> GestureTester<Sketchbook> {
        let tester = try GestureTester<Sketchbook> { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(fileID: failure.fileID, filePath: failure.filePath, line: failure.line, column: failure.column))
        }
        let window = try tester.view("window", .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let page = try tester.view("page", .page, in: window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try tester.view("drawing", .drawing, in: page, frame: Rect(x: 0, y: 0, width: 390, height: 1600))
        return tester
    }

    @Test("touch by touch with a type: the Pencil draws on the sketchbook and a finger scrolls it (R87)")
    func touchTypes() throws {
        let tester = try sketchbook()
        // The stroke begins at the Pencil's first move past 1 pt; the page never moves.
        try tester.down(1, at: Point(x: 100, y: 300), touchType: .pencil)
        try tester.move(1, to: Point(x: 100, y: 320))
        try tester.up(1, at: Point(x: 100, y: 320))
        tester.expect(.ink, .began, on: "drawing", at: 0.016)
        tester.expectNever(.pagePan)
        // A finger, the same way, scrolls and never draws.
        try tester.down(2, at: Point(x: 100, y: 300), after: 1)
        try tester.move(2, to: Point(x: 100, y: 320))
        try tester.up(2, at: Point(x: 100, y: 320))
        tester.expect(.pagePan, .began, on: "page", at: 1.048)
        #expect(tester.actions(of: .ink).count == 2)
    }

    @Test("a trackpad's scroll moves the sketchbook's page and a trackpad's pinch zooms it, touching nothing (R88, R89)")
    func pointerInputs() throws {
        let tester = try sketchbook()
        // The page's pan takes every scroll type (the prelude's scroll view); the ink takes none.
        try tester.scroll(on: "drawing", by: Point(x: 0, y: -200))
        tester.expect(.pagePan, .began, on: "page")
        // Its location is the pointer, its translation the whole scroll.
        tester.expect(.pagePan, .ended, on: "page", values: ["location": [195, 800], "translation": [0, -200]])
        tester.expectNever(.ink)
        // The page's zoom receives transforms, though it takes fingers only.
        try tester.trackpadPinch(on: "drawing", scale: 2)
        tester.expect(.pageZoom, .began, on: "page")
        tester.expect(.pageZoom, .ended, on: "page", values: ["scale": [2]])
        tester.expectNever(.ink)
        // The pointer's hover passes the Pencil's preview by; the Pencil's hover begins it.
        try tester.hover(from: Point(x: 100, y: 300), to: Point(x: 200, y: 300))
        tester.expectNever(.preview)
        try tester.hover(from: Point(x: 100, y: 300), to: Point(x: 200, y: 300), touchType: .pencil)
        tester.expect(.preview, .began, on: "drawing", values: ["location": [100, 300]])
        tester.expect(.preview, .ended, on: "drawing", values: ["location": [200, 300]])
    }
}
