import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// One thing a change to a spec does (`gesturec diff`, docs/lint.md): an action or a
/// view delivery that appears, disappears or moves in time on some probe input, or a
/// recognizer or set added, removed or renamed.
public struct BehaviourChange: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case setAdded = "set-added"
        case setRemoved = "set-removed"
        case recognizerAdded = "recognizer-added"
        case recognizerRemoved = "recognizer-removed"
        case recognizerRenamed = "recognizer-renamed"
        /// A role whose place in the view hierarchy changed, so no scene fits both.
        case notCompared = "not-compared"
        case actionAppears = "action-appears"
        case actionDisappears = "action-disappears"
        case actionMoves = "action-moves"
        case deliveryAppears = "delivery-appears"
        case deliveryDisappears = "delivery-disappears"
        case deliveryMoves = "delivery-moves"

        /// Whether it is a change of behaviour (what `--fail-on-change` fails on), as
        /// opposed to one of structure.
        public var isBehaviour: Bool {
            switch self {
            case .actionAppears, .actionDisappears, .actionMoves, .deliveryAppears, .deliveryDisappears, .deliveryMoves: true
            case .setAdded, .setRemoved, .recognizerAdded, .recognizerRemoved, .recognizerRenamed, .notCompared: false
            }
        }

        /// What it means and how to read it, for `gesturec diff --explain KIND`.
        public var explanation: String {
            switch self {
            case .setAdded, .setRemoved:
                "Sets are matched by name; a set in one version only is not compared."
            case .recognizerAdded, .recognizerRemoved:
                "Recognizers are matched by name. One in a version only is listed; what it changes shows as changes of behaviour of the others and of the views."
            case .recognizerRenamed:
                "A recognizer removed and one added with the same kind, arguments and role are taken for one renamed: its behaviour is compared under the new name."
            case .notCompared:
                "The probes of a role run on the chain of views from the window to it, as the new version nests them; when the old version does not allow that chain, the role is not compared. Compare the role's children instead, or both chains by hand with `gesturec simulate`."
            case .actionAppears, .actionDisappears:
                "On the probe named, the recognizer began or recognized in one version only: a conflict decided otherwise (who acts instead, or whom it now beats, is named), or a threshold crossed or not. The counterexample replays the probe in both: `gesturec simulate OLD …` and `gesturec simulate NEW …`."
            case .actionMoves:
                "On the probe named, the recognizer acted in both versions, at different times: a failure requirement added or removed (R53), an interval changed (R55), a threshold moved. The message gives both times and the difference, on the shortest input that shows it."
            case .deliveryAppears, .deliveryDisappears, .deliveryMoves:
                "On the probe named, a view received a touch phase in one version only, or at another time: a touch now cancelled by a recognizer that wins (R39), an end held back by `delaysTouchesEnded` (R40), a began delayed (R41)."
            }
        }

        /// What `--explain`-style texts and SARIF's rules say of it.
        public var summary: String {
            switch self {
            case .setAdded: "a gesture set was added"
            case .setRemoved: "a gesture set was removed"
            case .recognizerAdded: "a recognizer was added"
            case .recognizerRemoved: "a recognizer was removed"
            case .recognizerRenamed: "a recognizer was renamed, and matched by what it is"
            case .notCompared: "a view role moved in the hierarchy, so no one scene runs both specs"
            case .actionAppears: "a recognizer now acts on a probe input where it did not"
            case .actionDisappears: "a recognizer no longer acts on a probe input where it did"
            case .actionMoves: "a recognizer acts at another time on a probe input"
            case .deliveryAppears: "a view now receives a touch phase it did not"
            case .deliveryDisappears: "a view no longer receives a touch phase it did"
            case .deliveryMoves: "a view receives a touch phase at another time"
            }
        }
    }

    /// A place in one of the two specs.
    public struct Place: Hashable, Sendable {
        public enum Side: String, Sendable {
            case old, new
        }

        public var side: Side
        public var path: String
        public var line: Int
        public var column: Int
    }

    public var set: String
    public var kind: Kind
    public var message: String
    /// The declaration it is about: in the new spec, or in the old one for what was
    /// removed.
    public var place: Place?
    /// How many input runs showed it (0 for a change of structure).
    public var runs: Int
    /// For a move: the new time minus the old, in seconds, on the counterexample.
    public var delay: Double?
    /// The shortest input run that shows it, replayable in both specs.
    public var counterexample: Counterexample?
}

/// Compares what two versions of a spec do: the same probe inputs as `lint`'s, on the
/// same scenes, under the same hook answers, through both programs, matching sets,
/// recognizers, view roles and hooks by name. A recognizer renamed (one removed and
/// one added of the same kind, arguments and role) is matched to its new name.
public enum BehaviourDiff {
    /// Every change between the sets of `old` and `new`, sets matched by name, in the
    /// order of the new sets (removed sets last).
    public static func compare(old: [CompiledSet], new: [CompiledSet]) -> [BehaviourChange] {
        var changes: [BehaviourChange] = []
        let oldByName = Dictionary(old.map { ($0.program.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.program.name))
        for set in new {
            guard let before = oldByName[set.program.name] else {
                changes.append(
                    BehaviourChange(
                        set: set.program.name, kind: .setAdded, message: "gesture set '\(set.program.name)' was added",
                        place: nil, runs: 0))
                continue
            }
            changes += compare(old: before.program, new: set.program)
        }
        for set in old where !newNames.contains(set.program.name) {
            changes.append(
                BehaviourChange(
                    set: set.program.name, kind: .setRemoved, message: "gesture set '\(set.program.name)' was removed",
                    place: nil, runs: 0))
        }
        return changes
    }

    /// The changes between two versions of one gesture set.
    public static func compare(old: GestureProgram, new: GestureProgram) -> [BehaviourChange] {
        var comparison = Comparison(old: old, new: new)
        comparison.matchRecognizers()
        comparison.run()
        return comparison.changes
    }
}

extension BehaviourChange {
    init(set: String, kind: Kind, message: String, place: Place?, runs: Int) {
        self.init(set: set, kind: kind, message: message, place: place, runs: runs, delay: nil, counterexample: nil)
    }
}

/// The work of comparing two versions of one set.
private struct Comparison {
    let old: GestureProgram
    let new: GestureProgram
    var changes: [BehaviourChange] = []
    /// Old recognizer names by the new name they are compared under.
    var renamedFrom: [String: String] = [:]
    /// Every input run, found by exploring both versions on each scene (`Explorer`).
    var inputs: [Probe] = []
    private var inputIndex: [[Probe.Event]: Int] = [:]

    /// Each version's roles, recognizers and hooks by name, so that matching costs a
    /// lookup, not a search: a diff of large specs grows with their size.
    let oldViews: [String: Int]
    let newViews: [String: Int]
    let oldRecognizers: [String: Int]
    let newRecognizers: [String: Int]
    let oldHooks: Set<String>

    init(old: GestureProgram, new: GestureProgram) {
        self.old = old
        self.new = new
        func index(_ names: [String]) -> [String: Int] {
            Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        oldViews = index(old.views.map(\.name))
        newViews = index(new.views.map(\.name))
        oldRecognizers = index(old.recognizers.map(\.name))
        newRecognizers = index(new.recognizers.map(\.name))
        oldHooks = Set(old.hooks.map(\.name))
    }

    func place(_ location: SourceLocation, in program: GestureProgram, _ side: BehaviourChange.Place.Side) -> BehaviourChange.Place {
        let path = location.file < program.files.count ? program.files[location.file] : "?"
        return BehaviourChange.Place(side: side, path: path, line: location.line, column: location.column)
    }

    // MARK: - Structure

    /// What a recognizer is, apart from its name: a removed and an added recognizer
    /// that agree on it were renamed.
    struct Identity: Hashable {
        var kind: String
        var arguments: [Double]
        var role: String
    }

    func identity(_ recognizer: GestureProgram.Recognizer, in program: GestureProgram) -> Identity {
        Identity(kind: program.kinds[recognizer.kind].name, arguments: recognizer.arguments, role: program.views[recognizer.role].name)
    }

    mutating func matchRecognizers() {
        // The removed recognizers by what they are, each list in declaration order.
        var removedByIdentity: [Identity: [Int]] = [:]
        var removedOrder: [Int] = []
        for (index, recognizer) in old.recognizers.enumerated() where newRecognizers[recognizer.name] == nil {
            removedByIdentity[identity(recognizer, in: old), default: []].append(index)
            removedOrder.append(index)
        }
        var renamed: Set<Int> = []
        for recognizer in new.recognizers where oldRecognizers[recognizer.name] == nil {
            let identity = identity(recognizer, in: new)
            if let match = removedByIdentity[identity]?.first {
                removedByIdentity[identity]?.removeFirst()
                renamed.insert(match)
                renamedFrom[recognizer.name] = old.recognizers[match].name
                changes.append(
                    BehaviourChange(
                        set: new.name, kind: .recognizerRenamed,
                        message: "recognizer '\(old.recognizers[match].name)' was renamed '\(recognizer.name)'",
                        place: place(recognizer.location, in: new, .new), runs: 0))
            } else {
                changes.append(
                    BehaviourChange(
                        set: new.name, kind: .recognizerAdded, message: "recognizer '\(recognizer.name)' was added",
                        place: place(recognizer.location, in: new, .new), runs: 0))
            }
        }
        for recognizer in removedOrder.filter({ !renamed.contains($0) }).map({ old.recognizers[$0] }) {
            changes.append(
                BehaviourChange(
                    set: new.name, kind: .recognizerRemoved, message: "recognizer '\(recognizer.name)' was removed",
                    place: place(recognizer.location, in: old, .old), runs: 0))
        }
    }

    // MARK: - Running

    /// One probe on one target role under one assignment of the hooks.
    struct Run {
        var probe: Int
        /// The roles of the scene, root first, by name.
        var chain: [String]
        var hooks: [String: Bool]
        var assignment: Int
    }

    /// What one program did on a run that the other can be compared on: its actions
    /// (but `changed`, whose count follows the finger) and the touch phases its views
    /// received (but `moved`), in order.
    struct Happening: Hashable {
        var action: Bool
        /// A recognizer's name (as in the new spec) or a view role's.
        var subject: String
        var phase: String
    }

    /// The hook assignments: each spec's declared defaults, then all true, all false.
    func hookAssignments() -> [(old: [Bool], new: [Bool])] {
        var assignments = [(old.hooks.map(\.defaultValue), new.hooks.map(\.defaultValue))]
        for value in [true, false] {
            let both = (Array(repeating: value, count: old.hooks.count), Array(repeating: value, count: new.hooks.count))
            if !assignments.contains(where: { $0.0 == both.0 && $0.1 == both.1 }) { assignments.append(both) }
        }
        return assignments
    }

    /// The roles probed: those of both specs with a recognizer on their chain in
    /// either, each with the chain of the new spec; a chain the old spec does not
    /// allow is reported, not run.
    mutating func targets() -> [[String]] {
        var names: [String] = []
        var seen: Set<String> = []
        for program in [new, old] {
            for target in Place.targets(program) where seen.insert(program.views[target].name).inserted {
                names.append(program.views[target].name)
            }
        }
        var chains: [[String]] = []
        for name in names {
            guard let newRole = newViews[name], oldViews[name] != nil else { continue }
            let chain = Place.chain(to: newRole, in: new).map { new.views[$0].name }
            if let (child, parent) = firstDisallowedParent(chain, in: old, roles: oldViews) {
                changes.append(
                    BehaviourChange(
                        set: new.name, kind: .notCompared,
                        message: "view '\(child)' is no longer only in '\(parent)', so probes on '\(name)' were not compared",
                        place: newViews[child].map { place(new.views[$0].location, in: new, .new) }, runs: 0))
                continue
            }
            chains.append(chain)
        }
        return chains
    }

    /// The first link of `chain` that `program` does not declare: a role missing, or
    /// a parent it may not sit in.
    func firstDisallowedParent(_ chain: [String], in program: GestureProgram, roles: [String: Int]) -> (String, String)? {
        for (index, name) in chain.enumerated() {
            guard let role = roles[name] else { return (name, chain.first ?? name) }
            if index == 0 {
                if !program.views[role].parents.isEmpty { return (name, "the window") }
                continue
            }
            let parents = program.views[role].parents.map { program.views[$0].name }
            if !parents.contains(chain[index - 1]) { return (name, chain[index - 1]) }
        }
        return nil
    }

    /// An engine of `program` with the chain's scene and the hooks bound, from a
    /// validated blank one.
    func engine(
        _ blank: GestureEngine?, _ program: GestureProgram, roles: [String: Int], chain: [String], hooks: [Bool]
    ) -> GestureEngine? {
        guard let engine = blank?.copy() else { return nil }
        var parent: ViewInstance?
        for name in chain {
            guard let role = roles[name] else { return nil }
            let properties = Place.explorationProperties(program.views[role])
            guard let view = try? engine.addView(role: role, parent: parent, frame: Place.frame, properties: properties)
            else { return nil }
            parent = view
        }
        for (hook, value) in hooks.enumerated() { try? engine.bind(hook: hook) { value } }
        return engine
    }

    /// What the program did on each probe, one after another on one engine as the
    /// linter runs them: each happening's times, relative to the probe's start.
    func record(
        _ blank: GestureEngine?, _ program: GestureProgram, roles: [String: Int], chain: [String], hooks: [Bool],
        renamed: [String: String], inputs indices: [Int]
    ) -> [[Happening: [Double]]] {
        guard let engine = engine(blank, program, roles: roles, chain: chain, hooks: hooks) else {
            return Array(repeating: [:], count: indices.count)
        }
        var records: [[Happening: [Double]]] = []
        var replay = InputReplay(after: engine)
        for probe in indices.map({ inputs[$0] }) {
            // Times are relative to the input's start, which the replay sets before
            // anything is collected.
            var start = 0.0
            var happenings: [Happening: [Double]] = [:]
            func collect() {
                for output in engine.outputs {
                    switch output {
                    case .action(let action) where action.phase != .changed:
                        guard let declaration = engine.declaration(of: action.recognizer) else { continue }
                        let recognizer = program.recognizers[declaration]
                        let discrete = program.kinds[recognizer.kind].mode == .discrete
                        let phase = TimelineEntry.ActionState(action.phase, discrete: discrete).rawValue
                        let name = renamed[recognizer.name] ?? recognizer.name
                        let view = engine.view(of: action.recognizer).map { chain[$0.index] } ?? "?"
                        happenings[Happening(action: true, subject: "\(name)@\(view)", phase: phase), default: []]
                            .append(action.time - start)
                    case .touches(let delivery) where delivery.phase != .moved:
                        let view = delivery.view.index < chain.count ? chain[delivery.view.index] : "?"
                        happenings[Happening(action: false, subject: view, phase: delivery.phase.rawValue), default: []]
                            .append(delivery.time - start)
                    default:
                        break
                    }
                }
            }
            start = replay.nextStart
            replay.run(probe.events, on: engine, observe: collect)
            records.append(happenings)
        }
        return records
    }

    /// The first way `new` differs from `old` in one happening's times, if any.
    static func difference(_ happening: Happening, old: [Double], new: [Double])
        -> (kind: BehaviourChange.Kind, old: Double?, new: Double?)?
    {
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            switch (before, after) {
            case (let a?, let b?) where abs(a - b) > 1e-9: return (happening.action ? .actionMoves : .deliveryMoves, a, b)
            case (nil, _?): return (happening.action ? .actionAppears : .deliveryAppears, nil, after)
            case (_?, nil): return (happening.action ? .actionDisappears : .deliveryDisappears, before, nil)
            default: continue
            }
        }
        return nil
    }

    /// A change found on runs, kept with the run that shows it best.
    struct Finding {
        var kind: BehaviourChange.Kind
        var happening: Happening
        var runs: Int
        var run: Run
        var oldTime: Double?
        var newTime: Double?
        /// On that run, the recognizers that began or recognized in one version only,
        /// by the version they acted in: who won instead.
        var winners: (old: [String], new: [String]) = ([], [])
        /// Later phases of the same subject that changed alike on the same run, told
        /// with this one as one change ("now begins and ends").
        var morePhases: [String] = []
    }

    /// The classes both versions' constants cut the features into.
    var classes: FeatureClasses { FeatureClasses(old).union(FeatureClasses(new)) }

    /// The input's index in `inputs`, added if new.
    private mutating func register(_ probe: Probe) -> Int {
        let key = probe.events
        if let known = inputIndex[key] { return known }
        inputIndex[key] = inputs.count
        inputs.append(probe)
        return inputs.count - 1
    }

    mutating func run() {
        // Old names under the new names they were renamed to, so both are recorded alike.
        let oldToNew = Dictionary(renamedFrom.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let blankOld = try? GestureEngine(program: old)
        let blankNew = try? GestureEngine(program: new)
        for blank in [blankOld, blankNew] { try? blank?.setWindowSize(Probe.window) }
        var findings: [String: Finding] = [:]
        var order: [String] = []
        let assignments = hookAssignments()
        let chains = targets()
        // Each setting is searched twice, once per version; the instances of the larger
        // version bound a setting's engine.
        let bounds = Explorer.Bounds.standard.perSetting(
            2 * chains.count * assignments.count, instances: max(old.recognizers.count, new.recognizers.count))
        for chain in chains {
            for (assignment, hooks) in assignments.enumerated() {
                // The inputs of both versions: a change shows on an input either can tell apart.
                var indices: [Int] = []
                var listed: Set<Int> = []
                for (blank, program, roles, answers) in [(blankOld, old, oldViews, hooks.old), (blankNew, new, newViews, hooks.new)] {
                    guard let engine = engine(blank, program, roles: roles, chain: chain, hooks: answers)
                    else { continue }
                    for probe in Explorer(classes: classes, bounds: bounds, window: Probe.window).inputs(from: engine).probes {
                        let index = register(probe)
                        if listed.insert(index).inserted { indices.append(index) }
                    }
                }
                let before = record(
                    blankOld, old, roles: oldViews, chain: chain, hooks: hooks.old, renamed: oldToNew, inputs: indices)
                let after = record(blankNew, new, roles: newViews, chain: chain, hooks: hooks.new, renamed: [:], inputs: indices)
                for (position, probe) in indices.enumerated() where before[position] != after[position] {
                    let run = Run(
                        probe: probe, chain: chain,
                        hooks: Dictionary(zip(new.hooks.map(\.name), hooks.new), uniquingKeysWith: { a, _ in a }),
                        assignment: assignment)
                    let happenings = Set(before[position].keys).union(after[position].keys).sorted {
                        ($0.subject, $0.phase, $0.action ? 0 : 1) < ($1.subject, $1.phase, $1.action ? 0 : 1)
                    }
                    // Who won in one version only: a conflict decided otherwise.
                    func winners(_ mine: [Happening: [Double]], _ theirs: [Happening: [Double]]) -> [String] {
                        happenings.filter {
                            $0.action && ($0.phase == "began" || $0.phase == "recognized") && mine[$0] != nil && theirs[$0] == nil
                        }.map(\.subject)
                    }
                    let won = (old: winners(before[position], after[position]), new: winners(after[position], before[position]))
                    for happening in happenings {
                        guard
                            let (kind, oldTime, newTime) = Self.difference(
                                happening, old: before[position][happening] ?? [], new: after[position][happening] ?? [])
                        else { continue }
                        let key = "\(kind.rawValue)|\(happening.subject)|\(happening.phase)"
                        guard var finding = findings[key] else {
                            findings[key] = Finding(
                                kind: kind, happening: happening, runs: 1, run: run, oldTime: oldTime, newTime: newTime,
                                winners: won)
                            order.append(key)
                            continue
                        }
                        // Each change is shown on the first run that shows it: the
                        // explorer's inputs come shortest first.
                        finding.runs += 1
                        findings[key] = finding
                    }
                }
            }
        }
        // One change per behaviour: a recognizer that now begins and ends, or a view that
        // now receives a touch's began and ended, on the same first run, is one change
        // with all its phases (appearing and disappearing; a move in time keeps each).
        var merged: [Finding] = []
        var kept: [String: Int] = [:]
        for finding in order.compactMap({ findings[$0] }) {
            let mergeable = [BehaviourChange.Kind.actionAppears, .actionDisappears, .deliveryAppears, .deliveryDisappears]
                .contains(finding.kind)
            let key = "\(finding.kind.rawValue)|\(finding.happening.subject)|\(finding.run.probe)|\(finding.run.chain)|\(finding.run.assignment)"
            if mergeable, let index = kept[key] {
                merged[index].morePhases.append(finding.happening.phase)
                continue
            }
            if mergeable { kept[key] = merged.count }
            merged.append(finding)
        }
        // Changes by declaration, then kind, so one recognizer's read together.
        let found = merged.map(change(for:)).enumerated().sorted { a, b in
            let left = (a.element.place?.line ?? .max, a.element.place?.column ?? 0, a.offset)
            let right = (b.element.place?.line ?? .max, b.element.place?.column ?? 0, b.offset)
            return left < right
        }
        changes += found.map(\.element)
    }

    // MARK: - Describing

    func change(for finding: Finding) -> BehaviourChange {
        let happening = finding.happening
        let parts = happening.subject.split(separator: "@", maxSplits: 1).map(String.init)
        let probe = inputs[finding.run.probe].summary + " on " + (finding.run.chain.last ?? "?")
        let subject: String
        let verb: String
        var place: BehaviourChange.Place?
        let phases = [happening.phase] + finding.morePhases
        func and(_ words: [String]) -> String {
            words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
        }
        if happening.action {
            subject = "'\(parts[0])'" + (roleChanged(parts[0]) && parts.count > 1 ? " on \(parts[1])" : "")
            verb = and(
                phases.map { phase in
                    switch phase {
                    case "began": "begins"
                    case "recognized": "recognizes"
                    case "ended": "ends"
                    default: "is cancelled"
                    }
                })
            place = newRecognizers[parts[0]].map { self.place(new.recognizers[$0].location, in: new, .new) }
        } else {
            subject = "view '\(happening.subject)'"
            verb = "receives touches \(and(phases))"
            place = newViews[happening.subject].map { self.place(new.views[$0].location, in: new, .new) }
        }
        var message: String
        var delay: Double?
        switch finding.kind {
        case .actionAppears, .deliveryAppears:
            message = "\(subject) now \(verb) on \(probe) (at \(seconds(finding.newTime)))"
            let beaten = finding.winners.old.filter { $0 != happening.subject }.map(describe)
            if happening.action, !beaten.isEmpty { message += ", where " + list(beaten) + " did" }
        case .actionDisappears, .deliveryDisappears:
            message = "\(subject) no longer \(verb) on \(probe) (it did at \(seconds(finding.oldTime)))"
            let instead = finding.winners.new.filter { $0 != happening.subject }.map(describe)
            if happening.action, !instead.isEmpty {
                message += "; " + list(instead) + (instead.count == 1 ? " acts" : " act") + " instead"
            }
        default:
            let difference = (finding.newTime ?? 0) - (finding.oldTime ?? 0)
            delay = difference
            let amount = QuantityText.format(abs(difference), .duration)
            message =
                "\(subject) now \(verb) \(amount) \(difference > 0 ? "later" : "earlier") on \(probe) "
                + "(\(seconds(finding.oldTime)) → \(seconds(finding.newTime)))"
        }
        if finding.run.assignment != 0 {
            let values = finding.run.hooks.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
            message += " with " + values.joined(separator: ", ")
        }
        if finding.runs > 1 { message += ", and on \(finding.runs - 1) other input run\(finding.runs == 2 ? "" : "s")" }
        return BehaviourChange(
            set: new.name, kind: finding.kind, message: message, place: place, runs: finding.runs, delay: delay,
            counterexample: counterexample(finding.run, summary: probe))
    }

    /// The run as a scene and trace that both specs replay. Under each spec's own
    /// defaults no hook is set; otherwise every hook both declare is set to the run's
    /// value (a hook only one declares cannot be set in a trace the other reads).
    func counterexample(_ run: Run, summary: String) -> Counterexample {
        let chain = run.chain.compactMap { newViews[$0] }
        var hooks: [(name: String, value: Bool)] = []
        if run.assignment != 0 {
            for hook in new.hooks where oldHooks.contains(hook.name) {
                if let value = run.hooks[hook.name] { hooks.append((hook.name, value)) }
            }
        }
        return Counterexample.make(
            set: new.name, summary: summary, chain: chain, of: new, hooks: hooks, probe: inputs[run.probe])
    }

    /// Whether the recognizer sits on another role in the new version.
    func roleChanged(_ name: String) -> Bool {
        let before = oldRecognizers[renamedFrom[name] ?? name].map { old.views[old.recognizers[$0].role].name }
        let after = newRecognizers[name].map { new.views[new.recognizers[$0].role].name }
        return before != nil && after != nil && before != after
    }

    /// "'drag'" for `drag@scroller`, with the view when the recognizer moved.
    func describe(_ subject: String) -> String {
        let parts = subject.split(separator: "@", maxSplits: 1).map(String.init)
        return "'\(parts[0])'" + (roleChanged(parts[0]) && parts.count > 1 ? " on \(parts[1])" : "")
    }

    /// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
    func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    func seconds(_ time: Double?) -> String {
        time.map { TimelineRenderer.seconds($0) + "s" } ?? "?"
    }
}
