// gesture-bench: the project's performance figures, one per line as `name value unit`.
//
//   swift run -c release gesture-bench
//
// `gesture-bench spec` prints the generated 10,000-recognizer spec and exits.
//
// Figures are the median of several runs after a warm-up. docs/benchmarks.md records
// them with the machine they were measured on.

import GestureCompiler
import GestureDSL
import GestureRuntime
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
    let hundredths = Int(value * 100 + 0.5)
    let fraction = hundredths % 100
    print("\(name) \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) \(unit)")
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

let spec = generatedSpec(recognizers: 10_000)
// `gesture-bench spec` prints the generated spec instead, to profile a single
// `gesturec build` of it (see docs/benchmarks.md).
if CommandLine.arguments.dropFirst().first == "spec" {
    print(spec, terminator: "")
    exit(0)
}
let bytes = Array(spec.utf8)
let file = SourceFile(path: "generated.gdl", bytes: bytes)
let loader = InMemorySourceLoader([:])

var checkFailed = false
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
    var diagnostics = DiagnosticBag()
    let sets = Lowering.lower(compilation, diagnostics: &diagnostics)
    if sets.count != 1 || diagnostics.hasErrors { buildFailed = true }
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
