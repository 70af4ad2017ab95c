// The host core's cost over the engine's (`host.*`): the engine benchmark's stream of
// one-finger moves through ten pans that recognize together, fed through a
// `GestureHost` as a platform would, with a handler on every pan that reads its
// values, against the same stream fed to the engine directly.

import GestureHost
import GestureRuntime
import MallocCounter

/// The engine benchmark's set of ten pans on a chain of ten nested views, with the
/// names `gesturec build` would generate for it: the host takes a compiled set.
enum TenPans: GestureSet {
    struct Recognizer: GestureRecognizerName {
        typealias Owner = TenPans
        var rawValue: Int
        init?(rawValue: Int) { self.rawValue = rawValue }
        static var allCases: [Recognizer] { (0..<10).compactMap(Recognizer.init(rawValue:)) }
    }

    struct View: GestureViewName {
        typealias Owner = TenPans
        var rawValue: Int
        init?(rawValue: Int) { self.rawValue = rawValue }
        static var allCases: [View] { (0..<TenPans.program.views.count).compactMap(View.init(rawValue:)) }
    }

    enum Hook: GestureHookName {
        typealias Owner = TenPans
        init?(rawValue: Int) { nil }
        var rawValue: Int { switch self {} }
    }

    static let program: GestureProgram = {
        // A constant spec: it compiles, or the benchmark itself is broken.
        guard let program = compileEngineSpec(engineSpec(onPath: 10, depth: 10)) else {
            fatalError("the engine benchmark's spec does not compile")
        }
        return program
    }()
}

/// Times `events` moves through the host after warm-up: nanoseconds and heap
/// allocations per event, and how many actions the handlers got (to check they ran).
/// Without handlers, the host's own work: touch identity, the event, the outputs read.
/// With `recording`, the flight recorder on, at its defaults, and full: warm-up runs
/// past its 30 s, so that every event recorded evicts the oldest.
func measureHostMoves(events: Int, handlers: Bool = true, recording: Bool = false) throws -> (
    nanoseconds: Double, allocations: Double, handled: Int
) {
    let host = try GestureHost<TenPans, Int, Int>(
        windowSize: Point(x: 400, y: 800), flightRecorder: recording ? FlightRecorderSettings() : nil)
    var parents: [Int: Int] = [:]
    for (role, declaration) in TenPans.program.views.enumerated() {
        let name = try require(TenPans.View(rawValue: role))
        try host.register(
            role, role: name, parent: declaration.parents.first.flatMap { parents[$0] },
            frame: Rect(x: 0, y: 0, width: 400, height: 800))
        parents[role] = role
    }
    var handled = 0
    var sum = 0.0
    for recognizer in TenPans.Recognizer.allCases where handlers {
        host.onAction(of: recognizer) { action in
            handled += 1
            sum += action.values.isEmpty ? 0 : action.values[0]
        }
    }
    // The deepest role of the path, which is the last one declared, hit-tested by the
    // platform as UIKit's own views would be.
    let target = TenPans.program.views.count - 1
    var inputs = [GestureHost<TenPans, Int, Int>.TouchInput(1, .began, at: Point(x: 10, y: 400), view: target)]
    try host.handle(inputs, timestamp: 0)
    inputs[0].phase = .moved
    inputs[0].view = nil
    var sweep = Sweep()
    func move() throws {
        let (location, time) = sweep.next()
        inputs[0].location = location
        try host.handle(inputs, timestamp: time)
    }
    // Every pan has begun; buffers have grown; a recorder has filled its 30 s (an
    // event every 8 ms: 3,750 of them).
    for _ in 0..<(recording ? 4_000 : 200) { try move() }
    handled = 0
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = try clock.measure {
        for _ in 0..<events { try move() }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(events)
    if sum.isNaN { print("error: a pan reported no location") }
    // The finger went down long before the 30 s kept: its moves are counted, not written.
    if recording, host.flightRecording()?.contains("changes of touches that went down before the window") != true {
        print("error: the recorder recorded no move")
    }
    return (seconds(elapsed) * 1e9 / Double(events), allocations, handled)
}

/// Shadow mode's cost (`ShadowSession`), per event of one finger moving
/// through the ten pans, as the UIKit recorder drives it: the touch recorded, the
/// spec's engine run on it through a host, and UIKit's ten pans reporting `changed`
/// through target-action, compared with the engine's. Without `engine`, the UIKit
/// recorder alone (`SessionRecorder`): the touch and the ten reports recorded.
func measureShadowMoves(events: Int, engine: Bool = true) throws -> (nanoseconds: Double, allocations: Double, divergences: Int) {
    let program = TenPans.program
    let shadow = try ShadowSession<TenPans, Int, Int>(windowSize: Point(x: 400, y: 800))
    let session = shadow.recorder
    var divergences = 0
    shadow.onDivergence = { _, _ in divergences += 1 }
    let sightings = program.views.enumerated().map { role, declaration in
        ShadowSession<TenPans, Int, Int>.ViewSighting(
            role, role: declaration.name, parent: declaration.parents.first, frame: Rect(x: 0, y: 0, width: 400, height: 800))
    }
    let target = program.views.count - 1
    let names = program.recognizers.map(\.name)
    // Each pan's view, as UIKit would report it.
    let views = program.recognizers.map(\.role)
    var sweep = Sweep()
    var inputs = [PlatformTouchInput<Int, Int>(1, .began, at: Point(x: 10, y: 400), view: target)]
    var began = false
    func event(_ time: Double) {
        if engine {
            shadow.handle(wholeEvent: inputs, timestamp: time)
        } else {
            session.handle(inputs, timestamp: time)
        }
        guard inputs[0].phase == .moved else { return }
        // UIKit's pans begin with the first move; the engine's ten events (80 ms)
        // later, past their hysteresis: within the comparison's tolerance.
        let state: ObservedState = began ? .changed : .began
        began = true
        for (index, name) in names.enumerated() {
            if engine {
                shadow.saw(name, on: views[index], state, time: time)
            } else {
                session.saw(name, on: views[index], state, time: time)
            }
        }
    }
    if engine { shadow.observe(sightings, time: 0) } else { session.observe(sightings, time: 0) }
    event(0)
    inputs[0].phase = .moved
    inputs[0].view = nil
    func move() {
        let (location, time) = sweep.next()
        inputs[0].location = location
        event(time)
    }
    for _ in 0..<4_000 { move() }  // the pans have begun; the recording has filled its 30 s
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = clock.measure {
        for _ in 0..<events { move() }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(events)
    return (seconds(elapsed) * 1e9 / Double(events), allocations, divergences)
}

/// `host.move.10` against `engine.move.10`, measured in turns so that both see the
/// same machine: the host's cost per event, its share over the engine's, and its
/// allocations per event.
func runHostBenchmarks() throws {
    let program = TenPans.program
    var engineRuns: [Double] = []
    var dispatchRuns: [Double] = []
    var hostRuns: [(Double, Double, Int)] = []
    var quietRuns: [Double] = []
    var recordingRuns: [(Double, Double, Int)] = []
    for _ in 0..<5 {
        recordingRuns.append(try measureHostMoves(events: 20_000, recording: true))
        quietRuns.append(try measureHostMoves(events: 20_000, handlers: false).nanoseconds)
        engineRuns.append(try measureMoves(program, events: 20_000).nanoseconds)
        dispatchRuns.append(try measureEngineWithDispatch(events: 20_000))
        hostRuns.append(try measureHostMoves(events: 20_000))
    }
    let engine = engineRuns.sorted()[2]
    let byHand = dispatchRuns.sorted()[2]
    let host = hostRuns.sorted { $0.0 < $1.0 }[2]
    if host.2 != 10 * 20_000 { print("error: the handlers ran \(host.2) times, not 10 per event") }
    report("host.engine.move.10", engine, "ns/event")
    let quiet = quietRuns.sorted()[2]
    report("host.byhand.move.10", byHand, "ns/event")
    report("host.move.10", host.0, "ns/event")
    report("host.overhead.10", (host.0 / byHand - 1) * 100, "% over the engine with the same dispatch by hand")
    report("host.move.10.nohandlers", quiet, "ns/event")
    report("host.overhead.10.nohandlers", (quiet / engine - 1) * 100, "% over the engine alone")
    report("host.allocs.10", host.1, "allocs/event")
    let recording = recordingRuns.sorted { $0.0 < $1.0 }[2]
    report("host.move.10.recording", recording.0, "ns/event")
    report("host.recording.overhead.10", recording.0 - host.0, "ns/event over host.move.10")
    report("host.allocs.10.recording", recording.1, "allocs/event")
    report("host.recording.entry", Double(FlightRecorderSettings.bytesPerEntry), "bytes")
    var shadowRuns: [(Double, Double, Int)] = []
    var sessionRuns: [(Double, Double, Int)] = []
    for _ in 0..<3 {
        shadowRuns.append(try measureShadowMoves(events: 10_000))
        sessionRuns.append(try measureShadowMoves(events: 10_000, engine: false))
    }
    let shadow = shadowRuns.sorted { $0.0 < $1.0 }[1]
    let session = sessionRuns.sorted { $0.0 < $1.0 }[1]
    if shadow.2 != 0 { print("error: shadow mode found \(shadow.2) divergences where UIKit and the engine agree") }
    report("host.uikitRecorder.move.10", session.0, "ns/event (the touch and ten target-action reports)")
    report("host.allocs.uikitRecorder.10", session.1, "allocs/event")
    report("host.shadow.move.10", shadow.0, "ns/event (the same, with the engine and the comparison)")
    report("host.allocs.shadow.10", shadow.1, "allocs/event")
}

/// The same stream fed to the engine directly by an app that does by hand the least
/// of what the host does for it: each action's declaration, view and values read, and
/// the handler of its recognizer called.
func measureEngineWithDispatch(events: Int) throws -> Double {
    let program = TenPans.program
    let engine = try GestureEngine(program: program)
    try engine.setWindowSize(Point(x: 400, y: 800))
    var views: [ViewInstance] = []
    var parents: [Int: ViewInstance] = [:]
    for (role, declaration) in program.views.enumerated() {
        let instance = try engine.addView(
            role: role, parent: declaration.parents.first.flatMap { parents[$0] }, frame: Rect(x: 0, y: 0, width: 400, height: 800))
        parents[role] = instance
        views.append(instance)
    }
    var handled = 0
    var sum = 0.0
    let handlers: [(ViewInstance?, OutputList<Double>) -> Void] = (0..<program.recognizers.count).map { _ in
        { _, values in
            handled += 1
            sum += values.isEmpty ? 0 : values[0]
        }
    }
    func dispatch() {
        for output in engine.outputs {
            guard case .action(let action) = output, let declaration = engine.declaration(of: action.recognizer) else { continue }
            handlers[declaration](engine.view(of: action.recognizer), engine.values(of: action))
        }
    }
    let target = try require(views.last, "no views")
    try engine.touchDown(1, at: Point(x: 10, y: 400), time: 0, view: target)
    dispatch()
    var sweep = Sweep()
    func move() throws {
        let (location, time) = sweep.next()
        try engine.touchMove(1, to: location, time: time)
        dispatch()
    }
    for _ in 0..<200 { try move() }
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for _ in 0..<events { try move() }
    }
    if sum.isNaN || handled == 0 { print("error: the hand-written dispatch handled nothing") }
    return seconds(elapsed) * 1e9 / Double(events)
}
