import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// `gesturec test`'s files and runner (docs/testing.md): every form of expectation,
/// holding and failing, and the file's mistakes, located.
@Suite("Gesture tests")
struct GestureTestTests {
    /// A photo in a list: a single tap that waits for a double tap (R53, R55), a
    /// pan that scrolls, and a hook that turns the double tap off.
    static let spec = """
        gestures Photos {
          view window {
            view list {
              view photo
            }
          }
          recognizer open = tap on photo
          recognizer like = tap(taps: 2) on photo { shouldBegin: canLike }
          recognizer scroll = pan on list
          open requires like to fail
          hook canLike
        }
        """

    static let scene = """
        view w: window [0 0 400 800]
        view l: list in w [0 0 400 800]
        view p: photo in l [0 100 400 300]

        """

    /// The results of a test file made of the scene and `tests`, over `spec`, with the
    /// diagnostics of reading it.
    func run(_ tests: String, spec: String = GestureTestTests.spec, scene: String = GestureTestTests.scene) throws -> (
        results: [GestureTestResult], problems: [String]
    ) {
        let compilation = check(spec)
        let program = try #require(compilation.lowered().sets.first?.program)
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "photos.gdltest", text: scene + tests))
        var diagnostics = DiagnosticBag()
        let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        func located(_ diagnostic: Diagnostic) -> String {
            let (line, column) = sources[diagnostic.range.file].lineAndColumn(of: diagnostic.range.start)
            return "\(diagnostic.id) \(line):\(column) \(diagnostic.message)"
        }
        if diagnostics.hasErrors { return ([], diagnostics.diagnostics.map(located)) }
        let results = GestureTestRunner.run(file, program: program, scene: nil, sources: &sources)
        var problems: [String] = []
        for result in results { if case .error(let found) = result.outcome { problems += found.map(located) } }
        return (results, problems)
    }

    /// The first failing expectation's text and what happened, for each test.
    func outcomes(_ tests: String, spec: String = GestureTestTests.spec, scene: String = GestureTestTests.scene) throws
        -> [String]
    {
        let (results, problems) = try run(tests, spec: spec, scene: scene)
        #expect(problems.isEmpty, "\(problems)")
        return results.map { result in
            switch result.outcome {
            case .passed: "passed"
            case .failed(let expectation, let divergence): "failed: \(expectation.text) | \(divergence.actual)"
            case .error: "error"
            }
        }
    }

    static let tap = """
          0.000  down 1 at (200, 250)
          0.080  up 1 at (200, 250)

        """

    @Test("an action: its phase, at a time within a tolerance, with values")
    func action() throws {
        // The tap waits the double tap's 350ms after the lift (R55).
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized at 0.43\n") == ["passed"])
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized at 0.432 ± 5ms with location (200, 250)\n") == ["passed"])
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect open on p recognized\n") == ["passed"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized at 0.08\n") == [
                "failed: open recognized at 0.08 | open on p recognized at 0.43s with location (200, 250)"
            ])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized with location (10, 250)\n") == [
                "failed: open recognized with location (10, 250) | open on p recognized at 0.43s with location (200, 250)"
            ])
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect scroll began\n") == ["failed: scroll began | scroll never sent began"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized with speed 3\n") == [
                "failed: open recognized with speed 3 | open reports no value 'speed' (it reports location)"
            ])
    }

    @Test("never: no action of a recognizer, or none of one phase")
    func never() throws {
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect never like\n  expect never scroll began\n") == ["passed"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect never open\n") == [
                "failed: never open | open on p recognized at 0.43s with location (200, 250)"
            ])
    }

    @Test("a test cannot pass without testing: no scene, touches on no view, a 'never' about what no touch reaches")
    func vacuousTests() throws {
        // No scene: the touches land on nothing, so the run stops with an error (GDL520)
        // instead of passing 'never like'.
        let noScene = try run("test \"t\"\n" + Self.tap + "  expect never like\n", scene: "")
        #expect(noScene.problems.map { String($0.prefix(6)) } == ["GDL520"], "\(noScene.problems)")
        #expect(noScene.results.map(\.passed) == [false])
        // A scene, but the touches miss every view (R10): the test cannot fail (GDL607).
        let missed = try run(
            "test \"t\"\n  0.000  down 1 at (900, 900)\n  0.080  up 1 at (900, 900)\n  expect never like\n")
        #expect(
            missed.problems == ["GDL607 4:1 test \"t\" cannot fail: none of its touches lands on a view of the scene, so nothing sees them (R10)"])
        // A touch on the list, outside the photo: the photo's recognizers never see it
        // (R18) and the photo receives nothing whatever the spec says (GDL608); the list's
        // scroll is reached, so 'never scroll' is a real claim.
        let beside = try run(
            "test \"t\"\n  0.000  down 1 at (200, 600)\n  0.080  up 1 at (200, 600)\n"
                + "  expect never like\n  expect never scroll\n  expect never p receives\n")
        #expect(
            beside.problems == [
                "GDL608 7:3 'expect never like' cannot fail: no touch of the test reaches like (R18); its touches land on 'l'",
                "GDL608 9:3 'expect never p receives' cannot fail: no touch of the test lands on 'p', so it receives nothing whatever the spec does; its touches land on 'l'",
            ])
        // On the photo, both claims can fail, and hold.
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect never like\n  expect never p receives ended\n") == ["passed"])
    }

    @Test("deliveries to a view, and never")
    func delivery() throws {
        // The tap's delaysTouchesEnded holds the photo's ended while it waits (R40); when
        // it recognizes, the held end becomes a cancel (R39).
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect p receives began at 0\n  expect p receives cancelled at 0.43\n") == ["passed"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect p receives cancelled at 0.08\n") == [
                "failed: p receives cancelled at 0.08 | p received cancelled at 0.43s"
            ])
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect never p receives ended\n") == ["passed"])
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect never p receives moved\n") == ["passed"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect never p receives cancelled\n") == [
                "failed: never p receives cancelled | p received cancelled at 0.43s"
            ])
    }

    @Test("control events: a button's touchDown and touchUpInside, and never; a 'never' about a view that is no control cannot fail")
    func controlEvents() throws {
        // A button in the list, 100 × 50 at (0, 500): a tap on it sends touchDown at
        // the touch-down and touchUpInside at the lift inside; the list's pan never
        // begins, so nothing cancels its touch (docs/controls.md, R44).
        let spec = Self.spec.replacingOccurrences(of: "view photo\n", with: "view photo\n      view star { control: button }\n")
        let scene = Self.scene + "view s: star in l [0 500 100 50]\n"
        let tapOnStar = "  0.000  down 1 at (50, 520)\n  0.080  up 1 at (50, 520)\n"
        #expect(
            try outcomes(
                "test \"t\"\n" + tapOnStar + "  expect s sends touchDown at 0\n  expect s sends touchUpInside at 0.08\n", spec: spec, scene: scene)
                == [
                    "passed"
                ])
        #expect(try outcomes("test \"t\"\n" + tapOnStar + "  expect never s sends touchUpOutside\n", spec: spec, scene: scene) == ["passed"])
        let (written, _) = try run(
            "test \"t\"\n" + tapOnStar + "  expect never s sends\n  expect never s sends touchCancel\n", spec: spec, scene: scene)
        #expect(written.first?.test.expectations.map(\.text) == ["never s sends", "never s sends touchCancel"])
        #expect(
            try outcomes("test \"t\"\n" + tapOnStar + "  expect s sends touchUpInside at 0.5\n", spec: spec, scene: scene) == [
                "failed: s sends touchUpInside at 0.5 | s sent touchUpInside at 0.08s"
            ])
        #expect(
            try outcomes("test \"t\"\n" + tapOnStar + "  expect never s sends\n", spec: spec, scene: scene) == [
                "failed: never s sends | s sent touchDown at 0s"
            ])
        let (_, problems) = try run("test \"t\"\n" + tapOnStar + "  expect never p sends\n", spec: spec, scene: scene)
        #expect(
            problems == [
                "GDL608 8:3 'expect never p sends' cannot fail: 'p' is no control, so it sends no control event whatever the spec does"
            ])
    }

    @Test("latency: an action within a duration of an input event")
    func latency() throws {
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized within 400ms after up 1\n") == ["passed"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized within 100ms after up 1\n") == [
                "failed: open recognized within 100ms after up 1 | open on p recognized at 0.43s with location (200, 250), 350ms after up 1"
            ])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect open recognized within 1s after up 7\n") == [
                "failed: open recognized within 1000ms after up 7 | the trace has no 'up 7'"
            ])
    }

    @Test("decisions, and who caused them")
    func decisions() throws {
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect open held by like\n  expect like failed\n") == ["passed"])
        #expect(
            try outcomes("test \"t\"\n" + Self.tap + "  expect open held by scroll\n") == [
                "failed: open held by scroll | open on p held at 0.08s: waiting for like on p to fail"
            ])
        #expect(try outcomes("test \"t\"\n" + Self.tap + "  expect open excluded\n") == ["failed: open excluded | open was never excluded"])
    }

    @Test("hooks are set by the trace: a double tap the app forbids is vetoed as it would recognize (R59)")
    func hooks() throws {
        let double = Self.tap + "  0.150  down 2 at (200, 250)\n  0.210  up 2 at (200, 250)\n"
        #expect(try outcomes("test \"t\"\n" + double + "  expect like recognized at 0.21\n") == ["passed"])
        let forbidden = "test \"t\"\n  0.000  set canLike false\n" + double + "  expect like vetoed\n  expect never like\n"
        #expect(try outcomes(forbidden) == ["passed"])
    }

    @Test("a drag: scroll began, and the tap failed when the finger moved")
    func drag() throws {
        let tests = """
            test "drag"
              0.000  down 1 at (200, 250)
              0.050  move 1 at (200, 280)
              0.100  move 1 at (200, 320)
              0.150  up 1 at (200, 320)
              expect scroll began at 0.05 with translation (0, 30)
              expect scroll ended at 0.15
              expect never open
              expect p receives cancelled at 0.05

            """
        #expect(try outcomes(tests) == ["passed"])
    }

    @Test("every failing expectation is kept, the first one reported")
    func everyDivergence() throws {
        let (results, _) = try run("test \"t\"\n" + Self.tap + "  expect never open\n  expect open recognized at 0.5\n  expect like failed\n")
        let result = try #require(results.first)
        #expect(result.divergences.map(\.expectation.text) == ["never open", "open recognized at 0.5"])
        // An action's time can be rewritten from the outcome (`--update`); `never` cannot.
        #expect(result.divergences.map { $0.divergence.update?.text } == [nil, "open recognized at 0.43"])
    }

    @Test("the file's mistakes, located")
    func mistakes() throws {
        #expect(
            try run("expect open recognized\n").problems == [
                "GDL601 4:1 an expectation belongs to a test: write it after a 'test \"name\"' line"
            ])
        #expect(
            try run("test \"t\"\n  expect open flies\n").problems == [
                "GDL600 5:15 expected an action (began, changed, ended, cancelled, recognized) or a decision, found 'flies'"
            ])
        #expect(
            try run("test \"t\"\n  expect open recognized at soon\n").problems == [
                "GDL600 5:29 expected a time in seconds, found 'soon'"
            ])
        #expect(
            try run("test \"t\"\n" + Self.tap + "test \"t\"\n" + Self.tap + "  expect open recognized\n").problems == [
                "GDL604 7:6 two tests are named \"t\""
            ])
        #expect(try run("test \"unclosed\n").problems == ["GDL600 4:6 a name in double quotes is not closed"])
        #expect(try run("").problems == ["GDL603 1:1 a test file with no test"])
        #expect(
            try run("test \"t\"\n" + Self.tap).problems == [
                "GDL606 4:1 test \"t\" expects nothing, so it cannot fail; add an 'expect' line"
            ])
        #expect(
            try run("test \"t\"\n" + Self.tap + "  expect opne recognized\n  expect never q receives\n").problems == [
                "GDL605 7:3 no recognizer in Photos 'opne'; did you mean 'open'?",
                "GDL605 8:3 no view in the scene 'q'; did you mean 'w'?",
            ])
        // A mistake in the trace is the trace reader's, at its line in the test file.
        #expect(
            try run("test \"t\"\n  0.000  down 1 at (200, 250)\n  0.010  down 1 at (200, 250)\n  expect never open\n").problems == [
                "GDL511 6:10 touch 1 is already down"
            ])
    }

    @Test("a file's scene is read once and each test from its own lines: the sources do not grow with the tests")
    func eachTestItsOwnLines() throws {
        let compilation = check(Self.spec)
        let program = try #require(compilation.lowered().sets.first?.program)
        var text = Self.scene
        for index in 0..<50 { text += "test \"t\(index)\"\n" + Self.tap + "  expect open recognized at 0.43\n" }
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "photos.gdltest", text: text))
        var diagnostics = DiagnosticBag()
        let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        let results = GestureTestRunner.run(file, program: program, scene: nil, sources: &sources)
        #expect(results.count == 50 && results.allSatisfy(\.passed))
        // One file: no test's trace is a copy of it (a file of n tests once held n).
        #expect(sources.files.count == 1)
        // A mistake in the scene is every test's, at its line.
        let broken = try run(
            "test \"a\"\n" + Self.tap + "  expect never scroll\ntest \"b\"\n" + Self.tap + "  expect never scroll\n",
            scene: Self.scene.replacingOccurrences(of: "[0 100 400 300]", with: "[0 100 400]"))
        #expect(broken.results.count == 2)
        #expect(broken.problems.count == 2 && Set(broken.problems).count == 1)
        #expect(broken.problems.first?.hasPrefix("GDL50") == true && broken.problems.first?.contains(" 3:") == true)
    }

    @Test("many expectations of one recognizer, each at its time, all hold; one written twice is checked at each place")
    func manyExpectations() throws {
        var tests = "test \"taps\"\n"
        var expectations = ""
        for tap in 0..<20 {
            let start = Double(tap)
            tests += "  \(start)  down \(tap + 1) at (200, 250)\n  \(start + 0.03)  up \(tap + 1) at (200, 250)\n"
            expectations += "  expect open recognized at \(start + 0.38)\n"
        }
        let (results, problems) = try run(tests + expectations + "  expect never scroll\n  expect never scroll\n")
        #expect(problems.isEmpty)
        #expect(results.first?.passed == true)
        // The same wrong expectation twice: two divergences, each with its own place.
        let (twice, _) = try run(tests + "  expect open recognized at 9.9\n  expect open recognized at 9.9\n")
        let divergences = try #require(twice.first?.divergences)
        #expect(divergences.count == 2)
        #expect(Set(divergences.map(\.expectation.range.start)).count == 2)
        #expect(divergences.map { $0.divergence.update?.range.start } == divergences.map(\.expectation.range.start))
    }

    @Test("ended and recognized are one phase where a test writes it (UIKit's .recognized is .ended)")
    func recognizedIsEnded() throws {
        let (results, problems) = try run(
            "test \"t\"\n" + Self.tap + "  expect open ended at 0.43\n  expect open recognized at 0.43\n  expect never like ended\n")
        #expect(problems.isEmpty)
        #expect(results.first?.passed == true)
        let (failing, _) = try run("test \"t\"\n" + Self.tap + "  expect never open ended\n")
        #expect(failing.first?.passed == false)
        #expect(TimelineEntry.ActionState.recognized.matches(.ended) && !TimelineEntry.ActionState.began.matches(.ended))
        #expect(GestureAction.Phase.recognized == .ended)
    }

    @Test("names in quotes keep their spaces and punctuation")
    func names() throws {
        let (results, _) = try run("test \"a tap, then: nothing (yet)\"\n" + Self.tap + "  expect never scroll\n")
        #expect(results.map(\.test.name) == ["a tap, then: nothing (yet)"])
    }

    @Test("an expectation written back reads the same")
    func roundTrip() throws {
        let lines = [
            "open recognized at 0.43 ± 0.005 with location (200, 250)", "never open on p began", "p receives ended at 0.43",
            "never p receives moved", "open recognized within 400ms after up 1", "open held by like", "like failed",
            "p sends touchUpInside at 0.08 ± 0.005",
        ]
        let (results, problems) = try run("test \"t\"\n" + Self.tap + lines.map { "  expect \($0)\n" }.joined())
        #expect(problems.isEmpty)
        #expect(results.first?.test.expectations.map(\.text) == lines)
    }
}

/// What tests exercise (`--coverage`) and the suites generated from the exploration
/// (`--generate`).
@Suite("Gesture test coverage and generation")
struct GestureTestCoverageTests {
    func program(_ spec: String = GestureTestTests.spec) throws -> (GestureProgram, Compilation) {
        let compilation = check(spec)
        return (try #require(compilation.lowered().sets.first?.program), compilation)
    }

    /// What the tests of `spec`'s set can exercise, none covered.
    func targets(_ spec: String = GestureTestTests.spec) throws -> Coverage {
        let compilation = check(spec)
        return Coverage(set: try #require(compilation.lowered().sets.first), sources: compilation.sources)
    }

    /// The coverage of `spec` after running `tests` (with the scene of GestureTestTests).
    func coverage(after tests: String) throws -> Coverage {
        var coverage: Coverage? = try targets()
        let program = try #require(coverage?.program)
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "photos.gdltest", text: GestureTestTests.scene + tests))
        var diagnostics = DiagnosticBag()
        let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        _ = GestureTestRunner.run(file, program: program, scene: nil, sources: &sources, coverage: &coverage)
        return try #require(coverage)
    }

    func covered(_ coverage: Coverage) -> Set<String> {
        Set(coverage.targets.indices.filter { coverage.covered[$0] }.map { coverage.targets[$0].description })
    }

    @Test("a single tap covers the requirement held then released; a double tap, held then failed, and the hook")
    func relations() throws {
        let tap = try coverage(after: "test \"t\"\n" + GestureTestTests.tap + "  expect open recognized\n")
        #expect(covered(tap).contains("'open requires like to fail' held, then released"))
        #expect(!covered(tap).contains("'open requires like to fail' held, then failed"))
        // The double tap never got far enough to ask its shouldBegin (R59).
        #expect(!covered(tap).contains("hook canLike answering true"))
        #expect(covered(tap).contains("'on up where touchCount == 0 && tapsDone + 1 == taps -> recognized' of open"))
        #expect(!covered(tap).contains("'on up where touchCount == 0 && tapsDone + 1 == taps -> recognized' of like"))

        let double = GestureTestTests.tap + "  0.150  down 2 at (200, 250)\n  0.210  up 2 at (200, 250)\n"
        let both = try coverage(
            after: "test \"t\"\n" + GestureTestTests.tap + "  expect open recognized\n"
                + "test \"d\"\n" + double + "  expect like recognized\n")
        #expect(
            covered(both).isSuperset(of: [
                "'open requires like to fail' held, then released", "'open requires like to fail' held, then failed",
                "hook canLike answering true", "like.shouldBegin answering true",
                "'on up where touchCount == 0 && tapsDone + 1 == taps -> recognized' of like",
            ]))
        #expect(!covered(both).contains("like.shouldBegin answering false"))
        let relations = both.summary.first { $0.group == "relations" }
        #expect(relations?.covered == 2 && relations?.total == 2)
    }

    @Test("lcov lines: a spec line holds its targets, a recognizer's line its kind's rows from the prelude")
    func lines() throws {
        let tap = try coverage(after: "test \"t\"\n" + GestureTestTests.tap + "  expect open recognized\n")
        let file = try #require(tap.program.files.firstIndex(of: "main.gdl"))
        let lines = tap.lines(inFile: file)
        // Line 10 holds the requirement: one of its two targets covered.
        #expect(lines.first { $0.line == 10 }?.targets == [true, false])
        // Line 11, the hook: asked by no run.
        #expect(lines.first { $0.line == 11 }?.targets == [false, false])
        // Line 7, `open = tap on photo`: the tap kind's rows, written in the prelude, are
        // counted on it, some covered by a single tap and some not.
        let open = try #require(lines.first { $0.line == 7 }?.targets)
        let rows = tap.targets.filter { $0.description.hasSuffix(" of open") && ($0.kind == .row || $0.kind == .timer) }.count
        #expect(open.count >= rows && rows > 5)
        #expect(open.contains(true) && open.contains(false))
        // Every target of the spec's recognizers is on one of its lines.
        #expect(lines.reduce(0) { $0 + $1.targets.count } == tap.targets.count)
    }

    @Test("a generated suite passes on its spec, is the same every time, and fails on a change of behaviour")
    func generated() throws {
        let targets = try targets()
        let suite = SuiteGenerator.generate(targets, specPath: "main.gdl")
        // A place of one view each, one of a finger on the photo and one on the list, and
        // one of a finger on each of two photos.
        #expect(
            suite.files.map(\.name) == [
                "Photos.list.gdltest", "Photos.photo.gdltest", "Photos.photo-and-list.gdltest", "Photos.photo1-and-photo2.gdltest",
            ])
        #expect(suite.files.map(\.text) == SuiteGenerator.generate(targets, specPath: "main.gdl").files.map(\.text))
        #expect(suite.coverage.summary.first { $0.group == "relations" }.map { $0.covered == $0.total } == true)

        /// Each file's tests run over `spec`: how many fail.
        func failures(over spec: String) throws -> Int {
            let (target, _) = try self.program(spec)
            var failed = 0
            for generated in suite.files {
                var sources = SourceManager()
                let id = sources.add(SourceFile(path: generated.name, text: generated.text))
                var diagnostics = DiagnosticBag()
                let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
                #expect(!diagnostics.hasErrors)
                failed += GestureTestRunner.run(file, program: target, scene: nil, sources: &sources).count { !$0.passed }
            }
            return failed
        }
        #expect(try failures(over: GestureTestTests.spec) == 0)
        // Without the requirement, a tap opens at the lift.
        #expect(try failures(over: GestureTestTests.spec.replacingOccurrences(of: "open requires like to fail", with: "")) > 0)
        // A longer double-tap interval changes when a tap opens.
        #expect(try failures(over: GestureTestTests.spec.replacingOccurrences(of: "tap(taps: 2)", with: "tap(taps: 2, interval: 500ms)")) > 0)
    }

    @Test("a generated suite holds each outcome of a place: a row's horizontal pan made a plain pan fails it (R50)")
    func outcomeClasses() throws {
        // A list that scrolls, and rows that swipe sideways: a vertical drag on a row
        // fails the row's pan (its direction), and the list's scroll takes it.
        let inbox = """
            gestures Inbox {
              view window {
                view list {
                  view row
                }
              }
              recognizer scroll = pan on list
              recognizer swipeRow = pan(direction: horizontal) on row
            }
            """
        let targets = try targets(inbox)
        let program = targets.program
        let suite = SuiteGenerator.generate(targets, specPath: "inbox.gdl")
        let row = try #require(suite.files.first { $0.name == "Inbox.row.gdltest" })
        // The plain pan on the row, deeper than the list's, takes every vertical drag
        // that starts on a row (R50): some test of the row's place must say otherwise.
        let (mutant, _) = try self.program(inbox.replacingOccurrences(of: "pan(direction: horizontal)", with: "pan"))
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: row.name, text: row.text))
        var diagnostics = DiagnosticBag()
        let file = GestureTestFile.parse(sources[id], id: id, diagnostics: &diagnostics)
        let original = GestureTestRunner.run(file, program: program, scene: nil, sources: &sources)
        let mutated = GestureTestRunner.run(file, program: mutant, scene: nil, sources: &sources)
        #expect(!original.isEmpty && original.allSatisfy { $0.passed })
        #expect(mutated.contains { !$0.passed })
    }
}
