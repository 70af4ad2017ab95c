import GeneratedSets
import GestureDSL
import GestureHost
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The platform-neutral part of the UIKit recorder and of shadow mode
/// (docs/recording.md), through fake views, touches and target-action reports:
/// what `GestureRecorder` forwards from UIKit, which this machine has not.
@Suite("The UIKit recorder's core and shadow mode")
struct UIKitRecorderTests {
    typealias Session = SessionRecorder<String, String>

    private func browserViews(tableOffset: Double, cell: Bool = true) -> [Session.ViewSighting] {
        [
            .init("window", role: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)),
            .init(
                "table", role: "scroller", parent: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844),
                boundsOrigin: Point(x: 0, y: tableOffset)),
        ] + (cell ? [.init("cell", role: "photo", parent: "table", frame: Rect(x: 0, y: 200, width: 390, height: 400))] : [])
    }

    @Test("views join as first seen and change as they change; touches take the smallest free id; UIKit's decisions are saw lines")
    func recordsASession() {
        let session = Session(windowSize: Point(x: 390, y: 844), setName: "PhotoBrowser")
        session.observe(browserViews(tableOffset: 120), time: 10)
        session.handle([.init("t1", .began, at: Point(x: 150, y: 250), view: "cell")], timestamp: 10.5)
        session.handle([.init("t1", .moved, at: Point(x: 150, y: 200))], timestamp: 10.6)
        session.saw("drag", on: "table", .began, time: 10.61)
        session.observe(browserViews(tableOffset: 170), time: 10.62)
        // A set, in no order: the finger down goes first, by its id; the new one takes
        // id 2, since 1 is still down in this event.
        // UIKit reports that event twice, to touchesBegan and touchesEnded, each time
        // with all its touches: it is recorded once.
        let both: [Session.TouchInput] = [
            .init("t2", .began, at: Point(x: 100, y: 600)), .init("t1", .ended, at: Point(x: 150, y: 200)),
        ]
        session.handle(wholeEvent: both, timestamp: 10.7)
        session.handle(wholeEvent: both, timestamp: 10.7)
        session.saw("drag", on: "table", .ended, time: 10.71)
        // A report stamped before the last: times never go back.
        session.handle([.init("t2", .stationary, at: Point(x: 100, y: 600))], timestamp: 10.65)
        session.observe(browserViews(tableOffset: 170, cell: false), time: 10.72)
        // Id 1 is free again, and is taken first.
        session.handle([.init("t3", .began, at: Point(x: 10, y: 10))], timestamp: 10.8)
        session.saw("drag", on: "nowhere", .began, time: 10.9)
        #expect(
            session.recording() == """
                # gesturec recording: UIKit recorder
                # set: PhotoBrowser; window 390 x 844; 12 calls kept of the last 30 s
                # from 10 to 10.8 s, UIKit's times (systemUptime)

                10  add window1: window [0 0 390 844]
                10  add scroller1: scroller in window1 [0 0 390 844]
                10  scroll scroller1 to (0, 120)
                10  add photo1: photo in scroller1 [0 200 390 400]
                10.5  down 1 at (150, 250) on photo1
                10.6  move 1 at (150, 200)
                10.61  saw drag on scroller1 began
                10.62  scroll scroller1 to (0, 170)
                10.7  up 1 at (150, 200); down 2 at (100, 600)
                10.71  saw drag on scroller1 ended
                10.72  remove photo1
                10.8  down 1 at (10, 10)

                """)
    }

    @Test("a touch that is not a finger's is recorded with its type as it goes down (R87)")
    func recordsTouchTypes() throws {
        let session = Session(windowSize: Point(x: 390, y: 844), setName: "PhotoBrowser")
        session.observe(browserViews(tableOffset: 0), time: 10)
        session.handle([.init("pen", .began, at: Point(x: 150, y: 250), view: "cell", touchType: .pencil)], timestamp: 10.5)
        session.handle([.init("pen", .ended, at: Point(x: 150, y: 260))], timestamp: 10.6)
        let lines = session.recording().split(separator: "\n").map(String.init)
        #expect(lines.contains("10.5  down 1 at (150, 250) on photo1 pencil"))
        #expect(lines.contains("10.6  up 1 at (150, 260)"))
    }

    @Test("a session's recording reads back, replays, and verifies: UIKit's single tap agrees with the spec's, a double tap it claims does not")
    func sessionVerifies() throws {
        let session = Session(windowSize: Point(x: 390, y: 844), setName: "PhotoBrowser")
        session.observe(browserViews(tableOffset: 120), time: 10)
        session.handle([.init("t1", .began, at: Point(x: 150, y: 250), view: "cell")], timestamp: 10.5)
        session.handle([.init("t1", .ended, at: Point(x: 150, y: 250))], timestamp: 10.55)
        // The spec's single tap waits the double tap's 350 ms after the lift (R53, R55):
        // UIKit, as documented, recognizes it then.
        session.saw("singleTap", on: "cell", .ended, time: 10.9)
        #expect(try verify(session.recording()) == [])
        // The deliberate divergence: UIKit claims a double tap of one tap.
        session.saw("doubleTap", on: "cell", .ended, time: 10.91)
        #expect(try verify(session.recording()) == ["doubleTap on photo1 ended at 10.91"])
    }

    /// The recording read, replayed and compared by `gesturec verify`'s library: each
    /// difference as `RECOGNIZER on VIEW STATE at TIME`.
    private func verify(_ recording: String) throws -> [String] {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: PhotoBrowser.program)
        let read = reader.read(scene: nil, trace: SourceFile(path: "session.txt", text: recording), sources: &sources)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [])
        let (scene, trace) = try #require(read)
        var simulation = try Simulation(program: PhotoBrowser.program, scene: scene)
        simulation.run(trace)
        let verification = Verification(
            program: PhotoBrowser.program, scene: simulation.scene, trace: trace, timeline: simulation.timeline)
        return verification.differences.map { "\($0.recognizer) on \($0.view) \($0.state) at \($0.time)" }
    }

    @Test("a view whose parent changes leaves with the views inside it and joins again under a new name")
    func reparenting() {
        let session = Session(windowSize: Point(x: 390, y: 844))
        session.observe(browserViews(tableOffset: 0), time: 1)
        var moved = browserViews(tableOffset: 0)
        moved.insert(.init("pager", role: "pager", parent: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)), at: 1)
        moved[2].parent = "pager"
        session.observe(moved, time: 2)
        let lines = session.recording().split(separator: "\n").filter { $0.hasPrefix("2 ") }
        // One removal, of the outer view: a replay removes the cell with it, and no
        // line names a view removed before it.
        #expect(
            lines == [
                "2  remove scroller1",
                "2  add pager1: pager in window1 [0 0 390 844]",
                "2  add scroller2: scroller in pager1 [0 0 390 844]",
                "2  add photo2: photo in scroller2 [0 200 390 400]",
            ])
    }

    @Test("the comparison: states in order agree, a changed one side lacks is no divergence, silence past the tolerance and different states are")
    func comparison() {
        var comparison = ShadowComparison(tolerance: 0.1)
        // A pan that both report, UIKit with one move fewer.
        for (state, time) in [(ObservedState.began, 1.0), (.changed, 1.1), (.changed, 1.2), (.ended, 1.3)] {
            comparison.engine("drag", on: "scroller1", state, time: time)
        }
        for (state, time) in [(ObservedState.began, 1.01), (.changed, 1.21), (.ended, 1.31)] {
            comparison.uikit("drag", on: "scroller1", state, time: time)
        }
        #expect(comparison.check(at: 2) == [])
        // UIKit recognized a tap the engine did not: within the tolerance the engine
        // may still; past it, a divergence, once.
        comparison.uikit("doubleTap", on: "photo1", .ended, time: 2)
        #expect(comparison.check(at: 2.05) == [])
        #expect(
            comparison.check(at: 2.2) == [
                ShadowDivergence(time: 2, recognizer: "doubleTap", view: "photo1", engine: [], uikit: [.ended])
            ])
        #expect(comparison.check(at: 3) == [])
        // Different states: at once.
        comparison.engine("drag", on: "scroller1", .cancelled, time: 3)
        comparison.uikit("drag", on: "scroller1", .ended, time: 3.01)
        let divergences = comparison.check(at: 3.02)
        #expect(
            divergences == [ShadowDivergence(time: 3, recognizer: "drag", view: "scroller1", engine: [.cancelled], uikit: [.ended])])
        #expect(
            divergences.map(\.description) == [
                "at 3 s, drag on scroller1: the spec's engine said cancelled; UIKit said ended"
            ])
        // A pan that goes on moving for the engine alone.
        comparison.engine("drag", on: "scroller1", .changed, time: 4)
        #expect(comparison.check(at: 4.5).map(\.engine) == [[.changed]])
    }

    @Test(
        "shadow mode: the spec's engine runs on the session's touches; UIKit agreeing is silent, a tap UIKit took for a double tap is reported with the recording"
    )
    func shadowSession() throws {
        let shadow = try ShadowSession<PhotoBrowser, String, String>(windowSize: Point(x: 390, y: 844))
        var reports: [(ShadowDivergence, String)] = []
        shadow.onDivergence = { reports.append(($0, $1)) }
        shadow.observe(
            [
                .init("window", role: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)),
                .init("scroller", role: "scroller", parent: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844)),
                .init("photo", role: "photo", parent: "scroller", frame: Rect(x: 0, y: 100, width: 390, height: 400)),
            ], time: 0)
        #expect(shadow.problems == [])
        // A single tap: the spec's singleTap waits for the double tap's 350 ms after the
        // lift (R53), so recognizes at 1.4; UIKit reports the same a frame later.
        shadow.handle(wholeEvent: [.init("t", .began, at: Point(x: 150, y: 250), view: "photo")], timestamp: 1)
        shadow.handle(wholeEvent: [.init("t", .ended, at: Point(x: 150, y: 250))], timestamp: 1.05)
        shadow.tick(at: 1.4)
        shadow.saw("singleTap", on: "photo", .ended, time: 1.41)
        shadow.tick(at: 2)
        #expect(reports.isEmpty)
        // The deliberate divergence: UIKit says a second single tap was a double tap.
        shadow.handle(wholeEvent: [.init("u", .began, at: Point(x: 150, y: 250), view: "photo")], timestamp: 3)
        shadow.handle(wholeEvent: [.init("u", .ended, at: Point(x: 150, y: 250))], timestamp: 3.05)
        shadow.saw("doubleTap", on: "photo", .ended, time: 3.06)
        shadow.tick(at: 4)
        #expect(
            reports.map(\.0.description) == [
                "at 3.06 s, doubleTap on photo1: the spec's engine said nothing; UIKit said ended",
                "at 3.4 s, singleTap on photo1: the spec's engine said ended; UIKit said nothing",
            ])
        #expect(reports.first?.1.contains("3.06  saw doubleTap on photo1 ended") == true)
    }
}
