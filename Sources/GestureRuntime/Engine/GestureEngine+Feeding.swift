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
        let kind = instances[instance].kind
        let table = program.kinds[kind]
        let cell = instances[instance].state * table.eventCount + event
        let base = kindRoutineBase[kind]
        for rowIndex in table.rowStarts[cell]..<table.rowStarts[cell + 1] {
            let row = table.rows[rowIndex]
            if let guardRoutine = row.guardRoutine, !evaluate(condition: base + guardRoutine, instance: instance, other: -1) {
                continue
            }
            if let actions = row.actions {
                let ignore = execute(base + actions, instance: instance)
                if ignore && touch >= 0 { ignoreTouch(touch, by: instance, location: row.location) }
            }
            enter(row.target, instance: instance, location: row.location)
            return
        }
    }

    /// Brings an instance's measurements up to date with the touch's phase. On a
    /// `down` the new touch is already counted, on an `up` it is not any more.
    private mutating func measure(_ instance: Int, event: Int, touch: Int) {
        let record = touches[touch]
        var k = instances[instance].kinematics
        k.sample(at: now)
        k.lastRole = record.role
        k.lastTapCount = record.tapCount
        switch event {
        case GestureProgram.Event.down:
            if !k.started {
                k = Kinematics()
                k.started = true
                k.startTime = now
                k.currentTime = now
                k.sampleTime = now
                k.lastRole = record.role
                k.lastTapCount = record.tapCount
            }
            if !k.startFixed { k.startLocation = centroid(of: instances[instance].touches) }
            k.updatePair(instances[instance].touches, touches)
        case GestureProgram.Event.move:
            let count = instances[instance].touches.count
            if count > 0 {
                // The centroid moves by the touch's movement shared among the touches
                // down, so fingers landing or lifting never make it jump.
                k.translation = k.translation + (record.location - record.previousLocation) / Double(count)
            }
            k.movement = max(k.movement, (record.location - record.downLocation).length)
            k.updatePair(instances[instance].touches, touches)
            k.updateVelocities()
        default:
            // up and cancel: the touch leaves the recognizer.
            k.lastLocation = centroid(of: instances[instance].touches)
            instances[instance].touches.removeAll { $0 == touch }
            k.startFixed = true
            k.updatePair(instances[instance].touches, touches)
        }
        if !instances[instance].touches.isEmpty {
            k.lastLocation = centroid(of: instances[instance].touches)
        }
        instances[instance].kinematics = k
    }

    func centroid(of slots: [Int]) -> Point {
        guard !slots.isEmpty else { return .zero }
        var sum = Point.zero
        for slot in slots { sum = sum + touches[slot].location }
        return sum / Double(slots.count)
    }

    /// R25: the recognizer stops receiving the touch, and stops holding it back.
    private mutating func ignoreTouch(_ touch: Int, by instance: Int, location: SourceLocation) {
        guard let position = instances[instance].touches.firstIndex(of: touch) else { return }
        instances[instance].touches.remove(at: position)
        instances[instance].kinematics.updatePair(instances[instance].touches, touches)
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
            let outward = program.kinds[instances[instance].kind].states[state].outward
            if held || outward == .possible { return }
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
        case .cancelled:
            if told == .began || told == .changed {
                finish(instance, .cancelled)
                queueAction(instance, .cancelled, location: location)
                instances[instance].told = .cancelled
            } else {
                // Never began (or held): to its clients it simply fails (R28).
                fail(instance, .failedByTransition, location: location)
            }
        case .failed:
            if told == .began || told == .changed {
                // R28 forbids it and the checker rejects it; a damaged table still
                // ends the gesture properly.
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
        let record = instances[instance]
        let kind = program.kinds[record.kind]
        for (index, variable) in kind.variables.enumerated() {
            variables[record.variableBase + index] = evaluate(
                number: kindRoutineBase[record.kind] + variable.initialValue, instance: instance)
        }
    }
}
