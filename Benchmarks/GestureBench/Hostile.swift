// Figures for inputs made to cost: each size and its double, so that the
// growth shows. `gesture-bench hostile` prints only these.

import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureLanguageService
import GestureRuntime
import GestureSimulation

#if canImport(Glibc)
    import Glibc
#endif

/// `only`: the figures whose names start with it (`hostile.lint`), or every one.
func runHostileBenchmarks(only prefix: String? = nil) throws {
    func wanted(_ name: String) -> Bool { prefix.map { name.hasPrefix($0) } ?? true }
    let program = try require(compileEngineSpec("gestures H {\n  view window { view photo }\n  recognizer t = tap on photo\n}\n"), "spec")
    for count in [16_000, 32_000] where wanted("hostile.scene.cycle") {
        // One parent cycle through every view.
        let views = (0..<count).map { #"{"id": "v\#($0)", "role": "window", "parent": "v\#(($0 + 1) % count)", "frame": [0, 0, 1, 1]}"# }
        let scene = #"{"views": [\#(views.joined(separator: ", "))]}"#
        report("hostile.scene.cycle.\(count)", seconds(median(runs: 3) { _ = readScene(program, scene) }) * 1000, "ms")
    }
    for count in [4_000, 8_000] where wanted("hostile.scene.badline") {
        // One line of JSON, every view of an unknown role.
        let views =
            [#"{"id": "w", "role": "window", "frame": [0, 0, 400, 800]}"#]
            + (0..<count).map { #"{"id": "v\#($0)", "role": "phto", "parent": "w", "frame": [0, 0, 1, 1]}"# }
        let scene = #"{"views": [\#(views.joined(separator: ", "))]}"#
        let time = median(runs: 3) {
            var sources = SourceManager()
            var reader = SimulationInputReader(program: program, errorLimit: DiagnosticBag.defaultErrorLimit)
            _ = reader.read(scene: nil, trace: SourceFile(path: "scene.json", text: scene), sources: &sources)
            _ = TextDiagnosticRenderer().render(reader.diagnostics, in: sources)
        }
        report("hostile.scene.badline.\(count)", seconds(time) * 1000, "ms")
    }
    for count in [8_000, 16_000] where wanted("hostile.imports.chain") {
        var files: [String: String] = [:]
        for index in 1..<count { files["f\(index).gdl"] = "import \"f\(index + 1).gdl\"\n" }
        files["f\(count).gdl"] = "gestures A { view w }\n"
        let loader = InMemorySourceLoader(files)
        let root = SourceFile(path: "f0.gdl", text: "import \"f1.gdl\"\n")
        let time = median(runs: 3) { _ = Compilation.check(roots: [root], loader: loader) }
        report("hostile.imports.chain.\(count)", seconds(time) * 1000, "ms")
    }
    for count in [50_000, 100_000] where wanted("hostile.simulate.setEnabled") {
        // Every view of a scene, then 10,000 events enabling and disabling a recognizer
        // on views spread over it.
        let views =
            [#"{"id": "w", "role": "window", "frame": [0, 0, 400, 800]}"#]
            + (0..<count).map { #"{"id": "v\#($0)", "role": "photo", "parent": "w", "frame": [0, 0, 1, 1]}"# }
        let events = (0..<10_000).map {
            #"{"t": \#(Double($0) / 1000), "setEnabled": {"recognizer": "t", "view": "v\#($0 * 7 % count)", "value": \#($0 % 2 == 0)}}"#
        }
        let text = #"{"views": [\#(views.joined(separator: ", "))], "events": [\#(events.joined(separator: ", "))]}"#
        let time = median(runs: 1) {
            var sources = SourceManager()
            var reader = SimulationInputReader(program: program)
            guard let (scene, trace) = reader.read(scene: nil, trace: SourceFile(path: "t.json", text: text), sources: &sources),
                var simulation = try? Simulation(program: program, scene: scene)
            else { return print("error: the setEnabled trace does not read") }
            simulation.run(trace)
        }
        report("hostile.simulate.setEnabled.\(count)", seconds(time) * 1000, "ms")
    }
    for count in [2_000, 4_000, 8_000] where wanted("hostile.requirements.chain") {
        // A failure-requirement chain of taps on one view (r0 requires r1 to fail, r1
        // requires r2, …), then ten taps: twenty events.
        var spec = "gestures H {\n  view window\n"
        for index in 0..<count { spec += "  recognizer r\(index) = tap on window\n" }
        for index in 0..<(count - 1) { spec += "  r\(index) requires r\(index + 1) to fail\n" }
        let chain = try require(compileEngineSpec(spec + "}\n"), "the chain spec")
        var actions = 0
        let time = median(runs: 3) {
            guard let engine = try? GestureEngine(program: chain),
                let window = try? engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800))
            else { return }
            actions = 0
            for tap in 0..<10 {
                let at = Double(tap)
                try? engine.touchDown(1, at: Point(x: 100, y: 100), time: at, view: window)
                try? engine.touchUp(1, at: Point(x: 100, y: 100), time: at + 0.05)
                actions += engine.outputs.count { if case .action = $0 { true } else { false } }
            }
        }
        // Each tap: the last of the chain recognizes, and every other fails.
        if actions != 10 { print("error: the chain sent \(actions) actions for ten taps") }
        report("hostile.requirements.chain.\(count)", seconds(time) * 1000, "ms")
    }
    for count in [5_000, 10_000] where wanted("hostile.lint") {
        reportLint("hostile.lint", recognizers: count, runs: 1)
    }
    for count in [100_000, 200_000] where wanted("hostile.engine.downs") {
        let engine = try GestureEngine(program: program)
        let window = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let changes = (0..<count).map { TouchChange(id: $0, phase: .down, location: Point(x: 1, y: 1), view: window) }
        let time = median(runs: 3) { _ = try? engine.handle(changes, time: 0) }
        report("hostile.engine.downs.\(count)", seconds(time) * 1e6, "µs")
    }
    for count in [4_000, 8_000] where wanted("hostile.test-file.tests") {
        // One .gdltest of many tests: each once read from a copy of the whole file.
        let run = runTests(boxSpec, testFile(tests: count))
        var time = Duration.zero
        let growth = peakGrowth { time = ContinuousClock().measure { run() } }
        report("hostile.test-file.tests.\(count).time", seconds(time) * 1000, "ms")
        if let growth { report("hostile.test-file.tests.\(count).peak", growth / 1e6, "MB") }
    }
    for count in [16_000, 32_000] where wanted("hostile.host.recycling") {
        // Cells registered in one list, unregistered oldest first, then as many taps.
        report("hostile.host.recycling.\(count)", seconds(median(runs: 3, hostRecycling(count))) * 1000, "ms")
    }
    for count in [200_000, 400_000] where wanted("hostile.engine.recycling") {
        // One cell at a time in a list: added, tapped, removed, as a list recycles its
        // cells for hours. What the engine stores must be the cells alive, not every
        // cell made.
        var stored = (views: 0, instances: 0)
        var time = Duration.zero
        let growth = peakGrowth {
            time = ContinuousClock().measure { stored = engineRecycling(count)() }
        }
        report("hostile.engine.recycling.\(count).time", seconds(time) * 1000, "ms")
        if let growth { report("hostile.engine.recycling.\(count).peak", growth / 1e6, "MB") }
        report("hostile.engine.recycling.\(count).views", Double(stored.views), "views stored")
        report("hostile.engine.recycling.\(count).instances", Double(stored.instances), "recognizer instances stored")
    }
    for count in [16_000, 32_000] where wanted("hostile.lint.scene-device") {
        // `lint --scene` on a phone, the scene's views along its edge.
        report("hostile.lint.scene-device.\(count)", seconds(median(runs: 1, lintOnDevice(boxSpec, edgeScene(count)))) * 1000, "ms")
    }
    for count in [4_000, 2_000, 1_000] where wanted("hostile.lint.requirement-chain") {
        // Lint of a chain of failure requirements: its memory, not its time, grew.
        let (compilation, sets) = compiled(requirementChain(count))
        var time = Duration.zero
        let growth = peakGrowth { time = ContinuousClock().measure { _ = Linter.lint(sets, in: compilation, options: LintOptions()) } }
        report("hostile.lint.requirement-chain.\(count).time", seconds(time) * 1000, "ms")
        if let growth { report("hostile.lint.requirement-chain.\(count).peak", growth / 1e6, "MB") }
    }
    try runHostileServerBenchmarks(wanted)
}

/// The language server on inputs made to cost: a one-line spec, many edits
/// in one change, many open documents.
private func runHostileServerBenchmarks(_ wanted: (String) -> Bool) throws {
    func message(_ method: String, id: Int? = nil, _ params: JSONOutput) -> [UInt8] {
        var fields: [(String, JSONOutput)] = [("jsonrpc", .string("2.0"))]
        if let id { fields.append(("id", .int(id))) }
        return JSONOutput.object(fields + [("method", .string(method)), ("params", params)]).bytes
    }
    func open(_ server: inout LanguageServer, _ uri: String, _ text: String) {
        _ = server.handle(
            message(
                "textDocument/didOpen",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(uri)), ("version", .int(1)), ("text", .string(text)),
                        ])
                    )
                ])))
    }
    let loader = InMemorySourceLoader([:])
    for count in [25_000, 50_000] where wanted("hostile.lsp.longline") {
        // Every view on one line, with a non-ASCII name among them: positions on it.
        var server = LanguageServer(loader: loader, preludePath: nil)
        _ = server.handle(message("initialize", id: 1, .object([])))
        let views = (0..<count).map { "view v\($0)" }.joined(separator: " ")
        open(&server, "file:///long.gdl", "gestures Long { view é { \(views) } }")
        let document = JSONOutput.object([("textDocument", .object([("uri", .string("file:///long.gdl"))]))])
        let time = median(runs: 3) {
            _ = server.handle(message("textDocument/semanticTokens/full", id: 2, document))
            _ = server.handle(message("textDocument/documentSymbol", id: 3, document))
        }
        report("hostile.lsp.longline.\(count)", seconds(time) * 1000, "ms")
    }
    for count in [40_000, 80_000] where wanted("hostile.lsp.edits") {
        // One change of `count` one-character edits, last-first as editors send them.
        var server = LanguageServer(loader: loader, preludePath: nil)
        _ = server.handle(message("initialize", id: 1, .object([])))
        open(&server, "file:///edits.gdl", String(repeating: "// x\n", count: count))
        let edits = (0..<count).reversed().map { line in
            let at = JSONOutput.object([("line", .int(line)), ("character", .int(3))])
            return JSONOutput.object([
                ("range", .object([("start", at), ("end", .object([("line", .int(line)), ("character", .int(4))]))])), ("text", .string("y")),
            ])
        }
        let change = message(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string("file:///edits.gdl")), ("version", .int(2))])), ("contentChanges", .array(edits)),
            ]))
        report("hostile.lsp.edits.\(count)", seconds(median(runs: 3) { _ = server.handle(change) }) * 1000, "ms")
    }
    for megabytes in [25, 50] where wanted("hostile.lsp.array") {
        // One message whose params are an array of `1`s: the densest JSON there is.
        var server = LanguageServer(loader: loader, preludePath: nil)
        _ = server.handle(message("initialize", id: 1, .object([])))
        var body = Array(#"{"jsonrpc":"2.0","method":"$/noise","params":["#.utf8)
        body.reserveCapacity(megabytes << 20 + 64)
        while body.count < megabytes << 20 { body += Array("1,".utf8) }
        body += Array("1]}".utf8)
        let clock = ContinuousClock()
        var time = Duration.zero
        let growth = peakGrowth { time = clock.measure { _ = server.handle(body) } }
        report("hostile.lsp.array.\(megabytes)MB.time", seconds(time) * 1000, "ms")
        if let growth { report("hostile.lsp.array.\(megabytes)MB.peak", growth / Double(body.count), "times the message") }
    }
    for count in [4_000, 8_000] where wanted("hostile.lsp.documents") {
        // `count` small documents opened one after another.
        let time = median(runs: 1) {
            var server = LanguageServer(loader: loader, preludePath: nil)
            _ = server.handle(message("initialize", id: 1, .object([])))
            for index in 0..<count { open(&server, "file:///d\(index).gdl", "gestures D\(index) { view w }\n") }
        }
        report("hostile.lsp.documents.\(count)", seconds(time) * 1000, "ms")
    }
}

/// Memory the process gains while `body` runs, at its peak, in bytes: the peak is reset
/// first (Linux's `/proc/self/clear_refs`), so it is this body's. Nil elsewhere.
private func peakGrowth(_ body: () -> Void) -> Double? {
    #if os(Linux)
        func status(_ field: String) -> Double? {
            guard let file = fopen("/proc/self/status", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix(field + ":") else { continue }
                return Double(text.dropFirst(field.count + 1).filter(\.isNumber)).map { $0 * 1024 }
            }
            return nil
        }
        guard let reset = fopen("/proc/self/clear_refs", "w") else { return nil }
        fputs("5", reset)
        fclose(reset)
        guard let before = status("VmRSS") else { return nil }
        body()
        return status("VmHWM").map { $0 - before }
    #else
        body()
        return nil
    #endif
}

private func readScene(_ program: GestureProgram, _ text: String) -> Bool {
    var sources = SourceManager()
    var reader = SimulationInputReader(program: program, errorLimit: DiagnosticBag.defaultErrorLimit)
    return reader.read(scene: nil, trace: SourceFile(path: "scene.json", text: text), sources: &sources) != nil
}
