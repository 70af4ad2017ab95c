import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// Counterexamples are scenes and traces that `gesturec simulate` replays to show the
/// conflict their finding describes.
@Suite("Lint counterexamples")
struct LintCounterexampleTests {
    /// Replays a finding's counterexample as `gesturec simulate` does: the timeline's
    /// lines.
    private func replay(_ finding: LintFinding, _ program: GestureProgram) throws -> [String] {
        let counterexample = try #require(finding.counterexample)
        #expect(counterexample.set == program.name)
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let input = reader.read(
            scene: SourceFile(path: "scene.json", text: counterexample.scene),
            trace: SourceFile(path: "trace.json", text: counterexample.trace), sources: &sources)
        #expect(reader.diagnostics.diagnostics.isEmpty)
        let (scene, trace) = try #require(input)
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(trace, until: nil)
        #expect(!simulation.diagnostics.hasErrors)
        return TimelineRenderer.text(simulation.timeline).split(separator: "\n").map(String.init)
    }

    private func only(_ id: DiagnosticID, in spec: String) throws -> (LintFinding, GestureProgram) {
        let (findings, program) = lintFindings(spec, options: LintOptions(enabled: [id]))
        let finding = try #require(findings.first { $0.finding.rule.id == id }).finding
        return (finding, try #require(program))
    }

    @Test("GDL203: the shadowed swipe loses to the pan on the replayed input")
    func shadowed() throws {
        let (finding, program) = try only(
            "GDL203",
            in: inSet(
                """
                  recognizer scroll = pan on window
                  recognizer flick = swipe on window
                """))
        let timeline = try replay(finding, program)
        #expect(timeline.contains { $0.contains("scroll@window") && $0.contains("began") }, "\(timeline)")
        #expect(timeline.contains { $0.contains("flick@window") && $0.contains("excluded by scroll") }, "\(timeline)")
        #expect(!timeline.contains { $0.contains("flick@window") && $0.contains("recognized") })
    }

    @Test("GDL208: one finger on the card drives both pans on the replayed input")
    func sharedTouch() throws {
        let (finding, program) = try only(
            "GDL208",
            in: """
                gestures Test {
                  view list { view card }
                  recognizer scroll = pan on list
                  recognizer move = pan on card
                  simultaneous scroll, move
                }
                """)
        let counterexample = try #require(finding.counterexample)
        #expect(!counterexample.trace.contains("\"id\": 2"), "one finger")
        let timeline = try replay(finding, program)
        #expect(timeline.contains { $0.contains("scroll@list") && $0.contains("began") }, "\(timeline)")
        #expect(timeline.contains { $0.contains("move@card") && $0.contains("began") }, "\(timeline)")
    }

    @Test("GDL202: the replayed tap is held for the double tap's interval")
    func latency() throws {
        let (finding, program) = try only(
            "GDL202",
            in: inSet(
                """
                  recognizer toggle = tap on window
                  recognizer zoom = tap(taps: 2) on window
                  toggle requires zoom to fail
                """))
        let timeline = try replay(finding, program)
        // The shortest input: a finger down at 0.02 s and up at 0.04 s; the tap asks to
        // recognize at the lift and waits for the double tap's 350 ms interval (R53, R55).
        #expect(timeline.contains { $0.contains("0.040") && $0.contains("toggle@window") && $0.contains("held") }, "\(timeline)")
        #expect(timeline.contains { $0.contains("0.390") && $0.contains("toggle@window") && $0.contains("recognized") }, "\(timeline)")
    }

    @Test("a counterexample on a non-interactive role makes it hittable, so the trace reaches it")
    func hittableScene() throws {
        let spec = """
            gestures Test {
              view window {
                view photo { interactive: false }
              }
              recognizer scroll = pan on photo
              recognizer flick = swipe on photo
            }
            """
        let (finding, program) = try only("GDL203", in: spec)
        #expect(finding.counterexample?.scene.contains("\"interactive\": true") == true)
        let timeline = try replay(finding, program)
        #expect(timeline.contains { $0.contains("scroll@photo") && $0.contains("began") }, "\(timeline)")
    }
}
