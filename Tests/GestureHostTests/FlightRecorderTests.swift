import GeneratedSets
import GestureDSL
import GestureHost
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The host's flight recorder (docs/recording.md): what it writes, reasoned from
/// the recording format (docs/traces.md's text form, with a down's `on VIEW`), and that
/// a recording replays to the outputs the host's engine produced.
@Suite("GestureHost's flight recorder")
struct FlightRecorderTests {
    typealias Host = GestureHost<PhotoBrowser, String, String>

    /// The browser's window, scroller and photo, registered while recording.
    private func host(_ settings: FlightRecorderSettings = FlightRecorderSettings()) throws -> Host {
        let host = try Host(windowSize: Point(x: 390, y: 844), flightRecorder: settings)
        try GestureHostTests.registerBrowserViews(in: host)
        return host
    }

    @Test("each call the engine took is a line at the engine's time: views as added, one engine event a line, a down's hit view")
    func writesEachCall() throws {
        let host = try host()
        try host.handle([.init("a", .began, at: Point(x: 150, y: 250), view: "photo")], timestamp: 1.5)
        try host.handle([.init("a", .moved, at: Point(x: 150.25, y: 260))], timestamp: 1.6)
        try host.scroll("scroller", to: Point(x: 0, y: 120))
        // A finger lifts and another lands in one platform event: one engine event, and
        // the new finger takes id 2, since 1 is still down until the event is sent.
        try host.handle(
            [.init("a", .ended, at: Point(x: 150.25, y: 260)), .init("b", .began, at: Point(x: 100, y: 600))], timestamp: 1.7)
        try host.setProperties(ViewProperties(interactive: true, alpha: 0.5), of: "photo")
        // Stamped before the clock: the engine takes it at the clock's time.
        try host.unregister("photo", timestamp: 1.65)
        try host.interrupt(timestamp: 1.9)
        // Refused (a view the host does not know): nothing is recorded.
        #expect(throws: HostError.self) { try host.layout("photo", frame: Rect(x: 0, y: 0, width: 1, height: 1)) }
        #expect(
            host.flightRecording() == """
                # gesturec recording: GestureHost flight recorder
                # set: PhotoBrowser; window 390 x 844; 10 calls kept of the last 30 s
                # from 0 to 1.9 s, the engine's times, after the host's clamping

                0  add window1: window [0 0 390 844]
                0  add scroller1: scroller in window1 [0 0 390 844]
                0  add photo1: photo in scroller1 [0 100 390 400]
                1.5  down 1 at (150, 250) on photo1
                1.6  move 1 at (150.25, 260)
                1.6  scroll scroller1 to (0, 120)
                1.7  up 1 at (150.25, 260); down 2 at (100, 600)
                1.7  setProperties photo1 alpha=0.5
                1.7  remove photo1
                1.9  interrupt

                """)
    }

    @Test("a touch that is not a finger's is recorded with its type as it goes down, and replays as that type (R87)")
    func recordsTouchTypes() throws {
        let host = try host()
        try host.handle([.init("pen", .began, at: Point(x: 150, y: 250), touchType: .pencil)], timestamp: 1)
        try host.handle([.init("pen", .moved, at: Point(x: 150, y: 270))], timestamp: 1.1)
        try host.handle(
            [.init("pen", .ended, at: Point(x: 150, y: 270)), .init("click", .began, at: Point(x: 100, y: 600), touchType: .indirectPointer)],
            timestamp: 1.2)
        let lines = try #require(host.flightRecording()).split(separator: "\n").map(String.init)
        #expect(lines.contains("1  down 1 at (150, 250) pencil"))
        #expect(lines.contains("1.1  move 1 at (150, 270)"))
        #expect(lines.contains("1.2  up 1 at (150, 270); down 2 at (100, 600) indirectPointer"))
    }

    /// R89: the adapter passes a trackpad's pinch as a pointer sequence under a key of its
    /// own; the browser's pinch and rotation, which receive transforms, begin with its
    /// scale and angle, the photo receives nothing, and the recording says what it was.
    @Test("a trackpad's pinch reaches the pinch and rotation and no view, and is recorded with its scale and angle (R89)")
    func recordsTransforms() throws {
        let host = try host()
        var zoom: [GestureAction.Phase] = []
        var touched = 0
        host.onAction(of: .zoom) { zoom.append($0.phase) }
        host.onTouches(of: "photo") { _ in touched += 1 }
        try host.handle([.init("pinch", .began, at: Point(x: 150, y: 250), pointer: .transform)], timestamp: 1)
        try host.handle([.init("pinch", .moved, at: Point(x: 150, y: 250), scale: 1.5, rotation: 0.25)], timestamp: 1.1)
        try host.handle([.init("pinch", .ended, at: Point(x: 150, y: 250), scale: 1.5, rotation: 0.25)], timestamp: 1.2)
        #expect(zoom == [.began, .ended])
        #expect(touched == 0)
        let lines = try #require(host.flightRecording()).split(separator: "\n").map(String.init)
        #expect(lines.contains("1  down 1 at (150, 250) transform"))
        #expect(lines.contains("1.1  move 1 at (150, 250) scale=1.5 rotation=0.25"))
        #expect(lines.contains("1.2  up 1 at (150, 250) scale=1.5 rotation=0.25"))
        // A hovering Pencil is recorded with its type after the word.
        try host.handle([.init("hover", .began, at: Point(x: 100, y: 100), touchType: .pencil, pointer: .hover)], timestamp: 1.5)
        try host.handle([.init("hover", .ended, at: Point(x: 120, y: 100))], timestamp: 1.6)
        let hovered = try #require(host.flightRecording()).split(separator: "\n").map(String.init)
        #expect(hovered.contains("1.5  down 1 at (100, 100) hover pencil"))
        // A finger afterwards is a touch as ever, recorded without a scale.
        try host.handle([.init("finger", .began, at: Point(x: 150, y: 250))], timestamp: 2)
        try host.handle([.init("finger", .moved, at: Point(x: 150, y: 260))], timestamp: 2.1)
        let later = try #require(host.flightRecording()).split(separator: "\n").map(String.init)
        #expect(later.contains("2.1  move 1 at (150, 260)"))
        #expect(touched > 0, "a finger reaches its view")
    }

    @Test("a hook's new answer is set before the call that asked it, at the clock's time before that call")
    func hookAnswers() throws {
        let host = try host()
        var allow = false
        try host.answer(.allowZoom) { allow }
        // Two fingers land on the photo and move apart: the pinch asks its shouldBegin
        // (allowZoom, declared true) in the second event, and is refused.
        try host.handle([.init("a", .began, at: Point(x: 150, y: 300)), .init("b", .began, at: Point(x: 250, y: 300))], timestamp: 0.5)
        try host.handle([.init("a", .moved, at: Point(x: 100, y: 300)), .init("b", .moved, at: Point(x: 300, y: 300))], timestamp: 0.55)
        try host.handle([.init("a", .ended, at: Point(x: 100, y: 300)), .init("b", .ended, at: Point(x: 300, y: 300))], timestamp: 0.6)
        allow = true
        try host.handle([.init("c", .began, at: Point(x: 150, y: 300)), .init("d", .began, at: Point(x: 250, y: 300))], timestamp: 2)
        try host.handle([.init("c", .moved, at: Point(x: 100, y: 300)), .init("d", .moved, at: Point(x: 300, y: 300))], timestamp: 2.05)
        let events = try #require(host.flightRecording()).split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains("add ") }
        #expect(
            events == [
                "0.5  down 1 at (150, 300); down 2 at (250, 300)",
                "0.5  set allowZoom false",
                "0.55  move 1 at (100, 300); move 2 at (300, 300)",
                "0.6  up 1 at (100, 300); up 2 at (300, 300)",
                "2  down 1 at (150, 300); down 2 at (250, 300)",
                "2  set allowZoom true",
                "2.05  move 1 at (100, 300); move 2 at (300, 300)",
            ])
    }

    @Test("calls older than the time kept leave; the scene is the views as they were then; changes of touches that went down before are left out")
    func window() throws {
        let host = try host(FlightRecorderSettings(seconds: 1))
        try host.handle([.init("a", .began, at: Point(x: 150, y: 250))], timestamp: 0.5)
        try host.layout("photo", frame: Rect(x: 0, y: 150, width: 390, height: 400))
        try host.scroll("scroller", to: Point(x: 0, y: 40))
        try host.handle([.init("a", .moved, at: Point(x: 150, y: 260))], timestamp: 1)
        // Every call before 1 s leaves the ring with this one.
        try host.handle([.init("b", .began, at: Point(x: 100, y: 700))], timestamp: 2)
        try host.layout("photo", frame: Rect(x: 0, y: 200, width: 390, height: 400))
        // The move at 1 s leaves with this one.
        try host.handle([.init("a", .moved, at: Point(x: 150, y: 270))], timestamp: 2.1)
        try host.handle([.init("a", .ended, at: Point(x: 150, y: 270))], timestamp: 2.2)
        try host.handle([.init("b", .ended, at: Point(x: 100, y: 700))], timestamp: 2.3)
        let text = try #require(host.flightRecording())
        #expect(
            text == """
                # gesturec recording: GestureHost flight recorder
                # set: PhotoBrowser; window 390 x 844; 5 calls kept of the last 1 s
                # from 2 to 2.3 s, the engine's times, after the host's clamping
                # 2 changes of touches that went down before the window are left out
                view window1: window [0 0 390 844]
                view scroller1: scroller in window1 [0 0 390 844]
                view photo1: photo in scroller1 [0 150 390 400]

                2  scroll scroller1 to (0, 40)
                2  down 2 at (100, 700)
                2  frame photo1 [0 200 390 400]
                2.3  up 2 at (100, 700)

                """)
        // It reads back as a scene and a trace.
        var sources = SourceManager()
        var reader = SimulationInputReader(program: PhotoBrowser.program)
        let read = reader.read(scene: nil, trace: SourceFile(path: "recording.txt", text: text), sources: &sources)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [])
        #expect(read?.scene.views.map(\.id) == ["window1", "scroller1", "photo1"])
        #expect(read?.trace.events.count == 4)
    }

    @Test("an entry is 64 bytes: the default ring, 16,384 of them, is 1 MiB")
    func entrySize() {
        #expect(FlightRecorderSettings.bytesPerEntry == 64)
        #expect(FlightRecorderSettings.defaultCapacity * FlightRecorderSettings.bytesPerEntry == 1 << 20)
    }

    @Test("the ring is as large as asked, whatever it holds: a full ring drops its oldest calls")
    func capacity() throws {
        let host = try host(FlightRecorderSettings(capacity: FlightRecorderSettings.minimumCapacity))
        try host.handle([.init("a", .began, at: Point(x: 150, y: 250))], timestamp: 0)
        for step in 1...1000 { try host.handle([.init("a", .moved, at: Point(x: 150, y: 250 + Double(step) / 8))], timestamp: Double(step) / 120) }
        let text = try #require(host.flightRecording())
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("view") }
        // One entry a move: the last 256 moves, their touch's down long gone.
        #expect(lines.count == 0)
        #expect(text.contains("# 256 changes of touches that went down before the window are left out"))
        #expect(text.contains("view photo1: photo in scroller1 [0 100 390 400]"))
    }
}
