import GeneratedSets
import GestureDSL
import GestureHost
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The flight recorder's promise (docs/recording.md): any stream of host calls,
/// recorded and replayed by `gesturec simulate`'s reader and `Simulation`, gives the
/// outputs the host's engine gave, line for line: every action with its phase, time and
/// values, every delivery and control event, every decision.
@Suite("GestureHost's flight recorder, replayed")
struct FlightRecorderReplayTests {
    typealias Host = GestureHost<PhotoBrowser, String, String>

    @Test("random streams of host calls replay to the same outputs", arguments: 0..<40)
    func replay(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x5EED_0000 + seed)
        let (recording, hostOutputs, end) = try runStream(&random, calls: 200)
        let simulation = try replay(recording, until: end)
        let replayed = simulation.timeline.map(Self.render)
        // A stream that produced nothing would prove nothing.
        #expect(!hostOutputs.isEmpty)
        #expect(replayed == hostOutputs, "seed \(seed): \(firstDifference(replayed, hostOutputs))\n\(recording)")
    }

    @Test("a recording cut by its window reads back and replays without a mistake", arguments: 0..<20)
    func cutReplay(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xC07_0000 + seed)
        let (recording, _, end) = try runStream(&random, calls: 300, seconds: 5)
        _ = try replay(recording, until: end)
    }

    /// The recording read as `gesturec simulate` reads it, and run to `end`; neither
    /// the reader nor the run may find a mistake.
    private func replay(_ recording: String, until end: Double) throws -> Simulation {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: PhotoBrowser.program)
        let read = reader.read(scene: nil, trace: SourceFile(path: "recording.txt", text: recording), sources: &sources)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [], "\(recording)")
        let (scene, trace) = try #require(read)
        var simulation = try Simulation(program: PhotoBrowser.program, scene: scene)
        simulation.run(trace, until: end)
        #expect(simulation.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.message) == [], "\(recording)")
        return simulation
    }

    private func firstDifference(_ a: [String], _ b: [String]) -> String {
        for index in 0..<max(a.count, b.count) where (index < a.count ? a[index] : nil) != (index < b.count ? b[index] : nil) {
            return "line \(index): replay '\(index < a.count ? a[index] : "none")', host '\(index < b.count ? b[index] : "none")'"
        }
        return "none"
    }

    /// A stream of `calls` random host calls through a recording host: views that come,
    /// go, move, scroll and change; fingers that land (some on the platform's hit view),
    /// move (several at once, some listed twice), lift, are cancelled or sit still;
    /// ticks; interruptions; a hook whose answer the app changes; timestamps that are
    /// sometimes behind the clock. Returns the recording, every output of the host's
    /// engine rendered, and the time it ran to.
    private func runStream(_ random: inout SplitMix64, calls: Int, seconds: Double = 3600) throws -> (String, [String], Double) {
        // By default room for the whole stream: a recording cut by its window starts from
        // a scene whose recognizers and touches were elsewhere.
        let host = try Host(windowSize: Point(x: 390, y: 844), flightRecorder: FlightRecorderSettings(seconds: seconds))
        var outputs: [String] = []
        host.onEngineCall { outputs += Self.render(host.engine.outputs, of: host) }
        var allowZoom = true
        try host.answer(.allowZoom) { allowZoom }
        // The window's root fills it, and stays: a replay sizes the window from its roots.
        try host.register("window", role: .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var views: [(key: String, role: PhotoBrowser.View)] = []
        var serial = 0
        var fingers: [String] = []
        var fingerSerial = 0
        var time = 0.0
        func point() -> Point {
            Point(x: Double(random.below(400)) - 5 + (random.below(4) == 0 ? 0.25 : 0), y: Double(random.below(860)) - 8)
        }
        func frame() -> Rect {
            Rect(
                x: Double(random.below(200)), y: Double(random.below(600)), width: Double(50 + random.below(340)),
                height: Double(50 + random.below(400)))
        }
        func properties() -> ViewProperties? {
            switch random.below(6) {
            case 0: ViewProperties(interactive: random.below(3) > 0, hidden: random.below(5) == 0, multipleTouch: random.below(2) == 0)
            case 1: ViewProperties(interactive: true, alpha: 0.5, hitSlop: 4, contentWidth: 800, contentHeight: 2000)
            default: nil
            }
        }
        func live() -> [(key: String, role: PhotoBrowser.View)] { views.filter { host.contains($0.key) } }
        for _ in 0..<calls {
            // Mostly forward, by a frame or a few; now and then a timestamp behind the
            // clock, which the host clamps.
            time += [0.008, 0.016, 0.05, 0.2, 0.5][random.below(5)] * (random.below(10) == 0 ? -1 : 1)
            time = max(time, 0)
            do {
                switch random.below(20) {
                case 0, 1:
                    // A view joins: a scroller in the window, a photo in a scroller, a button.
                    let scrollers = live().filter { $0.role == .scroller }
                    serial += 1
                    let key = "v\(serial)"
                    if random.below(2) == 0 || scrollers.isEmpty {
                        let role: PhotoBrowser.View = random.below(3) == 0 ? .infoButton : .scroller
                        try host.register(key, role: role, parent: "window", frame: frame(), properties: properties())
                        views.append((key, role))
                    } else {
                        let parent = scrollers[random.below(scrollers.count)].key
                        try host.register(key, role: .photo, parent: parent, frame: frame(), properties: properties())
                        views.append((key, .photo))
                    }
                case 2:
                    let present = live()
                    if !present.isEmpty { try host.unregister(present[random.below(present.count)].key, timestamp: time) }
                case 3:
                    let present = live()
                    if !present.isEmpty { try host.layout(present[random.below(present.count)].key, frame: frame()) }
                case 4:
                    let scrollers = live().filter { $0.role == .scroller }
                    if !scrollers.isEmpty {
                        try host.scroll(
                            scrollers[random.below(scrollers.count)].key,
                            to: Point(x: 0, y: Double(random.below(300)) + (random.below(2) == 0 ? 0.5 : 0)))
                    }
                case 5:
                    let present = live()
                    if !present.isEmpty {
                        try host.setProperties(properties() ?? ViewProperties(), of: present[random.below(present.count)].key)
                    }
                case 6:
                    try host.tick(at: time)
                case 7:
                    if random.below(4) == 0 { try host.interrupt(timestamp: time) }
                    fingers.removeAll()
                case 8:
                    allowZoom.toggle()
                default:
                    // Touches: a finger lands, or the fingers down move, lift or sit still.
                    var inputs: [Host.TouchInput] = []
                    if fingers.count < 3, random.below(3) == 0 || fingers.isEmpty {
                        fingerSerial += 1
                        let finger = "f\(fingerSerial)"
                        let present = live()
                        // Half the fingers land on a view the platform names (`on VIEW`),
                        // the others where the engine's scene hit-tests them.
                        let hit = random.below(2) == 0 && !present.isEmpty
                        let view = hit ? present[random.below(present.count)].key : nil
                        inputs.append(.init(finger, .began, at: point(), view: view))
                        fingers.append(finger)
                    }
                    for finger in fingers where !inputs.contains(where: { $0.touch == finger }) {
                        switch random.below(8) {
                        case 0:
                            inputs.append(.init(finger, .ended, at: point()))
                        case 1:
                            inputs.append(.init(finger, .cancelled, at: point()))
                        case 2:
                            inputs.append(.init(finger, .stationary, at: point()))
                        default:
                            // Coalesced samples now and then: the last one wins.
                            if random.below(4) == 0 { inputs.append(.init(finger, .moved, at: point())) }
                            inputs.append(.init(finger, .moved, at: point()))
                        }
                    }
                    try host.handle(inputs, timestamp: time)
                    let ended = inputs.filter { $0.phase == .ended || $0.phase == .cancelled }.map(\.touch)
                    fingers.removeAll { ended.contains($0) || !host.touchesDown.contains($0) }
                }
            } catch {
                // Refused (too many touches, a finger that is not down): the host and the
                // engine are as they were, and nothing was recorded.
            }
        }
        let end = time + 5
        try host.tick(at: end)
        return (try #require(host.flightRecording()), outputs, end)
    }

    // MARK: - One rendering of the outputs, from the engine and from a timeline

    static func render(_ outputs: OutputList<GestureOutput>, of host: Host) -> [String] {
        let engine = host.engine
        let program = engine.program
        func view(_ instance: ViewInstance?) -> String { instance.flatMap { host.recordedID(of: $0) } ?? "?" }
        func recognizer(_ instance: RecognizerInstance) -> String {
            let name = engine.declaration(of: instance).map { program.recognizers[$0].name } ?? "?"
            return "\(name)@\(view(engine.view(of: instance)))"
        }
        return outputs.map { output in
            switch output {
            case .action(let action):
                let phase =
                    switch action.phase {
                    case .began: "began"
                    case .changed: "changed"
                    case .ended: "ended"
                    case .cancelled: "cancelled"
                    }
                return "\(action.time) \(recognizer(action.recognizer)) \(phase) \(Array(engine.values(of: action)))"
            case .touches(let delivery):
                return "\(delivery.time) \(view(delivery.view)) touches \(delivery.phase) \(touches(Array(engine.touches(of: delivery))))"
            case .control(let event):
                return "\(event.time) \(view(event.view)) control \(event.kind) \(event.touch) \(event.location)"
            case .decision(let decision):
                return "\(decision.time) \(recognizer(decision.recognizer)) \(decisionName(decision.reason))"
            }
        }
    }

    static func render(_ entry: TimelineEntry) -> String {
        let subject = entry.recognizer.map { "\($0)@\(entry.view)" } ?? entry.view
        switch entry.kind {
        case .action(let state, let values):
            let phase = state == .recognized ? "ended" : state.rawValue
            return "\(entry.time) \(subject) \(phase) \(values.flatMap(\.numbers))"
        case .touches(let phase, let delivered):
            return "\(entry.time) \(subject) touches \(phase) \(touches(delivered))"
        case .control(let event, let touch, let location):
            return "\(entry.time) \(subject) control \(event) \(touch) \(location)"
        case .decision(let decision, _, _):
            return "\(entry.time) \(subject) \(decision.rawValue)"
        case .input(let text):
            return "input \(text)"
        }
    }

    static func touches(_ touches: [DeliveredTouch]) -> String {
        touches.map { "\($0.id) (\($0.location.x), \($0.location.y)) at \($0.timestamp) tapCount \($0.tapCount)" }.joined(separator: ", ")
    }

    /// The timeline's name of a decision (`Simulation`'s, docs/traces.md).
    static func decisionName(_ reason: GestureDecision.Reason) -> String {
        switch reason {
        case .failedByTransition, .failedIdle, .requiredRecognized: "failed"
        case .excluded: "excluded"
        case .vetoedShouldBegin, .vetoedByView, .claimedByControl, .keptByView: "vetoed"
        case .refusedTouch, .otherTouchType: "refused"
        case .held: "held"
        case .released: "released"
        case .simultaneous: "simultaneous"
        case .notPrevented: "not prevented"
        case .disabled: "disabled"
        case .ignoredTouch: "ignored"
        case .reset: "reset"
        case .interrupted: "interrupted"
        case .viewRemoved: "removed"
        }
    }
}
