extension GestureProgram {
    /// The deepest routine stack a valid program may need; an engine can allocate this
    /// much once and never grow it.
    public static let maximumStackDepth = 256

    /// Checks that every id refers to something that exists, every table has the
    /// shape its kind announces, and every routine uses the stack as its place in the
    /// tables needs. The decoders call it; a program that passes can be run without
    /// bounds failures.
    public func validate() throws(ProgramError) {
        let files = files.count
        func check(_ location: SourceLocation, _ path: @autoclosure () -> String) throws(ProgramError) {
            guard location.file >= 0, location.file < files, location.line >= 1, location.column >= 1 else {
                throw .invalid(path: path() + ".location", "no such source location")
            }
        }
        func index(_ value: Int, below count: Int, _ what: String, _ path: @autoclosure () -> String) throws(ProgramError) {
            guard value >= 0, value < count else {
                throw .invalid(path: path(), "\(what) \(value) does not exist (there are \(count))")
            }
        }
        let setRoutines = try routines.enumerated().map { (i, routine) throws(ProgramError) in
            try RoutineSummary(routine, path: "routines[\(i)]")
        }
        func predicate(_ id: Int?, allowsOther: Bool, _ path: @autoclosure () -> String) throws(ProgramError) {
            guard let id else { return }
            try index(id, below: routines.count, "routine", path())
            try setRoutines[id].require(
                .predicate(hooks: hooks.count, roles: views.count, allowsOther: allowsOther),
                path: path() + " (routines[\(id)])")
        }

        for (i, view) in views.enumerated() {
            for (j, parent) in view.parents.enumerated() {
                try index(parent, below: views.count, "view role", "views[\(i)].parents[\(j)]")
            }
            // `other` is the recognizer asking.
            try predicate(view.shouldBegin, allowsOther: true, "views[\(i)].shouldBegin")
            guard view.alpha.isFinite, view.hitSlop.isFinite, view.minimumTarget.isFinite else {
                throw .invalid(path: "views[\(i)]", "hit-test values must be finite")
            }
            guard GestureDirections.all.isSuperset(of: view.defersSystemGestures) else {
                throw .invalid(path: "views[\(i)].defersSystemGestures", "an edge is left, right, up or down")
            }
            if let control = view.control {
                let path = "views[\(i)].control"
                guard control.axis == [.left, .right] || control.axis == [.up, .down] else {
                    throw .invalid(path: path + ".axis", "an axis is [left, right] or [up, down]")
                }
                guard control.trackingMargin.isFinite, control.trackingMargin >= 0 else {
                    throw .invalid(path: path + ".trackingMargin", "the tracking margin must be finite and not negative")
                }
                for (j, claim) in control.claims.enumerated() {
                    try index(claim.recognizer, below: recognizers.count, "recognizer", path + ".claims[\(j)]")
                }
            }
            try check(view.location, "views[\(i)]")
        }
        let parameterCounts = kinds.map(\.parameters.count)
        for (i, kind) in kinds.enumerated() {
            try kind.validate(path: "kinds[\(i)]", parameterCounts: parameterCounts, check: check)
        }
        for (i, recognizer) in recognizers.enumerated() {
            let path = { "recognizers[\(i)]" }
            try index(recognizer.kind, below: kinds.count, "kind", path() + ".kind")
            try index(recognizer.role, below: views.count, "view role", path() + ".role")
            if case .control(let role)? = recognizer.accessibility {
                try index(role, below: views.count, "view role", path() + ".accessibility.role")
            }
            guard TouchTypes.all.isSuperset(of: recognizer.allowedTouchTypes) else {
                throw .invalid(path: path() + ".allowedTouchTypes", "bits other than the four touch types")
            }
            guard ScrollTypes.all.isSuperset(of: recognizer.allowedScrollTypes) else {
                throw .invalid(path: path() + ".allowedScrollTypes", "bits other than the two scroll types")
            }
            let parameters = kinds[recognizer.kind].parameters.count
            guard recognizer.arguments.count == parameters else {
                throw .invalid(path: path() + ".arguments", "\(recognizer.arguments.count) arguments for \(parameters) parameters")
            }
            guard recognizer.arguments.allSatisfy(\.isFinite) else {
                throw .invalid(path: path() + ".arguments", "arguments must be finite")
            }
            try predicate(recognizer.shouldBegin, allowsOther: false, path() + ".shouldBegin")
            try predicate(recognizer.shouldReceiveTouch, allowsOther: false, path() + ".shouldReceiveTouch")
            try predicate(recognizer.shouldRecognizeSimultaneously, allowsOther: true, path() + ".shouldRecognizeSimultaneously")
            try check(recognizer.location, path())
        }
        for (i, hook) in hooks.enumerated() { try check(hook.location, "hooks[\(i)]") }
        for (i, edge) in failureRequirements.enumerated() {
            let path = { "failureRequirements[\(i)]" }
            try index(edge.dependent, below: recognizers.count, "recognizer", path() + ".dependent")
            try index(edge.required, below: recognizers.count, "recognizer", path() + ".required")
            try predicate(edge.condition, allowsOther: false, path() + ".condition")
            try check(edge.location, path())
        }
        for (i, group) in simultaneityGroups.enumerated() {
            let path = { "simultaneityGroups[\(i)]" }
            for (j, member) in group.members.enumerated() {
                try index(member, below: recognizers.count, "recognizer", path() + ".members[\(j)]")
            }
            try predicate(group.condition, allowsOther: false, path() + ".condition")
            try check(group.location, path())
        }
        for (i, pair) in preventionExemptions.enumerated() {
            let path = { "preventionExemptions[\(i)]" }
            try index(pair.preventer, below: recognizers.count, "recognizer", path() + ".preventer")
            try index(pair.prevented, below: recognizers.count, "recognizer", path() + ".prevented")
            try check(pair.location, path())
        }
    }
}

extension GestureProgram.Kind {
    fileprivate func validate(
        path: String, parameterCounts: [Int], check: (SourceLocation, @autoclosure () -> String) throws(ProgramError) -> Void
    ) throws(ProgramError) {
        try check(location, path)
        guard !states.isEmpty, states[0].outward == .possible else {
            throw .invalid(path: path + ".states", "state 0 must be an outwardly possible state")
        }
        let cells = states.count * eventCount
        guard rowStarts.count == cells + 1, rowStarts.first == 0, rowStarts.last == rows.count,
            zip(rowStarts, rowStarts.dropFirst()).allSatisfy({ $0 <= $1 })
        else {
            throw .invalid(path: path + ".rowStarts", "expected \(cells + 1) ascending offsets from 0 to \(rows.count)")
        }
        let summaries = try routines.enumerated().map { (i, routine) throws(ProgramError) in
            try RoutineSummary(routine, path: path + ".routines[\(i)]")
        }
        func routine(_ id: Int, _ use: RoutineSummary.Use, _ where: @autoclosure () -> String) throws(ProgramError) {
            guard id >= 0, id < routines.count else {
                throw .invalid(path: path + "." + `where`(), "routine \(id) does not exist (there are \(routines.count))")
            }
            try summaries[id].require(use, path: path + "." + `where`() + " (routines[\(id)])")
        }
        guard parameterTypes.count == parameters.count else {
            throw .invalid(path: path + ".parameterTypes", "\(parameterTypes.count) types for \(parameters.count) parameters")
        }
        let context = RoutineSummary.KindContext(parameters: parameters.count, variables: variables.count, timers: timers.count)
        for (i, variable) in variables.enumerated() {
            try routine(variable.initialValue, .initialValue(context), "variables[\(i)].initialValue")
        }
        for (i, report) in reports.enumerated() {
            try routine(report.value, .value(context, width: report.type.width), "reports[\(i)].value")
        }
        for (i, rule) in preventionRules.enumerated() {
            let rulePath = { path + ".preventionRules[\(i)]" }
            guard rule.otherKind >= 0, rule.otherKind < parameterCounts.count else {
                throw .invalid(path: rulePath() + ".otherKind", "kind \(rule.otherKind) does not exist (there are \(parameterCounts.count))")
            }
            if let id = rule.condition {
                try routine(id, .preventionCondition(context, otherParameters: parameterCounts[rule.otherKind]), "preventionRules[\(i)].condition")
            }
            try check(rule.location, rulePath())
        }
        for (i, row) in rows.enumerated() {
            let rowPath = { "rows[\(i)]" }
            if let id = row.guardRoutine { try routine(id, .value(context, width: 1), rowPath() + ".guard") }
            if let id = row.actions { try routine(id, .actions(context), rowPath() + ".actions") }
            if case .state(let target) = row.target, target < 0 || target >= states.count {
                throw .invalid(path: path + "." + rowPath() + ".target", "state \(target) does not exist (there are \(states.count))")
            }
            try check(row.location, path + "." + rowPath())
        }
    }
}

/// What one routine reads and leaves on the stack, found in one pass, so each place
/// that uses it can check it against what that place allows.
struct RoutineSummary {
    /// The ids a kind's routines may use.
    struct KindContext {
        var parameters: Int
        var variables: Int
        var timers: Int
    }

    /// Where a routine is used.
    enum Use {
        /// A set-level predicate: hooks, features and view roles, one bool.
        case predicate(hooks: Int, roles: Int, allowsOther: Bool)
        /// A guard or report of a kind: one value of `width` slots.
        case value(KindContext, width: Int)
        /// An action list: effects, nothing left on the stack.
        case actions(KindContext)
        /// A variable's initial value: parameters and constants only.
        case initialValue(KindContext)
        /// A prevention rule's condition: both recognizers' parameters, one bool.
        case preventionCondition(KindContext, otherParameters: Int)
    }

    /// Slots left on the stack at the end.
    var result = 0
    /// One more than the largest index read of each kind (0 when none is read).
    var parameters = 0, otherParameters = 0, variables = 0, storedVariables = 0, timers = 0, hooks = 0, roles = 0
    var readsFeatures = false, readsOther = false, hasEffects = false

    init(_ routine: Routine, path: @autoclosure () -> String) throws(ProgramError) {
        let code = routine.code
        // Depth expected where jumps land, filled in by the jumps (always forward).
        var landing: [Int: Int] = [:]
        var depth = 0
        for (pc, instruction) in code.enumerated() {
            if let expected = landing.removeValue(forKey: pc), expected != depth {
                throw .invalid(path: path(), "instruction \(pc) is reached with \(expected) and \(depth) values on the stack")
            }
            let (pops, pushes) = instruction.stackEffect
            guard depth >= pops else {
                throw .invalid(path: path(), "instruction \(pc) ('\(instruction)') needs \(pops) values, the stack has \(depth)")
            }
            if let operand = instruction.index, operand < 0 || operand >= Int(Int32.max) {
                throw .invalid(path: path(), "instruction \(pc) has an operand out of range")
            }
            switch instruction {
            case .constant(let value) where !value.isFinite:
                throw .invalid(path: path(), "instruction \(pc) has a non-finite constant")
            case .parameter(let i): parameters = max(parameters, i + 1)
            case .otherParameter(let i): otherParameters = max(otherParameters, i + 1)
            case .variable(let i): variables = max(variables, i + 1)
            case .hook(let i): hooks = max(hooks, i + 1)
            case .feature: readsFeatures = true
            case .other, .otherKind, .otherView: readsOther = true
            case .touchedInside(let i):
                roles = max(roles, i + 1)
                readsFeatures = true
            case .otherInside(let i):
                roles = max(roles, i + 1)
                readsOther = true
            case .store(let i):
                storedVariables = max(storedVariables, i + 1)
                hasEffects = true
            case .startTimer(let i), .stopTimer(let i):
                timers = max(timers, i + 1)
                hasEffects = true
            case .ignore, .restart:
                hasEffects = true
            case .jumpIfFalse(let offset), .jumpIfTrue(let offset):
                let target = pc + 1 + offset
                guard target <= code.count else {
                    throw .invalid(path: path(), "instruction \(pc) jumps outside the routine")
                }
                if let expected = landing[target], expected != depth {
                    throw .invalid(path: path(), "instruction \(target) is reached with \(expected) and \(depth) values on the stack")
                }
                landing[target] = depth
            default:
                break
            }
            depth += pushes - pops
            guard depth <= GestureProgram.maximumStackDepth else {
                throw .invalid(path: path(), "the routine needs more than \(GestureProgram.maximumStackDepth) stack slots")
            }
        }
        if let expected = landing[code.count], expected != depth {
            throw .invalid(path: path(), "the end is reached with \(expected) and \(depth) values on the stack")
        }
        result = depth
    }

    /// Throws unless the routine fits `use`.
    func require(_ use: Use, path: @autoclosure () -> String) throws(ProgramError) {
        func fail(_ reason: String) -> ProgramError { .invalid(path: path(), reason) }
        switch use {
        case .predicate(let hookCount, let roleCount, let allowsOther):
            guard parameters == 0, otherParameters == 0, variables == 0, storedVariables == 0, !hasEffects else {
                throw fail("a predicate reads no parameters or variables and has no effects")
            }
            guard hooks <= hookCount else { throw fail("hook \(hooks - 1) does not exist (there are \(hookCount))") }
            guard roles <= roleCount else { throw fail("view role \(roles - 1) does not exist (there are \(roleCount))") }
            guard allowsOther || !readsOther else { throw fail("'other' is only known in shouldRecognizeSimultaneously") }
            guard result == 1 else { throw fail("a predicate leaves one value, not \(result)") }
        case .value(let context, let width):
            try requireKind(context, fail)
            guard !hasEffects else { throw fail("a value has no effects") }
            guard result == width else { throw fail("expected \(width) values on the stack at the end, found \(result)") }
        case .initialValue(let context):
            try requireKind(context, fail)
            guard !hasEffects, !readsFeatures, variables == 0 else {
                throw fail("an initial value reads only parameters and constants")
            }
            guard result == 1 else { throw fail("expected 1 value on the stack at the end, found \(result)") }
        case .preventionCondition(let context, let otherCount):
            try requireKind(context, fail, otherParameters: otherCount)
            guard !hasEffects, !readsFeatures, variables == 0 else {
                throw fail("a prevention condition reads only parameters and constants")
            }
            guard result == 1 else { throw fail("expected 1 value on the stack at the end, found \(result)") }
        case .actions(let context):
            try requireKind(context, fail)
            guard result == 0 else { throw fail("an action list leaves nothing on the stack, found \(result) values") }
        }
    }

    private func requireKind(
        _ context: KindContext, _ fail: (String) -> ProgramError, otherParameters otherCount: Int = 0
    ) throws(ProgramError) {
        guard hooks == 0, !readsOther, roles == 0 else { throw fail("a kind's routine reads no hooks, views or 'other'") }
        guard otherParameters <= otherCount else {
            throw fail(
                otherCount == 0
                    ? "only a prevention condition reads the other recognizer's parameters"
                    : "the other kind's parameter \(otherParameters - 1) does not exist (there are \(otherCount))")
        }
        guard parameters <= context.parameters else { throw fail("parameter \(parameters - 1) does not exist (there are \(context.parameters))") }
        guard max(variables, storedVariables) <= context.variables else {
            throw fail("variable \(max(variables, storedVariables) - 1) does not exist (there are \(context.variables))")
        }
        guard timers <= context.timers else { throw fail("timer \(timers - 1) does not exist (there are \(context.timers))") }
    }
}
