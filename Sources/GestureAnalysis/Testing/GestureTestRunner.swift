import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// What one test came to.
public struct GestureTestResult: Sendable {
    public enum Outcome: Sendable {
        case passed
        /// The first expectation that does not hold, and what happened instead.
        case failed(Expectation, Expectation.Divergence)
        /// The test could not run: its trace or its names have mistakes.
        case error([Diagnostic])
    }

    public var test: GestureTest
    public var outcome: Outcome
    /// Every expectation that does not hold, in order, with what would make it hold
    /// (`--update`).
    public var divergences: [(expectation: Expectation, divergence: Expectation.Divergence)] = []

    public var passed: Bool {
        if case .passed = outcome { return true }
        return false
    }
}

/// Runs the tests of a file: each trace through the engine over the scene, as
/// `gesturec simulate` runs it, then each expectation against the timeline.
public enum GestureTestRunner {
    /// `until` runs the timers at most this long past the last event: a kind whose
    /// timer restarts itself would otherwise fire for as long as a test says.
    public static let maximumWait = 60.0

    /// The results of `file`'s tests whose names contain `filter` (all without one), in
    /// order. `scene` is the file the test file names, read; `sources` gets every
    /// file read, for diagnostics.
    /// With `coverage`, what each test's run exercised is added to it. With `device`
    /// (`gesturec test --device`), every test's scene is put on it (docs/devices.md).
    public static func run(
        _ file: GestureTestFile, program: GestureProgram, scene: SourceFile?, sources: inout SourceManager,
        filter: String? = nil, device: DeviceProfile? = nil, coverage: inout Coverage?
    ) -> [GestureTestResult] {
        // The scene is read once, and each test's trace from its own lines of the file:
        // a file of many tests costs its length, not its length for every test.
        let shared = SharedScene(file, program: program, scene: scene, sources: &sources)
        var results: [GestureTestResult] = []
        for test in file.tests where filter.map({ test.name.contains($0) }) ?? true {
            results.append(run(test, of: file, program: program, scene: shared, device: device, coverage: &coverage))
        }
        return results
    }

    public static func run(
        _ file: GestureTestFile, program: GestureProgram, scene: SourceFile?, sources: inout SourceManager,
        filter: String? = nil
    ) -> [GestureTestResult] {
        var coverage: Coverage?
        return run(file, program: program, scene: scene, sources: &sources, filter: filter, coverage: &coverage)
    }

    /// The scene every test of a file starts from, read once: the file the test file
    /// names, or its `view` lines. Nil with the mistakes that keep it from being read,
    /// which every test then reports.
    struct SharedScene {
        var scene: SceneDescription?
        var diagnostics: [Diagnostic]
        /// Whether the scene is the file's own `view` lines (a test's `device` line then
        /// puts that test's scene on a device).
        var isViewLines: Bool

        init(_ file: GestureTestFile, program: GestureProgram, scene sceneFile: SourceFile?, sources: inout SourceManager) {
            var reader = SimulationInputReader(program: program)
            if let sceneFile {
                scene = reader.read(scene: sceneFile, sources: &sources)
                isViewLines = false
            } else {
                scene = reader.scene(lines: file.viewLines, of: file.file, id: file.id)
                isViewLines = true
            }
            diagnostics = reader.diagnostics.diagnostics
        }
    }

    static func run(
        _ test: GestureTest, of file: GestureTestFile, program: GestureProgram, scene shared: SharedScene,
        device: DeviceProfile? = nil, coverage: inout Coverage?
    ) -> GestureTestResult {
        guard let sharedScene = shared.scene else { return GestureTestResult(test: test, outcome: .error(shared.diagnostics)) }
        var reader = SimulationInputReader(program: program)
        guard
            let (readScene, trace) = reader.read(
                lines: test.eventLines, of: file.file, id: file.id, scene: sharedScene,
                sceneLines: shared.isViewLines ? file.viewLines : nil)
        else {
            return GestureTestResult(test: test, outcome: .error(reader.diagnostics.diagnostics))
        }
        var scene = readScene
        if let device { scene.device = device }
        let problems = namingProblems(test, program: program, scene: scene, trace: trace)
        guard problems.isEmpty else { return GestureTestResult(test: test, outcome: .error(problems)) }

        let simulation: Simulation
        do throws(ProgramError) {
            var run = try Simulation(program: program, scene: scene)
            let last = trace.events.last?.time ?? 0
            run.run(trace, until: test.until.map { min($0, last + maximumWait) })
            simulation = run
        } catch {
            let problem = TestFileProblem.malformed(reason: "the set cannot run: \(error)")
            return GestureTestResult(test: test, outcome: .error([Diagnostic(problem, at: test.range)]))
        }
        // A trace the engine stopped (a touch lifted twice) is the test's mistake.
        if simulation.diagnostics.hasErrors {
            return GestureTestResult(test: test, outcome: .error(simulation.diagnostics.diagnostics))
        }
        coverage?.record(simulation)
        let vacuous = vacuity(test, simulation)
        guard vacuous.isEmpty else { return GestureTestResult(test: test, outcome: .error(vacuous)) }
        var result = GestureTestResult(test: test, outcome: .passed)
        let index = TimelineIndex(simulation.timeline, trace: trace)
        // An expectation that holds, written again, holds again (one that does not is
        // checked again: its update is at its own place).
        var holding: Set<Expectation.Form> = []
        for expectation in test.expectations where !holding.contains(expectation.form) {
            guard let divergence = expectation.check(in: index) else {
                holding.insert(expectation.form)
                continue
            }
            if case .passed = result.outcome { result.outcome = .failed(expectation, divergence) }
            result.divergences.append((expectation, divergence))
        }
        return result
    }

    /// What makes a test pass without testing: touches that all land on no view, and
    /// `never` expectations about a recognizer or a view that no touch of the test
    /// reaches (a recognizer on none of the touched views or their parents, R18; a view
    /// no touch landed on). Each is an error at the test or the expectation.
    static func vacuity(_ test: GestureTest, _ simulation: Simulation) -> [Diagnostic] {
        let landings = simulation.landings
        if !landings.isEmpty, landings.allSatisfy({ $0.view == nil }) {
            return [Diagnostic(TestFileProblem.touchesOnNoView(name: test.name), at: test.range)]
        }
        let scene = simulation.scene
        let program = simulation.program
        let touched = Set(landings.compactMap(\.view))
        let reached = Set(landings.flatMap(\.path))
        let landedOn = touched.sorted().map { "'\(scene.views[$0].id)'" }
        let landedText = landedOn.isEmpty ? "it has no touch" : "its touches land on \(landedOn.joined(separator: ", "))"
        var problems: [Diagnostic] = []
        for expectation in test.expectations {
            switch expectation.form {
            case .neverAction(let recognizer, _):
                let roles = Set(program.recognizers.filter { $0.name == recognizer.name }.map(\.role))
                let reaches = reached.contains { index in
                    roles.contains(scene.views[index].role) && (recognizer.view == nil || scene.views[index].id == recognizer.view)
                }
                guard !reaches else { continue }
                problems.append(
                    Diagnostic(
                        TestFileProblem.cannotFail(
                            expectation: expectation.text,
                            reason: "no touch of the test reaches \(recognizer.text) (R18); \(landedText)"),
                        at: expectation.range))
            case .neverDelivery(let view, _):
                guard !touched.contains(where: { scene.views[$0].id == view }) else { continue }
                problems.append(
                    Diagnostic(
                        TestFileProblem.cannotFail(
                            expectation: expectation.text,
                            reason: "no touch of the test lands on '\(view)', so it receives nothing whatever the spec does; \(landedText)"),
                        at: expectation.range))
            case .neverControlEvent(let view, _):
                // A control sends events from the touches it is delivered (docs/controls.md).
                let instances = scene.views.indices.filter { scene.views[$0].id == view }
                let isControl = instances.contains { program.views[scene.views[$0].role].control != nil }
                let reason: String
                if !isControl {
                    reason = "'\(view)' is no control, so it sends no control event whatever the spec does"
                } else if !touched.contains(where: { scene.views[$0].id == view }) {
                    reason = "no touch of the test lands on '\(view)', so it sends nothing whatever the spec does; \(landedText)"
                } else {
                    continue
                }
                problems.append(
                    Diagnostic(TestFileProblem.cannotFail(expectation: expectation.text, reason: reason), at: expectation.range))
            case .action, .delivery, .latency, .decision, .controlEvent:
                continue
            }
        }
        return problems
    }

    /// Names in the expectations that the set or the scene lacks, and a test that
    /// expects nothing.
    static func namingProblems(_ test: GestureTest, program: GestureProgram, scene: SceneDescription, trace: Trace)
        -> [Diagnostic]
    {
        guard !test.expectations.isEmpty else {
            return [Diagnostic(TestFileProblem.noExpectation(name: test.name), at: test.range)]
        }
        let recognizers = program.recognizers.map(\.name)
        var views = scene.views.map(\.id)
        for event in trace.events { if case .addView(let view) = event.action { views.append(view.id) } }
        let knownRecognizers = Set(recognizers)
        let knownViews = Set(views)
        var problems: [Diagnostic] = []
        func check(_ name: String, _ what: String, among known: Set<String>, _ all: [String], at range: SourceRange) {
            guard !known.contains(name) else { return }
            let problem = TestFileProblem.unknownName(
                what: what, name: name, suggestion: Suggestions.closest(to: name, among: all))
            problems.append(Diagnostic(problem, at: range))
        }
        for expectation in test.expectations {
            let range = expectation.range
            switch expectation.form {
            case .action(let recognizer, _, _, _, _), .neverAction(let recognizer, _), .latency(let recognizer, _, _, _, _):
                check(recognizer.name, "recognizer in \(program.name)", among: knownRecognizers, recognizers, at: range)
                if let view = recognizer.view { check(view, "view in the scene", among: knownViews, views, at: range) }
            case .decision(let recognizer, _, let by):
                check(recognizer.name, "recognizer in \(program.name)", among: knownRecognizers, recognizers, at: range)
                if let view = recognizer.view { check(view, "view in the scene", among: knownViews, views, at: range) }
                if let by { check(by, "recognizer in \(program.name)", among: knownRecognizers, recognizers, at: range) }
            case .delivery(let view, _, _, _), .neverDelivery(let view, _), .controlEvent(let view, _, _, _),
                .neverControlEvent(let view, _):
                check(view, "view in the scene", among: knownViews, views, at: range)
            }
        }
        return problems
    }
}
