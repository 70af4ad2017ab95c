import GestureCompiler
import GestureDSL
import GestureSimulation

/// What one test file's tests came to, for `gesturec test`'s reports.
public struct GestureTestFileReport: Sendable {
    public var path: String
    public var results: [GestureTestResult]
    /// Diagnostics of the file, its spec or its scene that kept every test from running.
    public var problems: String?
    /// The sources the tests were read from (the file and its scene).
    public var sources: SourceManager?

    public init(path: String, results: [GestureTestResult], problems: String? = nil, sources: SourceManager? = nil) {
        self.path = path
        self.results = results
        self.problems = problems
        self.sources = sources
    }

    /// Tests that passed.
    public var passed: Int { results.count(where: \.passed) }
    /// Tests that failed, and the file itself when it could not run.
    public var failed: Int { results.count { !$0.passed } + (problems == nil ? 0 : 1) }

    /// Where `range` is in the test file, `path:line:col`; the path alone when the
    /// file was not read.
    public func location(_ range: SourceRange) -> String {
        guard let file = sources?[range.file] else { return TestReportRenderer.shown(path) }
        let (line, column) = file.lineAndColumn(of: range.start)
        return "\(TestReportRenderer.shown(path)):\(line):\(column)"
    }
}

/// What the tests of one spec and set exercised, with the spec's sources.
public struct SpecCoverage: Sendable {
    public var spec: String
    public var set: String
    public var coverage: Coverage
    public var sources: SourceManager
    /// What the explorer's inputs reach (`--coverage`), to tell what a test could
    /// still reach from what it cannot; nil in `--generate`'s own report.
    public var explored: SuiteGenerator.Result?

    public init(spec: String, set: String, coverage: Coverage, sources: SourceManager, explored: SuiteGenerator.Result? = nil) {
        self.spec = spec
        self.set = set
        self.coverage = coverage
        self.sources = sources
        self.explored = explored
    }
}

/// The forms of `gesturec test`'s reports: located failures as text, JUnit XML for CI
/// dashboards, coverage as text and as lcov's tracefile.
public enum TestReportRenderer {
    /// A name or a path from the user, as the terminal shows it (`TerminalText`): every
    /// printer of a test report sends what it did not write itself through here.
    public static func shown(_ text: String) -> String { TerminalText.escaped(text) }

    // MARK: - Text

    /// Each failing test as a located diagnostic with the timeline excerpt that shows
    /// what happened; with `verbose`, a line per passing test too.
    public static func text(_ report: GestureTestFileReport, verbose: Bool, colored: Bool) -> String {
        if let problems = report.problems { return problems }
        guard let sources = report.sources else { return "" }
        let renderer = TextDiagnosticRenderer(colored: colored)
        var out = ""
        for result in report.results {
            switch result.outcome {
            case .passed:
                if verbose { out += "ok    \(shown(report.path)): \(shown(result.test.name))\n" }
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

    // MARK: - JUnit

    /// JUnit XML, a suite per file, as CI dashboards read it.
    public static func junit(_ reports: [GestureTestFileReport]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let tests = reports.reduce(0) { $0 + max($1.results.count, $1.problems == nil ? 0 : 1) }
        let failures = reports.reduce(0) { $0 + $1.results.count { if case .failed = $0.outcome { true } else { false } } }
        let errors = reports.reduce(0) {
            $0 + $1.results.count { if case .error = $0.outcome { true } else { false } } + ($1.problems == nil ? 0 : 1)
        }
        out += "<testsuites name=\"gesturec test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for report in reports {
            let path = escapeXML(report.path)
            if let problems = report.problems {
                out += "  <testsuite name=\"\(path)\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
                out +=
                    "    <testcase classname=\"\(path)\" name=\"(file)\"><error message=\"the file cannot run\">\(escapeXML(problems))</error></testcase>\n"
                out += "  </testsuite>\n"
                continue
            }
            let failed = report.results.count { if case .failed = $0.outcome { true } else { false } }
            let errored = report.results.count { if case .error = $0.outcome { true } else { false } }
            out += "  <testsuite name=\"\(path)\" tests=\"\(report.results.count)\" failures=\"\(failed)\" errors=\"\(errored)\">\n"
            for result in report.results {
                out += "    <testcase classname=\"\(path)\" name=\"\(escapeXML(result.test.name))\""
                switch result.outcome {
                case .passed:
                    out += "/>\n"
                case .failed(let expectation, let divergence):
                    let place = report.location(expectation.range)
                    let message = "expected '\(expectation.text)'; got \(divergence.actual)"
                    out +=
                        "><failure message=\"\(escapeXML(message))\">\(escapeXML(place + ": " + message + "\n" + TimelineRenderer.text(divergence.excerpt)))</failure></testcase>\n"
                case .error(let diagnostics):
                    let message = diagnostics.map(\.message).joined(separator: "; ")
                    out += "><error message=\"\(escapeXML(message))\"/></testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Text as XML 1.0 holds it: markup escaped, and each character XML forbids (C0
    /// controls but tab and line breaks, U+FFFE, U+FFFF) written as U+FFFD, so that no
    /// name makes the whole report unparseable.
    public static func escapeXML(_ text: String) -> String {
        var allowed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let forbidden = (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            allowed.append(forbidden ? "\u{FFFD}" : scalar)
        }
        return TimelinePage.escapeHTML(String(allowed))
    }

    // MARK: - Coverage

    /// "coverage of SPEC (SET): rows 30/52, …", then what was not covered, by place.
    public static func coverageText(_ spec: SpecCoverage) -> String {
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
    public static func place(of target: Coverage.Target, in coverage: Coverage) -> String {
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
    public static func lcov(_ coverages: [SpecCoverage]) -> String {
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
}

// MARK: - Updating

/// `gesturec test --update`: the failing expectations of a test file that the outcome
/// can satisfy (an action's or a delivery's time and values), rewritten in the file's
/// bytes, and those it cannot.
public struct GestureTestUpdate: Sendable {
    /// One expectation rewritten: where, and its text before and after `expect`.
    public struct Edit: Sendable {
        public var range: SourceRange
        public var old: String
        public var new: String
    }

    /// The expectations rewritten, in the order the tests hold them.
    public var edits: [Edit] = []
    /// The failing tests and expectations left as they are.
    public var notUpdated = 0
    /// For each expectation left, why: `path:line:col: cannot update 'expect …': …`.
    public var refusals: [String] = []
    /// The test file with every edit made; nil when there is none.
    public var bytes: [UInt8]?

    /// What updating the report's file comes to; nil when none of its tests failed.
    public init?(_ report: GestureTestFileReport) {
        for result in report.results where !result.passed {
            guard !result.divergences.isEmpty else {
                notUpdated += 1
                continue
            }
            for (expectation, divergence) in result.divergences {
                if let update = divergence.update {
                    edits.append(Edit(range: expectation.range, old: expectation.text, new: update.text))
                } else {
                    notUpdated += 1
                    refusals.append(
                        "\(report.location(expectation.range)): cannot update 'expect \(TestReportRenderer.shown(expectation.text))': \(TestReportRenderer.shown(divergence.actual))\n"
                    )
                }
            }
        }
        guard !edits.isEmpty || notUpdated > 0 else { return nil }
        guard !edits.isEmpty, let file = report.sources?[edits[0].range.file] else {
            edits = []
            return
        }
        var bytes = file.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array("expect \(edit.new)".utf8))
        }
        self.bytes = bytes
    }

    /// A line per edit: `path:line:col: updated: expect OLD → expect NEW`.
    public func messages(_ report: GestureTestFileReport) -> [String] {
        edits.map { edit in
            "\(report.location(edit.range)): updated: expect \(TestReportRenderer.shown(edit.old)) → expect \(TestReportRenderer.shown(edit.new))\n"
        }
    }
}
