import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureSimulation

/// `gesturec test [PATH…] [--filter TEXT] [--format text|junit] [-o FILE] [--update]
/// [--verbose]`: runs the gesture tests of `*.gdltest` files (docs/testing.md), named or
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

    /// Folders searched at most this deep, and at most this many test files found.
    static let maximumDepth = 32
    static let maximumFiles = 10_000

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: ["--update", "--verbose"], options: ["--filter", "--format", "-o"])
        paths = parsed.operands.isEmpty ? ["."] : parsed.operands
        filter = parsed.values["--filter"]
        format = try parsed.choice("--format", "test report format", default: Format.text)
        outputPath = parsed.values["-o"]
        update = parsed.flags.contains("--update")
        verbose = parsed.flags.contains("--verbose")
    }

    /// What one file's tests came to, for the report.
    struct FileReport {
        var path: String
        var results: [GestureTestResult]
        /// Diagnostics of the file, its spec or its scene that kept every test from running.
        var problems: String?
        /// The sources the tests were read from (the file, each test's trace, the scene).
        var sources: SourceManager?
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let files = try testFiles(tool)
        guard !files.isEmpty else {
            throw UsageError("no test files (*.gdltest) in " + paths.map { "'\($0)'" }.joined(separator: ", "))
        }
        var reports: [FileReport] = []
        var updated = 0
        var stillFailing = 0
        for path in files {
            var report = try runFile(path, tool)
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
        case .junit:
            try tool.writeOutput(Array(junit(reports).utf8), to: outputPath)
        }
        if update { return stillFailing == 0 && reports.allSatisfy({ $0.problems == nil }) ? .success : .inputErrors }
        return failed == 0 ? .success : .inputErrors
    }

    // MARK: - Finding and running

    /// The test files named, and those under the folders named, sorted per folder;
    /// hidden entries and `.build` folders are skipped.
    func testFiles(_ tool: Tool) throws(UsageError) -> [String] {
        var found: [String] = []
        func search(_ folder: String, depth: Int) {
            guard depth <= Self.maximumDepth, found.count < Self.maximumFiles,
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

    func runFile(_ path: String, _ tool: Tool) throws(UsageError) -> FileReport {
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
            return FileReport(path: path, results: [], problems: "\(path): its spec \(tests.specPath) does not check:\n" + text)
        }
        let names = compiled.sets.map(\.program.name)
        let set = tests.set.map { wanted in compiled.sets.first { $0.program.name == wanted.value } } ?? (compiled.sets.count == 1 ? compiled.sets.first : nil)
        guard let set else {
            let reason =
                tests.set.map { "has no gesture set '\($0.value)'" }
                ?? "holds \(names.count) gesture sets; name one with 'set NAME' (\(names.joined(separator: ", ")))"
            return FileReport(path: path, results: [], problems: "\(path): \(tests.specPath) \(reason)\n")
        }
        let scene = try tests.scenePath.map { scenePath throws(UsageError) in try tool.readRoots([scenePath])[0] }
        let results = GestureTestRunner.run(tests, program: set.program, scene: scene, sources: &sources, filter: filter)
        return FileReport(path: path, results: results, sources: sources)
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
                    tool.terminal.writeError("\(location(expectation.range, report)): cannot update 'expect \(expectation.text)': \(divergence.actual)\n")
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
            tool.terminal.writeError("\(location(edit.range, report)): updated: expect \(edit.old) → expect \(edit.new)\n")
        }
        return (edits.count, notUpdated)
    }

    private func location(_ range: SourceRange, _ report: FileReport) -> String {
        guard let file = report.sources?[range.file] else { return report.path }
        let (line, column) = file.lineAndColumn(of: range.start)
        return "\(report.path):\(line):\(column)"
    }

    // MARK: - Reports

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
                if verbose { out += "ok    \(report.path): \(result.test.name)\n" }
            case .failed(let expectation, let divergence):
                var bag = DiagnosticBag(errorLimit: nil)
                bag.report(Diagnostic(
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
                out += "    <testcase classname=\"\(path)\" name=\"(file)\"><error message=\"the file cannot run\">\(XML.escape(problems))</error></testcase>\n"
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
                    out += "><failure message=\"\(XML.escape(message))\">\(XML.escape(place + ": " + message + "\n" + TimelineRenderer.text(divergence.excerpt)))</failure></testcase>\n"
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
    static func escape(_ text: String) -> String {
        TimelinePage.escapeHTML(String(text.unicodeScalars.filter { $0.value >= 0x20 || [0x09, 0x0A, 0x0D].contains($0.value) }.map(Character.init)))
    }
}
