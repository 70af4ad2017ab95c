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
/// an adapter only forwards what the platform says (docs/embedding.md says what each
/// adapter passes).
public final class GestureHost<Set: GestureSet, PlatformTouch: Hashable, PlatformView: Hashable> {
    /// One touch's change in a platform event.
    public struct TouchInput {
        public enum Phase: Sendable {
            case began, moved, ended, cancelled
        }

        public var touch: PlatformTouch
        public var phase: Phase
        /// In window coordinates.
        public var location: Point
        /// The view the platform hit-tested a new touch to, when the platform does the
        /// hit testing; nil: the engine hit-tests the scene (docs/embedding.md).
        public var view: PlatformView?

        public init(_ touch: PlatformTouch, _ phase: Phase, at location: Point, view: PlatformView? = nil) {
            self.touch = touch
            self.phase = phase
            self.location = location
            self.view = view
        }
    }

    /// An action of a recognizer, for its handler.
    public struct Action {
        public var recognizer: Set.Recognizer
        /// The platform view the recognizer is attached to.
        public var view: PlatformView?
        public var phase: GestureAction.Phase
        public var time: Double
        /// The reported values, in the order of the kind's `reports`.
        public var values: [Double]
    }

    /// Touches delivered to a view, for its handler.
    public struct Delivery {
        public var view: PlatformView
        public var phase: TouchDelivery.Phase
        public var time: Double
        /// The touches, as the platform knows them, with their locations.
        public var touches: [(touch: PlatformTouch, location: Point)]
    }

    public let engine: GestureEngine

    /// The engine id of each touch down, and back. A touch's id is released when it
    /// ends or is cancelled; it is kept for the deliveries the engine may still make of
    /// it (an end held back, R40) until the engine is idle, and then free again. The
    /// smallest free id is taken, so ids stay small however long the app runs.
    private var ids: [PlatformTouch: Int] = [:]
    private var touchesByID: [Int: PlatformTouch] = [:]
    private var ended: [Int: PlatformTouch] = [:]
    private var views: [PlatformView: ViewInstance] = [:]
    private var platformViews: [Int: PlatformView] = [:]
    private var parents: [PlatformView: PlatformView] = [:]
    private var actionHandlers: [Int: [(Action) -> Void]] = [:]
    private var deliveryHandlers: [PlatformView: [(Delivery) -> Void]] = [:]

    public init(windowSize: Point) throws {
        engine = try GestureEngine(program: Set.program)
        try engine.setWindowSize(windowSize)
    }

    // MARK: - Views

    /// A platform view joins the window as a view of `role`, inside `parent`.
    public func register(
        _ view: PlatformView, role: Set.View, parent: PlatformView? = nil, frame: Rect, properties: ViewProperties? = nil
    ) throws {
        guard views[view] == nil else { throw HostError.viewRegisteredTwice }
        let parentInstance = try parent.map { parent throws(HostError) in
            guard let instance = views[parent] else { throw HostError.unknownView }
            return instance
        }
        let instance = try engine.addView(role: role, parent: parentInstance, frame: frame, properties: properties)
        views[view] = instance
        platformViews[instance.index] = view
        if let parent { parents[view] = parent }
    }

    /// A platform view left the window, with its subviews: what the engine does with
    /// their touches and recognizers is `GestureEngine.removeView`'s.
    public func unregister(_ view: PlatformView, timestamp: Double) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        try engine.removeView(instance, time: timestamp)
        dispatch()
        // The subtree's platform views are forgotten with it, found in one pass over
        // the parents.
        var children: [PlatformView: [PlatformView]] = [:]
        for (child, parent) in parents { children[parent, default: []].append(child) }
        var pending = [view]
        while let gone = pending.popLast() {
            pending += children[gone] ?? []
            if let instance = views.removeValue(forKey: gone) { platformViews[instance.index] = nil }
            parents[gone] = nil
        }
    }

    /// Layout moved or resized a view (its frame in its parent's coordinates).
    public func layout(_ view: PlatformView, frame: Rect) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        try engine.setFrame(frame, of: instance)
    }

    /// A scroll view's content moved (its bounds origin, UIKit's `contentOffset`).
    public func scroll(_ view: PlatformView, to origin: Point) throws {
        guard let instance = views[view] else { throw HostError.unknownView }
        try engine.setBoundsOrigin(origin, of: instance)
    }

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
    /// end was lost) is cancelled first.
    public func handle(_ inputs: [TouchInput], timestamp: Double) throws {
        var batch: [TouchChange] = []
        var positions: [Int: Int] = [:]  // engine id -> index in `batch`
        var ending: [Int] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            try engine.handle(batch, time: timestamp)
            dispatch()
            batch = []
            positions = [:]
            for id in ending { release(id) }
            ending = []
        }
        for input in inputs {
            if input.phase == .began, ids[input.touch] != nil {
                // What came before goes first: the touch may end there (an object the
                // platform reuses at once). If not, its end was lost: it is cancelled,
                // in an event of its own, before it begins anew.
                try flush()
                if let stale = ids[input.touch] {
                    try engine.handle([TouchChange(id: stale, phase: .cancel, location: input.location)], time: timestamp)
                    dispatch()
                    release(stale)
                }
            }
            // The platform's view is checked before the touch takes an id, so a refused
            // input leaves nothing behind.
            let view = try input.view.map { view throws(HostError) in
                guard let instance = views[view] else { throw HostError.unknownView }
                return instance
            }
            let id: Int
            if input.phase == .began {
                id = allocate(input.touch)
            } else {
                guard let known = ids[input.touch] else { continue }
                id = known
            }
            let phase: TouchChange.Phase =
                switch input.phase {
                case .began: .down
                case .moved: .move
                case .ended: .up
                case .cancelled: .cancel
                }
            if let position = positions[id] {
                if phase == .move {
                    batch[position].location = input.location
                    continue
                }
                if batch[position].phase == .move {
                    batch[position].phase = phase
                    batch[position].location = input.location
                    if phase == .up || phase == .cancel { ending.append(id) }
                    continue
                }
                // It began (or ended) in this batch already: what came before goes first.
                try flush()
            }
            positions[id] = batch.count
            batch.append(TouchChange(id: id, phase: phase, location: input.location, view: phase == .down ? view : nil))
            if phase == .up || phase == .cancel { ending.append(id) }
        }
        try flush()
    }

    /// The earliest time a timer is due: the platform ticks the host then (a display
    /// link's next frame, a run-loop timer).
    public var nextDeadline: Double? { engine.nextDeadline }

    /// The platform's clock reached `now`: every timer due by then fires, each at its
    /// own deadline. An event fires the timers due before it by itself, so a tick late
    /// by a frame never reorders them.
    public func tick(at now: Double) throws {
        try engine.advance(to: now)
        dispatch()
    }

    /// The app left the foreground, or the system took the touches (an alert, a call):
    /// everything in progress is cancelled (R16) and every touch forgotten.
    public func interrupt(timestamp: Double) throws {
        try engine.interrupt(time: timestamp)
        dispatch()
        ids = [:]
        touchesByID = [:]
        ended = [:]
    }

    // MARK: - Dispatch

    /// `handler` receives every action of `recognizer`, on any view.
    public func onAction(of recognizer: Set.Recognizer, _ handler: @escaping (Action) -> Void) {
        actionHandlers[recognizer.rawValue, default: []].append(handler)
    }

    /// `handler` receives the touches delivered to `view` (a view that takes part in
    /// touch handling itself: a control's highlight).
    public func onTouches(of view: PlatformView, _ handler: @escaping (Delivery) -> Void) {
        deliveryHandlers[view, default: []].append(handler)
    }

    /// The app answers `hook` when the engine asks.
    public func answer(_ hook: Set.Hook, _ answer: @escaping () -> Bool) throws {
        try engine.bind(hook, answer)
    }

    /// Hands the last call's actions and deliveries to their handlers, in the engine's
    /// order. Values and touches are copied first: a handler may call the host again.
    private func dispatch() {
        var calls: [() -> Void] = []
        for output in engine.outputs {
            switch output {
            case .action(let action):
                guard let declaration = engine.declaration(of: action.recognizer),
                    let handlers = actionHandlers[declaration], let name = Set.Recognizer(rawValue: declaration)
                else { continue }
                let view = engine.view(of: action.recognizer).flatMap { platformViews[$0.index] }
                let event = Action(
                    recognizer: name, view: view, phase: action.phase, time: action.time,
                    values: Array(engine.values(of: action)))
                calls += handlers.map { handler in { handler(event) } }
            case .touches(let delivery):
                guard let view = platformViews[delivery.view.index], let handlers = deliveryHandlers[view] else { continue }
                let touches = engine.touches(of: delivery).compactMap { touch in
                    (touchesByID[touch.id] ?? ended[touch.id]).map { (touch: $0, location: touch.location) }
                }
                let event = Delivery(view: view, phase: delivery.phase, time: delivery.time, touches: touches)
                calls += handlers.map { handler in { handler(event) } }
            case .decision:
                break
            }
        }
        if engine.isIdle { ended = [:] }
        for call in calls { call() }
    }

    // MARK: - Touch identity

    private func allocate(_ touch: PlatformTouch) -> Int {
        var id = 1
        while touchesByID[id] != nil || ended[id] != nil { id += 1 }
        ids[touch] = id
        touchesByID[id] = touch
        return id
    }

    private func release(_ id: Int) {
        guard let touch = touchesByID.removeValue(forKey: id) else { return }
        ids[touch] = nil
        if !engine.isIdle { ended[id] = touch }
    }
}

/// A platform call the host cannot follow.
public enum HostError: Error, Sendable {
    /// A view was registered twice without leaving the window in between.
    case viewRegisteredTwice
    /// A view the host was never told of (or that left the window).
    case unknownView
}
