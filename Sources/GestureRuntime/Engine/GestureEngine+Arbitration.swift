extension GestureEngine.Core {
    /// Decides the step's requests to leave `possible`, then follows the consequences
    /// until nothing changes (§0.3 step 3): recognizers failing because one they
    /// require to fail began or recognized, released recognizers, and recognizers left
    /// with nothing to wait for (R33).
    mutating func settle() {
        while true {
            // Most steps ask nothing (a move of a pan that has begun).
            while !requests.isEmpty || !requestRuns.isEmpty, let instance = nextRequest() { attempt(instance) }
            if tables.hasRequirements && followRequirements() { continue }
            if !sequencesMayEnd || !failIdle() { return }
        }
    }

    /// One recognizer trying to leave `possible`: failure requirements (R53–R58),
    /// `shouldBegin` (R59), a related recognizer already active (R47, Decision 5);
    /// then it begins or recognizes and excludes the related recognizers still
    /// `possible` (R46–R49).
    private mutating func attempt(_ instance: Int) {
        guard instances[instance].told == .possible, instances[instance].final != .failed else { return }
        switch requirementStatus(instance) {
        case .recognized(let required, let location):
            fail(instance, .requiredRecognized(recognizerInstance(required)), location: location)
            return
        case .waiting(let required, let location):
            if !instances[instance].held {
                instances[instance].held = true
                list(instance, .idle)
                list(instance, .requirements)
                decide(instance, .held(waitingFor: recognizerInstance(required)), location: location)
            }
            return
        case .clear:
            if instances[instance].held {
                instances[instance].held = false
                list(instance, .idle)
                list(instance, .requirements)
                decide(instance, .released, location: instances[instance].requestLocation)
            }
        }
        let declaration = tables.recognizers[instances[instance].declaration]
        if declaration.shouldBegin >= 0, !evaluate(condition: declaration.shouldBegin, instance: instance, other: -1) {
            fail(instance, .vetoedShouldBegin, location: declaration.location)
            return
        }
        if let (view, reason) = viewVetoing(instance) {
            fail(instance, reason, location: program.views[views[view].role].location)
            return
        }
        for position in involved.indices {
            let active = involved[position]
            let told = instances[active].told
            guard active != instance, told == .began || told == .changed,
                related(instances[active].view, instances[instance].view)
            else { continue }
            // Said already when `active` began, if at all: asked quietly here.
            if competes(winner: active, loser: instance, explain: false) {
                fail(
                    instance, .excluded(by: recognizerInstance(active)),
                    location: tables.recognizers[instances[active].declaration].location)
                return
            }
        }
        begin(instance)
        for position in involved.indices {
            let other = involved[position]
            guard other != instance, instances[other].told == .possible, instances[other].final != .failed,
                related(instances[other].view, instances[instance].view)
            else { continue }
            // A recognizer that requires this one to fail fails by its requirement, at
            // once, held or not (R53); any other, held ones included, is still possible
            // and can be excluded (R58).
            if let (required, location) = recognizedRequirement(of: other) {
                fail(other, .requiredRecognized(recognizerInstance(required)), location: location)
            } else if competes(winner: instance, loser: other) {
                fail(other, .excluded(by: recognizerInstance(instance)), location: declaration.location)
            }
        }
    }

    /// Whether `winner`, leaving `possible`, excludes `loser`: not when either may
    /// recognize with the other (R48, R48a), nor when the winner cannot prevent the
    /// loser (R48, R49). Says why when it does not.
    private mutating func competes(winner: Int, loser: Int, explain: Bool = true) -> Bool {
        if let group = simultaneityGroup(winner, loser) {
            if explain { decide(loser, .simultaneous(with: recognizerInstance(winner)), location: group) }
            return false
        }
        if let rule = preventionRule(winner, loser) {
            if explain { decide(loser, .notPrevented(by: recognizerInstance(winner)), location: rule) }
            return false
        }
        return true
    }

    /// The outward transition out of `possible`: `began` for a continuous recognizer,
    /// `recognized` for a discrete one, and for one released after finishing inside,
    /// both of its actions at once (R54: its first action still reports `began`).
    private mutating func begin(_ instance: Int) {
        let location = instances[instance].requestLocation
        let discrete = tables.kinds[instances[instance].kind].discrete
        if instances[instance].final != .failed { takeTouchesFromViews(of: instance) }
        switch instances[instance].final {
        case .ended:
            if !discrete { queueAction(instance, .began, location: location) }
            queueAction(instance, .ended, location: instances[instance].endLocation ?? location)
            tell(instance, .ended)
        case .cancelled:
            queueAction(instance, .began, location: location)
            queueAction(instance, .cancelled, location: location)
            tell(instance, .cancelled)
        case .failed:
            return
        case nil:
            queueAction(instance, .began, location: location)
            tell(instance, .began)
        }
    }

    /// The view that says no to the recognizer leaving `possible`, if any, and why: its
    /// own view's `shouldBegin` first, then, for the bound view of each touch it
    /// received, a control's claim (R44), a view keeping a touch from a scroll view's
    /// pan (R79) and the view's `shouldBegin` (R45, Decision 6). Each view's
    /// `shouldBegin` is asked once, with `other` the recognizer.
    private mutating func viewVetoing(_ instance: Int) -> (view: Int, reason: GestureDecision.Reason)? {
        let own = instances[instance].view
        if saysNo(own, to: instance) { return (own, .vetoedByView(viewInstance(own))) }
        for touch in instances[instance].received {
            // A touch whose view was removed is bound to none: no view to ask.
            let view = touches[touch].view
            guard view >= 0, view != own else { continue }
            if tables.hasControls, isClaimed(instance, by: view) { return (view, .claimedByControl(viewInstance(view))) }
            if tables.hasScrollPans, keepsTouch(touch, from: instance) { return (view, .keptByView(viewInstance(view))) }
            if !isAskedBefore(view, touch: touch, of: instance), saysNo(view, to: instance) {
                return (view, .vetoedByView(viewInstance(view)))
            }
        }
        return nil
    }

    private mutating func saysNo(_ view: Int, to instance: Int) -> Bool {
        let routine = tables.roleShouldBegin[views[view].role]
        return routine >= 0 && !evaluate(condition: routine, instance: instance, other: instance)
    }

    /// R44: whether `view` is a control whose default action the recognizer, on
    /// another view, would take over: a single tap on a button, a swipe along a
    /// slider's track, a pan of a switch's knob (`GestureProgram.Claim`).
    private mutating func isClaimed(_ instance: Int, by view: Int) -> Bool {
        guard let control = program.views[views[view].role].control else { return false }
        let declaration = instances[instance].declaration
        guard let claim = control.claims.first(where: { $0.recognizer == declaration }) else { return false }
        if !claim.alongAxis { return true }
        let direction = Self.directionBits(feature(.dominantDirection, of: instance).x)
        return control.axis.rawValue & direction != 0
    }

    /// R79: whether a scroll view's pan must let the touch be, because the view it is
    /// bound to already tracks it (it was delivered `began`) and either the view says
    /// no to `touchesShouldCancel(in:)` (a control, by default) or the pan may not take
    /// touches at all (`cancelsTouchesInView` false, UIKit's `canCancelContentTouches`).
    private mutating func keepsTouch(_ touch: Int, from instance: Int) -> Bool {
        let declaration = tables.recognizers[instances[instance].declaration]
        guard declaration.scrollPan, touches[touch].delivery == .open else { return false }
        return !declaration.cancelsTouchesInView || !program.views[views[touches[touch].view].role].touchesShouldCancel
    }

    /// Whether an earlier touch of the recognizer is bound to the same view.
    private mutating func isAskedBefore(_ view: Int, touch: Int, of instance: Int) -> Bool {
        instances[instance].received.contains { $0 < touch && touches[$0].view == view }
    }

    // MARK: - Failure requirements

    enum RequirementStatus {
        case clear
        case waiting(for: Int, location: SourceLocation)
        case recognized(Int, location: SourceLocation)
    }

    /// Where an instance stands with the recognizers it requires to fail. Which
    /// requirements hold is decided once per recognition attempt (R56); the instances
    /// they name are those of the required recognizer on a related view that take part
    /// in the interaction (an idle one has nothing left to fail).
    mutating func requirementStatus(_ instance: Int) -> RequirementStatus {
        decideRequirements(instance)
        var waiting = RequirementStatus.clear
        let base = instances[instance].requirementBase
        for (position, edgeIndex) in tables.requirementsOf[instances[instance].declaration].enumerated()
        where requirementChoices[base + position] {
            let edge = program.failureRequirements[edgeIndex]
            var next = involvedAlike[edge.required].first
            while next >= 0 {
                let required = next
                next = instances[required].nextInvolvedAlike
                guard required != instance, related(instances[required].view, instances[instance].view) else {
                    continue
                }
                switch instances[required].told {
                case .began, .changed, .ended:
                    return .recognized(required, location: edge.location)
                case .possible:
                    if case .clear = waiting { waiting = .waiting(for: required, location: edge.location) }
                case .cancelled, .failed:
                    break
                }
            }
        }
        return waiting
    }

    /// Fixes which conditional requirements hold for this attempt (R56).
    mutating func decideRequirements(_ instance: Int) {
        guard !instances[instance].requirementsDecided else { return }
        let base = instances[instance].requirementBase
        for (position, edgeIndex) in tables.requirementsOf[instances[instance].declaration].enumerated() {
            let condition = program.failureRequirements[edgeIndex].condition
            requirementChoices[base + position] = condition.map { evaluateSet($0, instance: instance) } ?? true
        }
        instances[instance].requirementsDecided = true
    }

    /// The cascade (R53, R57, §0.3 step 3): a recognizer still `possible` fails the
    /// moment one it requires to fail has begun or recognized, whether it asked to
    /// leave `possible` yet or not; a held one whose required recognizers have all
    /// failed is released (a new request). Returns whether anything changed.
    private mutating func followRequirements() -> Bool {
        var changed = false
        beginPass(.requirements)
        while let instance = nextListed(.requirements) {
            guard instances[instance].requirementCount > 0, instances[instance].told == .possible else { continue }
            if let (required, location) = recognizedRequirement(of: instance) {
                fail(instance, .requiredRecognized(recognizerInstance(required)), location: location)
                changed = true
            } else if instances[instance].held, !instances[instance].isRequested,
                case .clear = requirementStatus(instance)
            {
                request(instance, location: instances[instance].requestLocation)
                changed = true
            }
        }
        return changed
    }

    /// The required recognizer that has begun or recognized, with its requirement's
    /// location, if one has. Which conditional requirements hold is decided only then,
    /// once for the attempt (R56), so a recognizer none of whose required recognizers
    /// has recognized is not asked early.
    private mutating func recognizedRequirement(of instance: Int) -> (Int, SourceLocation)? {
        guard anyRequiredHasRecognized(instance),
            case .recognized(let required, let location) = requirementStatus(instance)
        else { return nil }
        return (required, location)
    }

    private mutating func anyRequiredHasRecognized(_ instance: Int) -> Bool {
        guard instances[instance].requirementCount > 0 else { return false }
        for edgeIndex in tables.requirementsOf[instances[instance].declaration] {
            var next = involvedAlike[program.failureRequirements[edgeIndex].required].first
            while next >= 0 {
                let required = next
                next = instances[required].nextInvolvedAlike
                guard required != instance else { continue }
                switch instances[required].told {
                case .began, .changed, .ended:
                    if related(instances[required].view, instances[instance].view) { return true }
                case .possible, .cancelled, .failed:
                    break
                }
            }
        }
        return false
    }

    /// R33: a recognizer still `possible` with no touch down and no timer running can
    /// never move again; it fails, which releases whatever waits on it. Returns whether
    /// any did.
    private mutating func failIdle() -> Bool {
        var any = false
        beginPass(.idle)
        while let instance = nextListed(.idle) {
            guard instances[instance].told == .possible, !instances[instance].held, instances[instance].final == nil,
                instances[instance].touches.isEmpty, !hasRunningTimer(instance)
            else { continue }
            fail(instance, .failedIdle, location: tables.kinds[instances[instance].kind].location)
            any = true
        }
        return any
    }

    mutating func hasRunningTimer(_ instance: Int) -> Bool {
        instances[instance].timers.contains { deadlines[$0].isFinite }
    }

    // MARK: - Simultaneity and prevention

    /// The location of what lets `a` and `b` recognize together, if anything does: a
    /// simultaneity group holding both whose condition holds (asked of `a`), or either
    /// one's `shouldRecognizeSimultaneously` (a yes from either side wins, R48).
    private mutating func simultaneityGroup(_ a: Int, _ b: Int) -> SourceLocation? {
        let declarationA = instances[a].declaration
        let declarationB = instances[b].declaration
        for groupIndex in tables.groupsOf[declarationA] {
            let group = program.simultaneityGroups[groupIndex]
            guard group.members.contains(declarationB) else { continue }
            if let condition = group.condition, !evaluateSet(condition, instance: a) { continue }
            return group.location
        }
        if let location = saysSimultaneous(a, other: b) { return location }
        return saysSimultaneous(b, other: a)
    }

    /// `asker`'s `shouldRecognizeSimultaneously` about `other`: its declaration's
    /// location when the answer is yes.
    private mutating func saysSimultaneous(_ asker: Int, other: Int) -> SourceLocation? {
        let declaration = tables.recognizers[instances[asker].declaration]
        guard declaration.shouldRecognizeSimultaneously >= 0,
            evaluate(condition: declaration.shouldRecognizeSimultaneously, instance: asker, other: other)
        else { return nil }
        return declaration.location
    }

    /// Whether `winner` can prevent `loser` (UIKit's `canPrevent` and
    /// `canBePrevented`, R48, R49).
    mutating func canPrevent(_ winner: Int, _ loser: Int) -> Bool {
        preventionRule(winner, loser) == nil
    }

    /// The location of the rule by which `winner` cannot prevent `loser`, if any: an
    /// explicit `cannot prevent`, the winner's kind's `cannot prevent`, or the loser's
    /// kind's `cannot be prevented by`.
    private mutating func preventionRule(_ winner: Int, _ loser: Int) -> SourceLocation? {
        let winnerKind = instances[winner].kind
        let loserKind = instances[loser].kind
        // Most kinds have no rule, and most recognizers no exemption: nothing to ask.
        if tables.kinds[winnerKind].preventionRules.isEmpty && tables.kinds[loserKind].preventionRules.isEmpty
            && tables.exemptionsOf[instances[winner].declaration].isEmpty
        {
            return nil
        }
        let key =
            tables.preventionClass[instances[winner].declaration] * tables.preventionClassCount
            + tables.preventionClass[instances[loser].declaration]
        if let known = preventionAnswers[key] { return known }
        let answer = workOutPreventionRule(winner, loser)
        if preventionAnswers.count < Self.maximumPreventionAnswers { preventionAnswers[key] = answer }
        return answer
    }

    private mutating func workOutPreventionRule(_ winner: Int, _ loser: Int) -> SourceLocation? {
        let winnerDeclaration = instances[winner].declaration
        let loserDeclaration = instances[loser].declaration
        if tables.exemptionsOf[winnerDeclaration].contains(loserDeclaration) {
            return program.preventionExemptions.first {
                $0.preventer == winnerDeclaration && $0.prevented == loserDeclaration
            }?.location
        }
        let winnerKind = instances[winner].kind
        let loserKind = instances[loser].kind
        for index in tables.kinds[winnerKind].preventionRules {
            let rule = tables.preventionRules[index]
            guard rule.cannotPrevent, rule.otherKind == loserKind else { continue }
            if rule.condition < 0 || evaluate(condition: rule.condition, instance: winner, other: loser) {
                return rule.location
            }
        }
        for index in tables.kinds[loserKind].preventionRules {
            let rule = tables.preventionRules[index]
            guard !rule.cannotPrevent, rule.otherKind == winnerKind else { continue }
            if rule.condition < 0 || evaluate(condition: rule.condition, instance: loser, other: winner) {
                return rule.location
            }
        }
        return nil
    }

    // MARK: - Reset

    /// Resets every finished recognizer whose touches are all over, except while a
    /// recognizer linked to it by a failure requirement is still undecided: linked
    /// recognizers reset together (R32, R32a, R34).
    mutating func resetFinished() {
        var any = false
        beginPass(.reset)
        while let instance = nextListed(.reset) {
            if isFinished(instance) && instances[instance].touches.isEmpty && linkedAreFinished(instance) {
                reset(instance)
                any = true
            }
        }
        guard any else { return }
        // Those reset leave the list, which closes up behind them in one pass.
        var kept = 0
        for position in involved.indices {
            let instance = involved[position]
            guard instances[instance].isInvolved else { continue }
            if kept != position { involved[kept] = instance }
            kept += 1
        }
        involved.truncate(to: kept)
    }

    private mutating func isFinished(_ instance: Int) -> Bool {
        switch instances[instance].told {
        case .ended, .cancelled, .failed: true
        case .possible, .began, .changed: false
        }
    }

    /// Whether every other instance linked to this one by a failure requirement, on a
    /// related view, is finished (`nextLinked`).
    private mutating func linkedAreFinished(_ instance: Int) -> Bool {
        var walk = LinkedWalk(declaration: instances[instance].declaration)
        while let linked = nextLinked(&walk) {
            if linked != instance, related(instances[linked].view, instances[instance].view), !isFinished(linked) {
                return false
            }
        }
        return true
    }

    /// Back to `possible` with initial variables, stopped timers and no touches, and
    /// out of the interaction; the caller removes it from `involved`.
    mutating func reset(_ instance: Int) {
        finish(instance, .failed)
        instances[instance].final = nil
        instances[instance].endLocation = nil
        instances[instance].state = 0
        tell(instance, .possible)
        instances[instance].held = false
        instances[instance].requirementsDecided = false
        instances[instance].touches.removeAll()
        instances[instance].measured.removeAll()
        instances[instance].received.removeAll()
        instances[instance].sequenceTouchType = nil
        instances[instance].sequencePointer = nil
        // `finish` left its lineage: the slot is its own.
        slotKinematics[instances[instance].measurementSlot] = Kinematics()
        initializeVariables(of: instance)
        uninvolve(instance)
        decide(instance, .reset, location: tables.recognizers[instances[instance].declaration].location)
    }
}
