import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// `gesturec lint`: runs every rule over every gesture set of a checked compilation,
/// adds the checker's own diagnostics, then applies the spec's suppression comments
/// (which may silence warnings, never errors).
public enum Linter {
    /// The findings for `sets` (lowered from `compilation`) and the compilation's own
    /// diagnostics, sorted by location, with suppressed ones removed and problems with
    /// suppressions added.
    public static func lint(_ sets: [CompiledSet], in compilation: Compilation, options: LintOptions) -> [LintFinding] {
        report(sets, in: compilation, options: options).findings
    }

    /// What lint's exploration of a set visits: the places touches land on (each role
    /// laid out alone, or the hit-test paths of `scene`), the states the search
    /// reached, the inputs it ran, and the settings (places under a hook assignment)
    /// whose search stopped at its bound (for the benchmarks, `docs/lint.md` and tests).
    public static func explorationSize(_ set: CompiledSet, scene: SceneDescription? = nil)
        -> (places: Int, states: Int, inputs: Int, cutSettings: Int)
    {
        let exploration = Exploration.explore(set.program, scene: scene)
        return (exploration.singlePlaces, exploration.statesVisited, exploration.inputs.count, exploration.cutSettings.count)
    }

    /// The findings, and with `options.reportLatency` every recognizer's latency,
    /// from the same engine runs.
    public static func report(_ sets: [CompiledSet], in compilation: Compilation, options: LintOptions)
        -> (findings: [LintFinding], latency: [LatencyFigure])
    {
        // The checker's warnings are findings like the rules' (and its errors too, for
        // a spec that does not check, whose `sets` are empty).
        var findings = compilation.diagnostics.diagnostics.map(LintFinding.init(compilerDiagnostic:))
        // A spec with errors is not linted: its diagnostics are the findings, as they
        // are, and no suppression is judged against rules that did not run.
        guard !compilation.diagnostics.hasErrors else { return (findings, []) }
        var latency: [LatencyFigure] = []
        for set in sets {
            var context = LintContext(set: set, sources: compilation.sources, options: options)
            let rules = LintRules.all.filter { options.runs($0.info) }
            // The latency report reads the budget rule's measurements, whether it runs or not.
            let measuring = options.reportLatency && !options.runs(LatencyBudget.info) ? [LatencyBudget.self] : []
            context.explore(for: rules + measuring)
            for rule in rules { rule.check(&context) }
            findings += context.findings
            if options.runs(LintRules.explorationBounded) { findings += searchNotes(&context) }
            if let scene = options.scene, scene.set == set.program.name, options.runs(SmallTargetInScene.info) {
                findings += SmallTargetInScene.check(scene.scene, of: set.program, sources: scene.sources)
            }
            for device in SystemRules.devices(options, set: set.program.name) {
                var onDevice = LintContext(set: set, sources: options.scene?.sources ?? compilation.sources, options: options)
                SystemRules.check(&onDevice, on: device)
                findings += onDevice.findings
            }
            if options.reportLatency { latency += LatencyBudget.figures(context) }
        }
        // The system rules ran only where a set was put on a device: elsewhere their
        // suppressions are kept for the runs that do.
        let putOnDevice = sets.contains { !SystemRules.devices(options, set: $0.program.name).isEmpty }
        return (suppress(findings, of: sets, in: compilation, options: options, systemRulesRan: putOnDevice), latency)
    }

    /// What the search did not cover: the roles whose places were left out (at the
    /// first), and each recognizer no explored input reached, with the bound that cut it.
    private static func searchNotes(_ context: inout LintContext) -> [LintFinding] {
        let exploration = context.exploration()
        let program = context.program
        var notes: [LintFinding] = []
        let leftOut = exploration.placesLeftOut
        if let first = leftOut.first {
            let searched = exploration.singlePlaces
            notes.append(
                LintFinding(
                    rule: LintRules.explorationBounded, severity: .note,
                    message: "lint searched the places of the first \(searched) of \(searched + leftOut.count) roles with recognizers "
                        + "on their path; this one and the \(leftOut.count - 1) after it together cost more than the search's bound",
                    range: context.range(program.views[first].location), notes: [], counterexample: nil))
        }
        let placed = Set(exploration.places.flatMap { $0.views.map(\.role) })
        // A hover's recognizer takes no touch, and the search puts no hover down (R90,
        // docs/lint.md): that it is not exercised says nothing of this spec.
        for recognizer in program.recognizers.indices
        where !exploration.exercised[recognizer] && program.recognizers[recognizer].enabled && !program.recognizers[recognizer].receivesHover {
            let role = program.recognizers[recognizer].role
            let why =
                placed.contains(role)
                ? "no input \(exploration.boundsDescription) reached it (more fingers or taps than the search puts down, or a predicate that refuses every touch)"
                : "no place of the search lays out its role '\(program.views[role].name)'"
            notes.append(
                LintFinding(
                    rule: LintRules.explorationBounded, severity: .note,
                    message: "'\(program.recognizers[recognizer].name)' was never exercised: \(why), so nothing lint says holds for it",
                    range: context.range(program.recognizers[recognizer].location), notes: [], counterexample: nil))
        }
        return notes
    }

    /// Removes the findings a suppression comment covers, and reports suppressions
    /// without a reason or without a finding. A finding at a view of the scene may be
    /// silenced on the view's line (a text scene's `# lint off`) or on its role's
    /// declaration in the spec; a suppression on a role's declaration is not called
    /// unused by a run without the scene, which may be what it is for.
    private static func suppress(
        _ findings: [LintFinding], of sets: [CompiledSet], in compilation: Compilation, options: LintOptions, systemRulesRan: Bool
    ) -> [LintFinding] {
        var findings = findings
        let sources = options.scene?.sources ?? compilation.sources
        var suppressions = compilation.files.flatMap { Suppression.scan(compilation.sources[$0.file], id: $0.file) }
        var roleOfSceneView: [Int: (role: Int, program: GestureProgram)] = [:]
        var sceneFile: FileID?
        if let scene = options.scene, let program = sets.first(where: { $0.program.name == scene.set })?.program,
            let file = scene.scene.views.first?.range.file
        {
            sceneFile = file
            for view in scene.scene.views { roleOfSceneView[view.range.start] = (view.role, program) }
            // A scene in the text form has `#` comments; JSON has none.
            let text = sources[file]
            if text.bytes.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") })
                != UInt8(ascii: "{")
            {
                suppressions += Suppression.scan(text, id: file, marker: .hash)
            }
        }
        func line(_ location: SourceLocation) -> Suppression.Line { Suppression.Line(file: FileID(location.file), line: location.line) }
        func lines(of finding: LintFinding) -> [Suppression.Line] {
            var lines = [Suppression.Line(file: finding.range.file, line: sources[finding.range.file].lineAndColumn(of: finding.range.start).line)]
            if finding.range.file == sceneFile, let view = roleOfSceneView[finding.range.start] {
                lines.append(line(view.program.views[view.role].location))
            }
            return lines
        }
        // The declarations of roles of sets linted without their scene.
        let unscened = Set(
            sets.filter { $0.program.name != options.scene?.set }.flatMap { set in set.program.views.map { line($0.location) } })

        var used = Array(repeating: false, count: suppressions.count)
        findings.removeAll { finding in
            guard finding.severity != .error else { return false }
            let findingLines = lines(of: finding)
            guard
                let index = suppressions.indices.first(where: {
                    !suppressions[$0].reason.isEmpty && suppressions[$0].covers(finding, on: findingLines)
                })
            else { return false }
            used[index] = true
            return true
        }
        func mayBeForAScene(_ suppression: Suppression) -> Bool {
            suppression.lines.contains { unscened.contains(Suppression.Line(file: suppression.range.file, line: $0)) }
        }
        for (index, suppression) in suppressions.enumerated() {
            if suppression.reason.isEmpty, !options.disabled.contains(Suppression.withoutReason.id) {
                findings.append(
                    LintFinding(
                        rule: Suppression.withoutReason, severity: Suppression.withoutReason.severity,
                        message: "this suppression gives no reason, so it silences nothing; add one after a colon",
                        range: suppression.range, notes: [], counterexample: nil))
            } else if !used[index], !options.disabled.contains(Suppression.unused.id), !mayBeForAScene(suppression),
                suppression.rules.contains(where: { name in
                    guard let rule = LintRules.info(for: name) else { return true }
                    return options.runs(rule) && (systemRulesRan || !SystemRules.infos.contains(rule))
                })
            {
                // A suppression of rules this run did not check (disabled, or opt-in and
                // not enabled) is kept for the runs that do.
                let names = suppression.rules.joined(separator: ", ")
                findings.append(
                    LintFinding(
                        rule: Suppression.unused, severity: Suppression.unused.severity,
                        message: "this suppression of \(names.isEmpty ? "no rule" : names) silences no finding",
                        range: suppression.range, notes: [], counterexample: nil))
            }
        }
        // Sets in one file may find the same thing about a shared kind: keep one.
        var seen: Set<String> = []
        findings = findings.filter { seen.insert("\($0.rule.id)|\($0.range)|\($0.message)").inserted }
        return findings.sorted { ($0.range.file, $0.range.start, $0.rule.id.rawValue) < ($1.range.file, $1.range.start, $1.rule.id.rawValue) }
    }
}

/// A recognizer's longest hold by failure requirements, measured by the engine.
public struct LatencyFigure: Sendable {
    public var set: String
    public var recognizer: String
    public var seconds: Double
    /// The probe that showed it; nil when it was never held.
    public var probe: String?
}
