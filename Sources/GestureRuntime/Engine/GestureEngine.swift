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
    public internal(set) var now = 0.0
    /// What the last call produced, in order.
    public internal(set) var outputs: [GestureOutput] = []
    /// Reported values of the last call's actions; `GestureAction.values` indexes it.
    public internal(set) var reportedValues: [Double] = []
    /// The touches of the last call's view deliveries; `TouchDelivery.touches` indexes it.
    public internal(set) var deliveredTouches: [DeliveredTouch] = []
    /// Counts the calls that produced outputs: an action or delivery kept from an
    /// earlier call carries an older one, and its values are gone.
    public internal(set) var generation: UInt64 = 0
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
    /// When each timer last fired, and in which call (`generation`): a timer due
    /// again at the instant it fired, in the same call, would fire forever.
    var firedAt: [Double] = []
    var firedInCall: [UInt64] = []
    /// Which of each instance's failure requirements hold for its current attempt
    /// (R56), at `RecognizerRecord.requirementBase`.
    var requirementChoices: [Bool] = []
    var hooks: [((HookQuery) -> Bool)?]
    /// Prevention answers worked out, by pair of prevention classes: ordering many
    /// requests asks about many pairs of recognizers, mostly of a few classes. Bounded
    /// by `maximumPreventionAnswers`; past it, answers are worked out each time.
    var preventionAnswers: [Int: SourceLocation?] = [:]
    static let maximumPreventionAnswers = 4096
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
    /// Per declaration, its first and last instance in `involved`, or -1: the list of
    /// its involved instances, in `involved`'s order, threaded through
    /// `RecognizerRecord.nextInvolvedAlike`. A failure requirement names a declaration,
    /// so finding its instances costs what they are, not every involved one.
    var involvedAlike: [(first: Int, last: Int)]

    // Per-step scratch space, kept to avoid allocating.
    /// Instances that asked to leave `possible` during this step and are not ordered
    /// yet (GestureEngine+Requests.swift).
    var requests: [Int] = []
    /// The ordered requests: sorted by prevention class, then in R50's order, with a
    /// run per class, whose `next` moves past the ones decided.
    var requestKeys: [RequestKey] = []
    var requestRuns: [RequestRun] = []
    var requestHeads: [RequestKey] = []
    /// The recognizers of the current input event's touches, in feeding order, and
    /// the event's number, which marks them as listed (`RecognizerRecord.listedInEvent`).
    var eventRecognizers: [Int] = []
    var eventNumber = 0
    /// Actions to send once the step is resolved (§0.3 step 5), at most one per
    /// recognizer but for a `began` that its end follows at once.
    var pendingActions: [PendingAction] = []
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
        involvedAlike = Array(repeating: (-1, -1), count: program.recognizers.count)
        outputs.reserveCapacity(64)
        reportedValues.reserveCapacity(64)
        deliveredTouches.reserveCapacity(16)
        pendingDeliveries.reserveCapacity(16)
        requests.reserveCapacity(16)
        requestKeys.reserveCapacity(16)
        requestRuns.reserveCapacity(16)
        requestHeads.reserveCapacity(16)
        pendingActions.reserveCapacity(16)
        involved.reserveCapacity(16)
        eventRecognizers.reserveCapacity(16)
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
                requirementBase: requirementChoices.count, requirementCount: tables.requirementsOf[id].count))
            variables.append(contentsOf: repeatElement(0, count: kind.variables.count))
            deadlines.append(contentsOf: repeatElement(.infinity, count: kind.timerCount))
            firedAt.append(contentsOf: repeatElement(.nan, count: kind.timerCount))
            firedInCall.append(contentsOf: repeatElement(0, count: kind.timerCount))
            requirementChoices.append(contentsOf: repeatElement(false, count: tables.requirementsOf[id].count))
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

    /// The values an action of the last call reported, in the order of its kind's
    /// `reports`; a vector takes two values (x, y). Empty for an action kept from an
    /// earlier call, whose values are gone.
    public func values(of action: GestureAction) -> ArraySlice<Double> {
        action.generation == generation ? reportedValues[action.values] : []
    }

    /// The touches a view delivery of the last call carries, in the order they
    /// changed, each with its location, timestamp and tap count as the view sees it.
    /// Empty for a delivery kept from an earlier call.
    public func touches(of delivery: TouchDelivery) -> ArraySlice<DeliveredTouch> {
        delivery.generation == generation ? deliveredTouches[delivery.touches] : []
    }

    /// The ids of the touches a view delivery carries (`touches(of:)`).
    public func touchIDs(of delivery: TouchDelivery) -> LazyMapSequence<ArraySlice<DeliveredTouch>, Int> {
        touches(of: delivery).lazy.map(\.id)
    }

    /// Binds the answer of the hook with this id (`Hook.rawValue` of the generated
    /// code); until then the hook gives its declared default.
    ///
    /// The engine asks a hook in the middle of a call, while it is being changed: the
    /// answer must not read or call this engine (Swift's exclusivity rule stops the
    /// process for any access to a value during its own mutation). What a hook may
    /// need to know about the question, it gets as its argument (`HookQuery`); the
    /// rest is the app's own state (docs/engine.md, "Hooks").
    public mutating func bind(hook: Int, _ answer: @escaping (HookQuery) -> Bool) throws(EngineError) {
        guard hooks.indices.contains(hook) else { throw .unknownHook(hook) }
        hooks[hook] = answer
    }

    /// Binds a hook whose answer does not depend on which recognizer asks.
    public mutating func bind(hook: Int, _ answer: @escaping () -> Bool) throws(EngineError) {
        try bind(hook: hook) { (_: HookQuery) in answer() }
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

    /// Binds a hook by its name, with an answer that looks at who asks (`HookQuery`).
    public mutating func bind<Hook: GestureHookName>(_ hook: Hook, _ answer: @escaping (HookQuery) -> Bool)
        throws(EngineError)
    {
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

    // MARK: - Outputs

    mutating func decide(_ instance: Int, _ reason: GestureDecision.Reason, location: SourceLocation) {
        outputs.append(.decision(GestureDecision(
            recognizer: RecognizerInstance(instance), reason: reason, time: now, location: location)))
    }

    /// Queues an action of the step: one per recognizer and input event (R30), so a
    /// later one of the same step takes an earlier `changed`'s place, and a `changed`
    /// after `began` adds nothing (`began` reports the step's values). Only a `began`
    /// followed by its end in the same step, a recognizer released after finishing
    /// inside (R54), sends two: its clients see it begin before it ends (R28, R29).
    mutating func queueAction(_ instance: Int, _ phase: GestureAction.Phase, location: SourceLocation) {
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
        flushDeliveries()
        for action in pendingActions {
            let start = reportedValues.count
            for report in tables.kinds[instances[action.instance].kind].reports {
                appendReport(tables.reports[report], instance: action.instance)
            }
            outputs.append(.action(GestureAction(
                recognizer: RecognizerInstance(action.instance), phase: action.phase, time: now,
                values: start..<reportedValues.count, location: action.location, generation: generation)))
        }
        pendingActions.removeAll(keepingCapacity: true)
    }

    struct PendingAction {
        var instance: Int
        var phase: GestureAction.Phase
        var location: SourceLocation
    }
}

/// What a recognizer's clients were told, UIKit's states (R27); `ended` is also
/// `recognized`.
public enum RecognizerState: String, Hashable, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
}

