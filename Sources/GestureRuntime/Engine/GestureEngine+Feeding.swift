extension GestureEngine {
    /// Marks an instance as taking part in the current interaction.
    mutating func involve(_ instance: Int) {
        guard !instances[instance].isInvolved else { return }
        instances[instance].isInvolved = true
        involved.append(instance)
    }

    /// Feeds one event to one recognizer (§0.3 step 2): updates its measurements,
    /// then runs the first row of its table whose guard holds. A recognizer that has
    /// finished gets nothing more (R24).
    mutating func feed(_ instance: Int, event: Int, touch: Int) {
        guard instances[instance].enabled, instances[instance].final == nil else { return }
        if touch >= 0 { measure(instance, event: event, touch: touch) }
        let kind = tables.kinds[instances[instance].kind]
        let cell = kind.cellBase + instances[instance].state * kind.eventCount + event
        for rowIndex in tables.rowStarts[cell]..<tables.rowStarts[cell + 1] {
            let row = tables.rows[rowIndex]
            if row.guardRoutine >= 0, !evaluate(condition: row.guardRoutine, instance: instance, other: -1) {
                continue
            }
            if row.actions >= 0 {
                let ignore = execute(row.actions, instance: instance)
                if ignore && touch >= 0 { ignoreTouch(touch, by: instance, location: row.location) }
            }
            enter(row.target, instance: instance, location: row.location)
            return
        }
    }

    /// Brings an instance's measurements up to date with the touch's phase, in one
    /// access to its record (each `instances[i].…` is a uniqueness and a bounds check).
    private mutating func measure(_ instance: Int, event: Int, touch: Int) {
        let countsStationary = !tables.recognizers[instances[instance].recognizer].ignoresStationaryTouches
        instances[instance].measure(event: event, touch: touch, in: touches, now: now, countsStationary: countsStationary)
    }

    /// R25: the recognizer stops receiving the touch, and stops holding it back.
    private mutating func ignoreTouch(_ touch: Int, by instance: Int, location: SourceLocation) {
        guard instances[instance].touches.contains(touch) else { return }
        instances[instance].touches.remove(touch)
        instances[instance].received.remove(touch)
        instances[instance].measured.remove(touch)
        instances[instance].kinematics.updatePair(instances[instance].measured, touches)
        decide(instance, .ignoredTouch(id: touches[touch].id), location: location)
    }

    /// Applies a row's target. While the recognizer's clients see `possible`, leaving it
    /// is a request that arbitration decides (§0.3 step 3); a held recognizer moves on
    /// inside only (R54); an active one sends its action now.
    private mutating func enter(_ target: GestureProgram.Kind.Target, instance: Int, location: SourceLocation) {
        let told = instances[instance].told
        let held = instances[instance].held
        switch target {
        case .stay:
            return
        case .state(let state):
            instances[instance].state = state
            let showsPossible = tables.statesShowPossible[tables.kinds[instances[instance].kind].stateBase + state]
            if held || showsPossible { return }
            if told == .possible {
                request(instance, location: location)
            } else {
                queueAction(instance, .changed, location: location)
                instances[instance].told = .changed
            }
        case .ended:
            finish(instance, .ended)
            if held { return }
            if told == .possible {
                request(instance, location: location)
            } else {
                queueAction(instance, .ended, location: location)
                instances[instance].told = .ended
            }
        case .cancelled, .failed:
            // An active recognizer is cancelled: failing after it began is what R28
            // forbids, and the checker rejects, but a damaged table still ends the
            // gesture properly. One that never began (or is held) simply fails to its
            // clients (R28).
            if told == .began || told == .changed {
                finish(instance, .cancelled)
                queueAction(instance, .cancelled, location: location)
                instances[instance].told = .cancelled
            } else {
                fail(instance, .failedByTransition, location: location)
            }
        }
    }

    private mutating func request(_ instance: Int, location: SourceLocation) {
        instances[instance].requestLocation = location
        if !requests.contains(instance) { requests.append(instance) }
    }

    /// Enters a final state inside: timers stop, as nothing can fire them any more.
    mutating func finish(_ instance: Int, _ final: RecognizerRecord.Final) {
        instances[instance].final = final
        for timer in instances[instance].timers { deadlines[timer] = .infinity }
    }

    /// Fails a recognizer its clients see as `possible`: no action (R29), and it counts
    /// as a failure for the recognizers waiting on it.
    mutating func fail(_ instance: Int, _ reason: GestureDecision.Reason, location: SourceLocation) {
        finish(instance, .failed)
        instances[instance].told = .failed
        instances[instance].held = false
        decide(instance, reason, location: location)
    }

    /// Sets every variable to its declared initial value.
    mutating func initializeVariables(of instance: Int) {
        let base = instances[instance].variableBase
        let initials = tables.kinds[instances[instance].kind].variables
        for (offset, routine) in initials.enumerated() {
            variables[base + offset] = evaluate(number: tables.variableInitials[routine], instance: instance)
        }
    }
}
