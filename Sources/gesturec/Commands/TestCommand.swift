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

    /// What the tests of one spec and set exercised, with the spec's sources.
    struct SpecCoverage {
        var spec: String
        var set: String
        var coverage: Coverage
        var sources: SourceManager
        /// What the explorer's inputs reach (`--coverage`), to tell what a test could
        /// still reach from what it cannot; nil in `--generate`'s own report.
        var explored: SuiteGenerator.Result?
    }

    /// What one file's tests came to, for the report.
    struct FileReport {
        var path: String
        var results: [GestureTestResult]
        /// Diagnostics of the file, its spec or its scene that kept every test from running.
        var problems: String?
        /// The sources the tests were read from (the file and its scene).
        var sources: SourceManager?
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        if let generateDirectory { return try generate(into: generateDirectory, tool) }
        let files = try testFiles(tool)
        guard !files.isEmpty else {
            throw UsageError("no test files (*.gdltest) in " + paths.map { "'\($0)'" }.joined(separator: ", "))
        }
        var reports: [FileReport] = []
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
            var report: FileReport
            do throws(UsageError) {
                report = try runFile(path, tool, device: device, coverages: &coverages)
            } catch {
                report = FileReport(path: path, results: [], problems: "\(Self.shown(path)): \(error.message)\n")
            }
            if update, let changes = try applyUpdates(&report, tool) {
                updated += changes.updated
                stillFailing += changes.notUpdated
            }
            reports.append(report)
        }
        let passed = reports.reduce(0) { $0 + $1.results.count(where: \.passed) }
        let failed = reports.reduce(0) { $0 + $1.results.count { !$0.passed } + ($1.problems == nil ? 0 : 1) }
        switch format {
        case .text:
            for report in reports { tool.terminal.write(text(report, tool)) }
            var summary = "\(passed) passed, \(failed) failed"
            if update { summary += "; \(updated) expectation\(updated == 1 ? "" : "s") updated" }
            tool.terminal.write(summary + "\n")
            if coverage {
                for index in coverages.indices {
                    // What could still be reached: the explorer's inputs over the set,
                    // run as `--generate` runs them, with the same targets.
                    let spec = coverages[index]
                    coverages[index].explored = SuiteGenerator.generate(
                        spec.coverage.program, specPath: spec.spec,
                        rowText: Coverage.rowText(in: spec.sources, files: spec.coverage.program.files))
                }
                tool.terminal.write(coverages.map(Self.coverageText).joined())
            }
        case .junit:
            try tool.writeOutput(Array(junit(reports).utf8), to: outputPath)
        }
        if let lcovPath { try tool.writeOutput(Array(Self.lcov(coverages).utf8), to: lcovPath) }
        if update { return stillFailing == 0 && reports.allSatisfy({ $0.problems == nil }) ? .success : .inputErrors }
        return failed == 0 ? .success : .inputErrors
    }

    // MARK: - Finding and running

    /// The test files named, and those under the folders named, sorted per folder;
    /// hidden entries and `.build` folders are skipped, and a folder reached twice (by
    /// a symbolic link) is searched once.
    func testFiles(_ tool: Tool) throws(UsageError) -> [String] {
        var found: [String] = []
        // Each real folder is searched once: a symbolic link back to a folder above, or
        // two links to one folder, would otherwise walk it again and again.
        var searched: Set<String> = []
        func search(_ folder: String, depth: Int) {
            guard depth <= Self.maximumDepth, found.count < Self.maximumFiles,
                searched.insert(tool.fileSystem.folderIdentity(folder) ?? folder).inserted,
                let entries = tool.fileSystem.directoryEntries(folder)
            else { return }
            for name in entries where !name.hasPrefix(".") && found.count < Self.maximumFiles {
                let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
                if name.hasSuffix(".gdltest") {
                    found.append(path)
                } else if tool.fileSystem.directoryEntries(path) != nil {
                    search(path, depth: depth + 1)
                }
            }
        }
        for path in paths {
            if tool.fileSystem.directoryEntries(path) != nil {
                search(path, depth: 0)
            } else {
                found.append(path)
            }
        }
        return found
    }

    func runFile(_ path: String, _ tool: Tool, device: DeviceProfile?, coverages: inout [SpecCoverage]) throws(UsageError)
        -> FileReport
    {
        let file = try tool.readRoots([path])[0]
        var sources = SourceManager()
        let id = sources.add(file)
        var diagnostics = DiagnosticBag()
        let tests = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        let renderer = TextDiagnosticRenderer(colored: tool.terminal.usesColor && format == .text)
        guard !diagnostics.hasErrors else {
            return FileReport(path: path, results: [], problems: renderer.render(diagnostics, in: sources))
        }
        let compiled = try tool.checkAndLower([tests.specPath])
        guard !compiled.compilation.diagnostics.hasErrors else {
            let text = renderer.render(compiled.compilation.diagnostics, in: compiled.compilation.sources)
            return FileReport(
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
            return FileReport(path: path, results: [], problems: "\(Self.shown(path)): \(Self.shown(tests.specPath)) \(reason)\n")
        }
        let scene = try tests.scenePath.map { scenePath throws(UsageError) in try tool.readRoots([scenePath])[0] }
        var specCoverage: Coverage?
        let known = coverages.firstIndex { $0.spec == tests.specPath && $0.set == set.program.name }
        if coverage {
            specCoverage =
                known.map { coverages[$0].coverage }
                ?? Coverage(
                    program: set.program,
                    rowText: Coverage.rowText(in: compiled.compilation.sources, files: set.program.files))
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
        return FileReport(path: path, results: results, sources: sources)
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
            set.program, specPath: writtenSpec,
            rowText: Coverage.rowText(in: compiled.compilation.sources, files: set.program.files), scene: scene)
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
        var report = Self.coverageText(
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

    // MARK: - Coverage

    /// "coverage of SPEC (SET): rows 30/52, …", then what was not covered, by place.
    static func coverageText(_ spec: SpecCoverage) -> String {
        let coverage = spec.coverage
        var out = "coverage of \(shown(spec.spec)) (\(spec.set)): "
        out += coverage.summary.map { "\($0.group) \($0.covered)/\($0.total)" }.joined(separator: ", ") + "\n"
        // By where each belongs in the spec: a recognizer's rows together, at its line.
        let missing = coverage.targets.indices.filter { !coverage.covered[$0] }.sorted {
            let (a, b) = (coverage.owner(of: coverage.targets[$0]), coverage.owner(of: coverage.targets[$1]))
            let (c, d) = (coverage.targets[$0].location, coverage.targets[$1].location)
            return [a.file, a.line, a.column, c.file, c.line, c.column, $0].lexicographicallyPrecedes(
                [b.file, b.line, b.column, d.file, d.line, d.column, $1])
        }
        // Grouped by what would reach them: an input the explorer found (a test could
        // be written, or generated, for each), one thing a test can do (a cancel), or
        // nothing within the explorer's bounds. Without an exploration, one group.
        var groups: [(title: String, indices: [Int])] = []
        func add(_ index: Int, to title: String) {
            if let at = groups.firstIndex(where: { $0.title == title }) {
                groups[at].indices.append(index)
            } else {
                groups.append((title, [index]))
            }
        }
        let reachable = "not covered; an input the explorer found reaches each, so a test can (`--generate` writes one)"
        let unreached = spec.explored.map { "not covered; no input the explorer found reaches these (\($0.bounds))" } ?? "not covered"
        for index in missing {
            let target = coverage.targets[index]
            if let explored = spec.explored, explored.coverage.covered[index] {
                add(index, to: reachable)
            } else if let hint = coverage.hint(for: target) {
                add(index, to: "not covered; \(hint)")
            } else {
                add(index, to: unreached)
            }
        }
        groups.sort { ($0.title == reachable ? 0 : $0.title == unreached ? 2 : 1) < ($1.title == reachable ? 0 : $1.title == unreached ? 2 : 1) }
        for group in groups {
            out += "  \(group.title):\n"
            for index in group.indices {
                out += "    \(place(of: coverage.targets[index], in: coverage)): \(shown(coverage.targets[index].description))\n"
            }
        }
        return out
    }

    /// Where a target is written, `file:line:col`, and for a row of a standard kind the
    /// recognizer's line in the spec too: `<prelude>:66:5 (photo.gdl:4)`.
    static func place(of target: Coverage.Target, in coverage: Coverage) -> String {
        let files = coverage.program.files
        func name(_ file: Int) -> String { file < files.count ? shown(files[file]) : "?" }
        var text = "\(name(target.location.file)):\(target.location.line):\(target.location.column)"
        let owner = coverage.owner(of: target)
        if owner != target.location { text += " (\(name(owner.file)):\(owner.line))" }
        return text
    }

    /// The spec files' lines in lcov's tracefile format: a line that holds something to
    /// exercise (a recognizer's line holds its kind's rows, `Coverage.lines(inFile:)`)
    /// is hit as many times as its things were covered, each a branch of it.
    static func lcov(_ coverages: [SpecCoverage]) -> String {
        var out = ""
        var written: Set<String> = []
        for spec in coverages {
            let files = spec.coverage.program.files
            for (index, file) in files.enumerated() where file != Prelude.path && written.insert(file + "|" + spec.set).inserted {
                let lines = spec.coverage.lines(inFile: index)
                guard !lines.isEmpty else { continue }
                // lcov has no escapes: a line break in a path would start a record of
                // its own, so control characters are written as `\u{A}`.
                out += "TN:\(spec.set)\nSF:\(shown(file))\n"
                // Each target is a branch of its line, so a line half covered shows as
                // partial; a line is hit as many times as its targets were covered.
                for (line, targets) in lines {
                    for (branch, covered) in targets.enumerated() {
                        out += "BRDA:\(line),0,\(branch),\(covered ? "1" : targets.contains(true) ? "0" : "-")\n"
                    }
                }
                let branches = lines.reduce(0) { $0 + $1.targets.count }
                let taken = lines.reduce(0) { $0 + $1.targets.count { $0 } }
                out += "BRF:\(branches)\nBRH:\(taken)\n"
                for (line, targets) in lines { out += "DA:\(line),\(targets.count { $0 })\n" }
                out += "LF:\(lines.count)\nLH:\(lines.count { $0.targets.contains(true) })\nend_of_record\n"
            }
        }
        return out
    }

    // MARK: - Updating

    /// Rewrites the failing expectations that the outcome can satisfy (an action's or a
    /// delivery's time and values) in the test file, printing each change; nil when
    /// nothing failed.
    func applyUpdates(_ report: inout FileReport, _ tool: Tool) throws(UsageError) -> (updated: Int, notUpdated: Int)? {
        var edits: [(range: SourceRange, old: String, new: String)] = []
        var notUpdated = 0
        for result in report.results where !result.passed {
            guard !result.divergences.isEmpty else {
                notUpdated += 1
                continue
            }
            for (expectation, divergence) in result.divergences {
                if let update = divergence.update {
                    edits.append((expectation.range, expectation.text, update.text))
                } else {
                    notUpdated += 1
                    tool.terminal.writeError(
                        "\(location(expectation.range, report)): cannot update 'expect \(Self.shown(expectation.text))': \(Self.shown(divergence.actual))\n"
                    )
                }
            }
        }
        guard !edits.isEmpty || notUpdated > 0 else { return nil }
        guard !edits.isEmpty, let file = report.sources?[edits[0].range.file] else { return (0, notUpdated) }
        var bytes = file.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array("expect \(edit.new)".utf8))
        }
        if case .failure(let error) = tool.fileSystem.write(bytes, to: report.path) {
            throw .io("cannot write '\(report.path)': \(error.reason)")
        }
        for edit in edits {
            tool.terminal.writeError(
                "\(location(edit.range, report)): updated: expect \(Self.shown(edit.old)) → expect \(Self.shown(edit.new))\n")
        }
        return (edits.count, notUpdated)
    }

    private func location(_ range: SourceRange, _ report: FileReport) -> String {
        guard let file = report.sources?[range.file] else { return Self.shown(report.path) }
        let (line, column) = file.lineAndColumn(of: range.start)
        return "\(Self.shown(report.path)):\(line):\(column)"
    }

    // MARK: - Reports

    /// A name or a path from the user, as the terminal shows it (`TerminalText`): every
    /// printer of this command sends what it did not write itself through here.
    static func shown(_ text: String) -> String { TerminalText.escaped(text) }

    /// Each failing test as a located diagnostic with the timeline excerpt that shows
    /// what happened; with `--verbose`, a line per passing test too.
    func text(_ report: FileReport, _ tool: Tool) -> String {
        if let problems = report.problems { return problems }
        guard let sources = report.sources else { return "" }
        let renderer = TextDiagnosticRenderer(colored: tool.terminal.usesColor)
        var out = ""
        for result in report.results {
            switch result.outcome {
            case .passed:
                if verbose { out += "ok    \(Self.shown(report.path)): \(Self.shown(result.test.name))\n" }
            case .failed(let expectation, let divergence):
                var bag = DiagnosticBag(errorLimit: nil)
                bag.report(
                    Diagnostic(
                        TestFileProblem.failed(test: result.test.name, expected: expectation.text, actual: divergence.actual),
                        at: expectation.range))
                out += renderer.render(bag, in: sources)
                if !divergence.excerpt.isEmpty {
                    out += "  the run, as simulate shows it:\n"
                    let lines = TimelineRenderer.text(Array(divergence.excerpt.prefix(12))).split(separator: "\n")
                    out += lines.map { "  " + $0 + "\n" }.joined()
                    if divergence.excerpt.count > 12 { out += "  … \(divergence.excerpt.count - 12) more\n" }
                }
            case .error(let diagnostics):
                var bag = DiagnosticBag(errorLimit: nil)
                for diagnostic in diagnostics { bag.report(diagnostic) }
                out += renderer.render(bag, in: sources)
            }
        }
        return out
    }

    /// JUnit XML, a suite per file, as CI dashboards read it.
    func junit(_ reports: [FileReport]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let tests = reports.reduce(0) { $0 + max($1.results.count, $1.problems == nil ? 0 : 1) }
        let failures = reports.reduce(0) { $0 + $1.results.count { if case .failed = $0.outcome { true } else { false } } }
        let errors = reports.reduce(0) {
            $0 + $1.results.count { if case .error = $0.outcome { true } else { false } } + ($1.problems == nil ? 0 : 1)
        }
        out += "<testsuites name=\"gesturec test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for report in reports {
            let path = XML.escape(report.path)
            if let problems = report.problems {
                out += "  <testsuite name=\"\(path)\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
                out +=
                    "    <testcase classname=\"\(path)\" name=\"(file)\"><error message=\"the file cannot run\">\(XML.escape(problems))</error></testcase>\n"
                out += "  </testsuite>\n"
                continue
            }
            let failed = report.results.count { if case .failed = $0.outcome { true } else { false } }
            let errored = report.results.count { if case .error = $0.outcome { true } else { false } }
            out += "  <testsuite name=\"\(path)\" tests=\"\(report.results.count)\" failures=\"\(failed)\" errors=\"\(errored)\">\n"
            for result in report.results {
                out += "    <testcase classname=\"\(path)\" name=\"\(XML.escape(result.test.name))\""
                switch result.outcome {
                case .passed:
                    out += "/>\n"
                case .failed(let expectation, let divergence):
                    let place = location(expectation.range, report)
                    let message = "expected '\(expectation.text)'; got \(divergence.actual)"
                    out +=
                        "><failure message=\"\(XML.escape(message))\">\(XML.escape(place + ": " + message + "\n" + TimelineRenderer.text(divergence.excerpt)))</failure></testcase>\n"
                case .error(let diagnostics):
                    let message = diagnostics.map(\.message).joined(separator: "; ")
                    out += "><error message=\"\(XML.escape(message))\"/></testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// Text for JUnit XML: markup escaped, and the control characters XML 1.0 forbids
/// (all below a space but tab, line feed and carriage return) left out.
enum XML {
    /// Text as XML 1.0 holds it: markup escaped, and each character XML forbids (C0
    /// controls but tab and line breaks, U+FFFE, U+FFFF) written as U+FFFD, so that no
    /// name makes the whole report unparseable.
    static func escape(_ text: String) -> String {
        var allowed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let forbidden = (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            allowed.append(forbidden ? "\u{FFFD}" : scalar)
        }
        return TimelinePage.escapeHTML(String(allowed))
    }
}
