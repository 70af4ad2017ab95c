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
    let kindIDs: [Int: Int]

    func lower(_ kind: KindDecl) throws(LoweringError) -> GestureProgram.Kind {
        typealias Kind = GestureProgram.Kind
        var symbols: [String: CodeGenerator.Operand] = [:]
        for (index, parameter) in kind.parameters.enumerated() {
            symbols[parameter.name.name] = .parameter(index, Self.shape(of: parameter.type))
        }
        // Parameters only: initial values and prevention conditions are fixed before
        // any touch.
        var generator = CodeGenerator(model: lowering.model, table: lowering.table, slots: [:])
        generator.symbols = symbols
        var routines = RoutineTable(generator: generator)
        var variables: [Kind.Variable] = []
        for (index, variable) in kind.variables.enumerated() {
            variables.append(Kind.Variable(name: variable.name.name, initialValue: try routines.add(variable.initialValue)))
            symbols[variable.name.name] = .variable(index, Self.shape(of: variable.type))
        }

        var preventionRules: [Kind.PreventionRule] = []
        for rule in kind.preventionRules {
            if let lowered = try lowerPreventionRule(rule, routines: &routines) { preventionRules.append(lowered) }
        }

        // Timers in order of their first `start`.
        var timers: [String] = []
        for block in kind.states {
            for transition in block.transitions {
                for case .startTimer(let name, _, _) in transition.actions where !timers.contains(name.name) {
                    timers.append(name.name)
                }
            }
        }
        routines.generator.symbols = symbols
        routines.generator.otherParameters = [:]
        routines.generator.timers = Dictionary(uniqueKeysWithValues: timers.enumerated().map { ($1, $0) })

        var reports: [Kind.Report] = []
        for report in kind.reports {
            let (id, shape) = try routines.addValue(report.computed)
            reports.append(Kind.Report(name: report.name.name, type: shape, value: id))
        }

        let states = Self.states(of: kind)
        let stateIndex = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.name, $0) })
        let eventCount = GestureProgram.Event.firstTimer + timers.count
        var cells = [[Kind.Transition]](repeating: [], count: states.count * eventCount)
        for block in kind.states {
            for transition in block.transitions {
                let row = Kind.Transition(
                    guardRoutine: try transition.guardExpr.map { (guardExpr) throws(LoweringError) in try routines.add(guardExpr) },
                    target: try Self.target(transition.target, states: stateIndex),
                    actions: transition.actions.isEmpty ? nil : try routines.add(transition.actions),
                    location: lowering.location(transition.range))
                for head in block.heads {
                    guard let state = stateIndex[head.name.name] else { continue }
                    for event in transition.events {
                        let column: Int
                        switch event {
                        case .touch(let phase, _):
                            column = GestureProgram.Event.phaseNames.firstIndex(of: phase.rawValue) ?? 0
                        case .timer(let name):
                            guard let timer = timers.firstIndex(of: name.name) else {
                                throw LoweringError("timer '\(name.name)' is not started anywhere", at: name.range)
                            }
                            column = GestureProgram.Event.firstTimer + timer
                        }
                        cells[state * eventCount + column].append(row)
                    }
                }
            }
        }
        var rowStarts = [0]
        rowStarts.reserveCapacity(cells.count + 1)
        for cell in cells { rowStarts.append(rowStarts[rowStarts.count - 1] + cell.count) }

        return Kind(
            name: kind.name.name, mode: kind.mode == .discrete ? .discrete : .continuous,
            parameters: kind.parameters.map(\.name.name),
            parameterTypes: kind.parameters.map { GestureProgram.Kind.ParameterType(rawValue: $0.type.name) ?? .number },
            variables: variables, timers: timers, reports: reports,
            preventionRules: preventionRules, states: states, rowStarts: rowStarts, rows: cells.flatMap { $0 },
            routines: routines.routines, location: lowering.location(kind.name.range))
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

    /// Declared states, `possible` first, each with the UIKit state it shows.
    static func states(of kind: KindDecl) -> [GestureProgram.Kind.State] {
        var states: [GestureProgram.Kind.State] = [GestureProgram.Kind.State(name: "possible", outward: .possible)]
        for block in kind.states {
            for head in block.heads where !states.contains(where: { $0.name == head.name.name }) {
                let outward =
                    GestureProgram.Kind.State.Outward(rawValue: head.name.name)
                    ?? head.outward.flatMap { GestureProgram.Kind.State.Outward(rawValue: $0.name) } ?? .possible
                states.append(GestureProgram.Kind.State(name: head.name.name, outward: outward))
            }
        }
        return states
    }

    static func target(_ name: Identifier?, states: [String: Int]) throws(LoweringError) -> GestureProgram.Kind.Target {
        guard let name else { return .stay }
        if let state = states[name.name] { return .state(state) }
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
