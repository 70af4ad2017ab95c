import GestureDSL

extension Checker {
    mutating func checkKind(_ kind: KindDecl, declaration: Int) {
        var scope = Scope()
        var parameters: [Int] = []
        for parameter in kind.parameters {
            let type = checkType(parameter.type)
            parameters.append(
                declare(parameter.name, as: .parameter, type: type, range: parameter.range, container: declaration, in: &scope))
            if let value = parameter.defaultValue, let type {
                expect(value, type, context: "the default of '\(parameter.name.name)'", in: .constant)
                if case .number(let number, _, let isInteger)? = ConstantEvaluator().evaluate(value),
                    type != .int || isInteger, !Constant.fits(number, integer: type == .int)
                {
                    report(.argumentOutOfRange(what: "the default of '\(parameter.name.name)'", found: Constant.format(number)), at: value.range)
                }
            }
        }
        kindParameters[declaration] = parameters
        // Requirements and initial values are known before any touch: parameters and
        // constants only.
        var parameterScope = scope
        parameterScope.allowsFeatures = false
        checkRequirements(of: kind, in: parameterScope)

        for variable in kind.variables {
            let type = checkType(variable.type)
            declare(variable.name, as: .variable, type: type, range: variable.range, container: declaration, in: &scope)
            if let type {
                expect(variable.initialValue, type, context: "the initial value of '\(variable.name.name)'", in: parameterScope)
            } else {
                checkExpression(variable.initialValue, in: parameterScope)
            }
        }

        checkProperties(kind.properties, owner: "a kind", allowed: Builtins.deliveryFlags, scope: { _ in .constant })

        var reported: [String: SourceRange] = [:]
        for report in kind.reports {
            if let first = reported[report.name.name] {
                reportDuplicate("reported value", report.name, first: first)
            } else {
                reported[report.name.name] = report.name.range
                // A report that reads a parameter or variable of its name is that value.
                if scope.names[report.name.name] == nil {
                    _ = model.declare(
                        .init(kind: .report, name: report.name.name, nameRange: report.name.range, range: report.range, container: declaration))
                }
            }
            // `report translation` writes its name once, for the report; it is not a
            // reference to what it reads.
            whileRecording(report.value != nil) { $0.checkExpression(report.computed, in: scope) }
        }

        // A prevention rule compares the two recognizers' configurations, as UIKit's
        // canPrevent does: parameters only, no features or variables.
        for rule in kind.preventionRules {
            guard let other = resolveKind(rule.otherKind) else { continue }
            var ruleScope = parameterScope
            ruleScope.other = .kind(name: other.name, parameters: other.parameterTypes)
            if let condition = rule.condition { expect(condition, .bool, context: "a prevention condition", in: ruleScope) }
        }

        checkStates(of: kind, declaration: declaration, scope: scope)
    }

    /// The kind `name` refers to, or nil after reporting it unknown: with UIKit's class
    /// name mapped to its kind, or the closest kind, and the kinds there are.
    mutating func resolveKind(_ name: Identifier) -> KindInfo? {
        if let kind = kinds[name.name] {
            refer(name.range, to: kind.declaration)
            return kind
        }
        var notes: [Note] = []
        if let word = UIKitNames.recognizerKinds[name.name], let kind = kinds[word] {
            notes.append(
                Note(
                    "UIKit's '\(name.name)' is the kind '\(word)' here", at: kind.decl.name.range,
                    fix: FixIt(replacing: name.range, with: word)))
        } else if let guess = Suggestions.closest(to: name.name, among: kinds.keys.sorted()) {
            notes.append(
                Note(
                    "did you mean '\(guess)'?", at: kinds[guess]?.decl.name.range ?? name.range,
                    fix: FixIt(replacing: name.range, with: guess)))
        }
        let names = kinds.keys.sorted()
        notes.append(Note("the kinds are \(names.map { "'\($0)'" }.joined(separator: ", "))", at: name.range))
        report(.unknownName(what: "kind", name: name.name), at: name.range, notes: notes)
        return nil
    }

    /// The declarable type `type` names, or nil after reporting it unknown.
    private mutating func checkType(_ type: Identifier) -> ValueType? {
        if let known = ValueType.declarable[type.name] { return known }
        var candidates: [String: SourceRange] = [:]
        for name in ValueType.declarable.keys { candidates[name] = type.range }
        reportUnknown("type", type, candidates: candidates)
        return nil
    }

    // MARK: - Requirements on arguments

    /// Checks that each `require` is a boolean over parameters, and that the defaults
    /// meet it when every parameter it reads has one.
    private mutating func checkRequirements(of kind: KindDecl, in scope: Scope) {
        guard !kind.requirements.isEmpty else { return }
        // Reported here, once: recognizers that keep the defaults are not checked again.
        // A requirement reading a parameter without a default evaluates to nothing and
        // is checked with each recognizer, which must give that argument.
        let defaults = ConstantEvaluator(environment: KindInfo.defaults(of: kind))
        for requirement in kind.requirements {
            let type = checkExpression(requirement.condition, in: scope)
            if let type, type != .bool {
                report(.wrongType(context: "a requirement", expected: "bool", found: type.name), at: requirement.condition.range)
            }
            guard type == .bool else { continue }
            if case .bool(false) = defaults.evaluate(requirement.condition) {
                report(
                    .requirementBroken(
                        kind: kind.name.name, requirement: requirement.condition.conditionText,
                        values: describe(requirement.condition.names, values: defaults) + " by default"),
                    at: requirement.condition.range)
            }
        }
    }

    /// Checks a recognizer's arguments against its kind's requirements, reporting at
    /// the first argument a broken requirement reads (or at the kind's name). `given`
    /// are the arguments as `checkArguments` found them, by parameter.
    mutating func checkRequirements(
        of kind: KindInfo, given: [SemanticModel.GivenArgument], arguments: [ArgumentDecl], at use: Identifier
    ) {
        // Without arguments the defaults apply, which were checked with the kind. Only a
        // requirement that reads a constant argument can have changed: a recognizer whose
        // arguments no requirement reads costs a few comparisons of indices, no hashing.
        guard !kind.requirements.isEmpty, given.contains(where: { $0.value != nil }) else { return }
        var values: [Constant?]?
        for (requirement, reads, parameters) in kind.requirements
        where parameters.contains(where: { parameter in given.contains { $0.parameter == parameter && $0.value != nil } }) {
            if values == nil {
                var withArguments = kind.defaultValues
                for argument in given where argument.value != nil { withArguments[argument.parameter] = argument.value }
                values = withArguments
            }
            let evaluator = ConstantEvaluator(kind: kind, values: values ?? kind.defaultValues)
            guard case .bool(false) = evaluator.evaluate(requirement.condition) else { continue }
            let location = arguments.first { reads.contains($0.label.name) }?.value.range ?? use.range
            report(
                .requirementBroken(
                    kind: kind.name, requirement: requirement.condition.conditionText,
                    values: describe(reads, values: evaluator)),
                at: location)
        }
    }

    /// "taps is 0", "minimumTouches is 3 and maximumTouches is 2".
    private func describe(_ names: [String], values: ConstantEvaluator) -> String {
        let parts = names.compactMap { name in values.value(of: name).map { "\(name) is \($0.description)" } }
        return parts.count <= 2 ? parts.joined(separator: " and ") : parts.joined(separator: ", ")
    }

    // MARK: - States and transitions

    private mutating func checkStates(of kind: KindDecl, declaration: Int, scope: Scope) {
        // The UIKit state each declared state shows: its own name for UIKit's states,
        // `as` for internal ones, else `possible`.
        var outward: [String: String] = [:]
        var states: [String: SourceRange] = [:]
        var stateDeclarations: [String: Int] = [:]
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
                    stateDeclarations[name.name] = model.declare(
                        .init(kind: .state, name: name.name, nameRange: name.range, range: block.range, container: declaration))
                }
                outward[name.name] = Builtins.outwardStates.contains(name.name) ? name.name : Builtins.initialState
                if let shown = head.outward {
                    if !Builtins.outwardStates.contains(shown.name) {
                        var notes: [Note] = []
                        if let guess = Suggestions.closest(to: shown.name, among: Builtins.outwardStates) {
                            notes.append(Note("did you mean '\(guess)'?", at: shown.range, fix: FixIt(replacing: shown.range, with: guess)))
                        }
                        report(.invalidOutwardState(name: shown.name), at: shown.range, notes: notes)
                    } else if Builtins.outwardStates.contains(name.name), shown.name != name.name {
                        report(.standardStateRenamed(name: name.name), at: shown.range)
                    } else {
                        outward[name.name] = shown.name
                    }
                }
            }
        }
        if states[Builtins.initialState] == nil {
            report(.noInitialState(kind: kind.name.name), at: kind.name.range)
        }

        // A timer is declared where it is first started.
        var started: [String: SourceRange] = [:]
        var timerDeclarations: [String: Int] = [:]
        var handled: Set<String> = []
        for block in kind.states {
            for transition in block.transitions {
                for case .startTimer(let name, _, let range) in transition.actions where started[name.name] == nil {
                    started[name.name] = name.range
                    timerDeclarations[name.name] = model.declare(
                        .init(kind: .timer, name: name.name, nameRange: name.range, range: range, container: declaration))
                }
                for case .timer(let name) in transition.events { handled.insert(name.name) }
            }
        }
        for (name, range) in started.sorted(by: { $0.value.start < $1.value.start }) where !handled.contains(name) {
            report(.unhandledTimer(name: name), at: range)
        }

        for block in kind.states {
            for transition in block.transitions {
                checkTransition(transition, timers: started, states: states, mode: kind.mode, scope: scope)
                referTimersAndTarget(of: transition, timers: timerDeclarations, states: stateDeclarations)
                guard let target = transition.target else { continue }
                // One report per transition, even when its block serves several states.
                for head in block.heads {
                    let reported = checkLegality(
                        from: head.name.name, outward: outward[head.name.name] ?? Builtins.initialState,
                        to: target, targetOutward: outward[target.name], mode: kind.mode)
                    if reported { break }
                }
            }
        }
    }

    /// Records the timers a transition names (but a timer's first start, its
    /// declaration) and the state it goes to.
    private mutating func referTimersAndTarget(of transition: TransitionDecl, timers: [String: Int], states: [String: Int]) {
        for case .timer(let name) in transition.events {
            if let timer = timers[name.name] { refer(name.range, to: timer) }
        }
        for action in transition.actions {
            switch action {
            case .startTimer(let name, _, _), .stopTimer(let name, _):
                if let timer = timers[name.name], model.declarations[timer].nameRange != name.range { refer(name.range, to: timer) }
            case .ignore, .restart, .assign:
                break
            }
        }
        if let target = transition.target, let state = states[target.name] { refer(target.range, to: state) }
    }

    /// R28: discrete kinds go from possible to recognized or failed; continuous kinds
    /// begin, change, then end or are cancelled, and never fail once begun. Returns
    /// whether it reported.
    private mutating func checkLegality(
        from state: String, outward: String, to target: Identifier, targetOutward: String?, mode: KindDecl.Mode
    ) -> Bool {
        let begun = outward == "began" || outward == "changed"
        let entering = targetOutward ?? target.name
        let problem: SemanticProblem?
        switch mode {
        case .discrete:
            problem =
                Builtins.continuousOnlyStates.contains(entering)
                ? .discreteEntersContinuousState(target: target.name) : nil
        case .continuous:
            if !begun, ["ended", "recognized", "cancelled"].contains(entering) {
                problem = .continuousRecognizesWithoutBeginning(target: target.name)
            } else if begun, ["failed", "possible"].contains(entering) {
                problem = .continuousFailsAfterBeginning(from: state, target: target.name)
            } else if begun, entering == "began" {
                problem = .beginsTwice(from: state)
            } else {
                problem = nil
            }
        }
        if let problem { report(problem, at: target.range) }
        return problem != nil
    }

    private mutating func checkTransition(
        _ transition: TransitionDecl, timers: [String: SourceRange], states: [String: SourceRange],
        mode: KindDecl.Mode, scope: Scope
    ) {
        for case .timer(let name) in transition.events where timers[name.name] == nil {
            reportUnknown("timer", name, candidates: timers)
        }
        if let guardExpr = transition.guardExpr { expect(guardExpr, .bool, context: "a guard", in: scope) }
        // A discrete kind's `-> began` breaks R28, which is reported instead.
        if let target = transition.target, states[target.name] == nil,
            !Builtins.terminalStates.contains(target.name),
            !(mode == .discrete && Builtins.continuousOnlyStates.contains(target.name))
        {
            // Final states need no declaration; a guess at one points at the target itself.
            var candidates = states
            for terminal in Builtins.terminalStates { candidates[terminal] = target.range }
            reportUnknown("state", target, candidates: candidates)
        }
        for action in transition.actions {
            switch action {
            case .startTimer(let name, let delay, _):
                expect(delay, .duration, context: "a timer's delay", in: scope)
                // A timer that a timer's firing starts again with no delay fires again
                // at the same instant, forever (a delay that depends on arguments is
                // caught by the engine).
                if transition.events.contains(where: { if case .timer = $0 { true } else { false } }),
                    case .number(let value, _, _)? = ConstantEvaluator().evaluate(delay), !(value > 0)
                {
                    report(
                        .timerDoesNotAdvance(name: name.name, delay: Constant.number(value, .time, isInteger: false).description),
                        at: delay.range)
                }
            case .stopTimer(let name, _):
                if timers[name.name] == nil { reportUnknown("timer", name, candidates: timers) }
            case .ignore(let keeping, _):
                if let keeping { expect(keeping, .int, context: "the touches 'ignore' keeps", in: scope) }
            case .restart:
                break
            case .assign(let variable, let op, let value, _):
                guard let type = checkAssignable(variable, in: scope) else {
                    checkExpression(value, in: scope)
                    continue
                }
                if op != .set, type.asScalar == nil {
                    report(
                        .wrongType(context: "'\(variable.name)' with '\(op.rawValue)'", expected: "a number", found: type.name), at: variable.range)
                    checkExpression(value, in: scope)
                } else {
                    expect(value, type, context: "the value assigned to '\(variable.name)'", in: scope)
                }
            }
        }
    }

    /// The type of the variable an assignment targets, or nil after reporting why it
    /// cannot be assigned.
    private mutating func checkAssignable(_ variable: Identifier, in scope: Scope) -> ValueType? {
        if let symbol = scope.names[variable.name] {
            if symbol.kind == .variable {
                refer(variable.range, to: symbol.declaration)
                return symbol.type
            }
            report(
                .assignToNonVariable(name: variable.name, isA: symbol.what), at: variable.range,
                notes: [Note("'\(variable.name)' is declared here", at: symbol.range)])
        } else if Builtins.isReserved(variable.name) {
            report(.assignToNonVariable(name: variable.name, isA: "built-in value"), at: variable.range)
        } else {
            reportUnknown(
                "variable", variable,
                candidates: scope.names.filter { $0.value.kind == .variable }.mapValues(\.range))
        }
        return nil
    }
}
