/// The host's input: touch events, the clock, interruptions, enabling. Each call is
/// one input event, processed as one step (docs/semantics.md §0.3); timers due before it fire
/// first, each as an event of its own.
extension GestureEngine.Core {
    /// The system cancelled the touch (R16): a cancel at the touch's last location.
    mutating func cancelTouch(_ id: Int, time: Double, scene: borrowing Scene) throws(EngineError) {
        var location = Point.zero
        if let touch = slot(of: id) { location = touches[touch].location }
        try step(TouchChange(id: id, phase: .cancel, location: location), time: time, scene: scene)
    }

    /// A system interruption (`GestureEngine.interrupt(time:)`, R16).
    mutating func interrupt(time: Double) throws(EngineError) {
        try start(at: time)
        endInteraction(.interrupted)
        finishStep()
    }

    /// Removes a view and its subtree (`GestureEngine.removeView`). Removal ends only
    /// what the subtree holds: a touch bound to a removed view is cancelled for that
    /// view if it had seen it begin, and is bound to no view from then on (as a touch
    /// that recognition took from its view, §0.3 step 4: UIKit's `UITouch.view` is nil);
    /// the recognizers attached to removed views end, cancelled if they had begun,
    /// failed if not, and drop their touches. Recognizers of views still in the window
    /// go on tracking the touch, its moves and its lift: a list keeps scrolling while
    /// the cell under the finger is deleted. `scene` still has the subtree, which it
    /// walks. Their slots are taken again once the interaction is over
    /// (`reclaimRemovedViews`).
    mutating func removeView(_ root: Int, time: Double, scene: borrowing Scene) throws(EngineError) {
        try start(at: time)
        let removed = viewInstance(root)
        var next: Int? = root
        while let view = next {
            views[view].removed = true
            removedViews.append(view)
            next = scene.next(after: view, within: root)
        }
        var unbound = TouchSet()
        for touch in touches.indices where touches[touch].occupied {
            let view = touches[touch].view
            guard view >= 0, views[view].removed else { continue }
            // The view leaves with the touch in progress: after this step's actions it
            // hears it cancelled (R16), or nothing if it never saw it begin (R41).
            if delivering.contains(touch) { touches[touch].systemCancelled = true }
            unbound.insert(touch)
        }
        var position = 0
        while position < involved.count {
            let instance = involved[position]
            position += 1
            guard views[instances[instance].view].removed else { continue }
            if instances[instance].final == nil || instances[instance].held {
                terminate(instance, .viewRemoved(removed))
            }
            drop(instances[instance].touches, from: instance)
            lostTouches(instance)
        }
        // Those recognizers, having dropped their touches, reset in this step (R32a).
        sequencesMayEnd = true
        finishStep()
        for touch in unbound {
            touches[touch].view = -1
            touches[touch].role = -1
            touches[touch].systemCancelled = false
        }
    }

    /// A system interruption's end of the interaction (R16): every touch in progress is
    /// cancelled for its view and its recognizers, which end: cancelled if they had
    /// begun, failed if not.
    private mutating func endInteraction(_ reason: GestureDecision.Reason) {
        var event = EventTouches()
        for touch in touches.indices where touches[touch].occupied {
            if delivering.contains(touch) { touches[touch].systemCancelled = true }
            guard touches[touch].live else { continue }
            touches[touch].cancel(at: now, order: event.cancels.count)
            event.cancels.insert(touch)
            over.insert(touch)
        }
        feed(event)
        var position = 0
        while position < involved.count {
            let instance = involved[position]
            position += 1
            guard instances[instance].final == nil || instances[instance].held else { continue }
            terminate(instance, reason)
        }
    }

    /// Fires every timer due at or before `time`, each at its own deadline.
    mutating func advance(to time: Double) throws(EngineError) {
        try start(at: time)
        now = time
    }

    /// The earliest running timer's deadline, if any.
    mutating func nextDeadline() -> Double? {
        earliestTimer()?.deadline
    }

    /// Enables or disables a recognizer instance (`GestureEngine.setEnabled`, R60, R61).
    mutating func setEnabled(_ instance: RecognizerInstance, _ enabled: Bool, time: Double) throws(EngineError) {
        guard let index = current(instance) else { throw .unknownRecognizer(instance) }
        try start(at: time)
        guard instances[index].enabled != enabled else { return }
        instances[index].enabled = enabled
        if !enabled && instances[index].isInvolved {
            terminate(index, .disabled)
            instances[index].touches.removeAll()
            lostTouches(index)
            instances[index].measured.removeAll()
            leaveLineage(index)
            settle()
            sendActions()
            deliverTouches()
            flushDeliveries()
            reset(index)
            if let position = involved.firstIndex(of: index) { involved.remove(at: position) }
            resetFinished()
            freeFinishedTouches()
            if !removedViews.isEmpty { reclaimRemovedViews() }
        }
    }

    /// Ends a recognizer from outside its table: cancelled if it had begun, failed
    /// if its clients still see `possible`; either way it sends nothing more.
    private mutating func terminate(_ instance: Int, _ reason: GestureDecision.Reason) {
        let location = tables.recognizers[instances[instance].declaration].location
        switch instances[instance].told {
        case .began, .changed:
            queueAction(instance, .cancelled, location: location)
            tell(instance, .cancelled)
            finish(instance, .cancelled)
        case .possible:
            decide(instance, reason, location: location)
            tell(instance, .failed)
            finish(instance, .failed)
        case .ended, .cancelled, .failed:
            break
        }
        instances[instance].held = false
    }

    // MARK: - Steps

    /// One input event (`GestureEngine.handle(_:time:)`), for any collection,
    /// specialized here for arrays: a generic public entry would run unspecialized when
    /// called from another module. `scene` finds the view of a new touch the host does
    /// not name.
    mutating func step<Changes: Collection<TouchChange>>(_ changes: Changes, time: Double, scene: borrowing Scene)
        throws(EngineError)
    {
        try check(changes, time: time)
        try start(at: time)
        var event = EventTouches()
        for (order, change) in changes.enumerated() {
            let found = change.phase == .down ? -1 : slot(of: change.id) ?? -1
            apply(change, order: order, slot: found, to: &event, scene: scene)
        }
        feed(event)
        finishStep()
    }

    /// An input event of one change (`touchDown`, `touchMove`, `touchUp`,
    /// `touchCancel`): the checks of `check` for one change, in its order, with the
    /// touch found once.
    mutating func step(_ change: TouchChange, time: Double, scene: borrowing Scene) throws(EngineError) {
        guard time.isFinite else { throw .notFinite }
        guard time >= now else { throw .timeWentBackwards(now: now, given: time) }
        guard change.location.x.isFinite, change.location.y.isFinite, change.scale.isFinite, change.rotation.isFinite
        else { throw .notFinite }
        var found = -1
        if change.phase == .down {
            try checkFreeSlot(taking: 1)
            try checkNewTouch(change)
        } else {
            guard let touch = slot(of: change.id) else { throw .touchNotDown(id: change.id) }
            // Timers firing before the change end no touch: the slot stays its own.
            found = touch
        }
        try start(at: time)
        var event = EventTouches()
        apply(change, order: 0, slot: found, to: &event, scene: scene)
        feed(event)
        finishStep()
    }

    /// One change of an event, checked: a new touch for a `down` (`found` is -1), else
    /// the change of the touch in slot `found`.
    @inline(__always)
    private mutating func apply(
        _ change: TouchChange, order: Int, slot found: Int, to event: inout EventTouches, scene: borrowing Scene
    ) {
        switch change.phase {
        case .down:
            let view = change.view?.index ?? scene.hitTest(change.location) ?? -1
            let touch = newTouch(id: change.id, at: change.location, view: view, type: change.touchType)
            touches[touch].changeOrder = order
            if let pointer = change.pointer {
                // A scroll or a transform reaches recognizers only, never a view (R88).
                touches[touch].pointer = pointer
                touches[touch].scale = change.scale
                touches[touch].rotation = change.rotation
                if pointer == .hover { liveHovers += 1 }
                if view >= 0 { gatherPointer(touch) }
            } else if view >= 0 {
                gather(touch)
                if admitsDelivery(to: view, excluding: touch, in: scene) {
                    touches[touch].delivery = .withheld
                    delivering.insert(touch)
                }
            }
            event.downs.insert(touch)
        case .move:
            guard found >= 0 else { return }
            touches[found].change(to: change.location, at: now, order: order, lifting: false)
            if let pointer = touches[found].pointer {
                touches[found].transform(change)
                if pointer == .hover { rehitHover(found, at: change.location, scene: scene) }
            }
            event.moves.insert(found)
        case .up:
            guard found >= 0 else { return }
            touches[found].change(to: change.location, at: now, order: order, lifting: true)
            if touches[found].pointer == nil {
                lastLift = (change.location, now, touches[found].tapCount)
            } else {
                touches[found].transform(change)
            }
            event.ups.insert(found)
            over.insert(found)
        case .cancel:
            // The system cancelled the touch (R16).
            guard found >= 0 else { return }
            touches[found].cancel(at: now, order: order)
            event.cancels.insert(found)
            over.insert(found)
        }
    }

    /// Throws for the first invalid change, before anything happens. An event can
    /// change each touch down once and add as many as there are free slots, so the
    /// first change past that is refused before the event costs more.
    private mutating func check<Changes: Collection<TouchChange>>(_ changes: Changes, time: Double)
        throws(EngineError)
    {
        guard time.isFinite else { throw .notFinite }
        guard time >= now else { throw .timeWentBackwards(now: now, given: time) }
        var newTouches = 0
        for (position, change) in changes.enumerated() {
            guard change.location.x.isFinite, change.location.y.isFinite, change.scale.isFinite, change.rotation.isFinite
            else { throw .notFinite }
            if change.phase == .down {
                newTouches += 1
                try checkFreeSlot(taking: newTouches)
            }
            // Each change before this one is a free slot taken or a touch down changed,
            // so fewer than 2 × `maximumTouches` are compared: the check stays bounded.
            if changes.prefix(position).contains(where: { $0.id == change.id }) {
                throw .touchTwiceInEvent(id: change.id)
            }
            if change.phase == .down {
                try checkNewTouch(change)
            } else {
                guard slot(of: change.id) != nil else { throw .touchNotDown(id: change.id) }
            }
        }
    }

    /// Whether `newTouches` new touches fit in the free slots.
    private mutating func checkFreeSlot(taking newTouches: Int) throws(EngineError) {
        guard newTouches <= freeTouches.count + GestureEngine.maximumTouches - touches.count else {
            throw .tooManyTouches
        }
    }

    /// A touch-down's id is not down already, and the view it names exists.
    private mutating func checkNewTouch(_ change: TouchChange) throws(EngineError) {
        guard slot(of: change.id) == nil else { throw .touchAlreadyDown(id: change.id) }
        if let view = change.view { try check(view) }
    }

    /// Checks the time, starts a new call's outputs, and fires the timers due before
    /// `time`.
    private mutating func start(at time: Double) throws(EngineError) {
        guard time.isFinite else { throw .notFinite }
        guard time >= now else { throw .timeWentBackwards(now: now, given: time) }
        clearOutputs()
        if involvedWithTimers > 0 { try fireTimers(through: time) }
        now = time
    }

    /// Starts a new call's outputs, empty: every call that succeeds clears what the
    /// last one produced, a change of the scene too (which produces nothing), so a host
    /// that reads `outputs` after each call never reads one call's outputs twice.
    mutating func clearOutputs() {
        OutputStorage.reuse(&outputs, capacity: 64)
        OutputStorage.reuse(&reportedValues, capacity: 64)
        OutputStorage.reuse(&deliveredTouches, capacity: 16)
        if tracesComparisons { firedRows.removeAll(keepingCapacity: true) }
        generation &+= 1
    }

    /// Timers due at or before `time`, earliest first (ties in instance order), each
    /// as an input event of its own. A timer never fires twice at one instant: one
    /// that its own firing (or another timer's at that instant) restarted with no
    /// delay, or with one the clock absorbs (10 ms at 10¹⁵ s), would fire forever. It
    /// is stopped and the call throws `timerDoesNotAdvance`; the steps of the timers
    /// that fired before it stand.
    private mutating func fireTimers(through time: Double) throws(EngineError) {
        while involvedWithTimers > 0 {
            guard let next = takeTimer(dueBy: time) else { return }
            let earliest = next.deadline
            let due = next.instance
            let dueTimer = next.timer
            deadlines[dueTimer] = .infinity
            list(due, .idle)
            if firedInCall[dueTimer] == generation && firedAt[dueTimer] == earliest {
                throw .timerDoesNotAdvance(recognizerInstance(due))
            }
            firedAt[dueTimer] = earliest
            firedInCall[dueTimer] = generation
            sequencesMayEnd = true
            now = earliest
            runRow(due, event: GestureProgram.Event.firstTimer + dueTimer - instances[due].timerBase, touches: TouchSet())
            finishStep()
        }
    }

    /// Resolves what the step's feeding asked for, takes touches from views, sends the
    /// actions, delivers touches to views, and resets the recognizers whose sequence
    /// is over (§0.3 steps 3–7).
    private mutating func finishStep() {
        settle()
        sendActions()
        if !delivering.isEmpty { deliverTouches() }
        if !pendingDeliveries.isEmpty { flushDeliveries() }
        if sequencesMayEnd { resetFinished() }
        if !over.isEmpty { freeFinishedTouches() }
        sequencesMayEnd = false
        if !removedViews.isEmpty { reclaimRemovedViews() }
    }
}
