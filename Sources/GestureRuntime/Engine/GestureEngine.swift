/// Runs a `GestureProgram` with UIKit's `UIGestureRecognizer` semantics
/// (docs/semantics.md), driven by the host.
///
/// The host registers view instances with their frames, which get the recognizers the
/// program attaches to their roles; sends touch events with timestamps (the engine's
/// `scene` hit-tests new touches, or the host names their views); advances the clock;
/// and reads `outputs` after each call: recognizer actions with their reported values,
/// the touch phases each view receives, and decisions that explain them.
///
/// Each input event is processed in docs/semantics.md §0.3's order: bind a new touch to its
/// hit-test view and gather its recognizers (R1–R7, R18–R23), feed the event through
/// each one's table, resolve the recognizers asking to leave `possible` (failure
/// requirements, `shouldBegin`, exclusion with simultaneity and prevention, cascades),
/// take the touches of those that began from their views, send the actions, deliver
/// the remaining touch phases to views, reset the recognizers whose sequence is over.
/// Timers fire as input events of their own, at their exact deadlines, before any
/// later event. Nothing here knows one kind from another: every kind is a table.
///
/// The engine keeps its buffers between calls, so a warmed-up engine does not allocate
/// while processing events. The clock is the host's: the engine never reads the time.
///
/// The engine is an object, so a hook's closure may hold the host that holds it. A
/// call made while another is in progress — a hook calling back — is refused with
/// `EngineError.reentrantCall`, and the queries answer as an engine with nothing to
/// show (nil, empty; `now`, `generation`, `scene` and `windowSize` as the last call
/// left them): in the middle of a call its state is not one to act on. What a hook
/// may know, it gets as its argument (`HookQuery`; docs/engine.md, "Hooks").
public final class GestureEngine {
    public let program: GestureProgram
    // The stored properties are read and changed only outside a call, or by the call
    // itself: `call` refuses a second one, `query` answers without `core` during one.
    // Swift's run-time exclusivity checks on them would cost a tenth of an event.

    /// The view instances with their frames and properties, for hit testing.
    @exclusivity(unchecked) public private(set) var scene = Scene()
    /// Width and height of the window, for the `windowSize` feature
    /// (`setWindowSize(_:)`).
    @exclusivity(unchecked) public private(set) var windowSize = Point(x: 0, y: 0)
    /// The time of the last event processed.
    ///
    /// Read through a getter: another module reads a public stored property of this
    /// class in place, with a run-time exclusivity check of its own (the `unchecked`
    /// above does not reach it), which a host asking for the clock on every event paid.
    public var now: Double { clock }
    @exclusivity(unchecked) private var clock = 0.0
    /// Counts the calls that produced outputs: an action or delivery kept from an
    /// earlier call carries an older one, and its values are gone.
    @exclusivity(unchecked) public private(set) var generation: UInt64 = 0

    /// Two touches count as one tap sequence for `tapCount` when the second goes down
    /// within this time of the first's lift and this distance of it (§0.2, R65).
    public static let tapCountInterval = 0.35
    public static let tapCountDistance = 45.0
    /// The most touches that may be down at once.
    public static let maximumTouches = TouchSet.capacity

    /// What moves, lifts and cancels pass as the scene: only a touch going down is hit
    /// tested, and reading `scene` for a call costs a copy (two retains and releases)
    /// that an event of one moving finger notices. While a hover is in progress, its
    /// moves are hit-tested too (R90), and every call passes the scene.
    private static let noScene = Scene()

    /// The state and the processing (`GestureEngine+Core.swift`).
    @exclusivity(unchecked) private var core: Core
    /// True while a call runs, so that one made from inside it (a hook calling back)
    /// is refused rather than reaching `core` while it is being changed.
    @exclusivity(unchecked) private var inCall = false
    /// Shared by an engine and its copies, which run the same program: what
    /// `copy(reusing:)` asks of an engine whose memory it takes.
    private let origin: Origin
    private final class Origin {}

    /// Validates the program first: the engine indexes its tables without checking,
    /// so a program built by hand or damaged is rejected here, never run.
    public convenience init(program: GestureProgram) throws(ProgramError) {
        try self.init(validating: program, registerForm: true)
    }

    /// The one designated initializer, which the variants below configure.
    private init(validating program: GestureProgram, registerForm: Bool) throws(ProgramError) {
        try program.validate()
        self.program = program
        origin = Origin()
        core = Core(validated: program, registerForm: registerForm)
    }

    /// An engine that runs every routine on the stack machine, conditions in register
    /// form (`Comparison`) included: the tests check that both give the same outputs.
    package convenience init(stackMachineOnly program: GestureProgram) throws(ProgramError) {
        try self.init(validating: program, registerForm: false)
    }

    /// An engine that measures every recognizer itself, where the engine measures a
    /// lineage once, in the slot its recognizers share (`MeasurementLineage`,
    /// `MeasurementSlot`): the tests check that both give the same outputs.
    package convenience init(measuringEach program: GestureProgram) throws(ProgramError) {
        try self.init(validating: program, registerForm: true)
        core.sharesMeasurements = false
    }

    /// An engine whose passes look at every involved recognizer, and which finds the
    /// next timer by walking them all, where the engine looks only at those listed as
    /// changed and keeps a queue (GestureEngine+Passes.swift): the tests check that
    /// both give the same outputs.
    package convenience init(lookingAtEveryInvolved program: GestureProgram) throws(ProgramError) {
        try self.init(validating: program, registerForm: true)
        core.looksAtEveryInvolved = true
    }

    /// An engine that never gives a removed view's slot to a new view, where the engine
    /// does once the interaction is over (`removeView`): the tests check that both give
    /// the same outputs.
    package convenience init(neverReusingSlots program: GestureProgram) throws(ProgramError) {
        try self.init(validating: program, registerForm: true)
        core.reusesSlots = false
    }

    private init(copying other: GestureEngine) {
        program = other.program
        origin = other.origin
        scene = other.scene
        windowSize = other.windowSize
        clock = other.clock
        generation = other.generation
        core = Core(copying: other.core)
    }

    /// An engine in this one's state, from now on independent of it: a start that
    /// several runs share (`lint` explores every probe from one).
    package func copy() -> GestureEngine {
        GestureEngine(copying: self)
    }

    /// `copy()`, made in `spare`'s memory when `spare` descends from the same engine
    /// (so runs the same program): the explorer makes engine after engine from others,
    /// and gives back the ones it is done with, so that a copy allocates nothing. The
    /// caller gives `spare` up: nothing else may hold it.
    package func copy(reusing spare: GestureEngine?) -> GestureEngine {
        guard let spare, spare !== self, spare.origin === origin, !spare.inCall, !inCall else { return copy() }
        spare.scene = scene
        spare.windowSize = windowSize
        spare.clock = clock
        spare.generation = generation
        spare.core.assign(from: core)
        return spare
    }

    /// Whether each row that fires is recorded with the values its guard compared
    /// (`firedRows`), for `simulate`'s explanations. Guards then run on the stack
    /// machine, which notes them; off, the engine records nothing.
    package var tracesComparisons: Bool {
        get { query(false) { $0.tracesComparisons } }
        set { try? call { core throws(EngineError) in core.tracesComparisons = newValue } }
    }

    /// The rows that fired during the last call, in order, while `tracesComparisons`.
    package var firedRows: [FiredRow] { query([]) { $0.firedRows } }

    /// How many times a recognizer took the measurements of another of its lineage
    /// from their slot instead of measuring (`MeasurementLineage`, `MeasurementSlot`).
    package var measurementsCopied: Int {
        query(0) { core in core.measurementsCopied }
    }

    /// How many times a recognizer took the row decision of its twin fed before it,
    /// and an action the values of the action before it (`EngineTables.twinClass`).
    package var decisionsShared: Int {
        query(0) { core in core.decisionsShared }
    }
    package var valuesShared: Int {
        query(0) { core in core.valuesShared }
    }

    /// The entries of the timer queue, stale ones included (GestureEngine+Passes.swift).
    package var queuedTimers: Int {
        query(0) { core in core.timerQueue.count }
    }

    /// How many of the program's routines run in register form (`Comparison`).
    package var routinesInRegisterForm: Int {
        query(0) { core in core.tables.routineComparisons.count { !$0.isEmpty } }
    }

    /// Runs one of the host's calls on `core`, unless another is in progress.
    private func call<Result>(_ body: (inout Core) throws(EngineError) -> Result) throws(EngineError) -> Result {
        guard !inCall else { throw .reentrantCall }
        inCall = true
        defer {
            inCall = false
            clock = core.now
            generation = core.generation
        }
        let result = try body(&core)
        if core.tables.hasControls { core.sendControlEvents(in: scene) }
        return result
    }

    /// Answers a query from `core`, or `busy` while a call is in progress. The body gets
    /// `core` in place (`Core`'s methods are all `mutating`), not a copy.
    func query<Answer>(_ busy: @autoclosure () -> Answer, _ body: (inout Core) -> Answer) -> Answer {
        inCall ? busy() : body(&core)
    }

    // MARK: - Setting up

    /// Registers a view instance of `role` under `parent` (nil for a root), in front of
    /// its siblings, and attaches the recognizers the program declares on that role, in
    /// declaration order, which is their order of addition (R23).
    ///
    /// The view takes the slot of a removed view of the same role when the engine is
    /// done with one (`removeView`), with the next generation, or a new slot.
    ///
    /// `frame` (in the parent's coordinates) places it for hit testing; a host that
    /// names each touch's view itself can leave it empty. `properties` overrides the
    /// role's hit-testing and delivery properties. A frame or property that is not
    /// finite is refused (`notFinite`).
    @discardableResult
    public func addView(
        role: Int, parent: ViewInstance?, frame: Rect = .zero, properties: ViewProperties? = nil
    ) throws(EngineError) -> ViewInstance {
        guard frame.isFinite, properties?.isFinite ?? true else { throw .notFinite }
        let view = try call { core throws(EngineError) in try core.addView(role: role, parent: parent) }
        scene.add(
            at: view.index, generation: view.generation, parent: parent?.index, frame: frame,
            properties: properties ?? ViewProperties(program.views[role]))
        placed(view.index)
        sceneChanged()
        return view
    }

    /// Changes a view instance's hit-testing and delivery properties from now on (a
    /// view hidden, faded, or not interactive during an animation, R9).
    public func setProperties(_ properties: ViewProperties, of view: ViewInstance) throws(EngineError) {
        try checkSceneChange(of: view)
        guard properties.isFinite else { throw .notFinite }
        scene.setProperties(properties, of: view.index)
        placed(view.index)
        sceneChanged()
    }

    /// Moves or resizes a view instance (`frame` in its parent's coordinates, as for
    /// `addView`); its subviews move with it. Hit testing uses the new geometry from
    /// now on; touches already down stay bound to their views (R5). It costs what the
    /// view's subtree holds and does not allocate.
    public func setFrame(_ frame: Rect, of view: ViewInstance) throws(EngineError) {
        try checkSceneChange(of: view)
        guard frame.isFinite else { throw .notFinite }
        scene.setFrame(frame, of: view.index)
        placed(view.index)
        sceneChanged()
    }

    /// Moves a view instance, with its subtree, to another parent (nil for a root), in
    /// front of its new siblings, at `frame` in the new parent's coordinates: drag and
    /// drop between containers, a cell re-parented by a layout change. A view that stays
    /// in the window keeps its touches (R5) and its recognizers, and a touch's
    /// recognizers stay those collected when it began (R19); from now on hit testing,
    /// the depth that breaks ties (R50) and the views whose recognizers compete (R47)
    /// follow the new hierarchy. The parent's role must be one the view's role may sit
    /// in, and the parent may not be the view or inside it (`invalidParent`).
    public func setParent(_ parent: ViewInstance?, of view: ViewInstance, frame: Rect) throws(EngineError) {
        try checkSceneChange(of: view)
        guard frame.isFinite else { throw .notFinite }
        if let parent { try core.check(parent) }
        try call { core throws(EngineError) in try core.setParent(parent, of: view.index, scene: scene) }
        scene.setParent(parent?.index, of: view.index, frame: frame)
        placed(view.index)
        sceneChanged()
    }

    /// Scrolls a view instance's content: `origin` is the point of the view's own
    /// coordinates at its top-left corner (`bounds.origin`; for a scroll view, its
    /// `contentOffset`). Its subviews move on screen by the opposite amount; the view
    /// stays where it is. Locations stay in window coordinates, so a finger that does
    /// not move does not move for the recognizers either (R68).
    public func setBoundsOrigin(_ origin: Point, of view: ViewInstance) throws(EngineError) {
        try checkSceneChange(of: view)
        guard origin.x.isFinite, origin.y.isFinite else { throw .notFinite }
        scene.setBoundsOrigin(origin, of: view.index)
        placed(view.index)
        sceneChanged()
    }

    /// The view moved, scrolled or changed its properties: what the recognizers read of
    /// its place (`Feature.cannotScroll`) follows. Only the view itself: a view's
    /// scrolling limits depend on its own frame, bounds origin and content size.
    private func placed(_ view: Int) {
        let bits = scene.cannotScroll(view)
        core.setCannotScroll(bits, of: view)
    }

    /// A change of the scene succeeded: like every call, it clears the last call's
    /// outputs (it produces none of its own), so that reading `outputs` after it never
    /// hands a timer's action on a second time.
    private func sceneChanged() {
        core.clearOutputs()
        generation = core.generation
    }

    /// Removes a view instance and its subtree, as a view leaves its window (a screen
    /// popped, a cell recycled). Processed as an input event at `time`, after the
    /// timers due before it:
    /// - every touch bound to one of those views is cancelled for that view, if the view
    ///   had seen it begin (R16), and is bound to no view from then on, as a touch that
    ///   recognition took from its view (§0.3 step 4; UIKit's `UITouch.view` is nil);
    /// - every recognizer attached to one of them ends: cancelled if it had begun,
    ///   failed if not (`GestureDecision.Reason.viewRemoved`), which releases the
    ///   recognizers that wait for it (R54);
    /// - recognizers of views still in the window keep the touch: its later moves and
    ///   its lift reach them, so a list keeps scrolling while the cell under the finger
    ///   is deleted. A touch no one tracks any more reaches no one until it lifts.
    ///
    /// A removed view can be neither changed, nor given a touch or a subview
    /// (`viewRemoved`). Once the interaction is over (no touch down or still to be
    /// delivered, no recognizer taking part), its slot, with its recognizers', is free
    /// for a new view of its role, with the next generation; a handle kept from before
    /// still names the removed view (`viewRemoved`), and its recognizers' none
    /// (`unknownRecognizer`). So what the engine holds is bounded by the views in the
    /// window and those removed during an interaction, however many were made
    /// (docs/engine.md, "Handles and reused slots").
    public func removeView(_ view: ViewInstance, time: Double) throws(EngineError) {
        try checkSceneChange(of: view)
        try call { core throws(EngineError) in try core.removeView(view.index, time: time, scene: scene) }
        scene.remove(view.index)
    }

    /// A view the host changes must be one of the scene, not removed, and no call may
    /// be in progress.
    private func checkSceneChange(of view: ViewInstance) throws(EngineError) {
        guard !inCall else { throw .reentrantCall }
        try core.check(view)
    }

    /// Changes the window's size, which the `windowSize` feature reads (a rotation, a
    /// window resized). Each side must be finite (`notFinite`).
    public func setWindowSize(_ size: Point) throws(EngineError) {
        guard size.x.isFinite, size.y.isFinite else { throw .notFinite }
        try call { core throws(EngineError) in
            core.windowSize = size
            core.clearOutputs()
        }
        windowSize = size
    }

    /// Binds the answer of the hook with this id (`Hook.rawValue` of the generated
    /// code); until then the hook gives its declared default.
    ///
    /// The engine asks a hook in the middle of a call. What a hook may need to know
    /// about the question, it gets as its argument (`HookQuery`); the rest is the app's
    /// own state. Calling the engine back from a hook is refused (`reentrantCall`).
    public func bind(hook: Int, _ answer: @escaping (HookQuery) -> Bool) throws(EngineError) {
        guard hook >= 0 && hook < program.hooks.count else { throw .unknownHook(hook) }
        // The core knows no geometry; the scene, which no call changes while a hook is
        // asked, gives the location in the asking view's coordinates. Weak: the core
        // keeps the closure, and the engine keeps the core.
        let located: (HookQuery) -> Bool = { [weak self] query in
            var query = query
            if let local = self?.scene.convert(query.location, to: query.view.index) { query.locationInView = local }
            return answer(query)
        }
        try call { core throws(EngineError) in
            core.hooks[hook] = located
            core.clearOutputs()
        }
    }

    /// Binds a hook whose answer does not depend on which recognizer asks.
    public func bind(hook: Int, _ answer: @escaping () -> Bool) throws(EngineError) {
        try bind(hook: hook) { (_: HookQuery) in answer() }
    }

    // MARK: - Input

    /// One input event: the touches that changed together (R12). It is one step:
    /// every change is applied to its touch first (new touches are bound to their
    /// hit-test view, given or found by the scene, R1–R7; with none, no view or
    /// recognizer ever sees the touch, R10); then each recognizer of those touches is
    /// fed each phase present once, with all of its touches of that phase; then the
    /// outcome is resolved and delivered once. Timers due before `time` fire first, each
    /// as an event of its own. Nothing changes if any change is invalid.
    public func handle(_ changes: [TouchChange], time: Double) throws(EngineError) {
        // An event of one change, most of a host's, takes the one-change step, which
        // finds its touch once; it checks, applies and feeds as the general one does.
        if changes.count == 1, let change = changes.first {
            if change.phase == .down {
                try call { core throws(EngineError) in try core.step(change, time: time, scene: scene) }
            } else if core.liveHovers > 0 {
                try call { core throws(EngineError) in try core.step(change, time: time, scene: scene) }
            } else {
                try call { core throws(EngineError) in try core.step(change, time: time, scene: Self.noScene) }
            }
            return
        }
        // Only a touch going down is hit tested (`noScene`), and a hover's moves.
        if core.liveHovers > 0 || changes.contains(where: { $0.phase == .down }) {
            try call { core throws(EngineError) in try core.step(changes, time: time, scene: scene) }
        } else {
            try call { core throws(EngineError) in try core.step(changes, time: time, scene: Self.noScene) }
        }
    }

    /// A new touch, bound for its whole life to `view`, its hit-test view (R5).
    public func touchDown(
        _ id: Int, at location: Point, time: Double, view: ViewInstance, touchType: TouchType = .direct
    ) throws(EngineError) {
        let change = TouchChange(id: id, phase: .down, location: location, view: view, touchType: touchType)
        try call { core throws(EngineError) in try core.step(change, time: time, scene: scene) }
    }

    /// A new touch, bound to the view the scene's hit testing finds. Returns that
    /// view, or nil when none takes the touch (R10).
    @discardableResult
    public func touchDown(
        _ id: Int, at location: Point, time: Double, touchType: TouchType = .direct
    ) throws(EngineError) -> ViewInstance? {
        let change = TouchChange(id: id, phase: .down, location: location, touchType: touchType)
        return try call { core throws(EngineError) in
            try core.step(change, time: time, scene: scene)
            return core.view(ofTouch: id)
        }
    }

    public func touchMove(_ id: Int, to location: Point, time: Double) throws(EngineError) {
        let change = TouchChange(id: id, phase: .move, location: location)
        if core.liveHovers > 0 {
            try call { core throws(EngineError) in try core.step(change, time: time, scene: scene) }
        } else {
            try call { core throws(EngineError) in try core.step(change, time: time, scene: Self.noScene) }
        }
    }

    public func touchUp(_ id: Int, at location: Point, time: Double) throws(EngineError) {
        let change = TouchChange(id: id, phase: .up, location: location)
        try call { core throws(EngineError) in
            try core.step(change, time: time, scene: Self.noScene)
        }
    }

    /// The system cancelled the touch (R16).
    public func touchCancel(_ id: Int, time: Double) throws(EngineError) {
        try call { core throws(EngineError) in try core.cancelTouch(id, time: time, scene: Self.noScene) }
    }

    /// A system interruption, such as an alert or a call (R16): every touch in
    /// progress is cancelled, for its views and its recognizers, and every recognizer
    /// taking part in the interaction ends: cancelled if it had begun, failed if not.
    public func interrupt(time: Double) throws(EngineError) {
        try call { core throws(EngineError) in try core.interrupt(time: time) }
    }

    /// Fires every timer due at or before `time`, each at its own deadline.
    public func advance(to time: Double) throws(EngineError) {
        try call { core throws(EngineError) in try core.advance(to: time) }
    }

    /// Enables or disables a recognizer instance (R60, R61). Disabling cancels it if it
    /// had begun, fails it if it was possible, and drops its touches; re-enabled, it
    /// joins only touches that begin afterwards.
    public func setEnabled(_ instance: RecognizerInstance, _ enabled: Bool, time: Double) throws(EngineError) {
        try call { core throws(EngineError) in try core.setEnabled(instance, enabled, time: time) }
    }

    // MARK: - Queries

    /// What the last call produced, in order. The list is read in place, and stays as
    /// it is however many calls follow (`OutputList`).
    public var outputs: OutputList<GestureOutput> {
        query(.empty) { core in
            OutputList(core.outputs, 0..<core.outputs.buffer.count)
        }
    }

    /// Reported values of the last call's actions; `GestureAction.values` indexes it.
    public var reportedValues: OutputList<Double> {
        query(.empty) { core in
            OutputList(core.reportedValues, 0..<core.reportedValues.buffer.count)
        }
    }

    /// The touches of the last call's view deliveries; `TouchDelivery.touches` indexes it.
    public var deliveredTouches: OutputList<DeliveredTouch> {
        query(.empty) { core in
            OutputList(core.deliveredTouches, 0..<core.deliveredTouches.buffer.count)
        }
    }

    /// The earliest running timer's deadline, if any: call `advance(to:)` then.
    public var nextDeadline: Double? { query(nil) { $0.nextDeadline() } }

    /// The recognizer instances attached to `view`, in order of addition.
    public func recognizers(on view: ViewInstance) -> [RecognizerInstance] {
        query([]) { $0.recognizers(on: view) }
    }

    /// The program's recognizer (index into `program.recognizers`) an instance runs.
    public func declaration(of instance: RecognizerInstance) -> Int? {
        query(nil) { $0.declaration(of: instance) }
    }

    /// The view instance a recognizer instance is attached to.
    public func view(of instance: RecognizerInstance) -> ViewInstance? {
        query(nil) { $0.view(of: instance) }
    }

    /// The role of a view instance.
    public func role(of view: ViewInstance) -> Int? {
        query(nil) { $0.role(of: view) }
    }

    /// What the recognizer's clients were last told (R36): `possible` while it is held.
    public func state(of instance: RecognizerInstance) -> RecognizerState? {
        query(nil) { $0.state(of: instance) }
    }

    /// Whether the recognizer takes part in the current interaction (it tracks a touch,
    /// runs a timer, or waits to reset) and may still recognize: its clients see
    /// `possible` and its sequence is not over. `lint` asks it to tell actions that
    /// stack on one sequence (GDL208).
    package func isUndecided(_ instance: RecognizerInstance) -> Bool {
        query(false) { core in
            guard let index = core.current(instance) else { return false }
            return core.instances[index].isInvolved && core.instances[index].told == .possible
                && core.instances[index].final == nil
        }
    }

    /// The touches the recognizer received in its current sequence, as a mask of the
    /// engine's touch slots: two recognizers act on one touch sequence where their masks
    /// meet (lint's doubled rule). Slots are the engine's own, not touch ids.
    package func receivedTouchMask(_ instance: RecognizerInstance) -> UInt64 {
        query(0) { core in
            core.current(instance).map { core.instances[$0].received.mask } ?? 0
        }
    }

    /// Whether one of the recognizer's timers is running: a wait for it to fail has a
    /// bound of its own (lint's late rule).
    package func hasRunningTimer(_ instance: RecognizerInstance) -> Bool {
        query(false) { core in
            guard let index = core.current(instance) else { return false }
            let timers = core.instances[index].timers
            return timers.contains { core.deadlines[$0].isFinite }
        }
    }

    /// Hashes what the engine's future decisions depend on besides the touches'
    /// positions: each recognizer instance's table state, what its clients were told,
    /// whether it is held or enabled, its variables, the touches it tracks and has
    /// received, and the time left on each of its timers; and the touches down. Two
    /// engines with equal fingerprints, fed inputs alike from here, decide alike as far
    /// as the recognizers' tables can tell, so an exploration (lint's) visits the state
    /// once. The measurements (`translation`, `scale`, …) are left to the caller, which
    /// knows the classes the program's thresholds cut them into.
    ///
    /// Times are compared to the microsecond, so a timer started at the same moment of
    /// two inputs gives one fingerprint.
    package func hashExplorationState(into hasher: inout Hasher) {
        query(()) { core in core.hashExplorationState(into: &hasher) }
    }

    /// The recognizer instances the engine stores: those of the views in the window,
    /// of views removed during the interaction in progress, and the free slots of
    /// removed ones, kept for new views (`removeView`): what a copy of the engine holds
    /// (the explorer's memory bound).
    package var recognizerInstanceCount: Int {
        query(0) { core in core.instances.count }
    }

    /// The view slots the engine stores, free ones included: bounded by the most views
    /// the window held at once, with those removed while an interaction went on.
    package var storedViewCount: Int {
        query(0) { core in core.views.count }
    }

    /// The handle of the view in slot `index` now, removed or not; nil past the last
    /// slot. For tools that walk the scene by index (`scene` is indexed by slot).
    package func view(at index: Int) -> ViewInstance? {
        query(nil) { core in core.views.indices.contains(index) ? core.viewInstance(index) : nil }
    }

    /// When the view in slot `index` was added, among every view added: the order of
    /// addition, which a slot taken again does not follow.
    func additionOrder(of index: Int) -> Int? {
        query(nil) { core in core.views.indices.contains(index) ? core.views[index].added : nil }
    }

    /// The touches down now.
    package var touchesDown: Int {
        query(0) { core in core.touchesDown }
    }

    /// Whether no recognizer is involved in an interaction and no timer is pending: a
    /// touch-down from here starts afresh.
    @usableFromInline package var isIdle: Bool {
        query(false) { core in core.involved.count == 0 && core.touchesDown == 0 }
    }

    /// `point`, in window coordinates as the engine takes and reports locations, in the
    /// coordinates of `view` as it is now: from the view's top-left corner, plus its
    /// bounds origin (a scroll view's content offset), as UIKit's
    /// `location(in: gesture.view)` gives it. Nil for a view the scene does not have,
    /// or has removed.
    public func location(_ point: Point, in view: ViewInstance) -> Point? {
        scene.holds(view) ? scene.convert(point, to: view.index) : nil
    }

    /// The view a touch that is down is bound to; nil when it is not down or no view
    /// took it (R10).
    public func view(ofTouch id: Int) -> ViewInstance? {
        query(nil) { $0.view(ofTouch: id) }
    }

    /// The values an action of the last call reported, in the order of its kind's
    /// `reports`; a vector takes two values (x, y). Empty for an action kept from an
    /// earlier call, whose values are gone. Read in place, without allocating.
    public func values(of action: GestureAction) -> OutputList<Double> {
        query(.empty) { $0.values(of: action) }
    }

    /// The touches a view delivery of the last call carries, in the order they
    /// changed, each with its location, timestamp and tap count as the view sees it.
    /// Empty for a delivery kept from an earlier call.
    public func touches(of delivery: TouchDelivery) -> OutputList<DeliveredTouch> {
        query(.empty) { $0.touches(of: delivery) }
    }

    /// The ids of the touches a view delivery carries (`touches(of:)`).
    public func touchIDs(of delivery: TouchDelivery) -> LazyMapSequence<OutputList<DeliveredTouch>, Int> {
        touches(of: delivery).lazy.map(\.id)
    }

    // MARK: - Typed names of the generated code

    /// Registers a view instance of a role named by the generated code
    /// (`PhotoBrowser.View.photo`); see `addView(role:parent:frame:properties:)`.
    @discardableResult
    public func addView<Role: GestureViewName>(
        role: Role, parent: ViewInstance?, frame: Rect = .zero, properties: ViewProperties? = nil
    ) throws(EngineError) -> ViewInstance {
        try checkOwner(of: role)
        return try addView(role: role.rawValue, parent: parent, frame: frame, properties: properties)
    }

    /// Binds a hook by its name in the generated code (`PhotoBrowser.Hook.allowZoom`).
    public func bind<Hook: GestureHookName>(_ hook: Hook, _ answer: @escaping () -> Bool) throws(EngineError) {
        try checkOwner(of: hook)
        try bind(hook: hook.rawValue, answer)
    }

    /// Binds a hook by its name, with an answer that looks at who asks (`HookQuery`).
    public func bind<Hook: GestureHookName>(_ hook: Hook, _ answer: @escaping (HookQuery) -> Bool)
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
}

/// What a recognizer's clients were told, UIKit's states (R27); `ended` is also
/// `recognized`.
public enum RecognizerState: String, Hashable, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
}
