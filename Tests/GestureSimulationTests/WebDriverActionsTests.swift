import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import Testing

/// W3C WebDriver Actions to a trace's touches and back (docs/recording.md). Expected
/// events are reasoned from the standard's ticks (each tick the i-th action of every
/// source, lasting its longest action) and the chosen 60 Hz steps of a timed move.
@Suite("WebDriver Actions")
struct WebDriverActionsTests {
    static func read(_ text: String) throws -> [WebDriverActions.TouchEvent] {
        var sources = SourceManager()
        let file = SourceFile(path: "actions.json", text: text)
        let id = sources.add(file)
        return try WebDriverActions.events(LocatedJSON.parse(file, id: id))
    }

    /// The error's message and `line:col`.
    static func mistake(_ text: String) -> String? {
        var sources = SourceManager()
        let file = SourceFile(path: "actions.json", text: text)
        let id = sources.add(file)
        do throws(LocatedJSONError) {
            _ = try WebDriverActions.events(LocatedJSON.parse(file, id: id))
            return nil
        } catch {
            let (line, column) = file.lineAndColumn(of: error.range.start)
            return "\(line):\(column): \(error.reason)"
        }
    }

    static func lines(_ events: [WebDriverActions.TouchEvent]) -> [String] {
        WebDriverActions.traceText(events).split(separator: "\n").map(String.init)
    }

    @Test("a finger's drag: a down, a timed move cut into 60 Hz steps, a lift; a pause source only takes time")
    func drag() throws {
        let events = try Self.read(
            """
            {"actions": [
              {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
                {"type": "pointerMove", "duration": 0, "x": 100, "y": 400},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 50, "x": 100, "y": 340},
                {"type": "pause", "duration": 0},
                {"type": "pointerUp", "button": 0}]},
              {"type": "none", "id": "clock", "actions": [
                {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause", "duration": 200}, {"type": "pause"}]}
            ]}
            """)
        // Tick 1 (0 ms) puts the finger at (100, 400) up; tick 2 presses it at 0; tick 3
        // moves it 60 pt over 50 ms in ceil(0.05 × 60) = 3 steps of 20 pt, at 16.7,
        // 33.3 and 50 ms; tick 4 lasts 200 ms (the clock's pause); tick 5 lifts at 250 ms.
        #expect(
            Self.lines(events) == [
                "0.000  down 1 at (100, 400)", "0.017  move 1 at (100, 380)", "0.033  move 1 at (100, 360)",
                "0.050  move 1 at (100, 340)", "0.250  up 1 at (100, 340)",
            ])
    }

    @Test("two fingers in one tick change together, as one event (R12); a move from the pointer is relative")
    func twoFingers() throws {
        let events = try Self.read(
            """
            {"actions": [
              {"type": "pointer", "id": "a", "actions": [
                {"type": "pointerMove", "x": 100, "y": 300}, {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 10, "x": -20, "y": 0, "origin": "pointer"}, {"type": "pointerUp", "button": 0}]},
              {"type": "pointer", "id": "b", "actions": [
                {"type": "pointerMove", "x": 200, "y": 300}, {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 10, "x": 20, "y": 0, "origin": "pointer"}, {"type": "pointerUp", "button": 0}]}
            ]}
            """)
        #expect(
            Self.lines(events) == [
                "0.000  down 1 at (100, 300); down 2 at (200, 300)", "0.010  move 1 at (80, 300); move 2 at (220, 300)",
                "0.010  up 1 at (80, 300); up 2 at (220, 300)",
            ])
    }

    @Test("mistakes are located at the value that is wrong")
    func mistakes() {
        let head = "{\"actions\": [{\"type\": \"pointer\", \"id\": \"a\", \"actions\": ["
        #expect(Self.mistake(head + "{\"type\": \"pointerUp\"}]}]}") == "1:66: the pointer is not down")
        #expect(
            Self.mistake(head + "{\"type\": \"pointerMove\", \"x\": 1, \"y\": 1, \"origin\": {\"element-6066\": \"x\"}}]}]}")
                == "1:107: an element origin needs the app's layout, which a trace does not have: use 'viewport' or 'pointer'")
        #expect(Self.mistake(head + "{\"type\": \"keyDown\"}]}]}")?.hasPrefix("1:66: a pointer's action is 'pause'") == true)
        #expect(Self.mistake(head + "{\"type\": \"pause\", \"duration\": -5}]}]}") == "1:87: 'duration' must not be negative")
        #expect(
            Self.mistake("{\"actions\": [{\"type\": \"gamepad\", \"actions\": []}]}")
                == "1:23: a source's type is 'pointer', 'none', 'key' or 'wheel', found 'gamepad'")
    }

    @Test("a trace written as Actions reads back as the same touches, to the millisecond, a finger per touch down at once")
    func roundTrip() throws {
        // Steps of at most 1/60 s each become one step back; a hold is a pause, not moves.
        let trace = """
            {"events": [
              {"t": 0, "touches": [{"id": 7, "phase": "down", "x": 10, "y": 20}]},
              {"t": 0.016, "touches": [{"id": 7, "phase": "move", "x": 10, "y": 30}]},
              {"t": 0.5, "touches": [{"id": 9, "phase": "down", "x": 200, "y": 20}]},
              {"t": 0.516, "touches": [{"id": 7, "phase": "move", "x": 10, "y": 40}, {"id": 9, "phase": "move", "x": 200, "y": 30}]},
              {"t": 0.9, "touches": [{"id": 7, "phase": "up", "x": 10, "y": 40}]},
              {"t": 1.2, "touches": [{"id": 9, "phase": "cancel"}]},
              {"t": 1.5, "touches": [{"id": 4, "phase": "down", "x": 50, "y": 50}]},
              {"t": 1.6, "touches": [{"id": 4, "phase": "up", "x": 50, "y": 50}]}
            ]}
            """
        var sources = SourceManager()
        let file = SourceFile(path: "trace.json", text: trace)
        let id = sources.add(file)
        let written = WebDriverActions.json(try WebDriverActions.events(ofTrace: LocatedJSON.parse(file, id: id)))
        // Touch 7 is finger 1, touch 9 finger 2, and touch 4, down when both are up, finger 1.
        #expect(written.components(separatedBy: "\"type\": \"pointer\",").count - 1 == 2)
        #expect(
            Self.lines(try Self.read(written)) == [
                "0.000  down 1 at (10, 20)", "0.016  move 1 at (10, 30)", "0.500  down 2 at (200, 20)",
                "0.516  move 1 at (10, 40); move 2 at (200, 30)", "0.900  up 1 at (10, 40)", "1.200  cancel 2",
                "1.500  down 1 at (50, 50)", "1.600  up 1 at (50, 50)",
            ])
    }

    @Test("a pointer's type is its touches' type (R87): pen the Pencil, mouse a pointer's click, touch or none a finger")
    func pointerTypes() throws {
        func source(_ id: String, _ type: String?, x: Int) -> String {
            let parameters = type.map { ", \"parameters\": {\"pointerType\": \"\($0)\"}" } ?? ""
            return """
                {"type": "pointer", "id": "\(id)"\(parameters), "actions": [
                  {"type": "pointerMove", "duration": 0, "x": \(x), "y": 100}, {"type": "pointerDown", "button": 0},
                  {"type": "pointerUp", "button": 0}]}
                """
        }
        let body =
            "{\"actions\": ["
            + [source("p", "pen", x: 10), source("m", "mouse", x: 20), source("t", "touch", x: 30), source("n", nil, x: 40)]
            .joined(separator: ", ") + "]}"
        let events = try Self.read(body)
        // Tick 2 presses all four together at 0 (R12), tick 3 lifts them.
        #expect(
            Self.lines(events) == [
                "0.000  down 1 at (10, 100) pencil; down 2 at (20, 100) indirectPointer; down 3 at (30, 100); down 4 at (40, 100)",
                "0.000  up 1 at (10, 100); up 2 at (20, 100); up 3 at (30, 100); up 4 at (40, 100)",
            ])
        // Written back, each type keeps a source of its own kind, and reads back the same.
        let written = WebDriverActions.json(events)
        #expect(written.contains("\"pointerType\": \"pen\""))
        #expect(written.contains("\"pointerType\": \"mouse\""))
        #expect(Self.lines(try Self.read(written)) == Self.lines(events))
        #expect(
            Self.mistake("{\"actions\": [{\"type\": \"pointer\", \"parameters\": {\"pointerType\": \"laser\"}, \"actions\": []}]}")
                == "1:64: a pointer's type is 'touch', 'pen' or 'mouse', found 'laser'")
    }

    /// R88: a wheel's `scroll` is a scroll wheel's scroll from its point: the content
    /// moves by the delta, so the finger that would drag it goes the other way; a
    /// scroll of no duration is a notch, its start, movement and end a millisecond apart.
    @Test("a wheel's scroll is a wheel's scroll (R88), its content moved by the delta; a notch of no duration is three changes")
    func wheelScrolls() throws {
        let events = try Self.read(
            """
            {"actions": [{"type": "wheel", "id": "wheel1", "actions": [
              {"type": "scroll", "x": 100, "y": 200, "deltaX": 0, "deltaY": 10},
              {"type": "pause", "duration": 100},
              {"type": "scroll", "x": 100, "y": 200, "deltaX": 30, "deltaY": 0, "duration": 100}]}]}
            """)
        let changes = events.flatMap { event in event.changes.map { (event.time, $0) } }
        // The notch: down, move 10 pt up (the content scrolls down), up, 1 ms apart.
        #expect(changes.prefix(3).map(\.1.phase) == [.down, .move, .up])
        #expect(changes[0].1.pointer == .discreteScroll && changes[0].1.location == Point(x: 100, y: 200))
        #expect(changes[1].0 == 0.001 && changes[1].1.location == Point(x: 100, y: 190))
        #expect(changes[2].0 == 0.002)
        // The timed scroll, after the notch's tick and the pause: six 60 Hz steps to 30 pt left.
        let timed = changes.dropFirst(3)
        #expect(abs((timed.first?.0 ?? 0) - 0.102) < 1e-9 && timed.first?.1.phase == .down)
        #expect(timed.count == 8)
        #expect(timed.last?.1.phase == .up && timed.last?.1.location == Point(x: 70, y: 200))
        #expect(abs((timed.last?.0 ?? 0) - 0.202) < 1e-9)
        #expect(
            Self.mistake("{\"actions\": [{\"type\": \"wheel\", \"actions\": [{\"type\": \"pointerDown\"}]}]}")
                == "1:53: a wheel's action is 'pause' or 'scroll', found 'pointerDown'")
    }
}
