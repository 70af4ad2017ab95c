import GestureDSL

extension Checker {
    mutating func checkKind(_ kind: KindDecl) {
        var scope = Scope()
        for parameter in kind.parameters {
            declare(parameter.name, as: "parameter", in: &scope)
            checkType(parameter.type)
            if let value = parameter.defaultValue { checkExpression(value, in: .constant) }
        }
        var initialScope = scope
        initialScope.allowsFeatures = false
        for variable in kind.variables {
            declare(variable.name, as: "variable", in: &scope)
            checkType(variable.type)
            checkExpression(variable.initialValue, in: initialScope)
        }

        checkProperties(kind.properties, owner: "a kind", allowed: Builtins.deliveryFlags, scope: { _ in .constant })

        var reported: [String: SourceRange] = [:]
        for report in kind.reports {
            if let first = reported[report.name.name] {
                reportDuplicate("reported value", report.name, first: first)
            } else {
                reported[report.name.name] = report.name.range
            }
            checkExpression(report.value ?? Expr(.name(report.name.name), range: report.name.range), in: scope)
        }

        for rule in kind.preventionRules {
            guard let other = resolveKind(rule.otherKind) else { continue }
            var ruleScope = scope
            ruleScope.other = .kind(name: other.name.name, parameters: other.parameters.map(\.name.name))
            if let condition = rule.condition { checkExpression(condition, in: ruleScope) }
        }

        checkStates(of: kind, scope: scope)
    }

    /// The kind `name` refers to, or nil after reporting it unknown.
    mutating func resolveKind(_ name: Identifier) -> KindDecl? {
        if let kind = kinds[name.name] { return kind }
        reportUnknown("kind", name, candidates: kinds.mapValues(\.name.range))
        return nil
    }


    private mutating func checkType(_ type: Identifier) {
        guard !Builtins.types.contains(type.name) else { return }
        var candidates: [String: SourceRange] = [:]
        for name in Builtins.types { candidates[name] = type.range }
        reportUnknown("type", type, candidates: candidates)
    }

    // MARK: - States and transitions

    private mutating func checkStates(of kind: KindDecl, scope: Scope) {
        var states: [String: SourceRange] = [:]
        for block in kind.states {
            for head in block.heads {
                let name = head.name
                if Builtins.terminalStates.contains(name.name) {
                    report(.terminalStateBlock(name: name.name), at: name.range)
                    continue
                }
                if let first = states[name.name] {
                    reportDuplicate("state", name, first: first)
                } else {
                    states[name.name] = name.range
                }
                if let outward = head.outward {
                    if !Builtins.outwardStates.contains(outward.name) {
                        var notes: [Note] = []
                        if let guess = Suggestions.closest(to: outward.name, among: Builtins.outwardStates) {
                            notes.append(Note("did you mean '\(guess)'?", at: outward.range))
                        }
                        report(.invalidOutwardState(name: outward.name), at: outward.range, notes: notes)
                    } else if Builtins.outwardStates.contains(name.name), outward.name != name.name {
                        report(.standardStateRenamed(name: name.name), at: outward.range)
                    }
                }
            }
        }
        if states[Builtins.initialState] == nil {
            report(.noInitialState(kind: kind.name.name), at: kind.name.range)
        }

        var timers: [String: SourceRange] = [:]
        for block in kind.states {
            for transition in block.transitions {
                for case .startTimer(let name, _, _) in transition.actions where timers[name.name] == nil {
                    timers[name.name] = name.range
                }
            }
        }

        for block in kind.states {
            for transition in block.transitions {
                checkTransition(transition, timers: timers, states: states, scope: scope)
            }
        }
    }

    private mutating func checkTransition(
        _ transition: TransitionDecl, timers: [String: SourceRange], states: [String: SourceRange],
        scope: Scope
    ) {
        for case .timer(let name) in transition.events where timers[name.name] == nil {
            reportUnknown("timer", name, candidates: timers)
        }
        if let guardExpr = transition.guardExpr { checkExpression(guardExpr, in: scope) }
        if let target = transition.target, states[target.name] == nil,
            !Builtins.terminalStates.contains(target.name)
        {
            // Final states need no declaration; a guess at one points at the target itself.
            var candidates = states
            for terminal in Builtins.terminalStates { candidates[terminal] = target.range }
            reportUnknown("state", target, candidates: candidates)
        }
        for action in transition.actions {
            switch action {
            case .startTimer(_, let delay, _):
                checkExpression(delay, in: scope)
            case .stopTimer(let name, _):
                if timers[name.name] == nil { reportUnknown("timer", name, candidates: timers) }
            case .ignore:
                break
            case .assign(let variable, _, let value, _):
                checkExpression(value, in: scope)
                checkAssignable(variable, in: scope)
            }
        }
    }

    private mutating func checkAssignable(_ variable: Identifier, in scope: Scope) {
        if let symbol = scope.names[variable.name] {
            if symbol.what != "variable" {
                report(
                    .assignToNonVariable(name: variable.name, isA: symbol.what), at: variable.range,
                    notes: [Note("'\(variable.name)' is declared here", at: symbol.range)])
            }
        } else if Builtins.isReserved(variable.name) {
            report(.assignToNonVariable(name: variable.name, isA: "built-in value"), at: variable.range)
        } else {
            reportUnknown(
                "variable", variable,
                candidates: scope.names.filter { $0.value.what == "variable" }.mapValues(\.range))
        }
    }
}
