import GestureDSL
import GestureRuntime

/// Lowers one kind to its transition table and routines.
///
/// States are numbered in declaration order with `possible` first. Each transition
/// becomes a row in the cell of every state of its block and every event it names, in
/// source order, so the engine tries rows exactly as they are written. A transition's
/// guard and actions are one routine each, shared by all its rows.
struct KindLowering {
    let lowering: Lowering
    /// The program's kinds by their declarations.
    let kindIDs: LookupTable<Int, Int>

    /// The kind's tables, and where each of its elements came from.
    func lower(_ kind: KindDecl) throws(LoweringError) -> (GestureProgram.Kind, Provenance.Kind) {
        typealias Kind = GestureProgram.Kind
        var slots: LookupTable<Int, CodeGenerator.Operand> = [:]
        for (index, parameter) in kind.parameters.enumerated() {
            slots[try lowering.declaration(of: parameter.name)] = .parameter(index, Self.shape(of: parameter.type))
        }
        // Parameters only: initial values and prevention conditions are fixed before
        // any touch.
        var routines = RoutineTable(generator: CodeGenerator(model: lowering.model, table: lowering.table, slots: slots))
        var variables: [Kind.Variable] = []
        for (index, variable) in kind.variables.enumerated() {
            variables.append(Kind.Variable(name: variable.name.name, initialValue: try routines.add(variable.initialValue)))
            slots[try lowering.declaration(of: variable.name)] = .variable(index, Self.shape(of: variable.type))
        }

        var preventionRules: [Kind.PreventionRule] = []
        var ruleOrigins: [Provenance.Relation] = []
        for rule in kind.preventionRules {
            guard let lowered = try lowerPreventionRule(rule, routines: &routines) else { continue }
            preventionRules.append(lowered)
            ruleOrigins.append(Provenance.Relation(origin: lowering.origin(of: rule.range), condition: rule.condition?.range, use: nil))
        }

        // Timers in order of their first `start`, which declares the timer.
        var timers: [String] = []
        var timerOrigins: [Provenance.Origin] = []
        var timerIDs: LookupTable<Int, Int> = [:]
        for block in kind.states {
            for transition in block.transitions {
                for case .startTimer(let name, _, let range) in transition.actions {
                    guard let declaration = lowering.table.timer(named: name) else {
                        throw LoweringError("timer '\(name.name)' declares nothing the checker recorded", at: name.range)
                    }
                    guard timerIDs[declaration] == nil else { continue }
                    timerIDs[declaration] = timers.count
                    timers.append(name.name)
                    timerOrigins.append(Provenance.Origin(declaration: declaration, range: range, anchor: name.range))
                }
            }
        }
        routines.generator.slots = slots
        routines.generator.otherParameters = [:]
        routines.generator.timers = timerIDs

        var reports: [Kind.Report] = []
        for report in kind.reports {
            let (id, shape) = try routines.addValue(report.computed)
            reports.append(Kind.Report(name: report.name.name, type: shape, value: id))
        }

        let (states, stateIDs) = try self.states(of: kind)
        let eventCount = GestureProgram.Event.firstTimer + timers.count
        var cells = [[Kind.Transition]](repeating: [], count: states.count * eventCount)
        // Beside each cell, the transition of each of its rows, flattened as the cells
        // are: `rows[r]` is then the transition of row r by construction.
        var cellTransitions = [[Int]](repeating: [], count: cells.count)
        var transitions: [Provenance.Transition] = []
        for block in kind.states {
            for transition in block.transitions {
                let guarded = try transition.guardExpr.map { (guardExpr) throws(LoweringError) in try routines.addGuard(guardExpr) }
                let row = Kind.Transition(
                    guardRoutine: guarded?.id, target: try target(transition.target, states: stateIDs),
                    actions: transition.actions.isEmpty ? nil : try routines.add(transition.actions),
                    location: lowering.location(transition.range))
                let transitionIndex = transitions.count
                let firstEventIsTimer = if case .timer? = transition.events.first { true } else { false }
                transitions.append(
                    Provenance.Transition(
                        origin: lowering.origin(of: transition.range), guardRange: transition.guardExpr?.range,
                        targetRange: transition.target?.range, firstEventIsTimer: firstEventIsTimer,
                        comparisons: guarded?.comparisons ?? []))
                for head in block.heads {
                    guard let state = stateIDs[try lowering.declaration(of: head.name)] else { continue }
                    for event in transition.events {
                        let column: Int
                        switch event {
                        case .touch(let phase, _):
                            column = GestureProgram.Event.phaseNames.firstIndex(of: phase.rawValue) ?? 0
                        case .timer(let name):
                            guard let timer = timerIDs[try lowering.declaration(referredToBy: name)] else {
                                throw LoweringError("timer '\(name.name)' is not started anywhere", at: name.range)
                            }
                            column = GestureProgram.Event.firstTimer + timer
                        }
                        cells[state * eventCount + column].append(row)
                        cellTransitions[state * eventCount + column].append(transitionIndex)
                    }
                }
            }
        }
        var rowStarts = [0]
        rowStarts.reserveCapacity(cells.count + 1)
        for cell in cells { rowStarts.append(rowStarts[rowStarts.count - 1] + cell.count) }

        let lowered = Kind(
            name: kind.name.name, mode: kind.mode == .discrete ? .discrete : .continuous,
            parameters: kind.parameters.map(\.name.name),
            parameterTypes: kind.parameters.map { GestureProgram.Kind.ParameterType(rawValue: $0.type.name) ?? .number },
            variables: variables, timers: timers, reports: reports,
            preventionRules: preventionRules, states: states, rowStarts: rowStarts, rows: cells.flatMap { $0 },
            routines: routines.routines, location: lowering.location(kind.name.range))
        let origin = Provenance.Kind(
            origin: lowering.origin(of: kind.name, range: kind.range), timers: timerOrigins, preventionRules: ruleOrigins,
            transitions: transitions, rows: cellTransitions.flatMap { $0 })
        return (lowered, origin)
    }

    /// The rule, or nil when its other kind is not used by the set (it can never apply).
    private func lowerPreventionRule(
        _ rule: PreventionRuleDecl, routines: inout RoutineTable
    ) throws(LoweringError) -> GestureProgram.Kind.PreventionRule? {
        let otherKind = try lowering.declaration(referredToBy: rule.otherKind)
        guard let otherID = kindIDs[otherKind] else { return nil }
        guard let other = lowering.table.kind(otherKind) else {
            throw LoweringError("'\(rule.otherKind.name)' is not a kind", at: rule.otherKind.range)
        }
        // By name: `other.taps` is the one member the checker does not resolve to a
        // declaration (listing it would let a rename of a parameter change the other
        // kind's rules in the language server), so it is read among the other kind's
        // parameters, found by its declaration above.
        var otherParameters: [String: (index: Int, shape: ValueShape)] = [:]
        for (index, parameter) in other.parameters.enumerated() {
            otherParameters[parameter.name.name] = (index, Self.shape(of: parameter.type))
        }
        routines.generator.otherParameters = otherParameters
        let condition = try rule.condition.map { (condition) throws(LoweringError) in try routines.add(condition) }
        return GestureProgram.Kind.PreventionRule(
            direction: rule.direction == .prevent ? .cannotPrevent : .cannotBePrevented, otherKind: otherID,
            condition: condition, location: lowering.location(rule.range))
    }

    /// Declared states, `possible` first, each with the UIKit state it shows, and
    /// each state's id by its declaration.
    private func states(of kind: KindDecl) throws(LoweringError) -> ([GestureProgram.Kind.State], LookupTable<Int, Int>) {
        var states: [GestureProgram.Kind.State] = [GestureProgram.Kind.State(name: Builtins.initialState, outward: .possible)]
        var ids: LookupTable<Int, Int> = [:]
        for block in kind.states {
            for head in block.heads {
                let declaration = try lowering.declaration(of: head.name)
                // `possible` is declared by the spec, and numbered first whatever its place.
                guard head.name.name != Builtins.initialState else {
                    ids[declaration] = 0
                    continue
                }
                guard ids[declaration] == nil else { continue }
                let outward =
                    GestureProgram.Kind.State.Outward(rawValue: head.name.name)
                    ?? head.outward.flatMap { GestureProgram.Kind.State.Outward(rawValue: $0.name) } ?? .possible
                ids[declaration] = states.count
                states.append(GestureProgram.Kind.State(name: head.name.name, outward: outward))
            }
        }
        return (states, ids)
    }

    /// Where a transition goes: a declared state, by the declaration its target refers
    /// to, or one of the final states, which are built in.
    private func target(_ name: Identifier?, states: LookupTable<Int, Int>) throws(LoweringError) -> GestureProgram.Kind.Target {
        guard let name else { return .stay }
        if let declaration = lowering.table.declaration(referredToAt: name.range, broughtBy: nil) {
            guard let state = states[declaration] else { throw LoweringError("'\(name.name)' is not a state", at: name.range) }
            return .state(state)
        }
        switch name.name {
        case "recognized", "ended": return .ended
        case "cancelled": return .cancelled
        case "failed": return .failed
        default: throw LoweringError("unknown state '\(name.name)'", at: name.range)
        }
    }

    static func shape(of type: Identifier) -> ValueShape {
        ValueType.declarable[type.name].map(ValueShape.init) ?? .number
    }
}
