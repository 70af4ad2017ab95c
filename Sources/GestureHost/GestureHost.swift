import GestureRuntime

/// What sits between a platform and the engine, written once and platform-neutral
/// (docs/embedding.md, "The host core"): a platform's touches become engine events,
/// its views engine views, its clock the engine's, and the engine's actions and
/// deliveries calls to the app's handlers.
///
///     let host = try GestureHost<PhotoBrowser, ObjectIdentifier, ObjectIdentifier>(windowSize: size)
///     try host.register(ObjectIdentifier(photoView), role: .photo, parent: ObjectIdentifier(scroller), frame: frame)
///     host.onAction(of: .doubleTap) { action in zoom(at: action.values[0]) }
///     try host.handle([.init(ObjectIdentifier(touch), .began, at: point)], timestamp: event.timestamp)
///     try host.tick(at: displayLink.timestamp)
///
/// `PlatformTouch` identifies a touch as the platform does (a `UITouch`'s object
/// identifier, a pointer id), `PlatformView` a view. Every decision lives here, so
/// an adapter only forwards what the platform says (`GestureHostView`, for UIKit).
///
/// After warm-up, an event costs no allocation as long as handlers let what they are
/// given go when they return: the host's buffers are reused, and the values and
/// touches a handler reads are the engine's, read in place (`OutputList`).
public final class GestureHost<Set: GestureSet, PlatformTouch: Hashable, PlatformView: Hashable> {
    /// One touch's change in a platform event.
    public typealias TouchInput = PlatformTouchInput<PlatformTouch, PlatformView>

    /// An action of a recognizer, for its handler.
    public struct Action {
        public var recognizer: Set.Recognizer
        /// The platform view the recognizer is attached to.
        public var view: PlatformView?
        public var phase: GestureAction.Phase
        public var time: Double
        /// The reported values, in the order of the kind's `reports` (a vector takes
        /// two, x then y), read in place: `reportedValues(as:)` reads them as the
        /// struct the generated code declares for the kind.
        public var values: OutputList<Double>
        /// What VoiceOver or Switch Control asked for when the action comes from them
        /// rather than from touches (`performAccessibility`); nil for a gesture's.
        public var accessibility: AccessibilityRequest?
        @usableFromInline let engine: GestureEngine

        @usableFromInline
        init(
            recognizer: Set.Recognizer, view: PlatformView?, phase: GestureAction.Phase, time: Double,
            values: OutputList<Double>, engine: GestureEngine, accessibility: AccessibilityRequest? = nil
        ) {
            self.recognizer = recognizer
            self.view = view
            self.phase = phase
            self.time = time
            self.values = values
            self.engine = engine
            self.accessibility = accessibility
        }

        /// The values as the generated struct of the recognizer's kind
        /// (`action.reportedValues(as: PhotoBrowser.PanValues.self)?.translation`): nil
        /// on the terms of `GestureEngine.reportedValues(of:as:)`.
        @inlinable public func reportedValues<Values: GestureReportedValues>(as _: Values.Type = Values.self) -> Values? {
            Values(reading: values, recognizer: recognizer.rawValue, program: engine.program)
        }
    }

    /// Touches delivered to a view, for its handler.
    public struct Delivery {
        public var view: PlatformView
        public var phase: TouchDelivery.Phase
        public var time: Double
        /// The touches, as the platform knows them, with their locations.
        public var touches: Touches
        /// The engine's view, which `view` named when the delivery was made: a delivery
        /// queued behind a handler's host call reaches the view's handlers only if the
        /// key still names that view, not one registered under it since.
        @usableFromInline let instance: ViewInstance

        @usableFromInline
        init(view: PlatformView, instance: ViewInstance, phase: TouchDelivery.Phase, time: Double, touches: Touches) {
            self.view = view
            self.instance = instance
            self.phase = phase
            self.time = time
            self.touches = touches
        }
    }

    /// A control event a view sent (docs/controls.md): `touchUpInside` is a button's
    /// action.
    public struct ControlAction {
        public var view: PlatformView
        public var event: ControlEvent.Kind
        public var time: Double
        /// Where the touch the control tracks is, in window coordinates.
        public var location: Point
        /// The engine's view, as for `Delivery`.
        @usableFromInline let instance: ViewInstance

        @usableFromInline
        init(view: PlatformView, instance: ViewInstance, event: ControlEvent.Kind, time: Double, location: Point) {
            self.view = view
            self.instance = instance
            self.event = event
            self.time = time
            self.location = location
        }
    }

    /// The touches of a delivery, read in place: each as the platform knows it, with
    /// its location in window coordinates.
    public struct Touches: RandomAccessCollection {
        @usableFromInline let delivered: OutputList<DeliveredTouch>
        /// The host's touches when the delivery was made, by engine id less one; every
        /// id delivered is one of them (`dispatch` leaves out a delivery of another).
        @usableFromInline let platformTouches: [PlatformTouch]

        @usableFromInline
        init(delivered: OutputList<DeliveredTouch>, platformTouches: [PlatformTouch]) {
            self.delivered = delivered
            self.platformTouches = platformTouches
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { delivered.count }

        @inlinable public subscript(position: Int) -> (touch: PlatformTouch, location: Point) {
            let touch = delivered[position]
            return (platformTouches[touch.id - 1], touch.location)
        }
    }

    public let engine: GestureEngine

    // MARK: Touch identity

    /// The engine id of each platform touch down.
    @usableFromInline @exclusivity(unchecked) var ids: [PlatformTouch: Int] = [:]
    /// The touch looked up last and its id: a finger that moves is asked for on every
    /// event, and comparing it costs less than hashing it (`id(of:)`).
    @usableFromInline @exclusivity(unchecked) var lastLookup: (touch: PlatformTouch, id: Int)?
    /// The platform touch of each engine id, less one, and whether the id is taken: by
    /// a touch down, or by one that ended and is kept for the deliveries the engine may
    /// still make of it (an end held back, R40) until the engine is idle. A free id's
    /// entry is the last touch that had it. The smallest free id is taken, so ids stay
    /// small however long the app runs.
    @usableFromInline @exclusivity(unchecked) var platformTouches: [PlatformTouch] = []
    @usableFromInline @exclusivity(unchecked) var idStates: [IDState] = []
    @usableFromInline @exclusivity(unchecked) var keptTouches = 0
    /// The free ids, smallest first to take: a touch begins at the cost of the ids in
    /// use, not of a walk over every id ever handed out.
    @usableFromInline @exclusivity(unchecked) var freeIDs = MinimumHeap()
    /// The ids taken for touches that begin in the batch not yet sent: an event the
    /// engine refuses gives them back, so the host is left as it was (`flush`).
    @usableFromInline @exclusivity(unchecked) var takenInBatch: [Int] = []

    @usableFromInline enum IDState {
        case free, down, ended
    }

    // MARK: Views

    @usableFromInline @exclusivity(unchecked) var views: [PlatformView: ViewInstance] = [:]
    /// The platform view of each engine view, with the view's generation, by
    /// `ViewInstance.index`. The engine gives a removed view's slot to a view added
    /// later, which takes its entry: an output of the removed one (of an older
    /// generation) finds no platform view, never the new one.
    @usableFromInline @exclusivity(unchecked) var platformViews: [(view: PlatformView, generation: UInt32)?] = []
    @usableFromInline var parents: [PlatformView: PlatformView] = [:]
    /// Each registered view's registered subviews: a view that leaves takes them with it,
    /// found at the cost of the subtree, not of every view registered.
    @usableFromInline var children: [PlatformView: Swift.Set<PlatformView>] = [:]

    // MARK: Dispatch

    /// Each recognizer instance's declaration and view, by instance index. A recognizer
    /// has its view's generation: an action of one whose slot another took since
    /// reaches no handler.
    @usableFromInline @exclusivity(unchecked) var recognizers: [(declaration: Int, view: ViewInstance)] = []

    /// By declaration id.
    @usableFromInline @exclusivity(unchecked) var actionHandlers: [[(Action) -> Void]]
    @usableFromInline @exclusivity(unchecked) var deliveryHandlers: [PlatformView: [(Delivery) -> Void]] = [:]
    @usableFromInline @exclusivity(unchecked) var controlHandlers: [PlatformView: [(ControlAction) -> Void]] = [:]
    /// The labels the app gave views for accessibility (`setAccessibilityLabel`).
    var accessibilityLabels: [PlatformView: String] = [:]
    @usableFromInline enum Call {
        case action(Action)
        case delivery(Delivery)
        case control(ControlAction)
    }
    /// The calls to make, in the engine's order; a host call from a handler adds its
    /// own after them.
    @usableFromInline @exclusivity(unchecked) var pending: [Call] = []
    @usableFromInline @exclusivity(unchecked) var dispatching = false
    /// Whether any handler is registered, of actions or of deliveries.
    @usableFromInline @exclusivity(unchecked) var listening = false
    /// The outputs being handed on, and the first not yet (`dispatch`).
    @usableFromInline @exclusivity(unchecked) var unhanded: OutputList<GestureOutput>?
    @usableFromInline @exclusivity(unchecked) var unhandedStart = 0

    // MARK: One platform event

    @usableFromInline @exclusivity(unchecked) var batch: [TouchChange] = []
    /// Each engine id's change in `batch`, by id less one; -1 for none.
    @usableFromInline @exclusivity(unchecked) var positions: [Int] = []
    @usableFromInline @exclusivity(unchecked) var ending: [Int] = []
    @usableFromInline @exclusivity(unchecked) var lastWholeEvent: Double?
    @usableFromInline @exclusivity(unchecked) var ordered: [TouchInput] = []

    // MARK: Recording

    /// The flight recorder, when the app asked for one: each call the engine accepted
    /// is recorded after it, before its outputs are handed on (a handler's host call
    /// comes after it, as it reached the engine after it).
    @usableFromInline @exclusivity(unchecked) var recorder: FlightRecorder?

    /// A host of `program`: the set's own (the default) or an update of it that its
    /// names still fit (`GestureSet.decodeUpdate`). With `flightRecorder`, the host
    /// keeps the last calls it made to the engine, for `flightRecording()`
    /// (docs/recording.md); without, recording costs a branch a call.
    public init(program: GestureProgram = Set.program, windowSize: Point, flightRecorder: FlightRecorderSettings? = nil) throws {
        engine = try GestureEngine(program: program)
        try engine.setWindowSize(windowSize)
        actionHandlers = Array(repeating: [], count: program.recognizers.count)
        recorder = flightRecorder.map {
            FlightRecorder(settings: $0, vocabulary: RecordingVocabulary(program: program), windowSize: windowSize)
        }
    }

    /// What the flight recorder kept, as a recording that `gesturec simulate` and
    /// `gesturec test` replay (docs/recording.md); nil without a recorder.
    public func flightRecording() -> String? {
        recorder?.text()
    }

    /// Called after every engine call the recorder records or sees, for tests that
    /// read each call's outputs (a call's outputs are the engine's until its next).
    package func onEngineCall(_ observer: @escaping () -> Void) {
        recorder?.onEngineCall = observer
    }

    /// The id a recording gives a view (`photo2`), for tests that name outputs as a
    /// replay does.
    package func recordedID(of view: ViewInstance) -> String? {
        guard let recorder else { return nil }
        let name = recorder.name(of: view)
        return name == 0 ? nil : RecordingWriter(vocabulary: recorder.vocabulary).id(name)
    }

    // MARK: - Views

    /// A platform view joins the window as a view of `role`, inside `parent`.
    public func register(
        _ view: PlatformView, role: Set.View, parent: PlatformView? = nil, frame: Rect, properties: ViewProperties? = nil
    ) throws {
        guard views[view] == nil else { throw HostError.viewRegisteredTwice }
        takeUnhandedOutputs()
        let parentInstance = try parent.map { parent throws(HostError) in
            guard let instance = views[parent] else { throw HostError.unknownView }
            return instance
        }
        let instance = try engine.addView(role: role, parent: parentInstance, frame: frame, properties: properties)
        recorder?.recordRegister(instance, role: role.rawValue, parent: parentInstance, frame: frame, properties: properties, time: engine.now)
        views[view] = instance
        while platformViews.count <= instance.index { platformViews.append(nil) }
        platformViews[instance.index] = (view, instance.generation)
        // What an action's recognizer is, and on which view, read here once rather
        // than asked of the engine for every action.
        for recognizer in engine.recognizers(on: instance) {
            guard let declaration = engine.declaration(of: recognizer) else { continue }
            while recognizers.count <= recognizer.index { recognizers.append((declaration: -1, view: ViewInstance(-1))) }
            recognizers[recognizer.index] = (declaration, instance)
        }
        if let parent {
            parents[view] = parent
            children[parent, default: []].insert(view)
        }
    }

    /// A platform view left the window, with its subviews: what the engine does with
    /// their touches and recognizers is `GestureEngine.removeView`'s.
    public func unregister(_ view: PlatformView, timestamp: Double) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        takeUnhandedOutputs()
        try engine.removeView(instance, time: clamped(timestamp))
        recorder?.recordUnregister(instance, time: engine.now)
        dispatch()
        // The subtree's platform views are forgotten with it, with their delivery
        // handlers: a view registered again under the same key starts afresh.
        // In place, so that a cell leaving a list of thousands costs itself alone.
        if let parent = parents[view] {
            children[parent]?.remove(view)
            if children[parent]?.isEmpty == true { children[parent] = nil }
        }
        var pending = [view]
        while let gone = pending.popLast() {
            pending += children.removeValue(forKey: gone) ?? []
            if let instance = views.removeValue(forKey: gone), platformViews[instance.index]?.generation == instance.generation {
                platformViews[instance.index] = nil
            }
            parents[gone] = nil
            accessibilityLabels[gone] = nil
            let hadDeliveryHandlers = deliveryHandlers.removeValue(forKey: gone) != nil
            let hadControlHandlers = controlHandlers.removeValue(forKey: gone) != nil
            if hadDeliveryHandlers || hadControlHandlers { listening = hasHandlers }
        }
    }

    /// Whether any handler is registered, of actions or of deliveries.
    private var hasHandlers: Bool {
        !deliveryHandlers.isEmpty || !controlHandlers.isEmpty || actionHandlers.contains { !$0.isEmpty }
    }

    /// Whether `view` is in the window as far as the host knows: registered, and not
    /// removed since, by itself or with a view it was inside.
    public func contains(_ view: PlatformView) -> Bool { views[view] != nil }

    /// The window (the area the host covers, whose coordinates every location is in)
    /// changed size: a rotation, a split screen.
    public func resizeWindow(to size: Point) throws {
        takeUnhandedOutputs()
        try engine.setWindowSize(size)
        recorder?.recordResize(to: size, time: engine.now)
    }

    /// Layout moved or resized a view (its frame in its parent's coordinates).
    public func layout(_ view: PlatformView, frame: Rect) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        takeUnhandedOutputs()
        try engine.setFrame(frame, of: instance)
        recorder?.recordLayout(instance, frame: frame, time: engine.now)
    }

    /// A scroll view's content moved (its bounds origin, UIKit's `contentOffset`).
    public func scroll(_ view: PlatformView, to origin: Point) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        takeUnhandedOutputs()
        try engine.setBoundsOrigin(origin, of: instance)
        recorder?.recordScroll(instance, to: origin, time: engine.now)
    }

    /// A view's hit-testing and delivery properties changed from its role's: hidden,
    /// faded, not interactive while it animates (R9), or a scroll view's content size
    /// (`contentWidth`, `contentHeight`, R81a).
    public func setProperties(_ properties: ViewProperties, of view: PlatformView) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        takeUnhandedOutputs()
        try engine.setProperties(properties, of: instance)
        recorder?.recordProperties(properties, of: instance, time: engine.now)
    }

    // MARK: - The system's gestures

    /// The screen edges whose system gestures the views registered and shown defer
    /// (their roles' `defersSystemGestures`): what a view controller returns from
    /// `preferredScreenEdgesDeferringSystemGestures` (`GestureHostView.deferredScreenEdges`).
    /// It changes as views come and go; ask again after registering or unregistering.
    public var deferredSystemEdges: GestureDirections { engine.deferredSystemEdges }

    /// The window frames of the views registered and shown whose role has
    /// `excludesSystemGestures`: what an Android host passes to
    /// `View.setSystemGestureExclusionRects` (in the view's own coordinates there).
    public var systemGestureExclusions: [Rect] { engine.systemGestureExclusions }

    // MARK: - Touches, time and interruptions

    /// One platform event: every touch that changed in it, in the platform's order.
    ///
    /// The touches that changed together are one engine event (R12). A platform may
    /// list a touch more than once (coalesced samples): its moves are merged into the
    /// change before them, the last location winning, and where a touch both begins
    /// and ends in one platform event, what came before its end is sent as an event of
    /// its own at the same timestamp, since a touch changes once per engine event. A
    /// change of a touch the host does not know (it began before the host, or an
    /// interruption ended it) is dropped; a touch that begins while still known (its
    /// end was lost) is cancelled first. Stationary touches are skipped.
    ///
    /// An event the host or the engine refuses (a view the host does not know, a time
    /// or location that is not finite, a touch past the engine's limit, a call from
    /// inside a hook) leaves the host as it was: no touch of it is taken, so the
    /// platform's touch keys stay usable. Where the event had to be sent in parts (a
    /// touch that both begins and ends in it), the parts before the refused one stand,
    /// as the engine took them.
    @inlinable
    public func handle(_ inputs: [TouchInput], timestamp: Double) throws {
        takeUnhandedOutputs()
        // What a call that threw left behind is not sent again.
        clearBatch()
        if !ending.isEmpty { ending.removeAll(keepingCapacity: true) }
        // Everything the host can check is checked before any touch takes an id.
        guard timestamp.isFinite else { throw EngineError.notFinite }
        for input in inputs {
            guard input.location.x.isFinite, input.location.y.isFinite, input.scale.isFinite, input.rotation.isFinite else {
                throw EngineError.notFinite
            }
            if let view = input.view, views[view] == nil { throw HostError.unknownView }
        }
        // The usual event, one known finger moving, is one change with nothing to
        // gather or merge: it goes to the engine's one-change call, as the batch below
        // would send it.
        if inputs.count == 1, let input = inputs.first, input.phase == .moved, input.view == nil, input.scale == 1,
            input.rotation == 0, let id = self.id(of: input.touch)
        {
            try engine.touchMove(id, to: input.location, time: clamped(timestamp))
            if let recorder { recorder.recordMove(id, to: input.location, time: engine.now) }
            dispatch()
            return
        }
        for input in inputs where input.phase != .stationary {
            if input.phase == .began, self.id(of: input.touch) != nil {
                // What came before goes first: the touch may end there (an object the
                // platform reuses at once). If not, its end was lost: it is cancelled,
                // in an event of its own, before it begins anew.
                try flush(timestamp)
                if let stale = self.id(of: input.touch) {
                    ending.append(stale)
                    batch.append(TouchChange(id: stale, phase: .cancel, location: input.location))
                    try flush(timestamp)
                }
            }
            let view = input.view.flatMap { views[$0] }
            let id: Int
            if input.phase == .began {
                id = allocate(input.touch)
                takenInBatch.append(id)
            } else {
                guard let known = self.id(of: input.touch) else { continue }
                id = known
            }
            let phase: TouchChange.Phase =
                switch input.phase {
                case .began: .down
                case .moved, .stationary: .move
                case .ended: .up
                case .cancelled: .cancel
                }
            let position = positions[id - 1]
            if position >= 0 {
                if phase == .move {
                    batch[position].location = input.location
                    batch[position].scale = input.scale
                    batch[position].rotation = input.rotation
                    continue
                }
                if batch[position].phase == .move {
                    batch[position].phase = phase
                    batch[position].location = input.location
                    batch[position].scale = input.scale
                    batch[position].rotation = input.rotation
                    if phase == .up || phase == .cancel { ending.append(id) }
                    continue
                }
                // It began (or ended) in this batch already: what came before goes first.
                try flush(timestamp)
            }
            positions[id - 1] = batch.count
            batch.append(
                TouchChange(
                    id: id, phase: phase, location: input.location, view: phase == .down ? view : nil, touchType: input.touchType,
                    pointer: phase == .down ? input.pointer : nil, scale: input.scale, rotation: input.rotation))
            if phase == .up || phase == .cancel { ending.append(id) }
        }
        try flush(timestamp)
    }

    /// One platform event reported in several calls, its touches as a set: UIKit calls
    /// `touchesBegan`, `touchesMoved` and `touchesEnded` separately for one event whose
    /// touches changed in different ways, each with a `Set<UITouch>`. The adapter
    /// passes every touch of the event each time (`UIEvent.allTouches`); the first call
    /// handles the event, and a call with the timestamp of the event handled last adds
    /// nothing. A set has no order, so the host gives the touches one: those already
    /// down by their engine id (the order they began in, ids being reused smallest
    /// first), then new ones top to bottom, left to right.
    @inlinable
    public func handle(wholeEvent inputs: [TouchInput], timestamp: Double) throws {
        guard lastWholeEvent != timestamp else { return }
        lastWholeEvent = timestamp
        ordered.removeAll(keepingCapacity: true)
        ordered.append(contentsOf: inputs)
        ordered.sort { a, b in
            switch (ids[a.touch], ids[b.touch]) {
            case (let a?, let b?): a < b
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): (a.location.y, a.location.x) < (b.location.y, b.location.x)
            }
        }
        try handle(ordered, timestamp: timestamp)
    }

    /// Sends the changes gathered so far as one engine event, then hands its outputs
    /// to their handlers; the touches that ended in it are released.
    @inlinable func flush(_ timestamp: Double) throws {
        guard !batch.isEmpty else { return }
        defer { clearBatch() }
        do {
            try engine.handle(batch, time: clamped(timestamp))
        } catch {
            // The engine changed nothing: the touches that were to begin give their
            // ids back, and those that were to end stay down, as they are there.
            recorder?.forgetAnswers()
            while let id = takenInBatch.popLast() { unallocate(id) }
            ending.removeAll(keepingCapacity: true)
            throw error
        }
        if let recorder { recorder.recordEvent(batch, time: engine.now) }
        if !takenInBatch.isEmpty { takenInBatch.removeAll(keepingCapacity: true) }
        while let id = ending.popLast() { release(id) }
        dispatch()
    }

    /// A platform time, or the engine's clock if that is later. A platform stamps an
    /// event when the finger moved and delivers it later: a tick in between may have
    /// moved the clock past it. The event is then taken at the clock's time, after the
    /// timers the tick fired, as UIKit's run loop takes it after a timer that fired
    /// first; the engine's clock never goes back.
    @inlinable func clamped(_ time: Double) -> Double {
        max(time, engine.now)
    }

    @inlinable func clearBatch() {
        // Emptied from the end: `removeAll(keepingCapacity:)` goes through the generic
        // `replaceSubrange`, dearer than the usual event of one change.
        while let change = batch.popLast() { positions[change.id - 1] = -1 }
        // Ids taken for a batch never sent (a call that threw before its flush) go back.
        while let id = takenInBatch.popLast() { unallocate(id) }
    }

    /// The earliest time a timer is due: the platform ticks the host then (a display
    /// link's next frame, a run-loop timer).
    @inlinable
    public var nextDeadline: Double? { engine.nextDeadline }

    /// The platform's clock reached `now`: every timer due by then fires, each at its
    /// own deadline. An event fires the timers due before it by itself, so a tick late
    /// by a frame never reorders them.
    @inlinable
    public func tick(at now: Double) throws {
        takeUnhandedOutputs()
        try engine.advance(to: clamped(now))
        if let recorder { recorder.recordTick(time: engine.now) }
        dispatch()
    }

    /// The app left the foreground, or the system took the touches (an alert, a call):
    /// everything in progress is cancelled (R16) and every touch forgotten.
    public func interrupt(timestamp: Double) throws {
        takeUnhandedOutputs()
        try engine.interrupt(time: clamped(timestamp))
        recorder?.recordInterrupt(time: engine.now)
        for id in ids.values { release(id) }
        dispatch()
    }

    // MARK: - Dispatch

    /// `handler` receives every action of `recognizer`, on any view.
    public func onAction(of recognizer: Set.Recognizer, _ handler: @escaping (Action) -> Void) {
        guard actionHandlers.indices.contains(recognizer.rawValue) else { return }
        actionHandlers[recognizer.rawValue].append(handler)
        listening = true
    }

    /// `handler` receives the touches delivered to `view` (a view that takes part in
    /// touch handling itself: a control's highlight).
    public func onTouches(of view: PlatformView, _ handler: @escaping (Delivery) -> Void) {
        deliveryHandlers[view, default: []].append(handler)
        listening = true
    }

    /// `handler` receives the control events of `view`, a view of a control role
    /// (docs/controls.md): a button's `touchUpInside`, a slider's `valueChanged`.
    public func onControlEvent(of view: PlatformView, _ handler: @escaping (ControlAction) -> Void) {
        controlHandlers[view, default: []].append(handler)
        listening = true
    }

    /// The app answers `hook` when the engine asks.
    public func answer(_ hook: Set.Hook, _ answer: @escaping () -> Bool) throws {
        // The recorder hears each answer as the engine gets it (a `set` line when it
        // changes); without one, the app's closure is the engine's.
        guard let recorder else { return try engine.bind(hook, answer) }
        let index = hook.rawValue
        try engine.bind(hook) {
            let value = answer()
            recorder.noteAnswer(index, value)
            return value
        }
    }

    /// What a hook is asked about, in the app's terms: which recognizer asks, on which
    /// view, and where its touches are, so that an answer can depend on what is under
    /// the finger ("is there a link there").
    public struct HookQuestion {
        /// The recognizer whose predicate or relation asks.
        public var recognizer: Set.Recognizer?
        /// The view it is attached to.
        public var view: PlatformView?
        /// The view under the finger: the hit-test view of the touch that changed last
        /// (of the new touch, for `shouldReceiveTouch`).
        public var touchedView: PlatformView?
        /// Where the recognizer's touches are (the new touch, for `shouldReceiveTouch`),
        /// in window coordinates.
        public var location: Point
        /// The same point in `view`'s own coordinates (its bounds origin included), as
        /// `location(in: view)` gives it: where in a text view, say, to look for a link.
        public var locationInView: Point
        public var time: Double
    }

    /// The app answers `hook` when the engine asks, looking at the question: a link
    /// under the finger, an item that can move. The answer must not call the host.
    public func answer(_ hook: Set.Hook, _ answer: @escaping (HookQuestion) -> Bool) throws {
        // Weak: an app may keep the engine longer than the host.
        let recorder = recorder
        let index = hook.rawValue
        try engine.bind(hook) { [weak self] query in
            let value = answer(
                HookQuestion(
                    recognizer: Set.Recognizer(rawValue: query.declaration), view: self?.platformView(of: query.view),
                    touchedView: query.touchedView.flatMap { self?.platformView(of: $0) }, location: query.location,
                    locationInView: query.locationInView, time: query.time))
            recorder?.noteAnswer(index, value)
            return value
        }
    }

    /// Hands the last engine call's actions and deliveries to their handlers, in the
    /// engine's order. A host call from a handler (an action that scrolls, a delivery
    /// that removes a view) has its outputs handed on after the ones already due, as
    /// a run loop takes events in turn.
    ///
    /// The outputs are handed on as they are read, with nothing queued, unless a
    /// handler calls the host: that call first takes what the rest of them carry, whose
    /// values the engine's next call would make unreadable (`takeUnhandedOutputs`), and
    /// queues them before its own.
    @inlinable func dispatch() {
        // No handler at all: nothing to read (the ids of ended touches still go).
        guard listening else {
            forgetEndedTouchesIfIdle()
            return
        }
        guard !dispatching else {
            queue(engine.outputs, from: 0)
            return
        }
        dispatching = true
        defer { dispatching = false }
        let outputs = engine.outputs
        unhanded = outputs
        var index = 0
        while index < outputs.count, unhanded != nil {
            let output = outputs[index]
            index += 1
            unhandedStart = index
            handOn(output)
        }
        unhanded = nil
        var next = 0
        while next < pending.count {
            let call = pending[next]
            next += 1
            // A handler's host call may have unregistered the view since, and registered
            // another under its key: what was the old one's is not the new one's.
            if case .delivery(let delivery) = call, views[delivery.view] != delivery.instance { continue }
            if case .control(let event) = call, views[event.view] != event.instance { continue }
            hand(call)
        }
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        forgetEndedTouchesIfIdle()
    }

    /// Before a host call from a handler reaches the engine: the outputs of the call
    /// being handed on that are not yet are queued, with what they carry.
    @inlinable func takeUnhandedOutputs() {
        guard let outputs = unhanded else { return }
        unhanded = nil
        queue(outputs, from: unhandedStart)
    }

    @inlinable func queue(_ outputs: OutputList<GestureOutput>, from start: Int) {
        for index in start..<outputs.count {
            if let call = call(for: outputs[index]) { pending.append(call) }
        }
    }

    /// What a handler is given for an output of the engine's last call, if a handler
    /// wants it: values and touches are read now, while the call's are readable.
    @inlinable func call(for output: GestureOutput) -> Call? {
        switch output {
        case .action(let action):
            guard let declaration = handledDeclaration(of: action) else { return nil }
            return self.action(for: action, declaration: declaration).map(Call.action)
        case .touches(let delivery):
            guard let view = platformView(of: delivery.view), deliveryHandlers[view] != nil else { return nil }
            let touches = engine.touches(of: delivery)
            guard touches.allSatisfy({ idStates.indices.contains($0.id - 1) && idStates[$0.id - 1] != .free })
            else { return nil }  // Ids the app gave the engine itself, behind the host.
            return .delivery(
                Delivery(
                    view: view, instance: delivery.view, phase: delivery.phase, time: delivery.time,
                    touches: Touches(delivered: touches, platformTouches: platformTouches)))
        case .control(let event):
            guard let view = platformView(of: event.view), controlHandlers[view] != nil else { return nil }
            return .control(
                ControlAction(view: view, instance: event.view, event: event.kind, time: event.time, location: event.location))
        case .decision:
            return nil
        }
    }

    /// The declaration of an action's recognizer, if its handlers are to hear of it.
    @inlinable func handledDeclaration(of action: GestureAction) -> Int? {
        guard recognizers.indices.contains(action.recognizer.index),
            recognizers[action.recognizer.index].view.generation == action.recognizer.generation
        else { return nil }
        let declaration = recognizers[action.recognizer.index].declaration
        guard actionHandlers.indices.contains(declaration), !actionHandlers[declaration].isEmpty else { return nil }
        return declaration
    }

    /// What the handlers of an action's recognizer are given (`handledDeclaration`).
    @inlinable func action(for action: GestureAction, declaration: Int) -> Action? {
        guard let name = Set.Recognizer(rawValue: declaration) else { return nil }
        return Action(
            recognizer: name, view: platformView(of: recognizers[action.recognizer.index].view),
            phase: action.phase, time: action.time, values: engine.values(of: action), engine: engine)
    }

    /// `call(for:)` and `hand(_:)` in one, without the queue's envelope: the usual
    /// path, where nothing is queued.
    @inlinable func handOn(_ output: GestureOutput) {
        switch output {
        case .action(let action):
            guard let declaration = handledDeclaration(of: action),
                let handed = self.action(for: action, declaration: declaration)
            else { return }
            for handler in actionHandlers[declaration] { handler(handed) }
        case .touches, .control, .decision:
            if let call = call(for: output) { hand(call) }
        }
    }

    @inlinable func hand(_ call: Call) {
        switch call {
        case .action(let action):
            for handler in actionHandlers[action.recognizer.rawValue] { handler(action) }
        case .delivery(let delivery):
            for handler in deliveryHandlers[delivery.view] ?? [] { handler(delivery) }
        case .control(let event):
            for handler in controlHandlers[event.view] ?? [] { handler(event) }
        }
    }

    @inlinable func platformView(of view: ViewInstance) -> PlatformView? {
        guard platformViews.indices.contains(view.index), let entry = platformViews[view.index],
            entry.generation == view.generation
        else { return nil }
        return entry.view
    }

    // MARK: - Touch identity

    /// The engine id of a platform touch down, if it is.
    /// The platform touches the host holds as down, for the host's fuzz target and
    /// tests: a touch is here from the event it began in until the one it ended or was
    /// cancelled in, or an interruption.
    package var touchesDown: Swift.Set<PlatformTouch> { Swift.Set(ids.keys) }

    @inlinable func id(of touch: PlatformTouch) -> Int? {
        if let last = lastLookup, last.touch == touch { return last.id }
        guard let id = ids[touch] else { return nil }
        lastLookup = (touch, id)
        return id
    }

    @inlinable func allocate(_ touch: PlatformTouch) -> Int {
        let slot: Int
        if let free = freeIDs.popMinimum() {
            slot = free - 1
            platformTouches[slot] = touch
            idStates[slot] = .down
        } else {
            slot = idStates.count
            platformTouches.append(touch)
            idStates.append(.down)
            positions.append(-1)
        }
        ids[touch] = slot + 1
        lastLookup = (touch, slot + 1)
        return slot + 1
    }

    /// Gives back an id `allocate` handed out for a touch the engine did not take.
    @inlinable func unallocate(_ id: Int) {
        guard idStates.indices.contains(id - 1), idStates[id - 1] == .down else { return }
        if ids[platformTouches[id - 1]] == id { ids[platformTouches[id - 1]] = nil }
        if lastLookup?.id == id { lastLookup = nil }
        idStates[id - 1] = .free
        freeIDs.insert(id)
    }

    /// The touch is over for the platform; its id stays taken until the engine is idle.
    @inlinable func release(_ id: Int) {
        guard idStates.indices.contains(id - 1), idStates[id - 1] == .down else { return }
        ids[platformTouches[id - 1]] = nil
        if lastLookup?.id == id { lastLookup = nil }
        idStates[id - 1] = .ended
        keptTouches += 1
    }

    /// Frees the ids of ended touches once the engine can deliver nothing more of them.
    @inlinable func forgetEndedTouchesIfIdle() {
        guard keptTouches > 0, engine.isIdle else { return }
        for slot in idStates.indices where idStates[slot] == .ended {
            idStates[slot] = .free
            freeIDs.insert(slot + 1)
        }
        keptTouches = 0
    }
}

/// One touch's change in a platform event, as the host (`GestureHost.TouchInput`) and
/// the UIKit recorder's core (`SessionRecorder.TouchInput`) take it.
public struct PlatformTouchInput<PlatformTouch: Hashable, PlatformView: Hashable> {
    public enum Phase: Sendable {
        case began, moved, ended, cancelled
        /// Listed in the event without a change (UIKit's `stationary`): skipped, since
        /// where the touch is is known.
        case stationary
    }

    public var touch: PlatformTouch
    public var phase: Phase
    /// In window coordinates.
    public var location: Point
    /// The view the platform hit-tested a new touch to, when the platform does the hit
    /// testing; nil: the engine hit-tests the scene (docs/embedding.md).
    public var view: PlatformView?
    /// What made the touch (`UITouch.type`; R87): read when it begins.
    public var touchType: TouchType
    /// The pointer's scroll or transform the sequence is, nil for a touch (R88, R89):
    /// read when it begins. `touch` is then a key the adapter picks for the sequence (a
    /// scroll has no `UITouch`), and a scroll's `location` is the pointer moved by the
    /// scroll so far.
    public var pointer: PointerInput?
    /// A transform's scale and rotation since it began (R89); 1 and 0 otherwise.
    public var scale: Double
    public var rotation: Double

    public init(
        _ touch: PlatformTouch, _ phase: Phase, at location: Point, view: PlatformView? = nil, touchType: TouchType = .direct,
        pointer: PointerInput? = nil, scale: Double = 1, rotation: Double = 0
    ) {
        self.touch = touch
        self.phase = phase
        self.location = location
        self.view = view
        self.touchType = touchType
        self.pointer = pointer
        self.scale = scale
        self.rotation = rotation
    }
}

/// A binary min-heap of integers: the host's free touch ids, the smallest taken first.
@usableFromInline struct MinimumHeap: Sendable {
    @usableFromInline var elements: [Int] = []

    @inlinable init() {}

    @inlinable mutating func insert(_ element: Int) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable mutating func popMinimum() -> Int? {
        guard let last = elements.popLast() else { return nil }
        guard !elements.isEmpty else { return last }
        let minimum = elements[0]
        elements[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { break }
            let right = left + 1
            let smaller = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[smaller] < elements[parent] else { break }
            elements.swapAt(smaller, parent)
            parent = smaller
        }
        return minimum
    }
}

/// A platform call the host cannot follow.
public enum HostError: Error, Sendable {
    /// A view was registered twice without leaving the window in between.
    case viewRegisteredTwice
    /// A view the host was never told of (or that left the window).
    case unknownView
}
