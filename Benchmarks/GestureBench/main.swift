// gesture-bench: the project's performance figures, one per line as `name value unit`.
//
//   swift run -c release gesture-bench
//
// `gesture-bench spec` prints the generated 10,000-recognizer spec and exits;
// `gesture-bench lint-spec N` prints the lint benchmark's spec with N recognizers, to
// profile `gesturec lint` of it; `gesture-bench big-spec plain|expressions MB` prints a spec of about MB megabytes to
// measure the front end's memory with (docs/benchmarks.md, "Hostile input");
// `gesture-bench engine-spec K` prints the engine benchmark's spec with K pans on the
// touch's path. `gesture-bench engine [K…]` runs only the engine's figures and the
// host core's; `gesture-bench host` only the host core's; `gesture-bench frontend`
// only the front end's, `build.10k` and the language server's.
// `gesture-bench hostile [PREFIX]` runs only the figures of hostile inputs,
// or those whose names start with PREFIX (`hostile.lint`).
// `gesture-bench scale [PREFIX] [--limit E]` prints how each command's cost grows
// between inputs ten times apart, as an exponent.
// `gesture-bench events NAME N` runs one engine workload for N events after its
// warm-up and prints nothing: `Benchmarks/instructions.sh` counts its instructions.
//
// Figures are the median of several runs after a warm-up. docs/benchmarks.md records
// them with the machine they were measured on.

import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureLanguageService
import GestureRuntime
import GestureSimulation
import MallocCounter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` `runs` times after one warm-up and returns the median duration.
func median(runs: Int, _ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    body()
    var times: [Duration] = []
    for _ in 0..<runs {
        times.append(clock.measure(body))
    }
    return times.sorted()[runs / 2]
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Prints `name value unit`, the value with two decimals.
func report(_ name: String, _ value: Double, _ unit: String) {
    let hundredths = Int((abs(value) * 100).rounded())
    let fraction = hundredths % 100
    let sign = value < 0 && hundredths > 0 ? "-" : ""
    print("\(name) \(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)\(unit.isEmpty ? "" : " " + unit)")
}

/// A spec of about 1 MB with `recognizers` recognizers (the issue's "1 MB, about
/// 10,000 recognizers"): view roles with properties, recognizers of every standard
/// kind with arguments and a predicate each, a doc comment on every tenth, and a
/// failure requirement for every other one.
func generatedSpec(recognizers: Int) -> String {
    var text = "/// A generated spec for the benchmarks.\ngestures Generated {\n  view window {\n"
    let roles = max(1, recognizers / 50)
    for role in 0..<roles {
        text += "    view role\(role) { interactive: true; hitSlop: 4pt }\n"
    }
    text += "  }\n  hook allow\n"
    let kinds = ["tap(taps: 2)", "pan(maximumTouches: 2)", "longPress(minimumDuration: 400ms)", "pinch", "swipe(direction: left)"]
    for index in 0..<recognizers {
        if index % 10 == 0 { text += "  /// Recognizer number \(index).\n" }
        text += "  recognizer r\(index) = \(kinds[index % kinds.count]) on role\(index % roles) { shouldBegin: allow && touchCount < 3 }\n"
        if index % 2 == 1 { text += "  r\(index - 1) requires r\(index) to fail\n" }
    }
    return text + "}\n"
}

/// Writes a spec of about `megabytes` MB to standard output, set by set. `plain`: sets
/// of taps and pans with a doc comment, an argument, a predicate and a requirement each,
/// as a generator would write them; `expressions`: pans whose `shouldBegin` has 41
/// terms, the densest syntax trees per byte.
func printBigSpec(megabytes: Int, expressions: Bool) {
    let condition = (["h"] + Array(repeating: "(translation.y > 10pt || h)", count: 40)).joined(separator: " && ")
    var written = 0
    var set = 0
    while written < megabytes * 1_000_000 {
        var text = "gestures S\(set) {\n  view window { view photo }\n  hook h\n"
        for index in 0..<1000 {
            if expressions {
                text += "  recognizer p\(index) = pan on window { shouldBegin: \(condition) }\n"
            } else {
                text += "  /// Recognizer number \(index).\n"
                text += "  recognizer t\(index) = tap(taps: 2) on photo { shouldBegin: h }\n"
                text += "  recognizer p\(index) = pan on window\n  t\(index) requires p\(index) to fail\n"
            }
        }
        text += "}\n"
        print(text, terminator: "")
        written += text.utf8.count
        set += 1
    }
}

let spec = generatedSpec(recognizers: 10_000)
// `gesture-bench spec` prints the generated spec instead, to profile a single
// `gesturec build` of it (see docs/benchmarks.md).
if CommandLine.arguments.dropFirst().first == "spec" {
    print(spec, terminator: "")
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "lint-spec" {
    let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100
    print(generatedSpec(recognizers: count), terminator: "")
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "big-spec" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    let megabytes = arguments.dropFirst().first.flatMap { Int($0) } ?? 50
    switch arguments.first {
    case "plain": printBigSpec(megabytes: megabytes, expressions: false)
    case "expressions": printBigSpec(megabytes: megabytes, expressions: true)
    default: print("usage: gesture-bench big-spec plain|expressions MB")
    }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "engine-spec" {
    let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10
    print(engineSpec(onPath: count, depth: min(count, 10)), terminator: "")
    exit(0)
}
// `gesture-bench hostile [PREFIX]` runs only the figures of inputs made to cost, or
// those of them whose names start with PREFIX.
if CommandLine.arguments.dropFirst().first == "hostile" {
    do {
        try runHostileBenchmarks(only: CommandLine.arguments.dropFirst(2).first)
    } catch {
        print("error: hostile benchmark: \(error)")
    }
    exit(0)
}
// `gesture-bench scale [PREFIX] [--limit E]`: each command's growth over inputs ten
// times apart (Scale.swift); with `--limit`, exit 1 if an exponent is above E.
if CommandLine.arguments.dropFirst().first == "scale" {
    var arguments = Array(CommandLine.arguments.dropFirst(2))
    var limit: Double?
    if let at = arguments.firstIndex(of: "--limit"), at + 1 < arguments.count {
        limit = Double(arguments[at + 1])
        arguments.removeSubrange(at...(at + 1))
    }
    let largest = runScaleBenchmarks(only: arguments.first)
    if let limit, largest > limit {
        print("error: an exponent is above \(limit)")
        exit(1)
    }
    exit(0)
}
// `gesture-bench host` runs only the host core's figures.
if CommandLine.arguments.dropFirst().first == "host" {
    do {
        try runHostBenchmarks()
    } catch {
        print("error: host benchmark: \(error)")
    }
    exit(0)
}
// `gesture-bench lint` runs only the lint figures.
if CommandLine.arguments.dropFirst().first == "lint" {
    runLintBenchmarks()
    exit(0)
}
// `gesture-bench engine` runs only the engine's figures.
if CommandLine.arguments.dropFirst().first == "events" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    do {
        try runEventWorkload(arguments.first ?? "", events: arguments.dropFirst().first.flatMap { Int($0) } ?? 1000)
    } catch {
        print("error: \(error)")
    }
    exit(0)
}

let engineOnly = CommandLine.arguments.dropFirst().first == "engine"
let bytes = Array(spec.utf8)
let file = SourceFile(path: "generated.gdl", bytes: bytes)
let loader = InMemorySourceLoader([:])

var checkFailed = false
if !engineOnly {
    let checkTime = median(runs: 9) {
        let compilation = Compilation.check(roots: [file], loader: loader)
        if compilation.diagnostics.hasErrors { checkFailed = true }
    }
    if checkFailed {
        print("error: the generated spec does not check clean")
    }
    let lexTime = median(runs: 9) {
        var lexer = Lexer(file: file, id: FileID(0))
        var diagnostics = DiagnosticBag()
        _ = lexer.tokenize(diagnostics: &diagnostics)
    }
    let parseTime = median(runs: 9) {
        var diagnostics = DiagnosticBag()
        _ = Parser.parse(file, id: FileID(0), diagnostics: &diagnostics)
    }

    // The main job end to end: check, lower, and all three emitters.
    var binarySize = 0
    var buildFailed = false
    let buildTime = median(runs: 5) {
        let compilation = Compilation.check(roots: [file], loader: loader)
        let build = compilation.lowered()
        let sets = build.sets
        if sets.count != 1 || !build.succeeded { buildFailed = true }
        let programs = sets.map(\.program)
        _ = SwiftEmitter.emit(sets, sources: [file.path])
        _ = JSONEmitter.emit(programs)
        binarySize = BinaryEmitter.emit(programs).count
    }
    if buildFailed {
        print("error: the generated spec does not build")
    }

    report("frontend.input", Double(bytes.count) / 1_000_000, "MB")
    report("frontend.throughput", Double(bytes.count) / 1_000_000 / seconds(checkTime), "MB/s")
    report("frontend.check.10k", seconds(checkTime) * 1000, "ms")
    report("frontend.lex.10k", seconds(lexTime) * 1000, "ms")
    report("frontend.parse.10k", seconds(parseTime) * 1000, "ms")
    report("build.10k", seconds(buildTime) * 1000, "ms")
    report("table.bytes_per_recognizer", Double(binarySize) / 10_000, "B")

    // The language server on the same spec: an edit re-checks the file and publishes its
    // diagnostics; a hover after it answers from the new check (< 300 ms).
    var server = LanguageServer(loader: loader, preludePath: nil)
    func send(_ method: String, id: Int? = nil, _ params: JSONOutput) -> [JSONOutput] {
        var fields: [(String, JSONOutput)] = [("jsonrpc", .string("2.0"))]
        if let id { fields.append(("id", .int(id))) }
        return server.handle(JSONOutput.object(fields + [("method", .string(method)), ("params", params)]).bytes)
    }
    let uri = JSONOutput.string("file:///bench.gdl")
    _ = send("initialize", id: 1, .object([]))
    _ = send(
        "textDocument/didOpen",
        .object([
            (
                "textDocument",
                .object([
                    ("uri", uri), ("version", .int(1)), ("text", .string(String(decoding: bytes, as: UTF8.self))),
                ])
            )
        ]))
    let origin = JSONOutput.object([("line", .int(0)), ("character", .int(0))])
    let changeTime = median(runs: 9) {
        _ = send(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", uri), ("version", .int(2))])),
                ("contentChanges", .array([.object([("range", .object([("start", origin), ("end", origin)])), ("text", .string(""))])])),
            ]))
    }
    // Halfway down the file, on the third word of a line: a name, whose symbol is looked up.
    let middle = JSONOutput.object([("line", .int(bytes.count { $0 == UInt8(ascii: "\n") } / 2)), ("character", .int(15))])
    let hoverTime = median(runs: 9) {
        _ = send("textDocument/hover", id: 2, .object([("textDocument", .object([("uri", uri)])), ("position", middle)]))
    }
    report("lsp.change.10k", seconds(changeTime) * 1000, "ms")
    report("lsp.hover.10k", seconds(hoverTime) * 1000, "ms")
}
if CommandLine.arguments.dropFirst().first == "frontend" { exit(0) }

// MARK: - Engine

/// A spec with `perView` pans on each of `roles` sibling roles under the window, plus a
/// chain of `depth` nested roles holding `onPath` pans round-robin: the touch's path.
/// Every pan recognizes with every other, so all of those on the path stay active and
/// each move event runs through all of them: the worst case.
func engineSpec(
    onPath: Int, depth: Int, offPathRoles: Int = 0, perRole: Int = 0, cancelsTouches: Bool = true, simultaneous: Bool = true
) -> String {
    var text = "gestures Engine {\n  view window {\n"
    for role in 0..<offPathRoles { text += "    view side\(role)\n" }
    var nesting = ""
    for level in 0..<depth { nesting += "view path\(level) { " }
    text += "    " + nesting + String(repeating: "} ", count: depth) + "\n  }\n"
    for index in 0..<onPath {
        let options = [simultaneous ? "shouldRecognizeSimultaneously: true" : nil, cancelsTouches ? nil : "cancelsTouchesInView: false"]
        text += "  recognizer p\(index) = pan on path\(index % depth) { \(options.compactMap { $0 }.joined(separator: "; ")) }\n"
    }
    for role in 0..<offPathRoles {
        for index in 0..<perRole { text += "  recognizer s\(role)_\(index) = pan on side\(role)\n" }
    }
    return text + "}\n"
}

func compileEngineSpec(_ text: String) -> GestureProgram? {
    let compilation = Compilation.check(
        roots: [SourceFile(path: "engine.gdl", text: text)], loader: InMemorySourceLoader([:]), errorLimit: nil)
    let build = compilation.lowered()
    let sets = build.sets
    guard build.succeeded else { return nil }
    return sets.first?.program
}

/// Times a one-finger pan stream after warm-up: nanoseconds and heap allocations per
/// move event.
func measureMoves(_ program: GestureProgram, events: Int) throws -> (nanoseconds: Double, allocations: Double) {
    let engine = try GestureEngine(program: program)
    try engine.setWindowSize(Point(x: 400, y: 800))
    var views: [ViewInstance] = []
    var parents: [Int: ViewInstance] = [:]
    for (role, declaration) in program.views.enumerated() {
        let instance = try engine.addView(role: role, parent: declaration.parents.first.flatMap { parents[$0] })
        parents[role] = instance
        views.append(instance)
    }
    // The deepest role of the path, which is the last one declared.
    let target = try require(views.last, "no views")
    var sweep = Sweep()
    try engine.touchDown(1, at: Point(x: 10, y: 400), time: 0, view: target)
    func move() throws {
        let (location, time) = sweep.next()
        try engine.touchMove(1, to: location, time: time)
    }
    for _ in 0..<200 { try move() }  // every pan has begun; buffers have grown
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = try clock.measure {
        for _ in 0..<events { try move() }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(events)
    lastEventDeliveries = engine.outputs.count { if case .touches = $0 { true } else { false } }
    lastEventActions = engine.outputs.count { if case .action = $0 { true } else { false } }
    return (seconds(elapsed) * 1e9 / Double(events), allocations)
}

/// The finger of the move benchmarks: every 8 ms one point further right, back to the
/// left past 390 pt, across the middle of a 400 × 800 pt window.
struct Sweep {
    private var time = 0.0
    private var x = 10.0

    mutating func next() -> (location: Point, time: Double) {
        time += 0.008
        x += 1
        if x > 390 { x = 10 }
        return (Point(x: x, y: 400), time)
    }
}

/// A set of one pan on the window, with the names and the values struct that
/// `gesturec build` generates for it (`SwiftEmitter`), written out here because the
/// benchmark compiles its specs at run time.
enum OnePan: GestureSet {
    enum Recognizer: Int, GestureRecognizerName {
        typealias Owner = OnePan
        case drag = 0
    }

    enum View: Int, GestureViewName {
        typealias Owner = OnePan
        case window = 0
    }

    enum Hook: GestureHookName {
        typealias Owner = OnePan
        init?(rawValue: Int) { nil }
        var rawValue: Int { switch self {} }
    }

    static let program: GestureProgram = {
        // A constant spec: it compiles, or the benchmark itself is broken.
        guard let program = compileEngineSpec("gestures OnePan {\n  view window\n  recognizer drag = pan on window\n}\n")
        else { fatalError("the OnePan spec does not compile") }
        return program
    }()

    struct PanValues: GestureReportedValues, Hashable {
        typealias Owner = OnePan
        static let kind = "pan"
        static let reports: [ReportLayout] = [
            ReportLayout("location", .vector), ReportLayout("translation", .vector), ReportLayout("velocity", .vector),
        ]
        var location: Point
        var translation: Point
        var velocity: Point

        init(reading values: OutputList<Double>) {
            location = Point(x: values[0], y: values[1])
            translation = Point(x: values[2], y: values[3])
            velocity = Point(x: values[4], y: values[5])
        }
    }
}

/// Times reading a pan's `changed` action as its typed struct
/// (`reportedValues(of:as:)`), and counts the heap allocations of a read.
func measureReportedValues(reads: Int) throws -> (nanoseconds: Double, allocations: Double) {
    let engine = try GestureEngine(program: OnePan.program)
    let window = try engine.addView(role: OnePan.View.window, parent: nil)
    try engine.touchDown(1, at: Point(x: 10, y: 10), time: 0, view: window)
    try engine.touchMove(1, to: Point(x: 40, y: 10), time: 0.05)
    try engine.touchMove(1, to: Point(x: 50, y: 10), time: 0.1)
    let action = try require(
        engine.outputs.lazy.compactMap { output -> GestureAction? in
            if case .action(let action) = output { action } else { nil }
        }.first, "no action")
    var sum = 0.0
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = clock.measure {
        for _ in 0..<reads { sum += engine.reportedValues(of: action, as: OnePan.PanValues.self)?.translation.x ?? .nan }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(reads)
    if sum != 40 * Double(reads) { print("error: the typed values read \(sum / Double(reads)), not 40") }
    return (seconds(elapsed) * 1e9 / Double(reads), allocations)
}

/// Times a two-finger stream through a pinch and a rotation that recognize together:
/// both fingers move in every event, turning and spreading about a fixed centre.
func measureTwoFingers(events: Int) throws -> (nanoseconds: Double, allocations: Double) {
    let program = try require(
        compileEngineSpec(
            """
            gestures TwoFingers {
              view window
              recognizer zoom = pinch on window
              recognizer spin = rotation on window
              simultaneous zoom, spin
            }
            """), "spec")
    let engine = try GestureEngine(program: program)
    try engine.setWindowSize(Point(x: 400, y: 800))
    let window = try engine.addView(role: 0, parent: nil)
    func positions(_ step: Int) -> (Point, Point) {
        // One full turn every 400 events, the spread between 100 and 200 pt.
        let angle = Double(step % 400) / 400 * 2 * Double.pi
        let radius = 75 + 25 * Double((step / 400) % 2 == 0 ? step % 400 : 400 - step % 400) / 400
        let offset = Point(x: radius * cosine(angle), y: radius * sine(angle))
        return (Point(x: 200, y: 400) - offset, Point(x: 200, y: 400) + offset)
    }
    // The events of one period (800), made before timing: the figure is the engine's,
    // not the trigonometry that places the fingers.
    let period = (0..<800).map { step in
        let (a, b) = positions(step)
        return [TouchChange(id: 1, phase: .move, location: a), TouchChange(id: 2, phase: .move, location: b)]
    }
    let (a, b) = positions(0)
    try engine.handle(
        [
            TouchChange(id: 1, phase: .down, location: a, view: window),
            TouchChange(id: 2, phase: .down, location: b, view: window),
        ],
        time: 0)
    // Event `i` is at `i` × 8 ms: no state captured and changed by the timed closure,
    // which Swift would box and check for exclusive access on every event.
    for i in 1...200 { try engine.handle(period[i % 800], time: Double(i) * 0.008) }
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = try clock.measure {
        for i in 201..<(201 + events) { try engine.handle(period[i % 800], time: Double(i) * 0.008) }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(events)
    lastEventActions = engine.outputs.count { if case .action = $0 { true } else { false } }
    return (seconds(elapsed) * 1e9 / Double(events), allocations)
}

/// Sine and cosine without Foundation's names, which differ between platforms.
func sine(_ x: Double) -> Double { cosine(x - Double.pi / 2) }
func cosine(_ x: Double) -> Double {
    // Taylor series after reducing to [-π, π]: plenty for moving a finger.
    var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
    var term = 1.0
    var sum = 1.0
    for n in 1...12 {
        term *= -x * x / Double((2 * n - 1) * (2 * n))
        sum += term
    }
    return sum
}

/// View deliveries and actions in the last timed event, to check a benchmark measures
/// what it says.
nonisolated(unsafe) var lastEventDeliveries = 0
nonisolated(unsafe) var lastEventActions = 0

/// `#require` for a benchmark: stops with a message.
func require<T>(_ value: T?, _ message: @autoclosure () -> String = "missing value") throws -> T {
    guard let value else { throw BenchError(message: message()) }
    return value
}

struct BenchError: Error {
    var message: String
}

func runEngineBenchmarks() throws {
    // The counter must see the runtime's allocations, or every figure below reads 0.
    let probeBefore = gesture_bench_allocations()
    let probe = Array(repeating: CommandLine.arguments.count, count: 1000)
    if gesture_bench_allocations() - probeBefore < 1 || probe.isEmpty {
        print("warning: heap allocations are not counted on this platform")
    }
    let counts = CommandLine.arguments.count > 2 ? CommandLine.arguments.dropFirst(2).compactMap { Int($0) } : [1, 10, 100, 1000]
    for count in counts {
        let program = try require(compileEngineSpec(engineSpec(onPath: count, depth: min(count, 10))), "spec")
        let events = count >= 1000 ? 2_000 : 20_000
        // The engine and the same pans written by hand (Floor.swift), in turns, so that
        // both see the same machine.
        var runs: [(Double, Double)] = []
        var floorRuns: [Double] = []
        for _ in 0..<5 {
            runs.append(try measureMoves(program, events: events))
            if lastEventActions != count { print("error: \(lastEventActions) actions per move, not \(count)") }
            floorRuns.append(measureHandWrittenMoves(pans: count, events: events).nanoseconds)
            if lastEventActions != count { print("error: \(lastEventActions) hand-written actions per move, not \(count)") }
        }
        let median = runs.sorted { $0.0 < $1.0 }[2]
        let floor = floorRuns.sorted()[2]
        report("engine.move.\(count)", median.0, "ns/event")
        report("engine.allocs.\(count)", median.1, "allocs/event")
        report("floor.move.\(count)", floor, "ns/event")
        report("engine.move.\(count).overFloor", median.0 / floor, "x")
    }
    // UIKit's default between nested pans: the deepest begins and excludes the others
    // (R46, R47), so after warm-up each move reaches one recognizer of the ten.
    let exclusive = try require(compileEngineSpec(engineSpec(onPath: 10, depth: 10, simultaneous: false)), "spec")
    var exclusiveRuns: [Double] = []
    for _ in 0..<5 { exclusiveRuns.append(try measureMoves(exclusive, events: 20_000).nanoseconds) }
    if lastEventActions != 1 { print("error: \(lastEventActions) actions per move, not 1") }
    report("engine.move.10.exclusive", exclusiveRuns.sorted()[2], "ns/event")
    let wide = try require(
        compileEngineSpec(engineSpec(onPath: 10, depth: 10, offPathRoles: 999, perRole: 10)), "spec")
    var runs: [Double] = []
    for _ in 0..<5 { runs.append(try measureMoves(wide, events: 20_000).nanoseconds) }
    report("engine.move.10of10000", runs.sorted()[2], "ns/event")
    var twoFingerRuns: [(Double, Double)] = []
    for _ in 0..<5 { twoFingerRuns.append(try measureTwoFingers(events: 20_000)) }
    if lastEventActions != 2 { print("error: \(lastEventActions) actions per two-finger move, not 2") }
    let twoFingers = twoFingerRuns.sorted { $0.0 < $1.0 }[2]
    report("engine.move.2fingers", twoFingers.0, "ns/event")
    report("engine.allocs.2fingers", twoFingers.1, "allocs/event")
    let reading = try measureReportedValues(reads: 20_000)
    report("engine.reportedValues", reading.nanoseconds, "ns/read")
    report("engine.allocs.reportedValues", reading.allocations, "allocs/read")
}

/// One engine workload for `events` events, for counting instructions.
func runEventWorkload(_ name: String, events: Int) throws {
    switch name {
    case "move.1", "move.10", "move.100", "move.1000":
        let count = Int(name.dropFirst("move.".count)) ?? 1
        _ = try measureMoves(try require(compileEngineSpec(engineSpec(onPath: count, depth: min(count, 10))), "spec"), events: events)
    case "floor.move.1", "floor.move.10", "floor.move.100", "floor.move.1000":
        _ = measureHandWrittenMoves(pans: Int(name.dropFirst("floor.move.".count)) ?? 10, events: events)
    case "move.10.exclusive":
        _ = try measureMoves(try require(compileEngineSpec(engineSpec(onPath: 10, depth: 10, simultaneous: false)), "spec"), events: events)
    case "move.2fingers":
        _ = try measureTwoFingers(events: events)
    case "scroll.10", "scroll.10000":
        _ = try measureScrolling(cells: Int(name.dropFirst("scroll.".count)) ?? 10, events: events)
    case "host.move.10":
        _ = try measureHostMoves(events: events)
    case "host.move.10.nohandlers":
        _ = try measureHostMoves(events: events, handlers: false)
    case "host.move.10.recording":
        _ = try measureHostMoves(events: events, recording: true)
    case "host.shadow.move.10":
        _ = try measureShadowMoves(events: events)
    default:
        throw BenchError(
            message:
                "unknown workload '\(name)': move.1, move.10, move.100, move.1000, floor.move.K, move.10.exclusive, move.2fingers, scroll.10, scroll.10000, "
                + "host.move.10, host.move.10.nohandlers, host.move.10.recording, host.shadow.move.10")
    }
}

// MARK: - Scene

/// A scene of `count` views: a 400 × 800 window, each view split into a grid of up to
/// ten subviews, breadth first, so that the tree is about four levels deep at 10,000.
func sceneOfViews(_ count: Int) -> Scene {
    var scene = Scene()
    let window = scene.add(parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800), properties: ViewProperties())
    var queue = [(window, 400.0, 800.0)]
    var head = 0
    while scene.count < count && head < queue.count {
        let (parent, width, height) = queue[head]
        head += 1
        let columns = 2.0
        let rows = 5.0
        for index in 0..<10 where scene.count < count {
            let frame = Rect(
                x: Double(index % 2) * width / columns, y: Double(index / 2) * height / rows,
                width: width / columns * 0.9, height: height / rows * 0.9)
            let view = scene.add(parent: parent, frame: frame, properties: ViewProperties())
            queue.append((view, frame.width, frame.height))
        }
    }
    return scene
}

func runSceneBenchmarks() {
    var random = UInt64(0x2545_F491_4F6C_DD1D)
    func next() -> Double {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return Double(random >> 11) / Double(1 << 53)
    }
    let points = (0..<1000).map { _ in Point(x: next() * 400, y: next() * 800) }
    for count in [100, 1_000, 10_000] {
        let scene = sceneOfViews(count)
        var hits = 0
        let time = median(runs: 9) {
            for _ in 0..<20 {
                for point in points where scene.hitTest(point) != nil { hits += 1 }
            }
        }
        if hits == 0 { print("warning: no point hit a view") }
        report("scene.hittest.\(count)", seconds(time) * 1e9 / Double(20 * points.count), "ns/touch")
    }
}

/// A finger dragging a scroll view's content, as a host drives it: every event moves
/// the finger and scrolls the scroller with it (`setBoundsOrigin`), over `cells`
/// subviews. Nanoseconds and heap allocations per event (a move and a scroll): a scroll
/// costs the same whatever the content holds, and allocates nothing.
func measureScrolling(cells: Int, events: Int) throws -> (nanoseconds: Double, allocations: Double) {
    let program = try require(
        compileEngineSpec(
            """
            gestures Scrolling {
              view window { view scroller { view cell } }
              recognizer scroll = pan on scroller { cancelsTouchesInView: false }
            }
            """), "spec")
    let engine = try GestureEngine(program: program)
    try engine.setWindowSize(Point(x: 400, y: 800))
    let window = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let scroller = try engine.addView(role: 1, parent: window, frame: Rect(x: 0, y: 0, width: 400, height: 800))
    for cell in 0..<cells {
        try engine.addView(role: 2, parent: scroller, frame: Rect(x: 0, y: Double(cell) * 50, width: 400, height: 50))
    }
    var time = 0.0
    var y = 700.0
    try engine.touchDown(1, at: Point(x: 200, y: y), time: time)
    func move() throws {
        time += 0.008
        y -= 1
        if y < 100 { y = 700 }
        try engine.touchMove(1, to: Point(x: 200, y: y), time: time)
        try engine.setBoundsOrigin(Point(x: 0, y: 700 - y), of: scroller)
    }
    for _ in 0..<200 { try move() }
    // Timed as `measureMoves` times its events: a helper taking `move` as a closure
    // would add a quarter of a one-finger move's instructions to the figures.
    let clock = ContinuousClock()
    let allocationsBefore = gesture_bench_allocations()
    let elapsed = try clock.measure {
        for _ in 0..<events { try move() }
    }
    let allocations = Double(gesture_bench_allocations() - allocationsBefore) / Double(events)
    lastEventDeliveries = engine.outputs.count { if case .touches = $0 { true } else { false } }
    return (seconds(elapsed) * 1e9 / Double(events), allocations)
}

func runScrollingBenchmarks() throws {
    for cells in [10, 10_000] {
        var runs: [(Double, Double)] = []
        for _ in 0..<5 { runs.append(try measureScrolling(cells: cells, events: 20_000)) }
        if lastEventDeliveries != 1 { print("warning: a move was not delivered to the cell") }
        let median = runs.sorted { $0.0 < $1.0 }[2]
        report("engine.scroll.\(cells)", median.0, "ns/event")
        report("engine.allocs.scroll.\(cells)", median.1, "allocs/event")
    }
}

/// Ten pans on the path that do not cancel the view's touches, so that every move is
/// also delivered to the view: the allocations per event with delivery on.
func runDeliveryBenchmark() throws {
    let spec = engineSpec(onPath: 10, depth: 10, cancelsTouches: false)
    let program = try require(compileEngineSpec(spec), "spec")
    var runs: [(Double, Double)] = []
    for _ in 0..<5 { runs.append(try measureMoves(program, events: 20_000)) }
    if lastEventDeliveries != 1 { print("warning: a move was not delivered to the view") }
    let median = runs.sorted { $0.0 < $1.0 }[2]
    report("engine.move.10.delivered", median.0, "ns/event")
    report("engine.allocs.10.delivered", median.1, "allocs/event")
}

// MARK: - Simulate

/// `gesturec simulate` end to end on the photo browser: reading a 10,000-event trace,
/// running it and writing the text timeline. Taps and drags alternate over the photo.
func runSimulateBenchmark() throws {
    let spec = """
        gestures PhotoBrowser {
          view window { view scroller { view photo { interactive: true } } view infoButton { hitSlop: 12pt } }
          recognizer singleTap = tap on photo { delaysTouchesEnded: false }
          recognizer doubleTap = tap(taps: 2) on photo
          recognizer zoomOut = tap(touches: 2) on photo
          recognizer zoom = pinch on scroller
          recognizer spin = rotation on scroller
          recognizer drag = pan(maximumTouches: 2) on scroller { cancelsTouchesInView: false }
          singleTap requires doubleTap to fail
          simultaneous zoom, spin, drag
          hook allowZoom
          zoom.shouldBegin: allowZoom
        }
        """
    let program = try require(compileEngineSpec(spec), "spec")
    let scene = """
        {"views": [
          {"id": "window", "role": "window", "frame": [0, 0, 390, 844]},
          {"id": "scroller", "role": "scroller", "parent": "window", "frame": [0, 0, 390, 844]},
          {"id": "photo", "role": "photo", "parent": "scroller", "frame": [0, 100, 390, 400]}
        ]}
        """
    var events: [String] = []
    var time = 0.0
    var id = 1
    while events.count < 10_000 {
        func event(_ phase: String, _ x: Double, _ y: Double) {
            events.append(#"{"t": \#(time), "touches": [{"id": \#(id), "phase": "\#(phase)", "x": \#(x), "y": \#(y)}]}"#)
        }
        event("down", 150, 250)
        if id % 2 == 0 {
            for step in 1...8 {
                time += 0.016
                event("move", 150, 250 + 6 * Double(step))
            }
        }
        time += 0.05
        event("up", 150, id % 2 == 0 ? 298 : 250)
        time += 0.6
        id += 1
    }
    let trace = "{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
    var lines = 0
    var failed = false
    let elapsed = median(runs: 5) {
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        guard
            let (scene, trace) = reader.read(
                scene: SourceFile(path: "scene.json", text: scene), trace: SourceFile(path: "trace.json", text: trace),
                sources: &sources),
            var simulation = try? Simulation(program: program, scene: scene)
        else {
            failed = true
            return
        }
        simulation.run(trace)
        lines = TimelineRenderer.text(simulation.timeline).utf8.count
    }
    if failed || lines == 0 { print("error: the simulate benchmark did not run") }
    report("simulate.trace.10k", seconds(elapsed) * 1000, "ms")
}

// MARK: - Lint

/// `gesturec lint` of the generated spec with `count` recognizers: check, lower, and
/// every rule, including the engine runs over every probe on every role.
func runLintBenchmarks() {
    for count in [10, 100, 1000] { reportLint("lint", recognizers: count, runs: count >= 1000 ? 1 : 3) }
    reportDiff(recognizers: 100)
}

/// Reports `diff.COUNT`: `gesturec diff` of the generated spec with `count`
/// recognizers against a copy whose double taps wait 300 ms: both checked and lowered,
/// then every probe on every role through both programs.
func reportDiff(recognizers count: Int) {
    let old = generatedSpec(recognizers: count)
    let new = old.replacing("tap(taps: 2)", with: "tap(taps: 2, interval: 300ms)")
    func sets(_ text: String) -> [CompiledSet] {
        let compilation = Compilation.check(
            roots: [SourceFile(path: "generated.gdl", text: text)], loader: InMemorySourceLoader([:]))
        return compilation.lowered().sets
    }
    var changes = -1
    let elapsed = median(runs: 3) {
        changes = BehaviourDiff.compare(old: sets(old), new: sets(new)).count
    }
    if changes <= 0 { print("error: the diff benchmark found no change") }
    report("diff.\(count)", seconds(elapsed) * 1000, "ms")
}

/// Reports `NAME.COUNT`: linting the generated spec with `count` recognizers.
func reportLint(_ name: String, recognizers count: Int, runs: Int) {
    let file = SourceFile(path: "generated.gdl", text: generatedSpec(recognizers: count))
    var findings = -1
    let elapsed = median(runs: runs) {
        let compilation = Compilation.check(roots: [file], loader: InMemorySourceLoader([:]))
        let build = compilation.lowered()
        let sets = build.sets
        guard build.succeeded else { return }
        findings = Linter.lint(sets, in: compilation, options: LintOptions()).count
    }
    if findings < 0 { print("error: the lint benchmark's spec does not build") }
    report("\(name).\(count)", seconds(elapsed) * 1000, "ms")
    // What the exploration behind it visited.
    let compilation = Compilation.check(roots: [file], loader: InMemorySourceLoader([:]))
    for set in compilation.lowered().sets {
        let size = Linter.explorationSize(set)
        print("\(name).\(count).states \(size.states) states")
        print("\(name).\(count).inputs \(size.inputs) inputs")
    }
}

do {
    if !engineOnly {
        runLintBenchmarks()
        runSceneBenchmarks()
        try runSimulateBenchmark()
        try runHostileBenchmarks()
    }
    try runDeliveryBenchmark()
    try runScrollingBenchmarks()
    try runEngineBenchmarks()
    try runHostBenchmarks()
} catch {
    print("error: engine benchmark: \(error)")
}
