import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureSimulation

/// `gesturec test [PATH…] [--filter TEXT] [--format text|junit] [-o FILE] [--update]
/// [--verbose] [--device NAME|FILE]`: runs the gesture tests of `*.gdltest` files (docs/testing.md), named or
/// found under folders, and says which fail, where, and what happened instead.
struct TestCommand {
    enum Format: String, CaseIterable {
        case text, junit
    }

    var paths: [String]
    var filter: String?
    var format: Format
    var outputPath: String?
    var update: Bool
    var verbose: Bool
    /// `--coverage`: what the tests exercised, per spec and set; `--lcov FILE` also
    /// writes the spec lines' coverage in lcov's format.
    var coverage: Bool
    var lcovPath: String?
    /// `--generate DIR SPEC [--set NAME] [--scene SCENE]`: write a conformance suite.
    var generateDirectory: String?
    var setName: String?
    var scenePath: String?
    /// `--device`: every test's scene is put on this device (docs/devices.md).
    var devicePath: String?

    /// Folders searched at most this deep, and at most this many test files found.
    static let maximumDepth = 32
    static let maximumFiles = 10_000

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--update", "--verbose", "--coverage"],
            options: ["--filter", "--format", "-o", "--lcov", "--generate", "--set", "--scene", "--device"])
        generateDirectory = parsed.values["--generate"]
        setName = parsed.values["--set"]
        scenePath = parsed.values["--scene"]
        devicePath = parsed.values["--device"]
        if generateDirectory != nil, parsed.operands.count != 1 {
            throw UsageError("test --generate DIR takes one SPEC")
        }
        if generateDirectory == nil, setName != nil || scenePath != nil {
            throw UsageError("--set and --scene go with --generate; a test file names its set and scene")
        }
        paths = parsed.operands.isEmpty ? ["."] : parsed.operands
        filter = parsed.values["--filter"]
        format = try parsed.choice("--format", "test report format", default: Format.text)
        outputPath = parsed.values["-o"]
        update = parsed.flags.contains("--update")
        verbose = parsed.flags.contains("--verbose")
        lcovPath = parsed.values["--lcov"]
        coverage = parsed.flags.contains("--coverage") || lcovPath != nil
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        if let generateDirectory { return try generate(into: generateDirectory, tool) }
        let files = try testFiles(tool)
        guard !files.isEmpty else {
            throw UsageError("no test files (*.gdltest) in " + paths.map { "'\($0)'" }.joined(separator: ", "))
        }
        var reports: [GestureTestFileReport] = []
        var updated = 0
        var stillFailing = 0
        var coverages: [SpecCoverage] = []
        var device: DeviceProfile?
        if let devicePath {
            guard let profile = try tool.device(devicePath) else { return .inputErrors }
            device = profile
        }
        for path in files {
            // A file that cannot be read, or whose spec or scene cannot, is that file's
            // problem: the others still run and are reported (docs/testing.md).
            let report: GestureTestFileReport
            do throws(UsageError) {
                report = try runFile(path, tool, device: device, coverages: &coverages)
            } catch {
                report = GestureTestFileReport(path: path, results: [], problems: "\(Self.shown(path)): \(error.message)\n")
            }
            if update, let changes = try applyUpdates(report, tool) {
                updated += changes.updated
                stillFailing += changes.notUpdated
            }
            reports.append(report)
        }
        let passed = reports.reduce(0) { $0 + $1.passed }
        let failed = reports.reduce(0) { $0 + $1.failed }
        switch format {
        case .text:
            for report in reports {
                tool.terminal.write(TestReportRenderer.text(report, verbose: verbose, colored: tool.terminal.usesColor))
            }
            var summary = "\(passed) passed, \(failed) failed"
            if update { summary += "; \(updated) expectation\(updated == 1 ? "" : "s") updated" }
            tool.terminal.write(summary + "\n")
            if coverage {
                for index in coverages.indices {
                    // What could still be reached: the explorer's inputs over the set,
                    // run as `--generate` runs them, with the same targets.
                    let spec = coverages[index]
                    coverages[index].explored = SuiteGenerator.generate(spec.coverage, specPath: spec.spec)
                }
                tool.terminal.write(coverages.map(TestReportRenderer.coverageText).joined())
            }
        case .junit:
            try tool.writeOutput(Array(TestReportRenderer.junit(reports).utf8), to: outputPath)
        }
        if let lcovPath { try tool.writeOutput(Array(TestReportRenderer.lcov(coverages).utf8), to: lcovPath) }
        if update { return stillFailing == 0 && reports.allSatisfy({ $0.problems == nil }) ? .success : .inputErrors }
        return failed == 0 ? .success : .inputErrors
    }

    // MARK: - Finding and running

    /// The test files named, and those under the folders named (`Tool.findFiles`).
    func testFiles(_ tool: Tool) throws(UsageError) -> [String] {
        tool.findFiles(paths, endingIn: [".gdltest"], maximumDepth: Self.maximumDepth, maximumFiles: Self.maximumFiles)
    }

    func runFile(_ path: String, _ tool: Tool, device: DeviceProfile?, coverages: inout [SpecCoverage]) throws(UsageError)
        -> GestureTestFileReport
    {
        let file = try tool.readRoots([path])[0]
        var sources = SourceManager()
        let id = sources.add(file)
        var diagnostics = DiagnosticBag()
        let tests = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        let renderer = TextDiagnosticRenderer(colored: tool.terminal.usesColor && format == .text)
        guard !diagnostics.hasErrors else {
            return GestureTestFileReport(path: path, results: [], problems: renderer.render(diagnostics, in: sources))
        }
        let compiled = try tool.checkAndLower([tests.specPath])
        guard !compiled.compilation.diagnostics.hasErrors else {
            let text = renderer.render(compiled.compilation.diagnostics, in: compiled.compilation.sources)
            return GestureTestFileReport(
                path: path, results: [], problems: "\(Self.shown(path)): its spec \(Self.shown(tests.specPath)) does not check:\n" + text)
        }
        let names = compiled.sets.map(\.program.name)
        let set =
            tests.set.map { wanted in compiled.sets.first { $0.program.name == wanted.value } }
            ?? (compiled.sets.count == 1 ? compiled.sets.first : nil)
        guard let set else {
            let reason =
                tests.set.map { "has no gesture set '\($0.value)'" }
                ?? "holds \(names.count) gesture sets; name one with 'set NAME' (\(names.joined(separator: ", ")))"
            return GestureTestFileReport(path: path, results: [], problems: "\(Self.shown(path)): \(Self.shown(tests.specPath)) \(reason)\n")
        }
        let scene = try tests.scenePath.map { scenePath throws(UsageError) in try tool.readRoots([scenePath])[0] }
        var specCoverage: Coverage?
        let known = coverages.firstIndex { $0.spec == tests.specPath && $0.set == set.program.name }
        if coverage {
            specCoverage =
                known.map { coverages[$0].coverage }
                ?? Coverage(set: set, sources: compiled.compilation.sources)
        }
        let results = GestureTestRunner.run(
            tests, program: set.program, scene: scene, sources: &sources, filter: filter, device: device, coverage: &specCoverage)
        if let specCoverage {
            if let known {
                coverages[known].coverage = specCoverage
            } else {
                coverages.append(
                    SpecCoverage(
                        spec: tests.specPath, set: set.program.name, coverage: specCoverage, sources: compiled.compilation.sources))
            }
        }
        return GestureTestFileReport(path: path, results: results, sources: sources)
    }

    // MARK: - Generating

    /// Writes the generated suite of the spec's set into `directory`, one file per
    /// place, and says what it covers and what no explored input reached.
    func generate(into directory: String, _ tool: Tool) throws(UsageError) -> ExitStatus {
        let specPath = paths[0]
        guard let compiled = try tool.compile([specPath]) else { return .inputErrors }
        let set = try tool.chooseSet(compiled.sets, named: setName, in: specPath)
        var scene: SceneDescription?
        if let scenePath {
            var sources = compiled.compilation.sources
            var reader = SimulationInputReader(program: set.program, errorLimit: Usage.defaultErrorLimit)
            guard let read = reader.read(scene: try tool.readRoots([scenePath])[0], sources: &sources) else {
                tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(reader.diagnostics, in: sources))
                return .inputErrors
            }
            // A test file writes each view on a line of words: an id that is not one
            // would not read back, or would write lines of its own.
            if let view = read.views.first(where: { !TraceText.isWord($0.id) }) {
                throw UsageError(
                    "the scene's view id '\(TerminalText.escaped(view.id))' cannot be written in a test file, whose ids are words (letters, digits and _); rename it"
                )
            }
            scene = read
        }
        let relative = Self.path(specPath, from: directory, currentDirectory: tool.fileSystem.currentDirectory)
        guard let writtenSpec = GestureTestFile.written(path: relative) else {
            throw UsageError(
                "the spec's path '\(TerminalText.escaped(relative))' cannot be written on a test file's 'spec' line (it holds a double quote, a '#' or a control character); move or rename the spec"
            )
        }
        let result = SuiteGenerator.generate(
            Coverage(set: set, sources: compiled.compilation.sources), specPath: writtenSpec, scene: scene)
        if case .failure(let error) = tool.fileSystem.createDirectory(directory) {
            throw .io("cannot create '\(directory)': \(error.reason)")
        }
        for file in result.files {
            let path = directory.hasSuffix("/") ? directory + file.name : directory + "/" + file.name
            if case .failure(let error) = tool.fileSystem.write(Array(file.text.utf8), to: path) {
                throw .io("cannot write '\(path)': \(error.reason)")
            }
            tool.terminal.write("wrote \(Self.shown(tool.fileSystem.displayed(path))) (\(file.tests) test\(file.tests == 1 ? "" : "s"))\n")
        }
        var report = TestReportRenderer.coverageText(
            SpecCoverage(spec: specPath, set: set.program.name, coverage: result.coverage, sources: compiled.compilation.sources))
        if result.coverage.covered.contains(false) {
            report += "  (no input reached these \(result.bounds); \(result.runs) inputs run)\n"
        }
        tool.terminal.write(report)
        return .success
    }

    /// `spec` as a test file in `directory` names it: relative to that folder when both
    /// are relative paths (`../PhotoBrowser.gdl` from `Examples/Generated`).
    static func path(_ spec: String, from directory: String, currentDirectory: String?) -> String {
        if !spec.hasPrefix("/"), directory.hasPrefix("/"), let currentDirectory { return currentDirectory + "/" + spec }
        guard !spec.hasPrefix("/"), !directory.hasPrefix("/") else { return spec }
        var folder = directory.split(separator: "/").filter { $0 != "." }
        var file = spec.split(separator: "/").filter { $0 != "." }
        guard !folder.contains("..") else { return spec }
        // What they share is not climbed: `Examples/Generated` names `Examples/A.gdl` `../A.gdl`.
        while let first = folder.first, file.count > 1, file.first == first {
            folder.removeFirst()
            file.removeFirst()
        }
        return String(repeating: "../", count: folder.count) + file.joined(separator: "/")
    }

    // MARK: - Updating

    /// Rewrites the failing expectations that the outcome can satisfy in the test file
    /// (`GestureTestUpdate`), printing each change; nil when nothing failed.
    func applyUpdates(_ report: GestureTestFileReport, _ tool: Tool) throws(UsageError) -> (updated: Int, notUpdated: Int)? {
        guard let update = GestureTestUpdate(report) else { return nil }
        for refusal in update.refusals { tool.terminal.writeError(refusal) }
        if let bytes = update.bytes, case .failure(let error) = tool.fileSystem.write(bytes, to: report.path) {
            throw .io("cannot write '\(report.path)': \(error.reason)")
        }
        for message in update.messages(report) { tool.terminal.writeError(message) }
        return (update.edits.count, update.notUpdated)
    }

    /// A name or a path from the user, as the terminal shows it (`TerminalText`).
    static func shown(_ text: String) -> String { TestReportRenderer.shown(text) }
}
