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

    init(set: CompiledSet, sources: SourceManager, options: LintOptions) {
        self.compiledSet = set
        self.sources = sources
        self.options = options
        self.ancestors = Self.ancestors(in: set.program)
    }

    // MARK: - Reporting

    mutating func report(
        _ rule: LintRuleInfo, _ message: String, at location: SourceLocation, notes: [Note] = [],
        counterexample: Counterexample? = nil
    ) {
        findings.append(
            LintFinding(
                rule: rule, severity: rule.severity, message: message, range: range(location), notes: notes,
                counterexample: counterexample))
    }

    /// A finding at a range of the spec or of the scene file (a view of `--scene`).
    mutating func report(
        _ rule: LintRuleInfo, _ message: String, range: SourceRange, notes: [Note] = [], counterexample: Counterexample? = nil
    ) {
        findings.append(
            LintFinding(rule: rule, severity: rule.severity, message: message, range: range, notes: notes, counterexample: counterexample))
    }

    func note(_ message: String, at location: SourceLocation) -> Note {
        Note(message, at: range(location))
    }

    /// The word at a program location: a declaration's name, a relation's first word.
    func range(_ location: SourceLocation) -> SourceRange {
        let file = sources[FileID(location.file)]
        let lineStart = location.line - 1 < file.lineStarts.count ? file.lineStarts[location.line - 1] : 0
        let start = min(lineStart + location.column - 1, file.bytes.count)
        var end = start
        while end < file.bytes.count, Self.isWordByte(file.bytes[end]) { end += 1 }
        return SourceRange(file: FileID(location.file), start: start, end: max(end, min(start + 1, file.bytes.count)))
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    // MARK: - The set's structure

    package func name(_ recognizer: Int) -> String { program.recognizers[recognizer].name }

    func kind(of recognizer: Int) -> GestureProgram.Kind { program.kinds[program.recognizers[recognizer].kind] }

    /// The recognizer's argument for the kind parameter `name`, if the kind has one.
    func argument(_ name: String, of recognizer: Int) -> Double? {
        guard let index = kind(of: recognizer).parameters.firstIndex(of: name) else { return nil }
        return program.recognizers[recognizer].arguments[index]
    }

    /// Whether `ancestor` is a parent role of `role`, directly or further up, along any
    /// of the declared parents: from the table for recognizers' roles, else by a walk.
    func isAncestor(_ ancestor: Int, of role: Int) -> Bool {
        if let known = ancestors[role], withRecognizers(ancestor) { return known.contains(ancestor) }
        return Exploration.isAncestor(ancestor, of: role, in: program)
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

    /// The engine run over every explored input on every place, computed once: on the
    /// scene's hit-test paths when `lint --scene` gives one for this set, else on every
    /// role laid out alone.
    mutating func exploration() -> Exploration {
        if let explored { return explored }
        let exploration =
            if let scene = options.scene, scene.set == program.name {
                Exploration.explore(program, scene: scene.scene, maximumVisits: scene.maximumVisits)
            } else {
                Exploration.explore(program)
            }
        explored = exploration
        return exploration
    }

    private var soloWins: [Exploration.Solo: Exploration.Run?] = [:]

    /// A run in which the recognizer wins when it is the only one in the set, or nil;
    /// computed once for recognizers that behave alike alone.
    mutating func winsAlone(_ recognizer: Int) -> Exploration.Run? {
        let solo = Exploration.Solo(recognizer, in: program)
        if let known = soloWins[solo] { return known }
        let win = Exploration.winsAlone(solo, in: exploration())
        soloWins[solo] = win
        return win
    }

    /// A run on a scene of one of `targets`, of at most `fingers` fingers, in which the
    /// recognizer wins alone, or nil.
    mutating func winsAlone(_ recognizer: Int, on targets: Set<Int>, fingers: Int = .max) -> Exploration.Run? {
        Exploration.winsAlone(Exploration.Solo(recognizer, in: program), in: exploration(), on: targets, fingers: fingers)
    }

    /// Whether the recognizer, alone, needs several fingers: no one-finger input makes
    /// it begin or recognize.
    mutating func needsSeveralFingers(_ recognizer: Int) -> Bool {
        let solo = Exploration.Solo(recognizer, in: program)
        if let known = severalFingers[solo] { return known }
        let needs = Exploration.winsAlone(solo, in: exploration(), fingers: 1) == nil
        severalFingers[solo] = needs
        return needs
    }

    private var severalFingers: [Exploration.Solo: Bool] = [:]

    /// Whether the recognizer, alone, begins or recognizes on `run`.
    mutating func winsAlone(_ recognizer: Int, run: Exploration.Run) -> Bool {
        Exploration.winsAlone(Exploration.Solo(recognizer, in: program), in: exploration(), run: run)
    }

    /// The roles the exploration touched whose views have no recognizer of their own: a
    /// control or a cell that handles its touches itself, whose deliveries the rules of
    /// what views receive judge (GDL219, GDL221–GDL223). In role order.
    mutating func viewsHandlingTheirTouches() -> [Int] {
        let withRecognizers = Set(program.recognizers.map(\.role))
        let touched = Set(exploration().places.map(\.role))
        return touched.sorted().filter { !withRecognizers.contains($0) }
    }

    /// Whether a `simultaneous` group holds both, or either has a simultaneity predicate.
    func mayRecognizeTogether(_ a: Int, _ b: Int) -> Bool {
        program.simultaneityGroups.contains { $0.members.contains(a) && $0.members.contains(b) }
            || program.recognizers[a].shouldRecognizeSimultaneously != nil
            || program.recognizers[b].shouldRecognizeSimultaneously != nil
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
    /// its views are checked with their real frames (GDL214–GDL216).
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
        !disabled.contains(rule.id) && (rule.enabledByDefault || enabled.contains(rule.id))
    }
}

/// A scene for `lint --scene`: the set it belongs to, its views, and the sources that
/// hold the spec and the scene file, for the findings' locations.
public struct LintScene: Sendable {
    public var set: String
    public var scene: SceneDescription
    public var sources: SourceManager
    /// The most view visits the hit tests may make (docs/limits.md).
    public var maximumVisits = SceneRules.maximumVisits

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
