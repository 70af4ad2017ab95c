import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureReference
import GestureRuntime
import GestureSimulation

/// `gesturec lint FILE… [--format text|json|sarif] [--diagnostics-format text|json]
/// [--strict] [--disable IDS] [--enable IDS] [--latency-budget DURATION] [--report latency]
/// [--counterexample DIR] [--scene SCENE [--set NAME]] [--device NAME|FILE|all]`,
/// `gesturec lint --pairs FILE…`
/// and `gesturec lint --explain ID`: static analysis of
/// checked specs, with counterexample traces found by running the engine
/// (docs/lint.md). The checker's warnings are findings; a spec with errors gets its
/// errors as findings in JSON and SARIF, and exit status 1.
struct LintCommand {
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    var paths: [String]
    var format: Format
    /// How a spec's errors are printed on standard error, as `check` prints them.
    var diagnosticsFormat: DiagnosticsFormat
    var strict: Bool
    var options: LintOptions
    var counterexampleDirectory: String?
    var explain: String?
    /// `--scene FILE`: a scene of the set `--set` names (or of the only set).
    var scenePath: String?
    var setName: String?
    /// `--device`: a built-in profile, a profile's file, or `all` the built-in ones.
    var devicePath: String?
    /// `--pairs`: the pairs report instead of the findings.
    var pairs: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--strict", "--pairs"],
            options: [
                "--format", "--diagnostics-format", "--disable", "--enable", "--latency-budget", "--report", "--counterexample",
                "--explain", "--scene", "--set", "--device",
            ])
        paths = parsed.operands
        explain = parsed.values["--explain"]
        guard explain != nil || !paths.isEmpty else { throw UsageError("lint needs at least one FILE, or --explain ID") }
        format = try parsed.choice("--format", "lint format", default: Format.text)
        diagnosticsFormat = try parsed.choice("--diagnostics-format", "diagnostics format", default: DiagnosticsFormat.text)
        strict = parsed.flags.contains("--strict")
        pairs = parsed.flags.contains("--pairs")
        var options = LintOptions()
        options.disabled = try Self.rules(parsed.values["--disable"])
        options.enabled = try Self.rules(parsed.values["--enable"])
        if let budget = parsed.values["--latency-budget"] {
            guard let seconds = QuantityText.duration(budget) else {
                throw UsageError("--latency-budget needs a duration such as '100ms' or '0.2s', found '\(budget)'")
            }
            // A budget is asked for: the opt-in rule that checks it runs.
            options.latencyBudget = seconds
            options.enabled.insert("GDL202")  // latency-budget
        }
        switch parsed.values["--report"] {
        case nil: break
        case "latency": options.reportLatency = true
        case let other?: throw UsageError("unknown report '\(other)' (use 'latency')", suggestion: "latency")
        }
        self.options = options
        counterexampleDirectory = parsed.values["--counterexample"]
        scenePath = parsed.values["--scene"]
        setName = parsed.values["--set"]
        devicePath = parsed.values["--device"]
        if setName != nil, scenePath == nil { throw UsageError("--set names the set a --scene belongs to; give the scene") }
        if scenePath != nil, paths.count != 1 { throw UsageError("lint --scene checks one SPEC file") }
    }

    /// Whether the scene is laid out for the device's window: its root views reach
    /// exactly its width and height. A layout for another size would put the views
    /// where that device's own layout would not.
    static func holds(_ device: DeviceProfile, _ scene: SceneDescription) -> Bool {
        var size = Point(x: 0, y: 0)
        for view in scene.views where view.parent == nil {
            size.x = max(size.x, view.frame.x + view.frame.width)
            size.y = max(size.y, view.frame.y + view.frame.height)
        }
        return size == device.window
    }

    /// The rules a comma-separated list names, by id or name.
    private static func rules(_ list: String?) throws(UsageError) -> Set<DiagnosticID> {
        var rules: Set<DiagnosticID> = []
        for name in (list ?? "").split(separator: ",") {
            let name = String(name)
            guard let rule = LintRules.info(for: name) else {
                throw UsageError("unknown lint rule '\(name)'", suggestion: Self.closestRule(to: name))
            }
            rules.insert(rule.id)
        }
        return rules
    }

    private static func closestRule(to name: String) -> String? {
        Suggestions.closest(to: name, among: LintRules.infos.flatMap { [$0.id.rawValue, $0.name] + $0.formerNames })
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        // `lint --explain` is `gesturec explain`, kept for the rules' ids and names.
        if let explain {
            guard LintRules.info(for: explain) != nil || Reference.entry(for: explain) != nil else {
                throw UsageError("unknown lint rule '\(explain)'", suggestion: Self.closestRule(to: explain))
            }
            return try ExplainCommand(id: explain).run(with: tool)
        }
        let compiled = try tool.checkAndLower(paths)
        let hasErrors = compiled.compilation.diagnostics.hasErrors
        // A spec with errors: they go to standard error as `check` prints them, and, in
        // JSON and SARIF, to standard output as findings, so code scanning sees them.
        if hasErrors { tool.printDiagnostics(compiled.compilation, format: diagnosticsFormat) }
        if pairs {
            if !hasErrors { tool.terminal.write(PairsReport.text(compiled.sets)) }
            return hasErrors ? .inputErrors : .success
        }
        // With a scene, the findings' locations may be in it: one source manager holds both.
        var sources = compiled.compilation.sources
        var options = options
        if let scenePath, !hasErrors {
            let set = try tool.chooseSet(compiled.sets, named: setName, in: paths[0])
            var reader = SimulationInputReader(program: set.program)
            guard let scene = reader.read(scene: try tool.readRoots([scenePath])[0], sources: &sources) else {
                tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(reader.diagnostics, in: sources))
                return .inputErrors
            }
            options.scene = LintScene(set: set.program.name, scene: scene, sources: sources)
        }
        if let devicePath, !hasErrors {
            if devicePath == "all" {
                // A scene is a layout for one window: it goes on the devices of that size.
                options.devices = DeviceProfile.builtIn.filter { device in
                    options.scene.map { Self.holds(device, $0.scene) } ?? true
                }
            } else {
                guard let device = try tool.device(devicePath) else { return .inputErrors }
                options.devices = [device]
            }
        }
        let (findings, latency) = Linter.report(compiled.sets, in: compiled.compilation, options: options)

        var written: [Int: (scene: String, trace: String)] = [:]
        if let directory = counterexampleDirectory {
            written = try write(findings, to: directory, programs: compiled.sets.map(\.program), with: tool)
        }
        switch format {
        case .text where hasErrors:
            break
        case .text:
            var text = LintRenderer.text(findings, sources: sources, colored: tool.terminal.usesColor)
            for (index, files) in written.sorted(by: { $0.key < $1.key }) {
                let set = findings[index].counterexample?.set ?? ""
                let (spec, scene, trace) = (
                    tool.fileSystem.displayed(paths[0]), tool.fileSystem.displayed(files.scene),
                    tool.fileSystem.displayed(files.trace)
                )
                text +=
                    "counterexample for finding \(index + 1) (\(findings[index].rule.id)): gesturec simulate \(ShellWord.quoted(spec))"
                    + " --set \(ShellWord.quoted(set)) --scene \(ShellWord.quoted(scene)) --trace \(ShellWord.quoted(trace))\n"
            }
            if !findings.isEmpty { text += Self.summary(findings) }
            tool.terminal.write(text)
        case .json:
            tool.terminal.write(LintRenderer.json(findings, sources: sources, counterexamples: written))
        case .sarif:
            tool.terminal.write(LintRenderer.sarif(findings, sources: sources, version: Usage.version))
        }
        if options.reportLatency && !hasErrors { tool.terminal.write(Self.latencyReport(latency)) }
        let failing = findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return hasErrors || failing ? .inputErrors : .success
    }

    private static func summary(_ findings: [LintFinding]) -> String {
        let warnings = findings.count { $0.severity == .warning }
        return "\(warnings) warning\(warnings == 1 ? "" : "s")\n"
    }

    /// One line per recognizer: its longest hold, measured by the engine.
    private static func latencyReport(_ figures: [LatencyFigure]) -> String {
        var out = "latency added by failure requirements (the longest hold over every explored input):\n"
        for figure in figures {
            let time = QuantityText.format(figure.seconds, .duration)
            out += "  \(figure.set).\(figure.recognizer)".padding(toLength: 32) + time.padding(toLength: 9, left: true)
            out += figure.probe.map { "  on \($0)" } ?? ""
            out += "\n"
        }
        return out
    }

    /// Writes each counterexample as `DIR/<n>-<ID>.scene.json` and `.trace.json`, `n`
    /// being the finding's number in the output, and its run as `.html`, the page
    /// `simulate --format html` writes.
    private func write(
        _ findings: [LintFinding], to directory: String, programs: [GestureProgram], with tool: Tool
    ) throws(UsageError) -> [Int: (scene: String, trace: String)] {
        if case .failure(let error) = tool.fileSystem.createDirectory(directory) {
            throw .io("cannot create '\(directory)': \(error.reason)")
        }
        var written: [Int: (scene: String, trace: String)] = [:]
        for (index, finding) in findings.enumerated() {
            guard let counterexample = finding.counterexample else { continue }
            let stem = "\(directory)/\(index + 1)-\(finding.rule.id)"
            let files = (scene: stem + ".scene.json", trace: stem + ".trace.json")
            var outputs = [(files.scene, counterexample.scene), (files.trace, counterexample.trace)]
            if let page = programs.first(where: { $0.name == counterexample.set }).flatMap(counterexample.timelinePage) {
                outputs.append((stem + ".html", page))
            }
            for (path, text) in outputs {
                if case .failure(let error) = tool.fileSystem.write(Array(text.utf8), to: path) {
                    throw .io("cannot write '\(path)': \(error.reason)")
                }
            }
            written[index] = files
        }
        return written
    }
}

extension String {
    fileprivate func padding(toLength length: Int, left: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, length - count))
        return left ? pad + self : self + pad
    }
}
