// `gesture-bench scale [PREFIX] [--limit E]`: how each command's cost grows.
//
// Every generator makes an input at two sizes ten times apart; every command that reads
// that kind of input runs on both, and the exponent of its growth is printed,
// log10(time at 10n / time at n): 1 is linear, 2 quadratic. With `--limit E`, the run
// exits 1 when an exponent is above E (CI passes a margin over the goal of 1.2, for
// the noise of a shared machine: a quadratic cost shows 2).

import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureHost
import GestureImport
import GestureLanguageService
import GestureRuntime
import GestureSimulation

#if canImport(Glibc)
    import Glibc
#endif

/// One command on one generator's input: `prepare(n)` builds the input of size `n`
/// and returns the work to time.
private struct Growth {
    var name: String
    var size: Int
    var prepare: (Int) -> () -> Void
}

/// Runs the growth figures whose names start with `prefix` (all without one) and
/// returns the largest exponent.
func runScaleBenchmarks(only prefix: String?) -> Double {
    var largest = 0.0
    for growth in growths where prefix.map({ growth.name.hasPrefix($0) }) ?? true {
        let small = growth.prepare(growth.size)
        let large = growth.prepare(growth.size * 10)
        // A work too quick to time well is repeated, the same number of times at both
        // sizes, until the smaller takes 10 ms.
        let once = seconds(ContinuousClock().measure(small))
        let repeats = once >= 0.01 ? 1 : min(1000, Int(0.01 / max(once, 1e-6)) + 1)
        func repeated(_ work: @escaping () -> Void) -> () -> Void { { for _ in 0..<repeats { work() } } }
        let smallTime = seconds(median(runs: 3, repeated(small))) / Double(repeats)
        let largeTime = seconds(median(runs: 3, repeated(large))) / Double(repeats)
        let exponent = log10(max(largeTime, 1e-9) / max(smallTime, 1e-9))
        report("scale.\(growth.name).\(growth.size)", smallTime * 1000, "ms")
        report("scale.\(growth.name).\(growth.size * 10)", largeTime * 1000, "ms")
        report("scale.\(growth.name).exponent", exponent, "")
        largest = max(largest, exponent)
    }
    return largest
}

// MARK: - The generators

/// A chain of `n` nested roles (each `in` the one before), a pan on every tenth.
private func nestedRoles(_ n: Int) -> String {
    var text = "gestures Nested {\n  view r0\n"
    for index in 1..<n { text += "  view r\(index) in r\(index - 1)\n" }
    for index in stride(from: 0, to: n, by: 10) { text += "  recognizer p\(index) = pan on r\(index)\n" }
    return text + "}\n"
}

/// `n` failure requirements in a chain of taps on one view.
func requirementChain(_ n: Int) -> String {
    var text = "gestures Chain {\n  view window\n"
    for index in 0...n { text += "  recognizer r\(index) = tap on window\n" }
    for index in 0..<n { text += "  r\(index) requires r\(index + 1) to fail\n" }
    return text + "}\n"
}

/// A chain of `n` nested roles with a tap on each, every tap requiring the next one's
/// to fail: each relation asks whether one role encloses the other.
private func deepRelations(_ n: Int) -> String {
    var text = "gestures DeepRelations {\n  view r0\n"
    for index in 1..<n { text += "  view r\(index) in r\(index - 1)\n" }
    for index in 0..<n { text += "  recognizer t\(index) = tap on r\(index)\n" }
    for index in 1..<n { text += "  t\(index - 1) requires t\(index) to fail\n" }
    return text + "}\n"
}

/// `n` cells in a window, each with a button and a single tap on the cell, which the
/// button's default action beats (R44): each control claims one recognizer of the
/// `n` (lowering asked every recognizer of every control before).
private func cellsWithButtons(_ n: Int) -> String {
    var text = "gestures Cells {\n  view window\n"
    for index in 0..<n {
        text += "  view c\(index) in window\n  view b\(index) in c\(index) { control: button }\n"
        text += "  recognizer t\(index) = tap on c\(index)\n"
    }
    return text + "}\n"
}

/// A chain of `n` nested roles under a role of two parents (`view r0 in a, b`), a tap
/// on each, each requiring the failure of a tap on the second parent: GDL313 asks
/// whether `b` encloses each role, which first parents alone cannot answer.
private func deepRelationsUnderJoin(_ n: Int) -> String {
    var text = "gestures DeepJoin {\n  view a\n  view b\n  view r0 in a, b\n"
    for index in 1..<n { text += "  view r\(index) in r\(index - 1)\n" }
    text += "  recognizer onB = tap on b\n"
    for index in 0..<n { text += "  recognizer t\(index) = tap on r\(index)\n" }
    for index in 0..<n { text += "  t\(index) requires onB to fail\n" }
    return text + "}\n"
}

/// A kind of `n` parameters with a requirement that reads every one of them
/// (`min(p0, p1, …)`, reported once for its number of arguments), on one recognizer.
private func wideRequirement(_ n: Int) -> String {
    let parameters = (0..<n).map { "p\($0): int = 1" }.joined(separator: ", ")
    let read = (0..<n).map { "p\($0)" }.joined(separator: ", ")
    return "kind wide(\(parameters)) discrete {\n  require min(\(read)) >= 0\n  possible { on down -> recognized }\n}\n"
        + "gestures Wide {\n  view window\n  recognizer r = wide on window\n}\n"
}

/// `n` errors: recognizers on a role that does not exist.
private func manyErrors(_ n: Int) -> String {
    var text = "gestures Errors {\n  view window\n"
    for index in 0..<n { text += "  recognizer r\(index) = tap on nowhere\n" }
    return text + "}\n"
}

/// `n` views on one line, after a comment holding a character outside ASCII (so
/// that positions on the line are not bytes).
private func longLine(_ n: Int) -> String {
    "gestures Long { /* é */ view e { " + (0..<n).map { "view v\($0)" }.joined(separator: " ") + " } }\n"
}

/// A window, a box with a long press and a tap that waits for it, and a pan on the window.
let boxSpec = """
    gestures Scene {
      view window { view box }
      recognizer drag = pan on window
      recognizer press = longPress on box
      recognizer tap = tap on box
      tap requires press to fail
    }
    """

/// `n` nested roles, each in the one before, a tap on each; a scene of one view of
/// each, nested, and one tap on the deepest.
private func deepScene(_ n: Int) -> (spec: String, scene: String) {
    var spec = "gestures Scene {\n  view r0\n"
    for index in 1..<n { spec += "  view r\(index) in r\(index - 1)\n" }
    for index in 0..<n { spec += "  recognizer t\(index) = tap on r\(index)\n" }
    var views = [#"{"id": "v0", "role": "r0", "frame": [0, 0, 400, 800]}"#]
    for index in 1..<n {
        views.append(#"{"id": "v\#(index)", "role": "r\#(index)", "parent": "v\#(index - 1)", "frame": [0, 0, 400, 800]}"#)
    }
    let events = [
        #"{"t": 0, "touches": [{"id": 1, "phase": "down", "x": 10, "y": 10}]}"#,
        #"{"t": 0.05, "touches": [{"id": 1, "phase": "up", "x": 10, "y": 10}]}"#,
    ]
    return (spec + "}\n", #"{"views": [\#(views.joined(separator: ", "))], "events": [\#(events.joined(separator: ", "))]}"#)
}

/// A box in a window and `n` events: drags of a hundred moves, two fingers at a time.
private func longTrace(_ n: Int) -> String {
    var lines = ["view w: window [0 0 400 800]", "view b: box in w [0 0 400 800]", ""]
    var time = 0.0
    var written = 0
    while written < n {
        lines.append("\(time)  down 1 at (100, 100); down 2 at (200, 100)")
        for step in 0..<98 {
            time += 0.01
            lines.append("\(time)  move 1 at (\(100 + step), 100); move 2 at (\(200 + step), 100)")
        }
        time += 0.01
        lines.append("\(time)  up 1 at (197, 100); up 2 at (297, 100)")
        time += 1
        written += 100
    }
    return lines.joined(separator: "\n") + "\n"
}

/// A `.gdltest` over the box spec: `tests` tests of a tap each, `expectations`
/// expectations a test (a tap, each checked at its time), and `views` view lines (the
/// box, then that many more boxes beside it).
func testFile(tests: Int, expectations: Int = 1, views: Int = 1) -> String {
    var lines = ["view w: window [0 0 400 800]"]
    for index in 0..<views { lines.append("view b\(index): box in w [0 0 400 800]") }
    for test in 0..<tests {
        lines.append("test \"tap \(test)\"")
        for tap in 0..<expectations {
            let time = Double(tap)
            lines.append("  \(time)  down 1 at (100, 100)")
            lines.append("  \(time + 0.05)  up 1 at (100, 100)")
        }
        for tap in 0..<expectations { lines.append("  expect tap on b\(views - 1) recognized at \(Double(tap) + 0.05)") }
        lines.append("  expect never drag recognized")
    }
    return lines.joined(separator: "\n") + "\n"
}

/// `n` boxes side by side along the left edge of a window, each with the box's
/// recognizers, as a scene of the box spec.
func edgeScene(_ n: Int) -> String {
    var lines = ["view w: window [0 0 400 800]"]
    for index in 0..<n { lines.append("view b\(index): box in w [0 \(Double(index) * 800 / Double(n)) 40 \(800 / Double(n))]") }
    return lines.joined(separator: "\n") + "\n"
}

// MARK: - The commands

func compiled(_ text: String) -> (Compilation, [CompiledSet]) {
    let compilation = Compilation.check(
        roots: [SourceFile(path: "scale.gdl", text: text)], loader: InMemorySourceLoader([:]))
    return (compilation, compilation.lowered().sets)
}

/// The spec's one program; a spec that does not build is the generator's mistake.
private func program(_ text: String) -> GestureProgram? {
    let (compilation, sets) = compiled(text)
    guard !compilation.diagnostics.hasErrors, let program = sets.first?.program else {
        print("error: a generated spec does not build: \(compilation.diagnostics.diagnostics.first?.message ?? "no set")")
        return nil
    }
    return program
}

/// The commands that read a spec, on the spec `generate` writes.
private func specCommands(_ name: String, size: Int, _ generate: @escaping (Int) -> String) -> [Growth] {
    _ = program(generate(size))
    return [
        Growth(name: "\(name).check", size: size) { n in
            let file = SourceFile(path: "scale.gdl", text: generate(n))
            return { _ = Compilation.check(roots: [file], loader: InMemorySourceLoader([:])) }
        },
        Growth(name: "\(name).build", size: size) { n in
            let text = generate(n)
            return {
                let (_, sets) = compiled(text)
                _ = SwiftEmitter.emit(sets, sources: ["scale.gdl"])
                _ = BinaryEmitter.emit(sets.map(\.program))
            }
        },
        Growth(name: "\(name).lint", size: size) { n in
            let text = generate(n)
            return {
                let (compilation, sets) = compiled(text)
                _ = Linter.lint(sets, in: compilation, options: LintOptions())
            }
        },
        Growth(name: "\(name).graph", size: size) { n in
            let text = generate(n)
            return {
                let (compilation, sets) = compiled(text)
                for set in sets {
                    if let diagram = SetDiagram.diagram(set, in: compilation) { _ = DiagramRenderer.render(diagram, as: .dot) }
                }
            }
        },
        Growth(name: "\(name).format", size: size) { n in
            let file = SourceFile(path: "scale.gdl", text: generate(n))
            return { _ = Formatter.format(file, id: FileID(0)) }
        },
    ]
}

/// `simulate` of a scene and trace file (`text`) over `spec`: read and run, each entry
/// made a line of text.
private func simulate(_ spec: String, _ text: String) -> () -> Void {
    let program = program(spec)
    return {
        guard let program else { return }
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let isJSON = text.hasPrefix("{")
        guard
            let (scene, trace) = reader.read(
                scene: nil, trace: SourceFile(path: isJSON ? "t.json" : "t.trace", text: text), sources: &sources),
            var simulation = try? Simulation(program: program, scene: scene)
        else { return print("error: the scale trace does not read") }
        var bytes = 0
        simulation.run(trace) { entry in bytes += TimelineRenderer.line(entry, subjectWidth: 0).utf8.count }
    }
}

/// `gesturec test` of one test file (`text`) over `spec`: read, run, checked.
func runTests(_ spec: String, _ text: String) -> () -> Void {
    let program = program(spec)
    return {
        guard let program else { return }
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "scale.gdltest", text: text))
        var diagnostics = DiagnosticBag()
        let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        let results = GestureTestRunner.run(file, program: program, scene: nil, sources: &sources)
        if diagnostics.hasErrors || !results.allSatisfy(\.passed) { print("error: the scale tests do not pass") }
    }
}

/// `lint --scene` of a text scene over `spec`, on a phone whose system gestures take
/// the screen's edges.
func lintOnDevice(_ spec: String, _ sceneText: String) -> () -> Void {
    let (compilation, sets) = compiled(spec)
    return {
        guard let set = sets.first else { return }
        var sources = compilation.sources
        var reader = SimulationInputReader(program: set.program)
        guard let scene = reader.read(scene: SourceFile(path: "scale.scene", text: sceneText), sources: &sources),
            let device = DeviceProfile.named("pixel-7")
        else { return print("error: the scale scene does not read") }
        var options = LintOptions()
        options.scene = LintScene(set: set.program.name, scene: scene, sources: sources)
        options.devices = [device]
        _ = Linter.lint(sets, in: compilation, options: options)
    }
}

/// A list whose cells have what a cell usually has: a tap, a long press and a pan.
private let recyclingSpec = """
    gestures Cells {
      view list { view cell }
      recognizer select = tap on cell
      recognizer menu = longPress on cell
      recognizer swipe = pan on cell
    }

    """

/// An engine given `n` cells one at a time, each added to a list, tapped and removed,
/// as a list recycles its cells; the run returns the view slots and recognizer
/// instances the engine stores at the end.
func engineRecycling(_ n: Int) -> () -> (views: Int, instances: Int) {
    let cells = compileEngineSpec(recyclingSpec)
    return {
        do {
            let engine = try GestureEngine(program: try require(cells, "the recycling spec"))
            let list = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800))
            for index in 0..<n {
                let at = Double(index)
                let cell = try engine.addView(role: 1, parent: list, frame: Rect(x: 0, y: 0, width: 400, height: 40))
                try engine.touchDown(1, at: Point(x: 10, y: 10), time: at)
                try engine.touchUp(1, at: Point(x: 10, y: 10), time: at + 0.05)
                try engine.removeView(cell, time: at + 0.5)
            }
            return (engine.storedViewCount, engine.recognizerInstanceCount)
        } catch {
            print("error: the engine refused the recycling stream: \(error)")
            return (0, 0)
        }
    }
}

/// A host with `n` cells registered in a list, then unregistered one by one, and
/// `n` taps by a finger whose pointer id is reused, as on Android.
func hostRecycling(_ n: Int) -> () -> Void {
    {
        do {
            let host = try GestureHost<TenPans, Int, Int>(windowSize: Point(x: 400, y: 800))
            let (root, cell) = (try require(TenPans.View(rawValue: 0)), try require(TenPans.View(rawValue: 1)))
            try host.register(-1, role: root, frame: Rect(x: 0, y: 0, width: 400, height: 800))
            for key in 0..<n { try host.register(key, role: cell, parent: -1, frame: Rect(x: 0, y: 0, width: 400, height: 40)) }
            for key in 0..<n { try host.unregister(key, timestamp: 0) }
            for tap in 0..<n {
                let time = Double(tap)
                try host.handle([.init(7, .began, at: Point(x: 10, y: 10), view: -1)], timestamp: time)
                try host.handle([.init(7, .ended, at: Point(x: 10, y: 10))], timestamp: time + 0.05)
            }
        } catch {
            print("error: the host refused the scale stream: \(error)")
        }
    }
}

/// A language server with `count` documents open.
private func server(documents: [String]) -> LanguageServer {
    var server = LanguageServer(loader: InMemorySourceLoader([:]), preludePath: nil)
    _ = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
    for (index, text) in documents.enumerated() {
        _ = server.handle(
            JSONOutput.object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
                (
                    "params",
                    .object([
                        (
                            "textDocument",
                            .object([
                                ("uri", .string("file:///d\(index).gdl")), ("version", .int(1)), ("text", .string(text)),
                            ])
                        )
                    ])
                ),
            ]).bytes)
    }
    return server
}

private var growths: [Growth] {
    specCommands("nested-roles", size: 1_000, nestedRoles)
        + specCommands("recognizers", size: 200) { generatedSpec(recognizers: $0) }
        + specCommands("requirement-chain", size: 200, requirementChain)
        + [
            Growth(name: "errors.check", size: 2_000) { n in
                let file = SourceFile(path: "scale.gdl", text: manyErrors(n))
                return { _ = Compilation.check(roots: [file], loader: InMemorySourceLoader([:])) }
            },
            Growth(name: "errors.lsp-open", size: 2_000) { n in
                let text = manyErrors(n)
                return { _ = server(documents: [text]) }
            },
            Growth(name: "controls.build", size: 1_000) { n in
                let text = cellsWithButtons(n)
                _ = program(text)
                return {
                    let (_, sets) = compiled(text)
                    _ = BinaryEmitter.emit(sets.map(\.program))
                }
            },
            Growth(name: "deep-relations.check", size: 1_000) { n in
                let file = SourceFile(path: "scale.gdl", text: deepRelations(n))
                return { _ = Compilation.check(roots: [file], loader: InMemorySourceLoader([:])) }
            },
            Growth(name: "deep-relations-join.check", size: 1_000) { n in
                let file = SourceFile(path: "scale.gdl", text: deepRelationsUnderJoin(n))
                return { _ = Compilation.check(roots: [file], loader: InMemorySourceLoader([:])) }
            },
            Growth(name: "wide-requirement.check", size: 1_000) { n in
                let file = SourceFile(path: "scale.gdl", text: wideRequirement(n))
                return { _ = Compilation.check(roots: [file], loader: InMemorySourceLoader([:])) }
            },
            Growth(name: "long-line.check", size: 2_000) { n in
                let file = SourceFile(path: "scale.gdl", text: longLine(n))
                return { _ = Compilation.check(roots: [file], loader: InMemorySourceLoader([:])) }
            },
            Growth(name: "long-line.format", size: 2_000) { n in
                let file = SourceFile(path: "scale.gdl", text: longLine(n))
                return { _ = Formatter.format(file, id: FileID(0)) }
            },
            Growth(name: "long-line.lsp-tokens", size: 2_000) { n in
                var opened = server(documents: [longLine(n)])
                let request = Array(
                    #"{"jsonrpc":"2.0","id":2,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///d0.gdl"}}}"#
                        .utf8)
                return { _ = opened.handle(request) }
            },
            Growth(name: "documents.lsp-open", size: 200) { n in
                let documents = (0..<n).map { "gestures D\($0) { view w }\n" }
                return { _ = server(documents: documents) }
            },
            Growth(name: "deep-scene.simulate", size: 1_000) { n in
                let (spec, scene) = deepScene(n)
                return simulate(spec, scene)
            },
            Growth(name: "long-trace.simulate", size: 5_000) { n in simulate(boxSpec, longTrace(n)) },
            Growth(name: "test-file.tests", size: 200) { n in runTests(boxSpec, testFile(tests: n)) },
            Growth(name: "test-file.expectations", size: 100) { n in runTests(boxSpec, testFile(tests: 1, expectations: n)) },
            Growth(name: "test-file.view-lines", size: 1_000) { n in runTests(boxSpec, testFile(tests: 10, views: n)) },
            Growth(name: "edge-scene.lint-on-device", size: 200) { n in lintOnDevice(boxSpec, edgeScene(n)) },
            Growth(name: "host.recycling", size: 1_000) { n in hostRecycling(n) },
            Growth(name: "import.files", size: 20) { n in
                let files = (0..<n).map { SourceFile(path: "Screen\($0).swift", text: importedScreen($0)) }
                return { _ = Importer.run(files) }
            },
            Growth(name: "import.long-file", size: 100) { n in
                let file = SourceFile(path: "Long.swift", text: longSetUp(n))
                return { _ = Importer.run([file]) }
            },
            Growth(name: "engine.recycling", size: 10_000) { n in
                let run = engineRecycling(n)
                return { _ = run() }
            },
        ]
}

/// A view controller as apps write one: two recognizers with settings, a requirement,
/// a scroll view's pan, a button, and a delegate method that reads velocity and app state.
private func importedScreen(_ number: Int) -> String {
    """
    final class Screen\(number)ViewController: UIViewController, UIGestureRecognizerDelegate {
        @IBOutlet weak var tableView: UITableView!
        let closeButton = UIButton(type: .close)
        override func viewDidLoad() {
            super.viewDidLoad()
            let doubleTap = UITapGestureRecognizer(target: self, action: #selector(zoom))
            doubleTap.numberOfTapsRequired = 2
            imageView.addGestureRecognizer(doubleTap)
            let pan = UIPanGestureRecognizer(target: self, action: #selector(drag))
            pan.maximumNumberOfTouches = 1
            pan.delegate = self
            view.addGestureRecognizer(pan)
            pan.require(toFail: doubleTap)
            tableView.panGestureRecognizer.require(toFail: pan)
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
            let v = pan.velocity(in: view)
            return abs(v.y) > abs(v.x) && !isEditing
        }
        @objc func zoom() {}
        @objc func drag() {}
    }

    """
}

/// One view that makes `n` taps, each requiring the one before to fail.
private func longSetUp(_ n: Int) -> String {
    var text = "final class LongView: UIView {\n    func setUp() {\n"
    for index in 0..<n {
        text += "        let t\(index) = UITapGestureRecognizer(target: self, action: #selector(act))\n"
        text += "        t\(index).numberOfTapsRequired = \(index % 3 + 1)\n"
        text += "        addGestureRecognizer(t\(index))\n"
        if index > 0 { text += "        t\(index).require(toFail: t\(index - 1))\n" }
    }
    return text + "    }\n}\n"
}
