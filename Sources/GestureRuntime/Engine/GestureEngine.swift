/// Runs a `GestureProgram` with UIKit's `UIGestureRecognizer` semantics
/// (SEMANTICS.md), driven by the host.
///
/// The host registers view instances with their frames, which get the recognizers the
/// program attaches to their roles; sends touch events with timestamps (the engine's
/// `scene` hit-tests new touches, or the host names their views); advances the clock;
/// and reads `outputs` after each call: recognizer actions with their reported values,
/// the touch phases each view receives, and decisions that explain them.
///
/// Each input event is processed in SEMANTICS §0.3's order: bind a new touch to its
/// hit-test view and gather its recognizers (R1–R7, R18–R23), feed the event through
/// each one's table, resolve the recognizers asking to leave `possible` (failure
/// requirements, `shouldBegin`, exclusion with simultaneity and prevention, cascades),
/// take the touches of those that began from their views, send the actions, deliver
/// the remaining touch phases to views, reset the recognizers whose sequence is over. Timers fire as input events of their own, at
/// their exact deadlines, before any later event. Nothing here knows one kind from
/// another: every kind is a table.
///
/// The engine keeps its buffers between calls, so a warmed-up engine does not allocate
/// while processing events. The clock is the host's: the engine never reads the time.
public struct GestureEngine {
    public let program: GestureProgram
    /// Width and height of the window, for the `windowSize` feature.
    public var windowSize: Point
    /// The time of the last event processed.
    public private(set) var now = 0.0
    /// What the last call produced, in order.
    public internal(set) var outputs: [GestureOutput] = []
    /// Reported values of the last call's actions; `GestureAction.values` indexes it.
    public internal(set) var reportedValues: [Double] = []
    /// Touch ids of the last call's view deliveries; `TouchDelivery.touches` indexes it.
    public internal(set) var deliveredTouches: [Int] = []
    /// The view instances with their frames and properties, for hit testing.
    public private(set) var scene = Scene()

    /// Two touches count as one tap sequence for `tapCount` when the second goes down
    /// within this time of the first's lift and this distance of it (§0.2, R65).
    public static let tapCountInterval = 0.35
    public static let tapCountDistance = 45.0
    /// The most touches that may be down at once.
    public static let maximumTouches = TouchSet.capacity

    /// The program, flattened for the hot paths.
    let tables: EngineTables

    // Instances.
    var views: [ViewRecord] = []
    var instances: [RecognizerRecord] = []
    var variables: [Double] = []
    /// Deadlines of every instance's timers; `.infinity` when stopped.
    var deadlines: [Double] = []
    /// Which of each instance's failure requirements hold for its current attempt
    /// (R56), at `RecognizerRecord.requirementBase`.
    var requirementChoices: [Bool] = []
    var hooks: [(() -> Bool)?]
    /// Touch slots; `freeTouches` lists the unused ones.
    var touches: [TouchRecord] = []
    var freeTouches: [Int] = []
    /// Each touch slot's recognizers, in the order they are fed (R22, R23). Some may
    /// have refused or ignored the touch since; a recognizer tracks it only while the
    /// touch is in its own `touches`.
    var touchRecognizers: [[Int]] = []
    /// Touches down since the engine started, which orders them (`TouchRecord.arrival`).
    var arrivals = 0
    /// Instances taking part in the current interaction: tracking a touch, running a
    /// timer, or not yet reset. Only these are fed, arbitrated and reset, so the cost of
    /// an event does not grow with the recognizers elsewhere.
    var involved: [Int] = []

    // Per-step scratch space, kept to avoid allocating.
    /// Instances that asked to leave `possible` during this step.
    var requests: [Int] = []
    /// Actions to send once the step is resolved (§0.3 step 5).
    var pendingActions: [GestureAction] = []
    /// View deliveries of the step, sent grouped by view and phase (R12).
    var pendingDeliveries: [PendingDelivery] = []
    /// The last lift, for tap counts.
    var lastLift: (location: Point, time: Double, tapCount: Int)?

    /// Validates the program first: the engine indexes its tables without checking,
    /// so a program built by hand or damaged is rejected here, never run.
    public init(program: GestureProgram, windowSize: Point = Point(x: 0, y: 0)) throws(ProgramError) {
        try program.validate()
        self.program = program
        self.windowSize = windowSize
        tables = EngineTables(program)
        hooks = Array(repeating: nil, count: program.hooks.count)
        outputs.reserveCapacity(64)
        reportedValues.reserveCapacity(64)
        deliveredTouches.reserveCapacity(16)
        pendingDeliveries.reserveCapacity(16)
        requests.reserveCapacity(16)
        pendingActions.reserveCapacity(16)
        involved.reserveCapacity(16)
    }

    // MARK: - Setting up

    /// Registers a view instance of `role` under `parent` (nil for a root), in front of
    /// its siblings, and attaches the recognizers the program declares on that role, in
    /// declaration order, which is their order of addition (R23).
    ///
    /// `frame` (in the parent's coordinates) places it for hit testing; a host that
    /// names each touch's view itself can leave it empty. `properties` overrides the
    /// role's hit-testing and delivery properties.
    @discardableResult
    public mutating func addView(
        role: Int, parent: ViewInstance?, frame: Rect = .zero, properties: ViewProperties? = nil
    ) throws(EngineError) -> ViewInstance {
        guard program.views.indices.contains(role) else { throw .unknownRole(role) }
        let parents = program.views[role].parents
        var depth = 0
        if let parent {
            guard views.indices.contains(parent.index) else { throw .unknownView(parent) }
            guard parents.contains(views[parent.index].role) else { throw .invalidParent(role: role, parent: parent) }
            depth = views[parent.index].depth + 1
        } else if !parents.isEmpty {
            throw .invalidParent(role: role, parent: nil)
        }
        let view = views.count
        let first = instances.count
        for id in tables.recognizersOfRole[role] {
            let declaration = tables.recognizers[id]
            let kind = tables.kinds[declaration.kind]
            instances.append(RecognizerRecord(
                recognizer: id, kind: declaration.kind, view: view, depth: depth, enabled: declaration.enabled,
                variableBase: variables.count, timerBase: deadlines.count, timerCount: kind.timerCount,
                requirementBase: requirementChoices.count))
            variables += Array(repeating: 0, count: kind.variables.count)
            deadlines += Array(repeating: .infinity, count: kind.timerCount)
            requirementChoices += Array(repeating: false, count: tables.requirementsOf[id].count)
            initializeVariables(of: instances.count - 1)
        }
        views.append(ViewRecord(role: role, parent: parent?.index ?? -1, depth: depth, recognizers: first..<instances.count))
        scene.add(parent: parent?.index, frame: frame, properties: properties ?? ViewProperties(program.views[role]))
        return ViewInstance(view)
    }

    /// Changes a view instance's hit-testing and delivery properties from now on (a
    /// view hidden, faded, or not interactive during an animation, R9).
    public mutating func setProperties(_ properties: ViewProperties, of view: ViewInstance) throws(EngineError) {
        guard views.indices.contains(view.index) else { throw .unknownView(view) }
        scene.setProperties(properties, of: view.index)
    }

    /// The recognizer instances attached to `view`, in order of addition.
    public func recognizers(on view: ViewInstance) -> [RecognizerInstance] {
        guard views.indices.contains(view.index) else { return [] }
        return views[view.index].recognizers.map(RecognizerInstance.init)
    }

    /// The program's recognizer (index into `program.recognizers`) an instance runs.
    public func declaration(of instance: RecognizerInstance) -> Int? {
        instances.indices.contains(instance.index) ? instances[instance.index].recognizer : nil
    }

    /// The view instance a recognizer instance is attached to.
    public func view(of instance: RecognizerInstance) -> ViewInstance? {
        instances.indices.contains(instance.index) ? ViewInstance(instances[instance.index].view) : nil
    }

    /// The role of a view instance.
    public func role(of view: ViewInstance) -> Int? {
        views.indices.contains(view.index) ? views[view.index].role : nil
    }

    /// What the recognizer's clients were last told (R36): `possible` while it is held.
    public func state(of instance: RecognizerInstance) -> RecognizerState? {
        instances.indices.contains(instance.index) ? instances[instance.index].told : nil
    }

    /// The values an action reported, in the order of its kind's `reports`; a vector
    /// takes two values (x, y).
    public func values(of action: GestureAction) -> ArraySlice<Double> {
        reportedValues[action.values]
    }

    /// The ids of the touches a view delivery carries, in the order they changed.
    public func touchIDs(of delivery: TouchDelivery) -> ArraySlice<Int> {
        deliveredTouches[delivery.touches]
    }

    /// Binds the answer of the hook with this id (`Hook.rawValue` of the generated
    /// code); until then the hook gives its declared default.
    public mutating func bind(hook: Int, _ answer: @escaping () -> Bool) throws(EngineError) {
        guard hooks.indices.contains(hook) else { throw .unknownHook(hook) }
        hooks[hook] = answer
    }

    // MARK: - Typed names of the generated code

    /// Registers a view instance of a role named by the generated code
    /// (`PhotoBrowser.View.photo`); see `addView(role:parent:frame:properties:)`.
    @discardableResult
    public mutating func addView<Role: GestureViewName>(
        role: Role, parent: ViewInstance?, frame: Rect = .zero, properties: ViewProperties? = nil
    ) throws(EngineError) -> ViewInstance {
        try checkOwner(of: role)
        return try addView(role: role.rawValue, parent: parent, frame: frame, properties: properties)
    }

    /// Binds a hook by its name in the generated code (`PhotoBrowser.Hook.allowZoom`).
    public mutating func bind<Hook: GestureHookName>(_ hook: Hook, _ answer: @escaping () -> Bool) throws(EngineError) {
        try checkOwner(of: hook)
        try bind(hook: hook.rawValue, answer)
    }

    /// The instance of a recognizer named by the generated code attached to `view`, or
    /// nil when the view's role does not declare it.
    public func recognizer<Name: GestureRecognizerName>(_ name: Name, on view: ViewInstance) throws(EngineError)
        -> RecognizerInstance?
    {
        try checkOwner(of: name)
        return recognizers(on: view).first { declaration(of: $0) == name.rawValue }
    }

    /// The generated code's name of the recognizer an instance runs.
    public func name<Name: GestureRecognizerName>(of instance: RecognizerInstance, as _: Name.Type = Name.self)
        throws(EngineError) -> Name?
    {
        guard let declaration = declaration(of: instance) else { throw .unknownRecognizer(instance) }
        try checkOwner(of: Name.self, "\(Name.Owner.self).\(Name.self)")
        return Name(rawValue: declaration)
    }

    private func checkOwner<Name: GestureName>(of name: Name) throws(EngineError) {
        try checkOwner(of: Name.self, "\(Name.Owner.self).\(name)")
    }

    /// Names are ids, so a name of another set would silently mean something else.
    private func checkOwner<Name: GestureName>(of _: Name.Type, _ description: String) throws(EngineError) {
        guard Name.Owner.program.name == program.name else {
            throw .nameOfAnotherSet(name: description, program: program.name)
        }
    }

    // MARK: - Input

    /// One input event: the touches that changed together (R12), in order. It is one
    /// step: new touches are bound to their hit-test view, given or found by the
    /// scene (R1–R7; with none, no view or recognizer ever sees the touch, R10), each
    /// change is fed to its touch's recognizers, and the outcome is resolved and
    /// delivered once. Nothing changes if any change is invalid.
    public mutating func handle(_ changes: [TouchChange], time: Double) throws(EngineError) {
        try step(changes, time: time)
    }

    /// `handle(_:time:)` for any collection, specialized here for arrays and for the
    /// single changes of `touchDown` and the rest: a generic public entry would run
    /// unspecialized when called from another module.
    private mutating func step<Changes: Collection<TouchChange>>(_ changes: Changes, time: Double)
        throws(EngineError)
    {
        try check(changes, time: time)
        try start(at: time, location: .zero)
        for change in changes {
            switch change.phase {
            case .down:
                let view = change.view?.index ?? scene.hitTest(change.location) ?? -1
                let touch = newTouch(id: change.id, at: change.location, view: view)
                if view >= 0 {
                    gather(touch)
                    if admitsDelivery(to: view, excluding: touch) { touches[touch].delivery = .withheld }
                }
                feedTouch(touch, event: GestureProgram.Event.down)
            case .move:
                guard let touch = slot(of: change.id) else { continue }
                touches[touch].previousLocation = touches[touch].location
                touches[touch].location = change.location
                if touches[touch].delivery == .withheld { touches[touch].movedWhileWithheld = true }
                if touches[touch].delivery == .open { touches[touch].moved = true }
                feedTouch(touch, event: GestureProgram.Event.move)
            case .up:
                guard let touch = slot(of: change.id) else { continue }
                touches[touch].previousLocation = touches[touch].location
                touches[touch].location = change.location
                touches[touch].live = false
                touches[touch].lifted = true
                lastLift = (change.location, time, touches[touch].tapCount)
                feedTouch(touch, event: GestureProgram.Event.up)
            case .cancel:
                // The system cancelled the touch (R16).
                guard let touch = slot(of: change.id) else { continue }
                touches[touch].live = false
                touches[touch].systemCancelled = true
                feedTouch(touch, event: GestureProgram.Event.cancel)
            }
        }
        finishStep()
    }

    /// Throws for the first invalid change, before anything happens.
    private func check<Changes: Collection<TouchChange>>(_ changes: Changes, time: Double) throws(EngineError) {
        guard time.isFinite else { throw .notFinite }
        guard time >= now else { throw .timeWentBackwards(now: now, given: time) }
        var newTouches = 0
        for (position, change) in changes.enumerated() {
            guard change.location.x.isFinite, change.location.y.isFinite else { throw .notFinite }
            if changes.prefix(position).contains(where: { $0.id == change.id }) {
                throw .touchTwiceInEvent(id: change.id)
            }
            if change.phase == .down {
                guard slot(of: change.id) == nil else { throw .touchAlreadyDown(id: change.id) }
                if let view = change.view, !views.indices.contains(view.index) { throw .unknownView(view) }
                newTouches += 1
            } else {
                guard slot(of: change.id) != nil else { throw .touchNotDown(id: change.id) }
            }
        }
        let freeSlots = freeTouches.count + Self.maximumTouches - touches.count
        guard newTouches <= freeSlots else { throw .tooManyTouches }
    }

    /// A new touch, bound for its whole life to `view`, its hit-test view (R5).
    public mutating func touchDown(_ id: Int, at location: Point, time: Double, view: ViewInstance) throws(EngineError) {
        try step(CollectionOfOne(TouchChange(id: id, phase: .down, location: location, view: view)), time: time)
    }

    /// A new touch, bound to the view the scene's hit testing finds. Returns that
    /// view, or nil when none takes the touch (R10).
    @discardableResult
    public mutating func touchDown(_ id: Int, at location: Point, time: Double) throws(EngineError) -> ViewInstance? {
        try step(CollectionOfOne(TouchChange(id: id, phase: .down, location: location)), time: time)
        return view(ofTouch: id)
    }

    public mutating func touchMove(_ id: Int, to location: Point, time: Double) throws(EngineError) {
        try step(CollectionOfOne(TouchChange(id: id, phase: .move, location: location)), time: time)
    }

    public mutating func touchUp(_ id: Int, at location: Point, time: Double) throws(EngineError) {
        try step(CollectionOfOne(TouchChange(id: id, phase: .up, location: location)), time: time)
    }

    /// The system cancelled the touch (R16).
    public mutating func touchCancel(_ id: Int, time: Double) throws(EngineError) {
        let location = slot(of: id).map { touches[$0].location } ?? .zero
        try step(CollectionOfOne(TouchChange(id: id, phase: .cancel, location: location)), time: time)
    }

    /// The view a touch that is down is bound to; nil when it is not down or no view
    /// took it (R10).
    public func view(ofTouch id: Int) -> ViewInstance? {
        guard let touch = slot(of: id), touches[touch].view >= 0 else { return nil }
        return ViewInstance(touches[touch].view)
    }

    /// A system interruption, such as an alert or a call (R16): every touch in
    /// progress is cancelled, for its views and its recognizers, and every recognizer
    /// taking part in the interaction ends: cancelled if it had begun, failed if not.
    public mutating func interrupt(time: Double) throws(EngineError) {
        try start(at: time, location: .zero)
        for touch in touches.indices where touches[touch].occupied && touches[touch].delivery != .closed {
            touches[touch].systemCancelled = true
        }
        for touch in touches.indices where touches[touch].live {
            touches[touch].live = false
            touches[touch].systemCancelled = true
            feedTouch(touch, event: GestureProgram.Event.cancel)
        }
        var position = 0
        while position < involved.count {
            let instance = involved[position]
            position += 1
            guard instances[instance].final == nil || instances[instance].held else { continue }
            terminate(instance, .interrupted)
        }
        finishStep()
    }

    /// Fires every timer due at or before `time`, each at its own deadline.
    public mutating func advance(to time: Double) throws(EngineError) {
        try start(at: time, location: .zero)
        now = time
    }

    /// The earliest running timer's deadline, if any: call `advance(to:)` then.
    public var nextDeadline: Double? {
        var earliest = Double.infinity
        for instance in involved {
            for timer in instances[instance].timers { earliest = min(earliest, deadlines[timer]) }
        }
        return earliest.isFinite ? earliest : nil
    }

    /// Enables or disables a recognizer instance (R60, R61). Disabling cancels it if it
    /// had begun, fails it if it was possible, and drops its touches; re-enabled, it
    /// joins only touches that begin afterwards.
    public mutating func setEnabled(_ instance: RecognizerInstance, _ enabled: Bool, time: Double) throws(EngineError) {
        guard instances.indices.contains(instance.index) else { throw .unknownRecognizer(instance) }
        try start(at: time, location: .zero)
        let index = instance.index
        guard instances[index].enabled != enabled else { return }
        instances[index].enabled = enabled
        if !enabled && instances[index].isInvolved {
            terminate(index, .disabled)
            instances[index].touches.removeAll()
            instances[index].measured.removeAll()
            settle()
            sendActions()
            deliverTouches()
            flushDeliveries()
            reset(index)
            resetFinished()
            freeFinishedTouches()
        }
    }

    /// Ends a recognizer from outside its table: cancelled if it had begun, failed
    /// if its clients still see `possible`; either way it sends nothing more.
    private mutating func terminate(_ instance: Int, _ reason: GestureDecision.Reason) {
        let location = tables.recognizers[instances[instance].recognizer].location
        switch instances[instance].told {
        case .began, .changed:
            queueAction(instance, .cancelled, location: location)
            instances[instance].told = .cancelled
            finish(instance, .cancelled)
        case .possible:
            decide(instance, reason, location: location)
            instances[instance].told = .failed
            finish(instance, .failed)
        case .ended, .cancelled, .failed:
            break
        }
        instances[instance].held = false
    }

    // MARK: - Steps

    /// Checks the time, starts a new call's outputs, and fires the timers due before
    /// `time`.
    private mutating func start(at time: Double, location: Point) throws(EngineError) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { throw .notFinite }
        guard time >= now else { throw .timeWentBackwards(now: now, given: time) }
        outputs.removeAll(keepingCapacity: true)
        reportedValues.removeAll(keepingCapacity: true)
        deliveredTouches.removeAll(keepingCapacity: true)
        fireTimers(through: time)
        now = time
    }

    /// Timers due at or before `time`, earliest first (ties in instance order), each
    /// as an input event of its own.
    private mutating func fireTimers(through time: Double) {
        while true {
            var earliest = Double.infinity
            var due = -1
            var dueTimer = -1
            for instance in involved {
                for timer in instances[instance].timers where deadlines[timer] < earliest {
                    earliest = deadlines[timer]
                    due = instance
                    dueTimer = timer
                }
            }
            guard due >= 0, earliest <= time else { return }
            now = earliest
            deadlines[dueTimer] = .infinity
            feed(due, event: GestureProgram.Event.firstTimer + dueTimer - instances[due].timerBase, touch: -1)
            finishStep()
        }
    }

    /// Resolves what the step's feeding asked for, takes touches from views, sends the
    /// actions, delivers touches to views, and resets the recognizers whose sequence
    /// is over (§0.3 steps 3–7).
    private mutating func finishStep() {
        settle()
        sendActions()
        deliverTouches()
        flushDeliveries()
        resetFinished()
        freeFinishedTouches()
    }

    // MARK: - Touches

    private func slot(of id: Int) -> Int? {
        touches.indices.first { touches[$0].live && touches[$0].id == id }
    }

    private mutating func newTouch(id: Int, at location: Point, view: Int) -> Int {
        var tapCount = 1
        if let lift = lastLift, now - lift.time <= Self.tapCountInterval,
            (location - lift.location).length <= Self.tapCountDistance
        {
            tapCount = lift.tapCount + 1
        }
        let record = TouchRecord(
            id: id, live: true, arrival: arrivals, view: view, role: view >= 0 ? views[view].role : -1,
            downLocation: location, location: location, previousLocation: location, tapCount: tapCount)
        arrivals += 1
        if let slot = freeTouches.popLast() {
            touches[slot] = record
            touchRecognizers[slot].removeAll(keepingCapacity: true)
            return slot
        }
        touches.append(record)
        touchRecognizers.append([])
        touchRecognizers[touches.count - 1].reserveCapacity(8)
        return touches.count - 1
    }

    /// Frees the slots of touches that are over for recognizers and views alike; the
    /// recognizers that received one forget it, so that the slot can be reused.
    private mutating func freeFinishedTouches() {
        for touch in touches.indices
        where touches[touch].occupied && !touches[touch].live && touches[touch].delivery == .closed {
            touches[touch].occupied = false
            for instance in touchRecognizers[touch] { instances[instance].received.remove(touch) }
            freeTouches.append(touch)
        }
    }

    /// Collects a new touch's recognizers (R18–R23): on its view and every ancestor,
    /// deepest first and, on one view, most recently added first; enabled (R21); not
    /// finished with an earlier sequence (R24, R32a); not a held discrete recognizer
    /// (Decision 4); and willing (`shouldReceiveTouch`, R20).
    private mutating func gather(_ touch: Int) {
        var view = touches[touch].view
        while view >= 0 {
            for instance in views[view].recognizers.reversed() {
                let record = instances[instance]
                guard record.enabled, record.final == nil, !(record.held && tables.kinds[record.kind].discrete)
                else { continue }
                let declaration = tables.recognizers[record.recognizer]
                if declaration.shouldReceiveTouch >= 0 {
                    instances[instance].kinematics.lastRole = touches[touch].role
                    instances[instance].kinematics.lastTapCount = touches[touch].tapCount
                    if !evaluate(condition: declaration.shouldReceiveTouch, instance: instance, other: -1) {
                        decide(instance, .refusedTouch(id: touches[touch].id), location: declaration.location)
                        continue
                    }
                }
                touchRecognizers[touch].append(instance)
                instances[instance].touches.insert(touch)
                instances[instance].received.insert(touch)
                involve(instance)
            }
            view = views[view].parent
        }
    }

    /// Feeds a touch phase to each of the touch's recognizers still tracking it, in
    /// order (§0.3 step 2).
    private mutating func feedTouch(_ touch: Int, event: Int) {
        let ends = event == GestureProgram.Event.up || event == GestureProgram.Event.cancel
        for position in touchRecognizers[touch].indices {
            let instance = touchRecognizers[touch][position]
            guard instances[instance].touches.contains(touch) else { continue }
            if instances[instance].final == nil {
                feed(instance, event: event, touch: touch)
            } else if ends {
                // A finished recognizer gets no more phases (R24), but the touch is
                // over for it too, which lets it reset (R32a).
                instances[instance].touches.remove(touch)
                instances[instance].measured.remove(touch)
            }
        }
    }

    func isDescendantOrSelf(_ view: Int, of ancestor: Int) -> Bool {
        var view = view
        while view >= 0 {
            if view == ancestor { return true }
            view = views[view].parent
        }
        return false
    }

    /// Whether two views are one, or one contains the other: the views whose
    /// recognizers compete (R47).
    func related(_ a: Int, _ b: Int) -> Bool {
        views[a].depth >= views[b].depth ? isDescendantOrSelf(a, of: b) : isDescendantOrSelf(b, of: a)
    }

    // MARK: - Outputs

    mutating func decide(_ instance: Int, _ reason: GestureDecision.Reason, location: SourceLocation) {
        outputs.append(.decision(GestureDecision(
            recognizer: RecognizerInstance(instance), reason: reason, time: now, location: location)))
    }

    mutating func queueAction(_ instance: Int, _ phase: GestureAction.Phase, location: SourceLocation) {
        let start = reportedValues.count
        for report in tables.kinds[instances[instance].kind].reports {
            appendReport(tables.reports[report], instance: instance)
        }
        pendingActions.append(GestureAction(
            recognizer: RecognizerInstance(instance), phase: phase, time: now, values: start..<reportedValues.count,
            location: location))
    }

    /// Sends the step's cancellations of view touches, then its actions (Decision 2:
    /// the cancellation comes immediately before the action).
    private mutating func sendActions() {
        flushDeliveries()
        for action in pendingActions { outputs.append(.action(action)) }
        pendingActions.removeAll(keepingCapacity: true)
    }
}

/// What a recognizer's clients were told, UIKit's states (R27); `ended` is also
/// `recognized`.
public enum RecognizerState: String, Hashable, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
}

struct ViewRecord {
    var role: Int
    /// The parent view's index, or -1.
    var parent: Int
    var depth: Int
    var recognizers: Range<Int>
}

/// A recognizer instance's run-time state. Plain values only, so that reading one
/// copies without reference counting.
struct RecognizerRecord {
    enum Final {
        case ended, cancelled, failed
    }

    let recognizer: Int
    let kind: Int
    let view: Int
    let depth: Int
    var enabled: Bool
    let variableBase: Int
    let timerBase: Int
    let timerCount: Int
    /// Its slots in `GestureEngine.requirementChoices`, one per failure requirement it
    /// is the dependent of.
    let requirementBase: Int
    /// The declared state it is in (0 is `possible`), unless `final` is set.
    var state = 0
    var final: Final?
    /// What its clients were told.
    var told = RecognizerState.possible
    /// Waiting on a failure requirement (R53): it has left `possible` inside, but
    /// clients still see `possible`.
    var held = false
    var isInvolved = false
    /// Whether the failure requirements of this recognition attempt were decided
    /// (R56: asked once per attempt); `requirementChoices` says which hold.
    var requirementsDecided = false
    /// The row that asked to leave `possible`, for explanations.
    var requestLocation = SourceLocation(file: 0, line: 0, column: 0)
    /// Touch slots it tracks that are down.
    var touches = TouchSet()
    /// The touches down that its measurements and `touchCount` count: all of them,
    /// or, when it ignores stationary touches, those that have moved (R80).
    var measured = TouchSet()
    /// Touch slots it received in this sequence and has not ignored, down or not: the
    /// touches it takes from views (R38) and holds back (R40–R42).
    var received = TouchSet()
    var kinematics = Kinematics()

    init(
        recognizer: Int, kind: Int, view: Int, depth: Int, enabled: Bool, variableBase: Int, timerBase: Int,
        timerCount: Int, requirementBase: Int
    ) {
        self.recognizer = recognizer
        self.kind = kind
        self.view = view
        self.depth = depth
        self.enabled = enabled
        self.variableBase = variableBase
        self.timerBase = timerBase
        self.timerCount = timerCount
        self.requirementBase = requirementBase
    }

    /// Its slots in `GestureEngine.deadlines`.
    var timers: Range<Int> { timerBase..<(timerBase + timerCount) }
}

extension RecognizerRecord {
    /// Brings the measurements up to date with a touch's phase. On a `down` the new
    /// touch is already counted, on an `up` it is not any more. A recognizer that does
    /// not count stationary touches counts this one once it moves (R80).
    mutating func measure(event: Int, touch: Int, in records: [TouchRecord], now: Double, countsStationary: Bool) {
        if event == GestureProgram.Event.down && !kinematics.started {
            kinematics = Kinematics()
            kinematics.started = true
            kinematics.startTime = now
            kinematics.currentTime = now
            kinematics.sampleTime = now
        }
        kinematics.sample(at: now)
        kinematics.lastRole = records[touch].role
        kinematics.lastTapCount = records[touch].tapCount
        switch event {
        case GestureProgram.Event.down:
            if countsStationary { measured.insert(touch) }
            if !kinematics.startFixed { kinematics.startLocation = touches.centroid(in: records) }
        case GestureProgram.Event.move:
            measured.insert(touch)
            let moved = records[touch].location - records[touch].previousLocation
            // The centroid moves by the touch's movement shared among the touches
            // down, so fingers landing or lifting never make it jump.
            let count = measured.count
            if count > 0 { kinematics.translation = kinematics.translation + moved / Double(count) }
            let distance = (records[touch].location - records[touch].downLocation).length
            if distance > kinematics.movement { kinematics.movement = distance }
        default:
            // up and cancel: the touch leaves the recognizer.
            if !measured.isEmpty { kinematics.lastLocation = measured.centroid(in: records) }
            touches.remove(touch)
            measured.remove(touch)
            kinematics.startFixed = true
        }
        if measured.count >= 2 || kinematics.pairFirst >= 0 { kinematics.updatePair(measured, records) }
        if event == GestureProgram.Event.move { kinematics.updateVelocities() }
        if !measured.isEmpty { kinematics.lastLocation = measured.centroid(in: records) }
    }

    /// The `location` feature: the centroid of the touches counted, or where they
    /// were when the last one lifted.
    func location(in records: [TouchRecord]) -> Point {
        measured.isEmpty ? kinematics.lastLocation : measured.centroid(in: records)
    }
}
