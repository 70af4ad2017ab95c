/// The engine's state and its processing: everything `GestureEngine` does happens
/// here, in a value the class holds. Its methods assume the checks of the public
/// entries (a validated program, no call in progress) and leave the rest of the
/// host's mistakes to throw `EngineError` before anything changes.
extension GestureEngine {
    /// Not copyable: it owns its buffers (`EngineBuffer`), and an independent engine is
    /// made only on purpose, by `init(copying:)`.
    ///
    /// Its methods are `mutating`, even those that only read: Swift passes a borrowed
    /// `self` of this size by copying its 640 bytes onto the stack, which cost a tenth
    /// of an event (docs/benchmarks.md, "The table redesign").
    struct Core: ~Copyable {
        let program: GestureProgram
        /// Width and height of the window, for the `windowSize` feature.
        var windowSize = Point(x: 0, y: 0)
        /// The time of the last event processed.
        var now = 0.0
        /// The last call's results, shared with the host's lists of them (`OutputList`).
        var outputs = OutputStorage<GestureOutput>(capacity: 64)
        var reportedValues = OutputStorage<Double>(capacity: 64)
        var deliveredTouches = OutputStorage<DeliveredTouch>(capacity: 16)
        /// Counts the calls that produced outputs: an action or delivery kept from an
        /// earlier call carries an older one, and its values are gone.
        var generation: UInt64 = 0

        /// The program, flattened for the hot paths.
        let tables: EngineTables

        // Instances.
        var views = EngineBuffer<ViewRecord>()
        /// Views added since the engine started (`ViewRecord.added`).
        var viewsAdded = 0
        /// Removed views whose slots wait for nothing in the engine to refer to them
        /// (`reclaimRemovedViews`), and, per role, the first free slot a new view of the
        /// role takes, the others following it (`ViewRecord.nextFree`), or -1. A slot is
        /// taken with its recognizers' slots and those of their variables, timers and
        /// requirement choices: a view of the same role needs the same.
        var removedViews = EngineBuffer<Int>()
        var freeViews: EngineBuffer<Int>
        /// Whether removed views' slots are taken again; off, every view takes a new
        /// one, as before slots were reused: for the tests, which compare the two.
        var reusesSlots = true
        var instances = EngineBuffer<RecognizerRecord>()
        /// The recognizers' measurements, by slot, what each slot holds for whom
        /// (GestureEngine+Measurements.swift), the slots no recognizer holds, and the
        /// number of the current feeding (`feed`), which tells a slot measured in this event.
        var slotKinematics = EngineBuffer<Kinematics>()
        var measurementSlots = EngineBuffer<MeasurementSlot>()
        var freeMeasurementSlots = EngineBuffer<Int>()
        var feedings: UInt64 = 0
        var variables = EngineBuffer<Double>()
        /// Deadlines of every instance's timers; `.infinity` when stopped.
        var deadlines = EngineBuffer<Double>()
        /// When each timer last fired, and in which call (`generation`): a timer due
        /// again at the instant it fired, in the same call, would fire forever.
        var firedAt = EngineBuffer<Double>()
        var firedInCall = EngineBuffer<UInt64>()
        /// Which of each instance's failure requirements hold for its current attempt
        /// (R56), at `RecognizerRecord.requirementBase`.
        var requirementChoices = EngineBuffer<Bool>()
        var hooks: [((HookQuery) -> Bool)?]
        /// Prevention answers worked out, by pair of prevention classes: ordering many
        /// requests asks about many pairs of recognizers, mostly of a few classes. Bounded
        /// by `maximumPreventionAnswers`; past it, answers are worked out each time.
        var preventionAnswers: [Int: SourceLocation?] = [:]
        static let maximumPreventionAnswers = 4096
        /// Touch slots; `freeTouches` lists the unused ones.
        var touches = EngineBuffer<TouchRecord>()
        var freeTouches = EngineBuffer<Int>()
        /// The slots whose view has phases still to get (`delivery` is not `closed`), and
        /// the occupied slots whose touch is no longer down: what delivering and freeing
        /// look at, so that a step with neither costs nothing there.
        var delivering = TouchSet()
        var over = TouchSet()
        /// Each touch slot's recognizers, in the order they are fed (R22, R23). Some may
        /// have refused or ignored the touch since; a recognizer tracks it only while the
        /// touch is in its own `touches`.
        var touchRecognizers: [[Int]] = []
        /// How many of each touch slot's recognizers, from the front of its list, may
        /// still be fed the touch. Behind them are those that finished or no longer
        /// track it: they only drop it when it ends, so a move through ten pans of
        /// which one won costs one (`feed`). Order among the fed ones is kept.
        var touchFed = EngineBuffer<Int>()
        /// Scratch space for compacting a list.
        var leftFeeding = EngineBuffer<Int>(capacity: 16)
        /// Touches down since the engine started, which orders them (`TouchRecord.arrival`).
        var arrivals = 0
        /// Hovers whose slots are taken (R90): while there is one, a move is hit-tested,
        /// for a hover comes over the views it moves to, and a hover's events are fed
        /// in depth order, since its recognizers join its list as it moves.
        var liveHovers = 0
        /// Instances taking part in the current interaction: tracking a touch, running a
        /// timer, or not yet reset. Only these are fed, arbitrated and reset, so the cost of
        /// an event does not grow with the recognizers elsewhere.
        var involved = EngineBuffer<Int>(capacity: 16)
        /// Per declaration, its first and last instance in `involved`, or -1: the list of
        /// its involved instances, in `involved`'s order, threaded through
        /// `RecognizerRecord.nextInvolvedAlike`. A failure requirement names a declaration,
        /// so finding its instances costs what they are, not every involved one.
        var involvedAlike: EngineBuffer<InvolvedList>
        /// How many times an instance joined the interaction (`RecognizerRecord.involvement`).
        var involvements = 0
        /// The instances each pass is to look at, the running pass's in order, and which
        /// pass runs and how far it went (GestureEngine+Passes.swift).
        var listedForRequirements = EngineBuffer<Int>(capacity: 16)
        var listedForIdle = EngineBuffer<Int>(capacity: 16)
        var listedForReset = EngineBuffer<Int>(capacity: 16)
        var passScratch = EngineBuffer<Int>(capacity: 16)
        var passOrder = EngineHeap<Listed>()
        var passRunning: UInt8 = 0
        var passReached = Int.min
        /// Started timers, earliest first, and the size at which the queue is made again
        /// from the running ones (GestureEngine+Passes.swift).
        var timerQueue = EngineHeap<DueTimer>()
        var timerQueueLimit = 64
        /// Whether each pass looks at every involved instance and the next timer is
        /// found by walking them, as before the lists and the queue; for the tests.
        var looksAtEveryInvolved = false

        // Per-step scratch space, kept to avoid allocating.
        /// Instances that asked to leave `possible` during this step and are not ordered
        /// yet (GestureEngine+Requests.swift).
        var requests = EngineBuffer<Int>(capacity: 16)
        /// The ordered requests: sorted by prevention class, then in R50's order, with a
        /// run per class, whose `next` moves past the ones decided.
        var requestKeys: [RequestKey] = []
        var requestRuns: [RequestRun] = []
        var requestHeads: [RequestKey] = []
        /// The recognizers of the current input event's touches, in feeding order, and
        /// the event's number, which marks them as listed (`RecognizerRecord.listedInEvent`).
        var eventRecognizers = EngineBuffer<Int>(capacity: 16)
        var eventNumber = 0
        /// Actions to send once the step is resolved (§0.3 step 5), at most one per
        /// recognizer but for a `began` that its end follows at once.
        var pendingActions = EngineBuffer<PendingAction>(capacity: 16)
        /// View deliveries of the step, sent grouped by view and phase (R12).
        var pendingDeliveries = EngineBuffer<PendingDelivery>(capacity: 16)
        /// The touch a `shouldReceiveTouch` being evaluated asks about, or -1: a hook's
        /// `HookQuery.location` is that touch's.
        var touchAsked = -1
        /// The outputs after a call's first delivery to a control, while its control
        /// events are put in after them (`sendControlEvents`); scratch, never copied.
        var controlScratch: [GestureOutput] = []
        /// Whether something in the current step may have ended a recognizer's sequence:
        /// a touch ended or was ignored, an action routine ran (it may stop a timer), a
        /// timer fired, a recognizer finished. Only then can one be idle (R33) or ready to
        /// reset, so only then are the involved recognizers scanned for it: a step that
        /// moves fingers through recognizers that keep going costs nothing there.
        var sequencesMayEnd = false
        /// The number of involved instances whose kind has timers: with none, no timer
        /// can be due.
        var involvedWithTimers = 0
        /// The last pair of touches measured (`PairGeometry`).
        var pairGeometry = PairGeometry()
        /// Whether rows that fire are recorded with the comparisons of their guards
        /// (`GestureEngine.tracesComparisons`, for explanations), and this call's record.
        var tracesComparisons = false
        /// Whether recognizers of one lineage share their measurements
        /// (`MeasurementLineage`); off, each is measured (the tests compare the two).
        var sharesMeasurements = true
        /// How many times a recognizer took another's measurements, for the tests.
        var measurementsCopied = 0
        /// How many times a twin took a row decision (`TwinDecision`) or an action the
        /// values of the action before it (`sendActions`), for the tests.
        var decisionsShared = 0
        var valuesShared = 0
        /// Whether a twin took a decision in this step, so that `sendActions` looks
        /// for actions that repeat the values of the one before.
        var valuesMayRepeat = false
        var firedRows: [FiredRow] = []
        var comparisonTrace: [FiredRow.Comparison] = []
        /// The last lift, for tap counts.
        var lastLift: (location: Point, time: Double, tapCount: Int)?
        /// The interpreter's stack, one for every routine: routines do not nest
        /// (GestureEngine+Interpreter.swift).
        var stack = EngineBuffer<Double>(repeating: 0, count: GestureProgram.maximumStackDepth + 2)

        /// `program` must be validated: the core indexes its tables without checking.
        init(validated program: GestureProgram, registerForm: Bool) {
            self.program = program
            tables = EngineTables(program, registerForm: registerForm)
            hooks = Array(repeating: nil, count: program.hooks.count)
            involvedAlike = EngineBuffer(repeating: InvolvedList(), count: program.recognizers.count)
            freeViews = EngineBuffer(repeating: -1, count: program.views.count)
            requestKeys.reserveCapacity(16)
            requestRuns.reserveCapacity(16)
            requestHeads.reserveCapacity(16)
        }

        /// An independent core in the same state (`GestureEngine.copy()`).
        init(copying other: borrowing Core) {
            program = other.program
            tables = other.tables
            hooks = other.hooks
            involvedAlike = EngineBuffer(capacity: other.involvedAlike.count)
            freeViews = EngineBuffer(capacity: other.freeViews.count)
            assign(from: other)
        }

        /// Takes `other`'s state, keeping this core's memory where it is large enough:
        /// the explorer makes one engine after another from others of the same program
        /// (`GestureEngine.copy(reusing:)`), and allocating each one's buffers was a
        /// third of lint's time (docs/benchmarks.md). Every field the engine carries from
        /// one call to the next is here; the per-call scratch (`stack`, `leftFeeding`,
        /// `comparisonTrace`) is empty between calls and kept as it is.
        ///
        /// `other` must run the same program: the tables are not copied.
        mutating func assign(from other: borrowing Core) {
            windowSize = other.windowSize
            now = other.now
            generation = other.generation
            views.assign(from: other.views)
            viewsAdded = other.viewsAdded
            removedViews.assign(from: other.removedViews)
            freeViews.assign(from: other.freeViews)
            reusesSlots = other.reusesSlots
            instances.assign(from: other.instances)
            slotKinematics.assign(from: other.slotKinematics)
            measurementSlots.assign(from: other.measurementSlots)
            freeMeasurementSlots.assign(from: other.freeMeasurementSlots)
            feedings = other.feedings
            variables.assign(from: other.variables)
            deadlines.assign(from: other.deadlines)
            firedAt.assign(from: other.firedAt)
            firedInCall.assign(from: other.firedInCall)
            requirementChoices.assign(from: other.requirementChoices)
            hooks = other.hooks
            preventionAnswers = other.preventionAnswers
            touches.assign(from: other.touches)
            freeTouches.assign(from: other.freeTouches)
            delivering = other.delivering
            over = other.over
            touchRecognizers = other.touchRecognizers
            touchFed.assign(from: other.touchFed)
            arrivals = other.arrivals
            involved.assign(from: other.involved)
            involvedAlike.assign(from: other.involvedAlike)
            involvements = other.involvements
            listedForRequirements.assign(from: other.listedForRequirements)
            listedForIdle.assign(from: other.listedForIdle)
            listedForReset.assign(from: other.listedForReset)
            passScratch.assign(from: other.passScratch)
            passOrder.assign(from: other.passOrder)
            passRunning = other.passRunning
            passReached = other.passReached
            timerQueue.assign(from: other.timerQueue)
            timerQueueLimit = other.timerQueueLimit
            looksAtEveryInvolved = other.looksAtEveryInvolved
            requests.assign(from: other.requests)
            requestKeys.replaceContents(with: other.requestKeys)
            requestRuns.replaceContents(with: other.requestRuns)
            requestHeads.replaceContents(with: other.requestHeads)
            eventRecognizers.assign(from: other.eventRecognizers)
            eventNumber = other.eventNumber
            pendingActions.assign(from: other.pendingActions)
            pendingDeliveries.assign(from: other.pendingDeliveries)
            lastLift = other.lastLift
            tracesComparisons = other.tracesComparisons
            sharesMeasurements = other.sharesMeasurements
            measurementsCopied = other.measurementsCopied
            decisionsShared = other.decisionsShared
            valuesMayRepeat = other.valuesMayRepeat
            valuesShared = other.valuesShared
            firedRows.replaceContents(with: other.firedRows)
            pairGeometry = other.pairGeometry
            sequencesMayEnd = other.sequencesMayEnd
            involvedWithTimers = other.involvedWithTimers
        }
    }

    /// A declaration's involved instances (`Core.involvedAlike`): first and last, or -1.
    struct InvolvedList {
        var first = -1
        var last = -1
    }
}

extension GestureEngine.Core {
    // MARK: - Setting up

    /// A view moves to another parent (`GestureEngine.setParent`): its role must allow
    /// the new parent's, which may not be the view or inside it; the depths of the view,
    /// its subtree and their recognizers follow (R50). `scene` still has the old
    /// hierarchy, whose walk of the view's subtree is the same.
    mutating func setParent(_ parent: ViewInstance?, of view: Int, scene: borrowing Scene) throws(EngineError) {
        let role = views[view].role
        let parents = program.views[role].parents
        var depth = 0
        if let parent {
            guard parents.contains(views[parent.index].role), !isDescendantOrSelf(parent.index, of: view) else {
                throw .invalidParent(role: role, parent: parent)
            }
            depth = views[parent.index].depth + 1
        } else if !parents.isEmpty {
            throw .invalidParent(role: role, parent: nil)
        }
        views[view].parent = parent?.index ?? -1
        // Parents before their subviews, so each view's jump is set from its parent's
        // new one; the jumps change with the ancestors even when the depth does not.
        let shift = depth - views[view].depth
        var next: Int? = view
        while let current = next {
            views[current].depth += shift
            views[current].jump = jump(under: views[current].parent, self: current)
            if shift != 0 { for instance in views[current].recognizers { instances[instance].depth += shift } }
            next = scene.next(after: current, within: view)
        }
        // Which recognizers are related (R47) may have changed for any of them.
        listEveryInvolved()
    }

    /// The jump of a view under `parent` (`ViewRecord.jump`): the parent's jump's jump
    /// when the parent's jump and that one span the same number of levels, so that
    /// the spans double as in a skew-binary number; otherwise the parent.
    private func jump(under parent: Int, self view: Int) -> Int {
        guard parent >= 0 else { return view }
        let first = views[parent].jump
        let second = views[first].jump
        return views[parent].depth - views[first].depth == views[first].depth - views[second].depth ? second : parent
    }

    /// `Feature.cannotScroll` of a view, from the scene (`GestureEngine.placed`).
    mutating func setCannotScroll(_ bits: UInt8, of view: Int) {
        if views.indices.contains(view) { views[view].cannotScroll = bits }
    }

    /// Registers a view instance (`GestureEngine.addView`) and attaches its role's
    /// recognizers, in declaration order (R23): in the slot of a removed view of the
    /// role if one is free (`reclaimRemovedViews`), with the next generation, else in a
    /// new one. Either way the records start as a new view's. The scene is the caller's.
    mutating func addView(role: Int, parent: ViewInstance?) throws(EngineError) -> ViewInstance {
        guard program.views.indices.contains(role) else { throw .unknownRole(role) }
        let parents = program.views[role].parents
        var depth = 0
        if let parent {
            try check(parent)
            guard parents.contains(views[parent.index].role) else { throw .invalidParent(role: role, parent: parent) }
            depth = views[parent.index].depth + 1
        } else if !parents.isEmpty {
            throw .invalidParent(role: role, parent: nil)
        }
        let parentIndex = parent?.index ?? -1
        let view: Int
        let generation: UInt32
        let recognizers: Range<Int>
        if freeViews[role] >= 0 {
            view = freeViews[role]
            freeViews[role] = views[view].nextFree
            // A slot at the last generation is never freed (`reclaimRemovedViews`).
            generation = views[view].generation + 1
            recognizers = views[view].recognizers
        } else {
            view = views.count
            generation = 0
            recognizers = instances.count..<(instances.count + tables.recognizersOfRole[role].count)
        }
        let record = ViewRecord(
            role: role, parent: parentIndex, depth: depth, jump: jump(under: parentIndex, self: view),
            recognizers: recognizers, generation: generation, added: viewsAdded)
        viewsAdded += 1
        if view == views.count { views.append(record) } else { views[view] = record }
        for (offset, id) in tables.recognizersOfRole[role].enumerated() {
            attach(id, at: recognizers.lowerBound + offset, view: view, depth: depth)
        }
        return ViewInstance(view, generation: generation)
    }

    /// A recognizer of declaration `id` in slot `instance`, new (the slot is the next
    /// one) or that of a removed view's recognizer of the same declaration, whose
    /// variables, timers and requirement choices it takes: as it would start in a new
    /// slot.
    private mutating func attach(_ id: Int, at instance: Int, view: Int, depth: Int) {
        let declaration = tables.recognizers[id]
        let kind = tables.kinds[declaration.kind]
        let requirementCount = tables.requirementsOf[id].count
        let reused = instance < instances.count
        let record = RecognizerRecord(
            declaration: id, kind: declaration.kind, twinClass: tables.twinClass[id],
            valuesClass: kind.reportsFromMeasurements ? tables.twinClass[id] : -1, cellBase: kind.cellBase, eventCount: kind.eventCount,
            reports: kind.reports, reportWidth: kind.reportWidth,
            countsStationary: !declaration.ignoresStationaryTouches, view: view,
            viewGeneration: views[view].generation, depth: depth,
            enabled: declaration.enabled, argumentBase: declaration.arguments.lowerBound,
            variableBase: reused ? instances[instance].variableBase : variables.count,
            timerBase: reused ? instances[instance].timerBase : deadlines.count, timerCount: kind.timerCount,
            requirementBase: reused ? instances[instance].requirementBase : requirementChoices.count,
            requirementCount: requirementCount, measurementSlot: freshMeasurementSlot(reusing: reused ? instance : nil))
        if reused {
            instances[instance] = record
            for variable in record.variableBase..<(record.variableBase + kind.variables.count) { variables[variable] = 0 }
            for timer in record.timers {
                deadlines[timer] = .infinity
                firedAt[timer] = .nan
                firedInCall[timer] = 0
            }
            for choice in record.requirementBase..<(record.requirementBase + requirementCount) {
                requirementChoices[choice] = false
            }
        } else {
            instances.append(record)
            variables.append(repeating: 0, count: kind.variables.count)
            deadlines.append(repeating: .infinity, count: kind.timerCount)
            firedAt.append(repeating: .nan, count: kind.timerCount)
            firedInCall.append(repeating: 0, count: kind.timerCount)
            requirementChoices.append(repeating: false, count: requirementCount)
        }
        initializeVariables(of: instance)
    }

    /// Makes the slots of the removed views free for new views of their roles, once
    /// nothing in the engine refers to them: no touch occupies a slot (whose list of
    /// recognizers and view name them) and no recognizer takes part in an interaction
    /// (the involved list, the passes' lists, the timer queue, the step's requests and
    /// actions name only those). A list scrolled with a finger down keeps the cells it
    /// removed until the finger lifts: what is kept is bounded by the interaction.
    mutating func reclaimRemovedViews() {
        guard reusesSlots else { return removedViews.removeAll() }
        guard involved.isEmpty else { return }
        for touch in touches.indices where touches[touch].occupied { return }
        // What is left of the interaction names instances out of it, which the passes
        // and the queue pass over: forgotten, so that nothing names a slot another takes.
        for position in listedForRequirements.indices { instances[listedForRequirements[position]].listedFor = 0 }
        for position in listedForIdle.indices { instances[listedForIdle[position]].listedFor = 0 }
        for position in listedForReset.indices { instances[listedForReset[position]].listedFor = 0 }
        listedForRequirements.removeAll()
        listedForIdle.removeAll()
        listedForReset.removeAll()
        timerQueue.removeAll()
        eventRecognizers.removeAll()
        for touch in touches.indices {
            touchRecognizers[touch].removeAll(keepingCapacity: true)
            touchFed[touch] = 0
            touches[touch].view = -1
            touches[touch].role = -1
        }
        for position in removedViews.indices {
            let view = removedViews[position]
            // A slot whose generation cannot grow stays the removed view's: a handle of
            // it must never name another.
            guard views[view].generation < UInt32.max else { continue }
            let role = views[view].role
            views[view].nextFree = freeViews[role]
            freeViews[role] = view
        }
        removedViews.removeAll()
    }

    // MARK: - Handles

    /// A view the host names must be one the engine added and has not removed. The
    /// handle of a view whose slot another view took since is a removed view's.
    mutating func check(_ view: ViewInstance) throws(EngineError) {
        guard views.indices.contains(view.index), view.generation <= views[view.index].generation else {
            throw .unknownView(view)
        }
        guard view.generation == views[view.index].generation, !views[view.index].removed else {
            throw .viewRemoved(view)
        }
    }

    /// The slot of `view`, if the view is the one there (removed or not); nil for a
    /// handle of a view whose slot another took, or of none.
    mutating func current(_ view: ViewInstance) -> Int? {
        views.indices.contains(view.index) && views[view.index].generation == view.generation ? view.index : nil
    }

    /// The slot of `instance`, if the recognizer is the one there.
    mutating func current(_ instance: RecognizerInstance) -> Int? {
        guard instances.indices.contains(instance.index),
            views[instances[instance.index].view].generation == instance.generation
        else { return nil }
        return instance.index
    }

    /// The handle of the view in slot `view` now.
    @inline(__always)
    mutating func viewInstance(_ view: Int) -> ViewInstance {
        ViewInstance(view, generation: views[view].generation)
    }

    /// The handle of the recognizer in slot `instance` now: its view's generation.
    @inline(__always)
    mutating func recognizerInstance(_ instance: Int) -> RecognizerInstance {
        RecognizerInstance(instance, generation: instances[instance].viewGeneration)
    }

    mutating func recognizers(on view: ViewInstance) -> [RecognizerInstance] {
        guard let view = current(view) else { return [] }
        let generation = views[view].generation
        return views[view].recognizers.map { RecognizerInstance($0, generation: generation) }
    }

    mutating func declaration(of instance: RecognizerInstance) -> Int? {
        current(instance).map { instances[$0].declaration }
    }

    mutating func view(of instance: RecognizerInstance) -> ViewInstance? {
        guard let instance = current(instance) else { return nil }
        return viewInstance(instances[instance].view)
    }

    mutating func role(of view: ViewInstance) -> Int? {
        current(view).map { views[$0].role }
    }

    mutating func state(of instance: RecognizerInstance) -> RecognizerState? {
        current(instance).map { instances[$0].told }
    }

    mutating func values(of action: GestureAction) -> OutputList<Double> {
        OutputList(reportedValues, action.generation == generation ? action.values : 0..<0)
    }

    mutating func touches(of delivery: TouchDelivery) -> OutputList<DeliveredTouch> {
        OutputList(deliveredTouches, delivery.generation == generation ? delivery.touches : 0..<0)
    }

    // MARK: - Outputs

    mutating func decide(_ instance: Int, _ reason: GestureDecision.Reason, location: SourceLocation) {
        outputs.buffer.append(
            .decision(
                GestureDecision(
                    recognizer: recognizerInstance(instance), reason: reason, time: now, location: location)))
    }

    /// Queues an action of the step: one per recognizer and input event (R30), so a
    /// later one of the same step takes an earlier `changed`'s place, and a `changed`
    /// after `began` adds nothing (`began` reports the step's values). Only a `began`
    /// followed by its end in the same step, a recognizer released after finishing
    /// inside (R54), sends two: its clients see it begin before it ends (R28, R29).
    mutating func queueAction(_ instance: Int, _ phase: GestureAction.Phase, location: SourceLocation) {
        if phase == .ended || phase == .cancelled { sequencesMayEnd = true }
        let position = instances[instance].queuedAction
        if position >= 0 && position < pendingActions.count && pendingActions[position].instance == instance {
            switch pendingActions[position].phase {
            case .changed:
                pendingActions[position].phase = phase
                pendingActions[position].location = location
                return
            case .began where phase == .changed:
                return
            case .began, .ended, .cancelled:
                break
            }
        }
        instances[instance].queuedAction = pendingActions.count
        pendingActions.append(PendingAction(instance: instance, phase: phase, location: location))
    }

    /// Sends the step's cancellations of view touches, then its actions (Decision 2:
    /// the cancellation comes immediately before the action), with the values the
    /// step leaves.
    mutating func sendActions() {
        if !pendingDeliveries.isEmpty { flushDeliveries() }
        guard valuesMayRepeat else {
            for position in pendingActions.indices {
                let action = pendingActions[position]
                sendAction(action, values: writeValues(of: action.instance))
            }
            pendingActions.removeAll()
            return
        }
        // After a twin took a decision: the actions after one whose recognizers are of
        // its recognizer's values class (`RecognizerRecord.valuesClass`), with the same
        // measurements (`measurementSlot`) and final state, report the same values, written
        // once. Such a run is sent by a loop of its own, which keeps little in hand.
        valuesMayRepeat = false
        let count = pendingActions.count
        var position = 0
        while position < count {
            let action = pendingActions[position]
            let values = writeValues(of: action.instance)
            sendAction(action, values: values)
            position &+= 1
            let valuesClass = instances[action.instance].valuesClass
            let measurements = instances[action.instance].measurementSlot
            guard valuesClass >= 0 else { continue }
            let final = instances[action.instance].final
            let run = position
            while position < count {
                let next = pendingActions[position]
                guard
                    instances[next.instance].valuesClass == valuesClass
                        && instances[next.instance].measurementSlot == measurements && instances[next.instance].final == final
                else { break }
                sendAction(next, values: values)
                position &+= 1
            }
            valuesShared &+= position &- run
        }
        pendingActions.removeAll()
    }

    /// The kind's reports as one block: its slots are taken at once, then each report
    /// writes its own (`reportWidth` is the sum of their widths).
    @inline(__always)
    private mutating func writeValues(of instance: Int) -> Range<Int> {
        let start = reportedValues.buffer.count
        let width = instances[instance].reportWidth
        let slots = reportedValues.buffer.extend(by: width)
        var written = 0
        for report in instances[instance].reports {
            let report = tables.reportsBase[report]
            writeReport(report, instance: instance, into: slots + written)
            written += report.width
        }
        return start..<(start + width)
    }

    @inline(__always)
    private mutating func sendAction(_ action: PendingAction, values: Range<Int>) {
        outputs.buffer.append(
            .action(
                GestureAction(
                    recognizer: recognizerInstance(action.instance), phase: action.phase, time: now, values: values,
                    location: action.location, generation: generation)))
    }

    struct PendingAction {
        var instance: Int
        var phase: GestureAction.Phase
        var location: SourceLocation
    }
}

extension Array {
    /// Holds `other`'s elements, in this array's memory when it is large enough
    /// (`GestureEngine.Core.assign(from:)`), where assigning would share `other`'s and
    /// copy it at the next change.
    fileprivate mutating func replaceContents(with other: [Element]) {
        removeAll(keepingCapacity: true)
        append(contentsOf: other)
    }
}
