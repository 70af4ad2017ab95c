import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// What a set's tests can exercise, and what runs did (`gesturec test --coverage`,
/// `--generate`): every row of every kind the set's recognizers use (timers are the
/// rows `on timer`), each failure requirement held then released and held then
/// failed, each simultaneity group and prevention rule taking effect, each predicate
/// of a recognizer answering both ways, each hook answering both ways.
public struct Coverage: Sendable {
    /// One thing to exercise, where the spec (or the prelude) writes it.
    public struct Target: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case row, timer, requirementReleased, requirementFailed, simultaneity, prevention, predicateTrue,
                predicateFalse, hookTrue, hookFalse

            /// The report's group.
            public var group: String {
                switch self {
                case .row: "rows"
                case .timer: "timers"
                case .requirementReleased, .requirementFailed, .simultaneity, .prevention: "relations"
                case .predicateTrue, .predicateFalse: "predicates"
                case .hookTrue, .hookFalse: "hooks"
                }
            }
        }

        public var kind: Kind
        public var location: SourceLocation
        /// "row 'on up -> recognized' of tap", "'open requires like to fail' held, then released".
        public var description: String
        /// The hook, for a hook target.
        var hook: Int?
        /// The recognizer, for a row or a predicate target.
        var recognizer: Int?
        /// For a predicate target: whether it is `shouldBegin` (vetoes) rather than
        /// `shouldReceiveTouch` (refusals).
        var isShouldBegin = false
    }

    public let program: GestureProgram
    public let targets: [Target]
    /// For each target, whether a run covered it.
    public private(set) var covered: [Bool]

    /// The targets of `set`, none covered yet. A row is described by its transition's
    /// source (`on up where … -> recognized`), found in the set's provenance and read
    /// from `sources` (the compilation's, which holds the prelude and the spec's files).
    public init(set: CompiledSet, sources: SourceManager) {
        let program = set.program
        self.program = program
        var targets: [Target] = []
        // Each recognizer's rows, in row order: two recognizers of one kind (a single
        // and a double tap) are two behaviours, each to exercise.
        for (index, recognizer) in program.recognizers.enumerated() {
            let kind = program.kinds[recognizer.kind]
            let origin = set.provenance.flatMap { recognizer.kind < $0.kinds.count ? $0.kinds[recognizer.kind] : nil }
            // A row written for several states (`began, changed { on move -> changed }`)
            // is one row of the spec: one transition, at one location.
            var seen: Set<SourceLocation> = []
            for (rowIndex, row) in kind.rows.enumerated() where seen.insert(row.location).inserted {
                let transition = origin.flatMap { rowIndex < $0.rows.count ? $0.transitions[$0.rows[rowIndex]] : nil }
                let text = transition.map { Self.firstLine(of: $0.origin.range, in: sources) } ?? "row"
                let isTimer = transition?.firstEventIsTimer ?? false
                var target = Target(kind: isTimer ? .timer : .row, location: row.location, description: "'\(text)' of \(recognizer.name)")
                target.recognizer = index
                targets.append(target)
            }
        }
        func name(_ recognizer: Int) -> String { program.recognizers[recognizer].name }
        for requirement in program.failureRequirements {
            let text = "'\(name(requirement.dependent)) requires \(name(requirement.required)) to fail'"
            targets.append(Target(kind: .requirementReleased, location: requirement.location, description: "\(text) held, then released"))
            targets.append(Target(kind: .requirementFailed, location: requirement.location, description: "\(text) held, then failed"))
        }
        for group in program.simultaneityGroups {
            targets.append(
                Target(
                    kind: .simultaneity, location: group.location,
                    description: "'simultaneous \(group.members.map(name).joined(separator: ", "))' letting two recognize together"))
        }
        for exemption in program.preventionExemptions {
            targets.append(
                Target(
                    kind: .prevention, location: exemption.location,
                    description: "'\(name(exemption.preventer)) cannot prevent \(name(exemption.prevented))' taking effect"))
        }
        for (index, recognizer) in program.recognizers.enumerated() {
            for (predicate, routine) in [("shouldBegin", recognizer.shouldBegin), ("shouldReceiveTouch", recognizer.shouldReceiveTouch)] {
                guard routine != nil else { continue }
                for answer in [true, false] {
                    var target = Target(
                        kind: answer ? .predicateTrue : .predicateFalse, location: recognizer.location,
                        description: "\(recognizer.name).\(predicate) answering \(answer)")
                    target.recognizer = index
                    target.isShouldBegin = predicate == "shouldBegin"
                    targets.append(target)
                }
            }
        }
        for (index, hook) in program.hooks.enumerated() {
            for answer in [true, false] {
                var target = Target(
                    kind: answer ? .hookTrue : .hookFalse, location: hook.location, description: "hook \(hook.name) answering \(answer)")
                target.hook = index
                targets.append(target)
            }
        }
        self.targets = targets
        covered = Array(repeating: false, count: targets.count)
    }

    /// A row's description: the line of its transition from where the transition
    /// starts, up to a comment or an action block, without the spaces around it.
    private static func firstLine(of range: SourceRange, in sources: SourceManager) -> String {
        let file = sources[range.file]
        let (line, _) = file.lineAndColumn(of: range.start)
        let end = file.lineRange(line).upperBound
        var characters: [Character] = []
        for character in file.text(min(range.start, end)..<end) {
            if character == "{" || (character == "/" && characters.last == "/") {
                if character == "/" { characters.removeLast() }
                break
            }
            characters.append(character)
        }
        while let last = characters.last, last == " " || last == "\t" || last == "\r" || last == "\n" { characters.removeLast() }
        return String(characters)
    }

    /// The same targets, none covered: what a generated suite sets out to cover.
    public var uncovered: Coverage {
        var copy = self
        copy.covered = Array(repeating: false, count: targets.count)
        return copy
    }

    /// A decision the timeline shows, by what decided it.
    private struct Decided: Hashable {
        var decision: TimelineEntry.Decision
        var location: SourceLocation
    }

    /// A recognizer on a view instance.
    private struct Placed: Hashable {
        var recognizer: Int?
        var view: String
    }

    /// Marks what a finished simulation exercised; returns the targets newly covered.
    @discardableResult
    public mutating func record(_ simulation: Simulation) -> [Int] {
        let fired = simulation.firedRows
        let answers = simulation.hookAnswers
        // What the timeline shows, by the recognizer and the location of what decided
        // (the entry's typed origin).
        var decided: Set<Decided> = []
        var released: Set<SourceLocation> = []
        var heldAt: [Placed: SourceLocation] = [:]
        var acted: Set<Int?> = []
        var vetoed: Set<Int?> = []
        var refused: Set<Int?> = []
        for entry in simulation.timeline {
            guard entry.recognizer != nil, let origin = entry.origin else { continue }
            let recognizer = origin.recognizer
            let key = Placed(recognizer: recognizer, view: entry.view)
            switch entry.kind {
            case .action(let state, _) where state == .began || state == .recognized || state == .ended:
                acted.insert(recognizer)
            case .decision(let decision, _, _):
                decided.insert(Decided(decision: decision, location: origin.location))
                switch decision {
                case .held: heldAt[key] = origin.location
                case .released: if let location = heldAt[key] { released.insert(location) }
                case .vetoed: vetoed.insert(recognizer)
                case .refused: refused.insert(recognizer)
                default: break
                }
            default:
                break
            }
        }
        var newly: [Int] = []
        for (index, target) in targets.enumerated() where !covered[index] {
            let hit: Bool =
                switch target.kind {
                case .row, .timer:
                    target.recognizer.map { fired.contains(Simulation.RowFiring(recognizer: $0, row: target.location)) } ?? false
                case .requirementReleased: released.contains(target.location)
                case .requirementFailed: decided.contains(Decided(decision: .failed, location: target.location))
                case .simultaneity: decided.contains(Decided(decision: .simultaneous, location: target.location))
                case .prevention: decided.contains(Decided(decision: .notPrevented, location: target.location))
                case .predicateTrue:
                    target.recognizer.map { acted.contains($0) } ?? false
                case .predicateFalse:
                    target.recognizer.map { target.isShouldBegin ? vetoed.contains($0) : refused.contains($0) } ?? false
                case .hookTrue: target.hook.map { answers.contains(Simulation.HookAnswer(hook: $0, value: true)) } ?? false
                case .hookFalse: target.hook.map { answers.contains(Simulation.HookAnswer(hook: $0, value: false)) } ?? false
                }
            if hit {
                covered[index] = true
                newly.append(index)
            }
        }
        return newly
    }

    /// Counts by group, in a fixed order: `(group, covered, all)`.
    public var summary: [(group: String, covered: Int, total: Int)] {
        var groups: [String] = []
        for kind in Target.Kind.allCases where !groups.contains(kind.group) { groups.append(kind.group) }
        return groups.compactMap { group in
            let indices = targets.indices.filter { targets[$0].kind.group == group }
            guard !indices.isEmpty else { return nil }
            return (group, indices.count { covered[$0] }, indices.count)
        }
    }

    /// The lines of a file that hold targets, each with whether each of its targets was
    /// covered, in the targets' order: for lcov (`DA:line,hits`, a branch a target).
    /// A target the prelude writes (a row of a standard kind) belongs to the line of
    /// the recognizer it is a row of, where a reader can act on it: a spec of taps and
    /// pans has its rows on its recognizers' lines, not one line for its requirement.
    public func lines(inFile file: Int) -> [(line: Int, targets: [Bool])] {
        var byLine: [Int: [Bool]] = [:]
        for (index, target) in targets.enumerated() {
            guard let line = line(of: target, inFile: file) else { continue }
            byLine[line, default: []].append(covered[index])
        }
        return byLine.keys.sorted().map { ($0, byLine[$0] ?? []) }
    }

    /// The line of `file` a target is counted on: its own, or its recognizer's.
    public func line(of target: Target, inFile file: Int) -> Int? {
        if target.location.file == file { return target.location.line }
        guard let recognizer = target.recognizer, program.recognizers[recognizer].location.file == file else { return nil }
        return program.recognizers[recognizer].location.line
    }

    /// Where a target belongs in the spec: its own location, or for a row of a standard
    /// kind (written in the prelude) its recognizer's, so that a report lists a
    /// recognizer's rows together, in the spec's order.
    public func owner(of target: Target) -> SourceLocation {
        guard target.location.file < program.files.count, program.files[target.location.file] == Prelude.path,
            let recognizer = target.recognizer
        else { return target.location }
        return program.recognizers[recognizer].location
    }

    /// Why a test has not reached a target, as the "not covered" list groups them: what
    /// a test would do to reach it, where that is known.
    public func hint(for target: Target) -> String? {
        guard target.kind == .row, target.description.hasPrefix("'on cancel") else { return nil }
        return "reached by a cancelled touch or an interruption: a test line 'interrupt' or 'cancel N'"
    }
}
