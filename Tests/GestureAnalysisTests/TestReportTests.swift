import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// `gesturec test`'s reports and `--update`, as the analysis library writes them
/// (`TestReportRenderer`, `GestureTestUpdate`): the command only prints them.
@Suite("Gesture test reports")
struct TestReportTests {
    /// The report of a test file made of GestureTestTests' scene and `tests`, with the
    /// coverage of its spec.
    func report(_ tests: String, path: String = "photos.gdltest") throws -> (GestureTestFileReport, SpecCoverage) {
        let compilation = check(GestureTestTests.spec)
        let set = try #require(compilation.lowered().sets.first)
        let program = set.program
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: path, text: GestureTestTests.scene + tests))
        var diagnostics = DiagnosticBag()
        let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        #expect(!diagnostics.hasErrors)
        var coverage: Coverage? = Coverage(set: set, sources: compilation.sources)
        let results = GestureTestRunner.run(file, program: program, scene: nil, sources: &sources, coverage: &coverage)
        let spec = SpecCoverage(spec: "main.gdl", set: program.name, coverage: try #require(coverage), sources: compilation.sources)
        return (GestureTestFileReport(path: path, results: results, sources: sources), spec)
    }

    static let passing = "test \"ok\"\n" + GestureTestTests.tap + "  expect open recognized at 0.43\n"
    static let failing = "test \"late\"\n" + GestureTestTests.tap + "  expect open recognized at 0.08\n"
    static let never = "test \"never\"\n" + GestureTestTests.tap + "  expect never open\n"

    @Test("text: a failure located with the run that shows it; a line per passing test only when verbose")
    func text() throws {
        let (report, _) = try report(Self.passing + Self.failing)
        #expect(report.passed == 1 && report.failed == 1)
        let quiet = TestReportRenderer.text(report, verbose: false, colored: false)
        #expect(!quiet.contains("ok    "))
        #expect(quiet.contains("photos.gdltest:"))
        #expect(quiet.contains("open on p recognized at 0.43s"))
        #expect(quiet.contains("  the run, as simulate shows it:\n"))
        let verbose = TestReportRenderer.text(report, verbose: true, colored: false)
        #expect(verbose.hasPrefix("ok    photos.gdltest: ok\n"))
        // A file that could not run is its problems.
        let broken = GestureTestFileReport(path: "x.gdltest", results: [], problems: "x.gdltest: cannot read\n")
        #expect(TestReportRenderer.text(broken, verbose: true, colored: false) == "x.gdltest: cannot read\n")
        #expect(broken.failed == 1)
    }

    @Test("JUnit: a suite per file, its failures with message and place; a file that cannot run is an error")
    func junit() throws {
        let (report, _) = try report(Self.passing + Self.failing)
        let broken = GestureTestFileReport(path: "b<1>.gdltest", results: [], problems: "cannot read\n")
        let xml = TestReportRenderer.junit([report, broken])
        #expect(
            xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gesturec test\" tests=\"3\" failures=\"1\" errors=\"1\">\n")
        )
        #expect(xml.contains("  <testsuite name=\"photos.gdltest\" tests=\"2\" failures=\"1\" errors=\"0\">\n"))
        #expect(xml.contains("    <testcase classname=\"photos.gdltest\" name=\"ok\"/>\n"))
        #expect(xml.contains("<failure message=\"expected 'open recognized at 0.08'; got open on p recognized at 0.43s"))
        #expect(xml.contains("  <testsuite name=\"b&lt;1&gt;.gdltest\" tests=\"1\" failures=\"0\" errors=\"1\">\n"))
        #expect(xml.hasSuffix("</testsuites>\n"))
        #expect(TestReportRenderer.escapeXML("a\u{FFFE}b\u{FFFF}c\u{1}d\te<") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te&lt;")
    }

    @Test("coverage text and lcov: the summary, what no test reached by place, each spec line's targets as branches")
    func coverage() throws {
        let (_, spec) = try report(Self.passing)
        let text = TestReportRenderer.coverageText(spec)
        #expect(text.hasPrefix("coverage of main.gdl (Photos): rows "))
        #expect(text.contains("\n    main.gdl:10:3: 'open requires like to fail' held, then failed\n"))
        let lcov = TestReportRenderer.lcov([spec, spec])
        // One record per file and set, however many test files reached it.
        #expect(lcov.hasPrefix("TN:Photos\nSF:main.gdl\nBRDA:"))
        #expect(lcov.components(separatedBy: "end_of_record\n").count == 2)
        let lines = spec.coverage.lines(inFile: try #require(spec.coverage.program.files.firstIndex(of: "main.gdl")))
        #expect(lcov.contains("\nLF:\(lines.count)\nLH:\(lines.count { $0.targets.contains(true) })\nend_of_record\n"))
    }

    @Test("--update: the times and values that failed rewritten in the file's bytes; what cannot be, refused and counted")
    func update() throws {
        let (passing, _) = try report(Self.passing)
        #expect(GestureTestUpdate(passing) == nil)

        let (report, _) = try report(Self.failing + Self.never)
        let update = try #require(GestureTestUpdate(report))
        #expect(update.edits.map(\.new) == ["open recognized at 0.43"])
        #expect(update.notUpdated == 1)
        #expect(update.refusals.count == 1)
        #expect(update.refusals.first?.hasPrefix("photos.gdltest:") == true)
        #expect(update.refusals.first?.contains(": cannot update 'expect never open': open on p recognized at 0.43s") == true)
        let bytes = try #require(update.bytes)
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(written == GestureTestTests.scene + (Self.failing + Self.never).replacing("at 0.08\n", with: "at 0.43\n"))
        #expect(update.messages(report).count == 1)
        #expect(update.messages(report).first?.hasSuffix(": updated: expect open recognized at 0.08 → expect open recognized at 0.43\n") == true)
    }
}
