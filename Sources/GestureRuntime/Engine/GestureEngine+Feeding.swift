extension GestureEngine.Core {
    /// Marks an instance as taking part in the current interaction.
    mutating func involve(_ instance: Int) {
        guard !instances[instance].isInvolved else { return }
        instances[instance].isInvolved = true
        instances[instance].involvement = involvements
        involvements &+= 1
        involved.append(instance)
        if instances[instance].timerCount > 0 {
            involvedWithTimers += 1
            queueTimers(of: instance)
        }
        list(instance, .idle)
        list(instance, .reset)
        if tables.hasRequirements { list(instance, .requirements) }
        let declaration = instances[instance].declaration
        let last = involvedAlike[declaration].last
        instances[instance].previousInvolvedAlike = last
        instances[instance].nextInvolvedAlike = -1
        if last >= 0 { instances[last].nextInvolvedAlike = instance } else { involvedAlike[declaration].first = instance }
        involvedAlike[declaration].last = instance
    }

    /// Takes an instance out of the interaction; the caller removes it from `involved`
    /// (`resetFinished` closes the list up in one pass, which keeps resetting many linear).
    mutating func uninvolve(_ instance: Int) {
        guard instances[instance].isInvolved else { return }
        instances[instance].isInvolved = false
        if instances[instance].timerCount > 0 {
            involvedWithTimers -= 1
            // With no involved instance running timers, every entry left is stale.
            if involvedWithTimers == 0 { timerQueue.removeAll() }
        }
        let declaration = instances[instance].declaration
        let previous = instances[instance].previousInvolvedAlike
        let next = instances[instance].nextInvolvedAlike
        if previous >= 0 { instances[previous].nextInvolvedAlike = next } else { involvedAlike[declaration].first = next }
        if next >= 0 { instances[next].previousInvolvedAlike = previous } else { involvedAlike[declaration].last = previous }
        instances[instance].previousInvolvedAlike = -1
        instances[instance].nextInvolvedAlike = -1
    }

    /// Feeds one input event to the recognizers of its touches (§0.3 step 2), each
    /// once, deepest view first and, on one view, most recently added first (R22,
    /// R23). Each recognizer's measurements are brought up to date with the whole event, then it
    /// gets each phase present, in UIKit's order (began, moved, ended, cancelled), with
    /// all of its touches of that phase (R12). A recognizer that has finished gets
    /// nothing more (R24), but the touches that end are over for it too, which lets
    /// it reset (R32a).
    mutating func feed(_ event: EventTouches) {
        let changed = event.all
        var listed = changed.makeIterator()
        guard let first = listed.next() else { return }
        feedings &+= 1
        if !event.ending.isEmpty { sequencesMayEnd = true }
        if listed.next() == nil && (liveHovers == 0 || touches[first].pointer != .hover) {
            // One touch changed: its own list is in feeding order already, the event is
            // the same for every recognizer tracking the touch, and has one phase.
            let phase =
                !event.downs.isEmpty
                ? GestureProgram.Event.down
                : !event.moves.isEmpty
                    ? GestureProgram.Event.move
                    : !event.ups.isEmpty ? GestureProgram.Event.up : GestureProgram.Event.cancel
            let ends = event.ending.contains(first)
            var ending = TouchSet()
            ending.insert(first)
            // The list's fed part, compacted as it goes: a recognizer that has finished,
            // or no longer tracks the touch, moves behind it, where it only waits to
            // drop the touch (`touchFed`).
            let fed = touchFed[first]
            var kept = 0
            var measured = -1
            // The slot `measured` had its measurements from: a twin whose measurements
            // are from the same slot takes its decision.
            var measuredSlot = -1
            var decision = TwinDecision()
            for position in 0..<fed {
                let instance = touchRecognizers[first][position]
                let tracks = instances[instance].touches.contains(first)
                if tracks && instances[instance].final == nil && instances[instance].enabled {
                    let takenFrom = measure(instance, event, after: measured)
                    let shared = takenFrom >= 0 && takenFrom == measuredSlot
                    measured = instance
                    measuredSlot = takenFrom >= 0 ? takenFrom : instances[instance].measurementSlot
                    let taken =
                        shared ? takeDecision(decision, instance: instance, touches: changed) : .notTaken
                    if taken == .notTaken {
                        runRow(
                            instance, event: phase, touches: changed, leaving: &decision,
                            twinMayFollow: position + 1 < fed)
                    }
                    // Still running and tracking the touch (a row may have ignored it; a
                    // plain change keeps both, unless the touch ends).
                    if taken == .changed && !ends
                        || instances[instance].final == nil && instances[instance].touches.contains(first)
                    {
                        if kept != position { touchRecognizers[first][kept] = instance }
                        kept += 1
                        continue
                    }
                } else if tracks && ends {
                    drop(ending, from: instance)
                }
                if tracks && ends { lostTouches(instance) }
                leftFeeding.append(instance)
            }
            if kept < fed {
                for moved in leftFeeding.indices { touchRecognizers[first][kept + moved] = leftFeeding[moved] }
                leftFeeding.removeAll()
                touchFed[first] = kept
            }
            if ends {
                for position in fed..<touchRecognizers[first].count {
                    let instance = touchRecognizers[first][position]
                    if instances[instance].touches.contains(first) {
                        drop(ending, from: instance)
                        lostTouches(instance)
                    }
                }
            }
            return
        }
        // Several touches changed, or a hover, whose list gains recognizers at its end as
        // it comes over their views: the event's recognizers are put in feeding order.
        eventNumber &+= 1
        eventRecognizers.removeAll()
        for touch in changed {
            for instance in touchRecognizers[touch] where instances[instance].listedInEvent != eventNumber {
                instances[instance].listedInEvent = eventNumber
                insertInFeedingOrder(instance)
            }
        }
        var measured = -1
        for position in eventRecognizers.indices {
            let instance = eventRecognizers[position]
            let tracked = instances[instance].touches
            guard !tracked.intersection(changed).isEmpty else { continue }
            let ending = tracked.intersection(event.ending)
            if instances[instance].final == nil && instances[instance].enabled {
                feed(instance, event, after: measured)
                measured = instance
            } else if !ending.isEmpty {
                drop(ending, from: instance)
            }
            if !ending.isEmpty { lostTouches(instance) }
        }
    }

    /// One running recognizer's share of an event that changed one of its touches:
    /// its measurements, then its rows. `last` is the recognizer fed before it in
    /// this event, or -1.
    @inline(__always)
    private mutating func feed(_ instance: Int, _ event: EventTouches, after last: Int) {
        let own = event.restricted(to: instances[instance].touches)
        measure(instance, own, after: last)
        // UIKit's order for one event; a phase that finished it ends its share.
        if !own.downs.isEmpty { runRow(instance, event: GestureProgram.Event.down, touches: own.downs) }
        if !own.moves.isEmpty && instances[instance].final == nil {
            runRow(instance, event: GestureProgram.Event.move, touches: own.moves)
        }
        if !own.ups.isEmpty && instances[instance].final == nil {
            runRow(instance, event: GestureProgram.Event.up, touches: own.ups)
        }
        if !own.cancels.isEmpty && instances[instance].final == nil {
            runRow(instance, event: GestureProgram.Event.cancel, touches: own.cancels)
        }
    }

    /// Brings a recognizer's measurements up to date with the event (restricted to
    /// its touches): those of its slot when a recognizer of its lineage was measured
    /// in this event already (GestureEngine+Measurements.swift); else, when `last`,
    /// measured in this event before it, is of its lineage, it holds `last`'s slot from
    /// now on and takes them; else it is measured, in place.
    /// Returns the slot it took its measurements from, or -1 when it was measured.
    @inline(__always)
    @discardableResult
    private mutating func measure(_ instance: Int, _ event: EventTouches, after last: Int) -> Int {
        var slot = instances[instance].measurementSlot
        if measurementSlots[slot].measuredIn != feedings {
            guard last >= 0 && sharesMeasurements && instances[instance].lineage.shares(with: instances[last].lineage)
            else {
                instances[instance].measure(
                    event, kinematics: &slotKinematics[slot], in: touches, now: now, call: generation,
                    geometry: &pairGeometry)
                if measurementSlots[slot].holders > 1 { markMeasured(slot, by: instance) }
                return -1
            }
            slot = shareMeasurements(instance, with: last)
        }
        let taken = measurementSlots[slot]
        instances[instance].touches = taken.touches
        instances[instance].measured = taken.measured
        measurementsCopied &+= 1
        return slot
    }

    /// The row decision of the recognizer fed last in an event, which the next one
    /// takes when it is that one's twin (`EngineTables.twinClass`): of the same class,
    /// in the same cell (kind, state and event), with the measurements it just took
    /// from the slot it shares with it (`measure`). It is left only where the guards
    /// that decided read nothing else (`EngineTables.Row.decidedByMeasurements`, or the
    /// cell's when no row fired):
    /// the twin's guards would read the same values and pick the same row, so they run
    /// once for a run of twins, and ten nested pans following one finger decide once
    /// an event.
    struct TwinDecision {
        /// The state it was decided in, -1 when there is no decision to take: with the
        /// twin class (hence the kind) and the event, which is the loop's, that is the cell.
        var state = -1
        var twinClass = -1
        /// The row that fired, or -1 when none did; its `plainTarget` and location.
        var row = -1
        var plainTarget = -1
        var location = SourceLocation(file: 0, line: 0, column: 0)
    }

    /// What became of a twin's decision (`takeDecision`).
    enum TakenDecision {
        /// Not a twin: it decides itself.
        case notTaken
        /// A plain change (`repeatChange`): it runs on, tracking its touches.
        case changed
        /// The row fired as for any recognizer, or none did.
        case fired
    }

    /// Takes the decision of the recognizer fed before, when this one is its twin and
    /// has just taken its measurements from their slot (`TwinDecision`).
    @inline(__always)
    private mutating func takeDecision(
        _ decision: TwinDecision, instance: Int, touches rowTouches: TouchSet
    ) -> TakenDecision {
        guard instances[instance].state == decision.state && instances[instance].twinClass == decision.twinClass else {
            return .notTaken
        }
        decisionsShared &+= 1
        valuesMayRepeat = true
        if decision.plainTarget >= 0 && repeatChange(instance, to: decision.plainTarget, location: decision.location) {
            return .changed
        }
        if decision.row >= 0 { fireTaken(decision.row, instance: instance, touches: rowTouches) }
        return .fired
    }

    /// `fire` for a twin that takes a decision but not as a plain change: out of line,
    /// so that the plain change stays small enough to inline into the feeding loop.
    @inline(never)
    private mutating func fireTaken(_ row: Int, instance: Int, touches rowTouches: TouchSet) {
        fire(row, instance: instance, touches: rowTouches)
    }

    /// `runRow` for the one-touch feeding, which leaves its decision for a twin fed
    /// next to take (`TwinDecision`) when one may follow.
    @inline(never)
    private mutating func runRow(
        _ instance: Int, event: Int, touches rowTouches: TouchSet, leaving decision: inout TwinDecision,
        twinMayFollow: Bool
    ) {
        let cell = instances[instance].cellBase &+ instances[instance].state &* instances[instance].eventCount &+ event
        let row = firstHoldingRow(instance, cell: cell)
        guard twinMayFollow else {
            if row >= 0 { fire(row, instance: instance, touches: rowTouches) }
            return
        }
        decision.state = -1
        if row >= 0 {
            let fired = tables.rowsBase[row]
            if fired.decidedByMeasurements && !tracesComparisons {
                decision = TwinDecision(
                    state: instances[instance].state, twinClass: instances[instance].twinClass, row: row, plainTarget: fired.plainTarget,
                    location: fired.location)
            }
            fire(row, instance: instance, touches: rowTouches)
        } else if tables.cellDecidedByMeasurements[cell] && !tracesComparisons {
            decision = TwinDecision(state: instances[instance].state, twinClass: instances[instance].twinClass)
        }
    }

    /// A row that only enters `state` (`EngineTables.Row.plainTarget`) fires for a
    /// recognizer its clients see active: it enters the state and queues its
    /// `changed` action (`queueChange`). Returns false, doing nothing, for any other
    /// recognizer, which the row fires for in full.
    @inline(__always)
    private mutating func repeatChange(_ instance: Int, to state: Int, location: SourceLocation) -> Bool {
        guard queueChange(instance, location: location) else { return false }
        instances[instance].state = state
        return true
    }

    /// The `changed` action of a recognizer its clients see active (told `began` or
    /// `changed`; a held one is told `possible`, R53), queued when it has none in
    /// this step yet: all that `queueAction` and `tell` do then. Returns false, doing
    /// nothing, otherwise: `queueAction` merges with an action queued, and `tell`
    /// lists a recognizer whose clients' state changes.
    @inline(__always)
    private mutating func queueChange(_ instance: Int, location: SourceLocation) -> Bool {
        let told = instances[instance].told
        guard told == .changed || told == .began else { return false }
        let queued = instances[instance].queuedAction
        if queued >= 0 && queued < pendingActions.count && pendingActions[queued].instance == instance { return false }
        instances[instance].told = .changed
        instances[instance].queuedAction = pendingActions.count
        pendingActions.append(PendingAction(instance: instance, phase: .changed, location: location))
        return true
    }

    /// Deepest view first (R23); at one depth, in the order the event's touches
    /// reach them, which for one view is the most recently added first, as each
    /// touch's list is. A short list, kept sorted as it grows.
    private mutating func insertInFeedingOrder(_ instance: Int) {
        let depth = instances[instance].depth
        var position = eventRecognizers.count
        eventRecognizers.append(instance)
        while position > 0 && instances[eventRecognizers[position - 1]].depth < depth {
            eventRecognizers[position] = eventRecognizers[position - 1]
            position -= 1
        }
        eventRecognizers[position] = instance
    }

    /// Runs the first row of the instance's table for `event` whose guard holds;
    /// `touches` are the row's touches, those of the phase (none for a timer). The
    /// instance is enabled and not finished: disabling or finishing it stops its timers.
    mutating func runRow(_ instance: Int, event: Int, touches rowTouches: TouchSet) {
        // Unchecked (`EngineTables.rowsBase`): the state is one the kind declares, the
        // event one it has, and the wrapping arithmetic cannot wrap on such indices.
        let cell = instances[instance].cellBase &+ instances[instance].state &* instances[instance].eventCount &+ event
        let row = firstHoldingRow(instance, cell: cell)
        if row >= 0 { fire(row, instance: instance, touches: rowTouches) }
    }

    /// The first row of the cell whose guard holds for the instance, or -1; while
    /// tracing, recorded with its comparisons (`firedRows`).
    @inline(__always)
    private mutating func firstHoldingRow(_ instance: Int, cell: Int) -> Int {
        for rowIndex in tables.rowStartsBase[cell]..<tables.rowStartsBase[cell &+ 1] {
            let row = tables.rowsBase[rowIndex]
            if tracesComparisons {
                // What decided the row, for explanations: its guard runs on the stack
                // machine, which notes each comparison.
                comparisonTrace.removeAll(keepingCapacity: true)
                if row.guardRoutine >= 0, !evaluate(condition: row.guardRoutine, instance: instance, other: -1) {
                    continue
                }
                firedRows.append(
                    FiredRow(
                        recognizer: recognizerInstance(instance), location: row.location, time: now,
                        comparisons: comparisonTrace))
            } else if row.guardRoutine >= 0 {
                let holds =
                    row.guardTerms.isEmpty
                    ? evaluate(condition: row.guardRoutine, instance: instance, other: -1)
                    : holds(row.guardTerms, instance: instance)
                guard holds else { continue }
            }
            return rowIndex
        }
        return -1
    }

    /// A row fires: its actions run, then the instance enters its target. `rowTouches`
    /// are the touches of the event's phase, which `ignore` can take from it.
    @inline(__always)
    private mutating func fire(_ rowIndex: Int, instance: Int, touches rowTouches: TouchSet) {
        let row = tables.rowsBase[rowIndex]
        if row.actions >= 0 {
            let keep = execute(row.actions, instance: instance)
            if keep >= 0 && !rowTouches.isEmpty {
                ignore(rowTouches, by: instance, keeping: keep, location: row.location)
            }
        }
        enter(row.target, showsPossible: row.targetShowsPossible, instance: instance, location: row.location)
    }

    /// R25, R74: the recognizer stops receiving the row's touches, and stops holding
    /// them back, except those among the first `keep` it tracks (by arrival): `ignore
    /// beyond 2` keeps a pinch on its first two fingers however many land at once.
    private mutating func ignore(_ rowTouches: TouchSet, by instance: Int, keeping keep: Int, location: SourceLocation) {
        var kept = TouchSet()
        for _ in 0..<min(keep, instances[instance].touches.count) {
            var first = -1
            for touch in instances[instance].touches.subtracting(kept)
            where first < 0 || touches[touch].arrival < touches[first].arrival {
                first = touch
            }
            kept.insert(first)
        }
        let ignored = rowTouches.intersection(instances[instance].touches).subtracting(kept)
        guard !ignored.isEmpty else { return }
        sequencesMayEnd = true
        for touch in ignored {
            instances[instance].received.remove(touch)
            decide(instance, .ignoredTouch(id: touches[touch].id), location: location)
        }
        drop(ignored, from: instance)
        lostTouches(instance)
    }

    /// Some of the instance's touches ended or were ignored: it may be idle (R33) or
    /// ready to reset (R32) now.
    mutating func lostTouches(_ instance: Int) {
        list(instance, .idle)
        list(instance, .reset)
    }

    /// Applies a row's target. While the recognizer's clients see `possible`, leaving it
    /// is a request that arbitration decides (§0.3 step 3); a held recognizer moves on
    /// inside only (R54); an active one sends its action now.
    @inline(__always)
    private mutating func enter(
        _ target: GestureProgram.Kind.Target, showsPossible: Bool, instance: Int, location: SourceLocation
    ) {
        let told = instances[instance].told
        let held = instances[instance].held
        switch target {
        case .stay:
            return
        case .state(let state):
            instances[instance].state = state
            if held || showsPossible { return }
            if told == .possible {
                request(instance, location: location)
            } else if !queueChange(instance, location: location) {
                queueAction(instance, .changed, location: location)
                tell(instance, .changed)
            }
        case .ended:
            finish(instance, .ended)
            if held {
                instances[instance].endLocation = location
                return
            }
            if told == .possible {
                request(instance, location: location)
            } else {
                queueAction(instance, .ended, location: location)
                tell(instance, .ended)
            }
        case .cancelled, .failed:
            // An active recognizer is cancelled: failing after it began is what R28
            // forbids, and the checker rejects, but a damaged table still ends the
            // gesture properly. One that never began (or is held) simply fails to its
            // clients (R28).
            if told == .began || told == .changed {
                finish(instance, .cancelled)
                queueAction(instance, .cancelled, location: location)
                tell(instance, .cancelled)
            } else {
                fail(instance, .failedByTransition, location: location)
            }
        }
    }

    /// Enters a final state inside: timers stop, as nothing can fire them any more.
    mutating func finish(_ instance: Int, _ final: RecognizerRecord.Final) {
        sequencesMayEnd = true
        instances[instance].final = final
        // No longer fed: it keeps the measurements it has, in a slot of its own, and no
        // recognizer fed after it joins its slot (a recognizer of its lineage fed after
        // it in this event measures itself).
        leaveLineage(instance)
        for timer in instances[instance].timers { deadlines[timer] = .infinity }
    }

    /// Fails a recognizer its clients see as `possible`: no action (R29), and it counts
    /// as a failure for the recognizers waiting on it.
    mutating func fail(_ instance: Int, _ reason: GestureDecision.Reason, location: SourceLocation) {
        sequencesMayEnd = true
        finish(instance, .failed)
        tell(instance, .failed)
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
