/// What the passes of a step look at, and the timer queue.
///
/// Three passes after each event look for involved recognizers to act on: failure
/// requirements to follow (R53, R57), idle recognizers to fail (R33) and finished ones
/// to reset (R32). What each acts on is decided by a few facts about an instance and
/// the instances linked to it by a failure requirement: what its clients were told,
/// whether it is held, its touches, its running timers. So each pass looks only at the
/// instances whose facts changed since it last looked, listed as they change, and not
/// at every involved one: a chain of n taps whose n timers fire at one deadline takes
/// n steps, which would otherwise cost n each. A pass takes its instances in
/// `involved`'s order, as a walk over `involved` would; one listed during the pass
/// comes later in the same pass if it is further along, and in the next pass
/// otherwise, as the walk would find it. Listing an instance more than needed costs a
/// look that finds nothing; every change below that can make a pass act lists it.
///
/// Timers fire earliest first (ties in `involved`'s order, then the instance's own
/// order), from a queue with an entry per start of a timer; an entry whose timer was
/// stopped, restarted or whose instance left the interaction is skipped when it comes
/// out.
extension GestureEngine.Core {
    /// A pass, as a bit of `RecognizerRecord.listedFor`.
    enum Pass: UInt8 {
        case requirements = 1
        case idle = 2
        case reset = 4
    }

    /// An instance listed for the running pass, ordered by `RecognizerRecord.involvement`.
    struct Listed: Comparable {
        var involvement: Int
        var instance: Int

        static func < (a: Listed, b: Listed) -> Bool { a.involvement < b.involvement }
    }

    /// A started timer: its deadline when started, and its instance's place in
    /// `involved` then.
    struct DueTimer: Comparable {
        var deadline: Double
        var involvement: Int
        var timer: Int
        var instance: Int

        static func < (a: DueTimer, b: DueTimer) -> Bool {
            (a.deadline, a.involvement, a.timer) < (b.deadline, b.involvement, b.timer)
        }
    }

    // MARK: - Listing

    /// What its clients are told changes (`RecognizerRecord.told`). Every pass reads
    /// it, of the instance itself and of those linked to it by a failure requirement
    /// (whose requirement it began, recognized or failed, or whose reset it held back),
    /// except a `changed` after `began`: both are active alike.
    mutating func tell(_ instance: Int, _ state: RecognizerState) {
        let before = instances[instance].told
        instances[instance].told = state
        guard before != state, !(before.isActive && state.isActive) else { return }
        if tables.hasScrollPans { noteGlide(of: instance, state) }
        list(instance, .idle)
        list(instance, .reset)
        if tables.hasRequirements { list(instance, .requirements) }
        var walk = LinkedWalk(declaration: instances[instance].declaration)
        while let linked = nextLinked(&walk) {
            list(linked, .requirements)
            list(linked, .reset)
        }
    }

    /// A scroll view's pan that ends at speed sets its view's content gliding
    /// (`Glide`); one that begins (a finger caught the content) or is cancelled stops
    /// it. The release speed is the velocity of the pan's last move, unless the finger
    /// rested longer than `Glide.releaseWindow` before it lifted.
    private mutating func noteGlide(of instance: Int, _ state: RecognizerState) {
        guard tables.recognizers[instances[instance].declaration].scrollPan else { return }
        let view = instances[instance].view
        switch state {
        case .began, .cancelled:
            views[view].glideEnd = -.infinity
        case .ended:
            let kinematics = slotKinematics[instances[instance].measurementSlot]
            let rested = now - kinematics.velocityTime > Glide.releaseWindow
            views[view].glideEnd = now + Glide.duration(releaseSpeed: rested ? 0 : kinematics.velocity.length)
        case .possible, .changed, .failed:
            break
        }
    }

    /// Where a walk over the instances linked to a declaration by a failure requirement
    /// stands (`nextLinked`): telling one of them lists the others, and they reset
    /// together (R32a).
    struct LinkedWalk {
        let declaration: Int
        /// The position in `tables.linkedRequirementsOf[declaration]` of the next
        /// requirement to follow.
        var requirement = 0
        /// The next instance of the current requirement's other recognizer, or -1.
        var next = -1
    }

    /// The next involved instance linked to the walk's declaration: for each failure
    /// requirement naming it, in the tables' order, every involved instance of the
    /// recognizer at the other end, in `involved`'s order. The one place the engine
    /// follows those links; nil when the walk is over.
    func nextLinked(_ walk: inout LinkedWalk) -> Int? {
        while walk.next < 0 {
            let requirements = tables.linkedRequirementsOf[walk.declaration]
            guard walk.requirement < requirements.count else { return nil }
            let edge = program.failureRequirements[requirements[walk.requirement]]
            walk.requirement += 1
            walk.next = involvedAlike[edge.dependent == walk.declaration ? edge.required : edge.dependent].first
        }
        let linked = walk.next
        walk.next = instances[linked].nextInvolvedAlike
        return linked
    }

    /// Every involved instance, for every pass: views changed parents, so which
    /// recognizers are related (R47) may have changed.
    mutating func listEveryInvolved() {
        for position in involved.indices {
            let instance = involved[position]
            list(instance, .idle)
            list(instance, .reset)
            if tables.hasRequirements { list(instance, .requirements) }
        }
    }

    /// Lists the instance for a pass: a fact that pass reads changed (its touches, some
    /// ended or ignored; a timer stopped; whether it is held; it joined the interaction).
    mutating func list(_ instance: Int, _ pass: Pass) {
        guard instances[instance].listedFor & pass.rawValue == 0 else { return }
        instances[instance].listedFor |= pass.rawValue
        if passRunning == pass.rawValue, instances[instance].isInvolved,
            instances[instance].involvement > passReached
        {
            passOrder.insert(Listed(involvement: instances[instance].involvement, instance: instance))
            return
        }
        switch pass {
        case .requirements: listedForRequirements.append(instance)
        case .idle: listedForIdle.append(instance)
        case .reset: listedForReset.append(instance)
        }
    }

    // MARK: - Looking

    /// Starts a pass over the instances listed for it; `nextListed` gives them.
    mutating func beginPass(_ pass: Pass) {
        if looksAtEveryInvolved {
            for position in involved.indices { list(involved[position], pass) }
        }
        switch pass {
        case .requirements: swap(&listedForRequirements, &passScratch)
        case .idle: swap(&listedForIdle, &passScratch)
        case .reset: swap(&listedForReset, &passScratch)
        }
        for position in passScratch.indices {
            let instance = passScratch[position]
            if instances[instance].isInvolved {
                passOrder.insert(Listed(involvement: instances[instance].involvement, instance: instance))
            } else {
                instances[instance].listedFor &= ~pass.rawValue
            }
        }
        passScratch.removeAll()
        passRunning = pass.rawValue
        passReached = Int.min
    }

    /// The pass's next instance in `involved`'s order, or nil when the pass is over.
    mutating func nextListed(_ pass: Pass) -> Int? {
        while let listed = passOrder.removeMin() {
            instances[listed.instance].listedFor &= ~pass.rawValue
            guard instances[listed.instance].isInvolved, instances[listed.instance].involvement == listed.involvement
            else { continue }
            passReached = listed.involvement
            return listed.instance
        }
        passRunning = 0
        return nil
    }

    // MARK: - Timers

    /// Queues the instance's running timers: it started one, or joined the interaction.
    /// A timer restarted ever sooner leaves its later entries behind, which surface only
    /// at their deadlines; at twice the entries the queue held when last made (and 64),
    /// it is made again from the running timers, so that it holds what runs, not every
    /// start, at a cost shared by the starts since.
    mutating func queueTimers(of instance: Int) {
        queueRunningTimers(of: instance)
        guard timerQueue.count > timerQueueLimit else { return }
        timerQueue.removeAll()
        for position in involved.indices { queueRunningTimers(of: involved[position]) }
        timerQueueLimit = 2 * timerQueue.count + 64
    }

    private mutating func queueRunningTimers(of instance: Int) {
        for timer in instances[instance].timers where deadlines[timer].isFinite {
            timerQueue.insert(
                DueTimer(
                    deadline: deadlines[timer], involvement: instances[instance].involvement, timer: timer,
                    instance: instance))
        }
    }

    /// The earliest running timer if it is due at or before `time`, taken off the queue.
    mutating func takeTimer(dueBy time: Double) -> DueTimer? {
        guard let due = earliestTimer(), due.deadline <= time else { return nil }
        if !looksAtEveryInvolved { _ = timerQueue.removeMin() }
        return due
    }

    /// The earliest running timer of an involved instance, the queue's stale entries
    /// dropped on the way.
    mutating func earliestTimer() -> DueTimer? {
        if looksAtEveryInvolved { return earliestTimerOfEveryInvolved() }
        while let due = timerQueue.min {
            let record = instances[due.instance]
            if record.isInvolved && record.involvement == due.involvement && deadlines[due.timer] == due.deadline {
                return due
            }
            _ = timerQueue.removeMin()
        }
        return nil
    }

    /// The earliest running timer, found by walking every involved instance.
    private mutating func earliestTimerOfEveryInvolved() -> DueTimer? {
        var earliest: DueTimer?
        for position in involved.indices {
            let instance = involved[position]
            for timer in instances[instance].timers where deadlines[timer] < earliest?.deadline ?? .infinity {
                earliest = DueTimer(
                    deadline: deadlines[timer], involvement: instances[instance].involvement, timer: timer,
                    instance: instance)
            }
        }
        return earliest
    }
}

extension RecognizerState {
    /// Began or changed: what its clients see as a gesture in progress.
    var isActive: Bool { self == .began || self == .changed }
}
