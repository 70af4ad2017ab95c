import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// What a rule sees of one gesture set, and where it reports.
struct LintContext {
    let compiledSet: CompiledSet
    let sources: SourceManager
    let options: LintOptions
    private(set) var findings: [LintFinding] = []

    var program: GestureProgram { compiledSet.program }

    /// Each program element's anchor by its location (`Provenance.Origin.anchor`):
    /// the word a finding at that location underlines.
    let anchors: [SourceLocation: SourceRange]

    init(set: CompiledSet, sources: SourceManager, options: LintOptions) {
        self.compiledSet = set
        self.sources = sources
        self.options = options
        self.ancestors = Self.ancestors(in: set.program)
        self.anchors = Self.anchors(of: set)
    }

    // MARK: - Reporting

    mutating func report(
        _ rule: LintRuleInfo, _ message: String, at location: SourceLocation, notes: [Note] = [],
        counterexample: Counterexample? = nil
    ) {
        report(rule, message, range: range(location), notes: notes, counterexample: counterexample)
    }

    /// A finding at a range of the spec or of the scene file (a view of `--scene`). A
    /// recognizer the app does not own that the message names gets a note that says
    /// so, before the fix, which stays the last note.
    mutating func report(
        _ rule: LintRuleInfo, _ message: String, range: SourceRange, notes: [Note] = [], counterexample: Counterexample? = nil
    ) {
        var notes = notes
        notes.insert(contentsOf: foreignNotes(in: message), at: max(notes.count - 1, 0))
        findings.append(
            LintFinding(
                rule: rule, severity: rule.severity, message: message, range: range, notes: notes,
                counterexample: counterexample))
    }

    /// For each recognizer the app does not own (`foreign`, or the navigation's back
    /// swipe) that a message names as `'name'`, a note at its declaration: the fix
    /// lies in the app's relations to it, not in its own behaviour.
    private func foreignNotes(in message: String) -> [Note] {
        program.recognizers.indices.compactMap { index in
            let recognizer = program.recognizers[index]
            guard recognizer.foreign || recognizer.backSwipe, message.contains("'\(recognizer.name)'") else { return nil }
            return note(
                "'\(recognizer.name)' is not the app's: UIKit or a framework makes it, so the fix is in the app's relations to it (docs/controls.md)",
                at: recognizer.location)
        }
    }

    func note(_ message: String, at location: SourceLocation) -> Note {
        Note(message, at: range(location))
    }

    /// The word at a program location: a declaration's name, a relation's first word,
    /// as lowering recorded it for the element there; for a location no element of the
    /// set has, the word found at it.
    func range(_ location: SourceLocation) -> SourceRange {
        if let anchor = anchors[location] { return anchor }
        return scannedRange(location)
    }

    /// The word that starts at a program location, read from the source.
    func scannedRange(_ location: SourceLocation) -> SourceRange {
        let file = sources[FileID(location.file)]
        let lineStart = location.line - 1 < file.lineStarts.count ? file.lineStarts[location.line - 1] : 0
        let start = min(lineStart + location.column - 1, file.bytes.count)
        return SourceRange(file: FileID(location.file), start: start, end: file.wordEnd(from: start))
    }

    /// The anchors of `set`'s elements, by their program locations. Elements that share
    /// a location (the recognizers one `use` brings, named at its prefix) share the word
    /// there, so which one is kept does not matter.
    static func anchors(of set: CompiledSet) -> [SourceLocation: SourceRange] {
        guard let provenance = set.provenance else { return [:] }
        let program = set.program
        var anchors: [SourceLocation: SourceRange] = [:]
        func add(_ location: SourceLocation, _ origin: Provenance.Origin) { anchors[location] = origin.anchor }
        for (role, origin) in zip(program.views, provenance.views) { add(role.location, origin.origin) }
        for (recognizer, origin) in zip(program.recognizers, provenance.recognizers) { add(recognizer.location, origin.origin) }
        for (hook, origin) in zip(program.hooks, provenance.hooks) { add(hook.location, origin.origin) }
        for (edge, origin) in zip(program.failureRequirements, provenance.failureRequirements) { add(edge.location, origin.origin) }
        for (group, origin) in zip(program.simultaneityGroups, provenance.simultaneityGroups) { add(group.location, origin.origin) }
        for (pair, origin) in zip(program.preventionExemptions, provenance.preventionExemptions) { add(pair.location, origin.origin) }
        for (kind, origin) in zip(program.kinds, provenance.kinds) {
            add(kind.location, origin.origin)
            for (rule, ruleOrigin) in zip(kind.preventionRules, origin.preventionRules) { add(rule.location, ruleOrigin.origin) }
            for (row, transition) in zip(kind.rows, origin.rows) where transition < origin.transitions.count {
                add(row.location, origin.transitions[transition].origin)
            }
        }
        return anchors
    }

    // MARK: - The set's structure

    package func name(_ recognizer: Int) -> String { program.recognizers[recognizer].name }

    func kind(of recognizer: Int) -> GestureProgram.Kind { program.kinds[program.recognizers[recognizer].kind] }

    /// The recognizer's argument for the kind parameter `name`, if the kind has one.
    func argument(_ name: String, of recognizer: Int) -> Double? {
        program.recognizers[recognizer].argument(name, in: program.kinds)
    }

    /// Whether `ancestor` is a parent role of `role`, directly or further up, along any
    /// of the declared parents: from the table for recognizers' roles, else by a walk.
    func isAncestor(_ ancestor: Int, of role: Int) -> Bool {
        if let known = ancestors[role], withRecognizers(ancestor) { return known.contains(ancestor) }
        return Place.isAncestor(ancestor, of: role, in: program)
    }

    private func withRecognizers(_ role: Int) -> Bool { ancestors[role] != nil }

    /// For each role with recognizers, the roles with recognizers above it, directly or
    /// further up, along every parent: the rules ask only of recognizers' roles, and a
    /// set of every role's ancestors would cost a chain of nested roles its length
    /// squared in memory.
    private let ancestors: [Int: Set<Int>]

    private static func ancestors(in program: GestureProgram) -> [Int: Set<Int>] {
        let withRecognizers = Set(program.recognizers.map(\.role))
        var ancestors: [Int: Set<Int>] = [:]
        for role in withRecognizers {
            var pending = program.views[role].parents
            var seen: Set<Int> = []
            var found: Set<Int> = []
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                if withRecognizers.contains(next) { found.insert(next) }
                pending += program.views[next].parents
            }
            ancestors[role] = found
        }
        return ancestors
    }

    /// One finger can reach both roles' views: the same role, or one inside the other.
    func related(_ a: Int, _ b: Int) -> Bool {
        a == b || isAncestor(a, of: b) || isAncestor(b, of: a)
    }

    /// Kinds declared in the user's files, not the prelude (its kinds are checked by
    /// gesturec's own tests).
    var userKinds: [Int] {
        program.kinds.indices.filter { program.files[program.kinds[$0].location.file] != Prelude.path }
    }

    // MARK: - Exploration, shared by the rules that need the engine

    private var explored: Exploration?
    /// The observers of the rules that judge what the engine did, by rule id.
    private var observers: [DiagnosticID: any ExplorationObserver] = [:]

    /// Explores the set once, with the observers of those of `rules` that have one: on
    /// the scene's hit-test paths when `lint --scene` gives one for this set, else on
    /// every role laid out alone.
    mutating func explore(for rules: [any LintRule.Type]) {
        guard explored == nil else { return }
        for rule in rules {
            if let observer = rule.observer(for: self) { observers[rule.info.id] = observer }
        }
        let observing = rules.compactMap { observers[$0.info.id] }
        explored =
            if let scene = options.scene, scene.set == program.name {
                Exploration.explore(program, scene: scene.scene, maximumVisits: scene.maximumVisits, observers: observing)
            } else {
                Exploration.explore(program, observers: observing)
            }
    }

    /// The exploration of the set (run now, with no observer, if no rule asked before).
    mutating func exploration() -> Exploration {
        if explored == nil { explore(for: []) }
        return explored ?? Exploration.explore(program)
    }

    /// The observer `rule` kept the runs with.
    func observer<Observer: ExplorationObserver>(of rule: LintRuleInfo, as _: Observer.Type) -> Observer? {
        observers[rule.id] as? Observer
    }

    /// Whether a `simultaneous` group holds both, or either has a simultaneity predicate.
    func mayRecognizeTogether(_ a: Int, _ b: Int) -> Bool {
        program.simultaneityGroups.contains { $0.members.contains(a) && $0.members.contains(b) }
            || program.recognizers[a].shouldRecognizeSimultaneously != nil
            || program.recognizers[b].shouldRecognizeSimultaneously != nil
    }

    /// Whether `dependent` requires `required` to fail, directly or through others (R57).
    func requires(_ dependent: Int, _ required: Int) -> Bool {
        var pending = [dependent]
        var seen: Set<Int> = [dependent]
        while let next = pending.popLast() {
            for requirement in program.failureRequirements where requirement.dependent == next {
                if requirement.required == required { return true }
                if seen.insert(requirement.required).inserted { pending.append(requirement.required) }
            }
        }
        return false
    }

    /// Whether the spec says, of these two recognizers by name, that `first` recognizing
    /// does not stop `second`: a `first cannot prevent second` line. (A kind's prevention
    /// rules, `cannot prevent tap`, are a policy of every recognizer of the kind, as
    /// UIKit's tap never prevents a tap with more taps, R49: they declare nothing of
    /// two recognizers.)
    func declaresNoPrevention(_ first: Int, _ second: Int) -> Bool {
        program.preventionExemptions.contains { $0.preventer == first && $0.prevented == second }
    }

    mutating func nameOfRun(_ run: Exploration.Run) -> String {
        exploration().describe(run)
    }
}

/// Settings of one lint run.
public struct LintOptions: Sendable {
    /// The longest delay failure requirements may add before a warning (GDL202, which
    /// runs when enabled: `--enable GDL202`, or `--latency-budget`).
    public var latencyBudget: Double
    /// Rule ids not to run (`--disable`).
    public var disabled: Set<DiagnosticID>
    /// Opt-in rules to run (`--enable`): those not enabled by default.
    public var enabled: Set<DiagnosticID>
    /// Also measure every recognizer's latency (`--report latency`).
    public var reportLatency: Bool
    /// A scene of one gesture set, read from a file that `sources` holds (`--scene`):
    /// its views are checked with their real frames (GDL214, and the starved rule's
    /// places the scene takes from a view).
    public var scene: LintScene?
    /// The devices the system rules put the sets on (`--device`; GDL224–GDL229). With
    /// none, a `--scene` that names a device is put on it.
    public var devices: [DeviceProfile] = []

    public init(
        latencyBudget: Double = 0.1, disabled: Set<DiagnosticID> = [], enabled: Set<DiagnosticID> = [],
        reportLatency: Bool = false
    ) {
        self.latencyBudget = latencyBudget
        self.disabled = disabled
        self.enabled = enabled
        self.reportLatency = reportLatency
    }

    /// Whether this run checks the rule: enabled by default or by `--enable`, and not
    /// disabled.
    public func runs(_ rule: LintRuleInfo) -> Bool {
        // A rule's former ids name it too (GDL217 is part of GDL203 now).
        let named = { (ids: Set<DiagnosticID>) in
            ids.contains(rule.id) || rule.formerNames.contains { ids.contains(DiagnosticID(rawValue: $0)) }
        }
        return !named(disabled) && (rule.enabledByDefault || named(enabled))
    }
}

/// A scene for `lint --scene`: the set it belongs to, its views, and the sources that
/// hold the spec and the scene file, for the findings' locations.
public struct LintScene: Sendable {
    public var set: String
    public var scene: SceneDescription
    public var sources: SourceManager
    /// The most view visits the hit tests may make (docs/limits.md).
    public var maximumVisits = Place.maximumVisits

    public init(set: String, scene: SceneDescription, sources: SourceManager) {
        self.set = set
        self.scene = scene
        self.sources = sources
    }
}

extension LintContext {
    /// The longest timer a recognizer can start, in seconds: each `start timer … after
    /// <parameter or constant>` of its kind, with its arguments.
    func longestTimer(of recognizer: Int) -> Double {
        let kind = kind(of: recognizer)
        let arguments = program.recognizers[recognizer].arguments
        var longest = 0.0
        for routine in kind.routines {
            for (index, instruction) in routine.code.enumerated() {
                guard case .startTimer = instruction, index > 0 else { continue }
                switch routine.code[index - 1] {
                case .parameter(let parameter) where parameter < arguments.count: longest = max(longest, arguments[parameter])
                case .constant(let value): longest = max(longest, value)
                default: break
                }
            }
        }
        return longest
    }
}
