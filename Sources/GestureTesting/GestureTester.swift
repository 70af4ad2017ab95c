import GestureRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drives a compiled gesture set the way a hand does, for an app's tests (Swift Testing
/// or XCTest): views laid out with the set's typed names, gestures as verbs, the clock
/// advanced for you, and expectations on actions, values and deliveries whose failures
/// show the timeline (docs/testing.md, "GestureTesting").
///
///     let tester = try GestureTester<PhotoBrowser>(onFailure: { Issue.record(Comment(rawValue: $0.message)) })
///     let window = try tester.view("window", .window, frame: Rect(x: 0, y: 0, width: 390, height: 844))
///     try tester.view("photo", .photo, in: window, frame: Rect(x: 0, y: 100, width: 390, height: 400))
///     try tester.doubleTap(on: "photo")
///     tester.expect(.doubleTap, .recognized)
///     tester.expectNever(.singleTap)
///
/// It runs the real engine: arbitration, failure requirements, delays and timers are
/// UIKit's (docs/semantics.md). It depends on `GestureRuntime` alone, like the app; the test
/// framework is the caller's, through `onFailure`.
public final class GestureTester<Set: GestureSet> {
    /// What a recognizer sent; `recognized` is a discrete recognizer's `ended`.
    public enum Phase: String, Sendable {
        case began, changed, ended, cancelled, recognized

        /// Whether an action of this phase is what `written` says: the same phase, or
        /// `recognized` and `ended`, one phase under two names (UIKit's `.recognized`
        /// is `.ended`; docs/glossary.md).
        public func matches(_ written: Phase) -> Bool {
            self == written || (self == .recognized && written == .ended) || (self == .ended && written == .recognized)
        }
    }

    /// An action of a recognizer, with its reported values by name.
    public struct Action: Sendable {
        public var recognizer: Set.Recognizer
        public var view: String
        public var phase: Phase
        public var time: Double
        public var values: [(name: String, numbers: [Double])]
        /// What VoiceOver asked for, for an action performed through accessibility
        /// (`perform(_:on:)`); nil for a gesture's.
        public var accessibility: AccessibilityRequest? = nil
    }

    /// Touches delivered to a view, with their ids.
    public struct Delivery: Sendable {
        public var view: String
        public var phase: TouchDelivery.Phase
        public var time: Double
        public var touches: [Int]
    }

    /// A control event a view sent (docs/controls.md).
    public struct ControlEventRecord: Sendable {
        public var view: String
        public var event: ControlEvent.Kind
        public var time: Double
    }

    /// An expectation that does not hold: what it said, the timeline, and where it is
    /// written.
    public struct Failure: Sendable {
        public var message: String
        public var fileID: String
        public var filePath: String
        public var line: Int
        public var column: Int
    }

    public let engine: GestureEngine
    /// Every action, in order.
    public private(set) var actions: [Action] = []
    /// Every delivery to a view, in order.
    public private(set) var deliveries: [Delivery] = []
    /// Every control event, in order.
    public private(set) var controlEvents: [ControlEventRecord] = []
    /// A gesture starts this long after the last thing that happened (a human pause
    /// between gestures), so separate gestures are not read as one double tap.
    public var pause = 1.0
    private let onFailure: (Failure) -> Void
    private var viewIDs: [Int: String] = [:]
    private var views: [String: ViewInstance] = [:]
    private var hookValues: [Int: Bool] = [:]
    /// Where the ids of the tester's own gestures continue from, and the touches down,
    /// which those ids skip (`takeIDs`).
    private var nextTouch = 1
    private var touchesDown: Swift.Set<Int> = []
    /// The timeline so far, one line per action and delivery, for failure messages.
    public private(set) var timeline = ""

    /// A tester of the set, in a window of `windowSize` (which screen-edge pans read).
    /// `onFailure` receives every expectation that does not hold: `Issue.record` in
    /// Swift Testing, `XCTFail` in XCTest.
    public init(windowSize: Point = Point(x: 390, y: 844), onFailure: @escaping (Failure) -> Void) throws {
        engine = try GestureEngine(program: Set.program)
        try engine.setWindowSize(windowSize)
        self.onFailure = onFailure
        for hook in Set.program.hooks.indices {
            hookValues[hook] = Set.program.hooks[hook].defaultValue
            try engine.bind(hook: hook) { [unowned self] in self.hookValues[hook] ?? false }
        }
    }

    // MARK: - The scene

    /// Adds a view instance named `id` of a role, in front of its siblings; `frame` in
    /// its parent's coordinates.
    @discardableResult
    public func view(
        _ id: String, _ role: Set.View, in parent: ViewInstance? = nil, frame: Rect, properties: ViewProperties? = nil
    ) throws -> ViewInstance {
        let instance = try engine.addView(role: role, parent: parent, frame: frame, properties: properties)
        viewIDs[instance.index] = id
        views[id] = instance
        return instance
    }

    /// Sets what a hook answers from now on.
    public func set(_ hook: Set.Hook, _ value: Bool) {
        hookValues[hook.rawValue] = value
    }

    /// The middle of a view's frame, in window coordinates.
    public func centre(of id: String) throws -> Point {
        // A view removed, whose slot the engine may have given to another, has none.
        guard let view = views[id], engine.role(of: view) != nil, let frame = engine.scene.windowFrame(of: view.index)
        else {
            throw GestureTesterError.unknownView(id)
        }
        return Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
    }

    // MARK: - Gestures

    /// A tap of `fingers` fingers side by side (20 pt apart), down for 50 ms.
    public func tap(at point: Point, fingers: Int = 1) throws {
        let start = try begin()
        let ids = try down(fingers, around: point, at: start)
        try send(ids.enumerated().map { TouchChange(id: $1, phase: .up, location: spot(point, $0, of: ids.count)) }, at: start + 0.05)
        try settle()
    }

    public func tap(on view: String, fingers: Int = 1) throws { try tap(at: centre(of: view), fingers: fingers) }

    /// Two taps 150 ms apart (each 50 ms down), well inside the double tap's interval.
    public func doubleTap(at point: Point) throws {
        let start = try begin()
        for (id, time) in zip(takeIDs(2), [start, start + 0.15]) {
            try send([TouchChange(id: id, phase: .down, location: point)], at: time)
            try send([TouchChange(id: id, phase: .up, location: point)], at: time + 0.05)
        }
        try settle()
    }

    public func doubleTap(on view: String) throws { try doubleTap(at: centre(of: view)) }

    /// A finger held still for `duration`, then lifted.
    public func longPress(at point: Point, duration: Double = 0.8) throws {
        let start = try begin()
        let ids = try down(1, around: point, at: start)
        try engine.advance(to: start + duration)
        collect()
        try send([TouchChange(id: ids[0], phase: .up, location: point)], at: start + duration)
        try settle()
    }

    public func longPress(on view: String, duration: Double = 0.8) throws {
        try longPress(at: centre(of: view), duration: duration)
    }

    /// `fingers` fingers moving together by `translation` over `duration`, in steps of
    /// 1/60 s (a display's frames), then lifting where they are.
    public func drag(from point: Point, by translation: Point, duration: Double = 0.3, fingers: Int = 1) throws {
        let start = try begin()
        let ids = try down(fingers, around: point, at: start)
        let steps = Self.frames(in: duration)
        var last: [Point] = []
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            last = ids.indices.map { spot(point, $0, of: ids.count) + translation * fraction }
            try send(ids.indices.map { TouchChange(id: ids[$0], phase: .move, location: last[$0]) }, at: start + duration * fraction)
        }
        try send(ids.indices.map { TouchChange(id: ids[$0], phase: .up, location: last[$0]) }, at: start + duration + 0.01)
        try settle()
    }

    public func drag(on view: String, by translation: Point, duration: Double = 0.3, fingers: Int = 1) throws {
        try drag(from: centre(of: view), by: translation, duration: duration, fingers: fingers)
    }

    /// A drag that starts 5 pt inside an edge of the window and moves `distance` inwards.
    public func edgeDrag(from edge: Edge, distance: Double = 100, at position: Double? = nil, duration: Double = 0.3) throws {
        let size = engine.windowSize
        let along = position ?? (edge == .left || edge == .right ? size.y / 2 : size.x / 2)
        let (start, inwards): (Point, Point) =
            switch edge {
            case .left: (Point(x: 5, y: along), Point(x: 1, y: 0))
            case .right: (Point(x: size.x - 5, y: along), Point(x: -1, y: 0))
            case .top: (Point(x: along, y: 5), Point(x: 0, y: 1))
            case .bottom: (Point(x: along, y: size.y - 5), Point(x: 0, y: -1))
            }
        try drag(from: start, by: inwards * distance, duration: duration)
    }

    public enum Edge: Sendable { case left, right, top, bottom }

    /// Two fingers `spread` pt apart around `centre`, their distance scaled by `scale`
    /// and the pair turned by `angle` radians (clockwise on the screen) over `duration`.
    public func pinch(at centre: Point, scale: Double = 1, rotation angle: Double = 0, spread: Double = 100, duration: Double = 0.3) throws {
        let start = try begin()
        let ids = takeIDs(2)
        let half = Point(x: spread / 2, y: 0)
        try send(
            [
                TouchChange(id: ids[0], phase: .down, location: centre - half),
                TouchChange(id: ids[1], phase: .down, location: centre + half),
            ], at: start)
        let steps = Self.frames(in: duration)
        var ends = [centre - half, centre + half]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let factor = 1 + (scale - 1) * fraction
            let turn = angle * fraction
            let offset = Point(x: half.x * factor * cos(turn), y: half.x * factor * sin(turn))
            ends = [centre - offset, centre + offset]
            try send(
                [
                    TouchChange(id: ids[0], phase: .move, location: ends[0]),
                    TouchChange(id: ids[1], phase: .move, location: ends[1]),
                ], at: start + duration * fraction)
        }
        try send(
            [
                TouchChange(id: ids[0], phase: .up, location: ends[0]),
                TouchChange(id: ids[1], phase: .up, location: ends[1]),
            ], at: start + duration + 0.01)
        try settle()
    }

    public func pinch(on view: String, scale: Double, duration: Double = 0.3) throws {
        try pinch(at: centre(of: view), scale: scale, duration: duration)
    }

    public func rotate(on view: String, by angle: Double, duration: Double = 0.3) throws {
        try pinch(at: centre(of: view), rotation: angle, duration: duration)
    }

    // MARK: - The pointer's scrolls and trackpad gestures

    /// A pointer's scroll at `point` that moves the content by `translation` (signed as
    /// a finger dragging it would move) over `duration`, in steps of 1/60 s, then ends
    /// (R88): a trackpad's two-finger scroll (`continuous`), or a wheel's notches
    /// (`discrete`), one scroll however many. No view receives it.
    public func scroll(
        at point: Point, by translation: Point, type: ScrollType = .continuous, duration: Double = 0.3
    ) throws {
        let start = try begin()
        let id = takeIDs(1)[0]
        let pointer: PointerInput = type == .continuous ? .continuousScroll : .discreteScroll
        try send([TouchChange(id: id, phase: .down, location: point, pointer: pointer)], at: start)
        let steps = Self.frames(in: duration)
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            try send([TouchChange(id: id, phase: .move, location: point + translation * fraction)], at: start + duration * fraction)
        }
        try send([TouchChange(id: id, phase: .up, location: point + translation)], at: start + duration + 0.01)
        try settle()
    }

    public func scroll(on view: String, by translation: Point, type: ScrollType = .continuous, duration: Double = 0.3) throws {
        try scroll(at: centre(of: view), by: translation, type: type, duration: duration)
    }

    /// A trackpad's pinch and rotation with the pointer at `point` (R89): the scale
    /// goes from 1 to `scale` and the angle from 0 to `rotation` radians (clockwise on
    /// the screen) over `duration`, then the fingers lift. No view receives it.
    public func trackpadPinch(at point: Point, scale: Double = 1, rotation: Double = 0, duration: Double = 0.3) throws {
        let start = try begin()
        let id = takeIDs(1)[0]
        try send([TouchChange(id: id, phase: .down, location: point, pointer: .transform)], at: start)
        let steps = Self.frames(in: duration)
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            try send(
                [
                    TouchChange(
                        id: id, phase: .move, location: point, scale: 1 + (scale - 1) * fraction, rotation: rotation * fraction)
                ], at: start + duration * fraction)
        }
        try send(
            [TouchChange(id: id, phase: .up, location: point, scale: scale, rotation: rotation)], at: start + duration + 0.01)
        try settle()
    }

    public func trackpadPinch(on view: String, scale: Double = 1, rotation: Double = 0, duration: Double = 0.3) throws {
        try trackpadPinch(at: centre(of: view), scale: scale, rotation: rotation, duration: duration)
    }

    /// The pointer hovers from `start` to `end` over `duration`, in steps of 1/60 s, then
    /// leaves the screen (R90): it comes over the views on its way, whose hover
    /// recognizers begin and end as it does. `touchType: .pencil` hovers Apple Pencil.
    public func hover(
        from start: Point, to end: Point, duration: Double = 0.3, touchType: TouchType = .indirectPointer
    ) throws {
        let begun = try begin()
        let id = takeIDs(1)[0]
        try send([TouchChange(id: id, phase: .down, location: start, touchType: touchType, pointer: .hover)], at: begun)
        let steps = Self.frames(in: duration)
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            try send([TouchChange(id: id, phase: .move, location: start + (end - start) * fraction)], at: begun + duration * fraction)
        }
        try send([TouchChange(id: id, phase: .up, location: end)], at: begun + duration + 0.01)
        try settle()
    }

    // MARK: - Touches one by one

    /// Touch `id` goes down at `point`, `after` seconds from now: a finger, or the
    /// Pencil or a pointer's click (`touchType`, R87).
    public func down(_ id: Int, at point: Point, after: Double = 0, touchType: TouchType = .direct) throws {
        try send([TouchChange(id: id, phase: .down, location: point, touchType: touchType)], at: engine.now + after)
        if id < Int.max { nextTouch = max(nextTouch, id + 1) }
    }

    public func move(_ id: Int, to point: Point, after: Double = 0.016) throws {
        try send([TouchChange(id: id, phase: .move, location: point)], at: engine.now + after)
    }

    public func up(_ id: Int, at point: Point, after: Double = 0.016) throws {
        try send([TouchChange(id: id, phase: .up, location: point)], at: engine.now + after)
    }

    /// Touches that change together, in one event (R12).
    public func event(_ changes: [TouchChange], after: Double = 0.016) throws {
        try send(changes, at: engine.now + after)
    }

    // MARK: - Accessibility

    /// What VoiceOver offers for the view named `id` (docs/accessibility.md): its frame,
    /// activation and custom actions; nil while it is not on screen.
    public func accessibilityOffer(of id: String) -> AccessibilityOffer? {
        views[id].flatMap { engine.accessibilityOffer(of: $0) }
    }

    /// Performs `request` as VoiceOver would with the view named `id` focused, a pause
    /// after the last thing that happened, as `GestureHost.performAccessibility` does:
    /// the recognizer it reaches sends one action (`recognized`, or `ended` for a
    /// continuous one), with no values, or the control it reaches its event. Fails the
    /// test, and returns false, when the request reaches nothing.
    @discardableResult
    public func perform(
        _ request: AccessibilityRequest, on id: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws -> Bool {
        guard let view = views[id], engine.role(of: view) != nil else { throw GestureTesterError.unknownView(id) }
        let time = try begin()
        guard let target = engine.accessibilityTarget(of: request, on: view) else {
            fail("VoiceOver's \(request) on '\(id)' reaches no recognizer and no control", fileID, filePath, line, column)
            return false
        }
        switch target {
        case .recognizer(let recognizer):
            guard let declaration = engine.declaration(of: recognizer), let name = Set.Recognizer(rawValue: declaration) else {
                return false
            }
            let discrete = Set.program.kinds[Set.program.recognizers[declaration].kind].mode == .discrete
            let owner = engine.view(of: recognizer).flatMap { viewIDs[$0.index] } ?? "?"
            let phase: Phase = discrete ? .recognized : .ended
            actions.append(Action(recognizer: name, view: owner, phase: phase, time: time, values: [], accessibility: request))
            timeline += "  \(format(time))  \(name)@\(owner)  \(phase.rawValue)  (VoiceOver: \(request))\n"
        case .control(let control, let event):
            let owner = viewIDs[control.index] ?? "?"
            controlEvents.append(ControlEventRecord(view: owner, event: event, time: time))
            timeline += "  \(format(time))  \(owner)  \(event.rawValue)  (VoiceOver: \(request))\n"
        }
        return true
    }

    /// Lets `seconds` pass: the timers due fire.
    public func wait(_ seconds: Double) throws {
        try engine.advance(to: engine.now + max(0, seconds))
        collect()
    }

    /// Runs every timer still due (a double tap's wait, a long press's duration), as
    /// time would: at most 10 s ahead and 1,000 timers, so a timer that restarts itself
    /// cannot hold a test.
    public func settle() throws {
        let limit = engine.now + 10
        var fired = 0
        while let deadline = engine.nextDeadline, deadline <= limit, fired < 1_000 {
            try engine.advance(to: deadline)
            collect()
            fired += 1
        }
    }

    // MARK: - Expectations

    /// The actions of a recognizer (on one view, when named).
    public func actions(of recognizer: Set.Recognizer, on view: String? = nil) -> [Action] {
        actions.filter { $0.recognizer == recognizer && (view == nil || $0.view == view) }
    }

    /// Expects an action of `phase`; at `time` within `tolerance` and with `values`
    /// (each number within 0.01 or 0.1 %) when given.
    public func expect(
        _ recognizer: Set.Recognizer, _ phase: Phase, on view: String? = nil, at time: Double? = nil,
        tolerance: Double = 0.001, values: [String: [Double]] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let holds = actions(of: recognizer, on: view).contains { action in
            guard action.phase.matches(phase) else { return false }
            if let time, abs(action.time - time) > tolerance + 1e-9 { return false }
            return values.allSatisfy { name, expected in
                guard let numbers = action.values.first(where: { $0.name == name })?.numbers, numbers.count == expected.count
                else { return false }
                return zip(numbers, expected).allSatisfy { abs($0 - $1) <= max(0.01, abs($1) * 0.001) }
            }
        }
        guard !holds else { return }
        var said = "\(recognizer) \(phase.rawValue)"
        if let time { said += " at \(format(time))s" }
        if !values.isEmpty { said += " with " + values.sorted { $0.key < $1.key }.map { "\($0.key) \(format($0.value))" }.joined(separator: ", ") }
        fail("expected \(said)", fileID, filePath, line, column)
    }

    /// Expects no action of the recognizer (of `phase`, when given).
    public func expectNever(
        _ recognizer: Set.Recognizer, _ phase: Phase? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard let found = actions(of: recognizer).first(where: { phase.map($0.phase.matches) ?? true }) else { return }
        fail(
            "expected no \(phase.map { "\($0.rawValue) of " } ?? "action of ")\(recognizer); it \(found.phase.rawValue) at \(format(found.time))s",
            fileID, filePath, line, column)
    }

    /// Expects touches of `phase` delivered to a view (at `time`, when given).
    public func expect(
        view: String, receives phase: TouchDelivery.Phase, at time: Double? = nil, tolerance: Double = 0.001,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let holds = deliveries.contains { delivery in
            delivery.view == view && delivery.phase == phase && (time.map { abs(delivery.time - $0) <= tolerance + 1e-9 } ?? true)
        }
        guard !holds else { return }
        fail("expected \(view) to receive \(phase.rawValue)" + (time.map { " at \(format($0))s" } ?? ""), fileID, filePath, line, column)
    }

    /// Expects no touches delivered to a view (of `phase`, when given).
    public func expectNever(
        view: String, receives phase: TouchDelivery.Phase? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard let found = deliveries.first(where: { $0.view == view && (phase == nil || $0.phase == phase) }) else { return }
        fail(
            "expected \(view) to receive no \(phase.map { "\($0.rawValue)" } ?? "touches"); it received \(found.phase.rawValue) at \(format(found.time))s",
            fileID, filePath, line, column)
    }

    /// Expects a control event from a view (at `time`, when given): `touchUpInside` for
    /// a button's action.
    public func expect(
        control view: String, sends event: ControlEvent.Kind, at time: Double? = nil, tolerance: Double = 0.001,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let holds = controlEvents.contains { record in
            record.view == view && record.event == event && (time.map { abs(record.time - $0) <= tolerance + 1e-9 } ?? true)
        }
        guard !holds else { return }
        fail("expected \(view) to send \(event.rawValue)" + (time.map { " at \(format($0))s" } ?? ""), fileID, filePath, line, column)
    }

    /// Expects no control event from a view (of `event`, when given).
    public func expectNever(
        control view: String, sends event: ControlEvent.Kind? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard let found = controlEvents.first(where: { $0.view == view && (event == nil || $0.event == event) }) else { return }
        fail(
            "expected \(view) to send no \(event?.rawValue ?? "control event"); it sent \(found.event.rawValue) at \(format(found.time))s",
            fileID, filePath, line, column)
    }

    // MARK: - Running

    private func fail(_ message: String, _ fileID: String, _ filePath: String, _ line: Int, _ column: Int) {
        let shown = timeline.isEmpty ? "  (nothing happened)\n" : timeline
        onFailure(Failure(message: "\(message)\ntimeline:\n\(shown)", fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The time the next gesture starts: a pause after the last event, the timers due
    /// by then fired.
    private func begin() throws -> Double {
        let start = engine.now + pause
        try engine.advance(to: start)
        collect()
        return start
    }

    /// The display frames (1/60 s) a movement of `duration` takes: at least one, and a
    /// duration that is not a finite number of seconds up to an hour moves in one.
    private static func frames(in duration: Double) -> Int {
        guard duration.isFinite, duration > 0 else { return 1 }
        return max(1, Int((min(duration, 3600) * 60).rounded()))
    }

    private func down(_ count: Int, around point: Point, at time: Double) throws -> [Int] {
        // More fingers than the engine takes are refused by it (GestureEngine.maximumTouches).
        let ids = takeIDs(min(max(1, count), GestureEngine.maximumTouches + 1))
        try send(ids.enumerated().map { TouchChange(id: $1, phase: .down, location: spot(point, $0, of: ids.count)) }, at: time)
        return ids
    }

    /// Finger `index` of `count` side by side around `point`, 20 pt apart.
    private func spot(_ point: Point, _ index: Int, of count: Int) -> Point {
        Point(x: point.x + 20 * (Double(index) - Double(count - 1) / 2), y: point.y)
    }

    private func send(_ changes: [TouchChange], at time: Double) throws {
        try engine.advance(to: time)
        collect()
        try engine.handle(changes, time: time)
        for change in changes {
            if change.phase == .down { touchesDown.insert(change.id) } else if change.phase != .move { touchesDown.remove(change.id) }
        }
        collect()
    }

    /// `count` ids for a gesture of the tester's: counting on from the last, past any
    /// touch still down, and from 1 again after `Int.max`, so that no id a test chose
    /// (`down(Int.max, …)`) makes the count overflow.
    private func takeIDs(_ count: Int) -> [Int] {
        var ids: [Int] = []
        var candidate = nextTouch
        // At most `maximumTouches` are down, so this ends within count + 64 steps.
        while ids.count < count {
            if !touchesDown.contains(candidate) && !ids.contains(candidate) { ids.append(candidate) }
            candidate = candidate == Int.max ? 1 : candidate + 1
        }
        nextTouch = candidate
        return ids
    }

    /// Records the engine's last outputs.
    private func collect() {
        let program = Set.program
        for output in engine.outputs {
            switch output {
            case .action(let action):
                guard let declaration = engine.declaration(of: action.recognizer),
                    let name = Set.Recognizer(rawValue: declaration)
                else { continue }
                let kind = program.kinds[program.recognizers[declaration].kind]
                var numbers = Array(engine.values(of: action))[...]
                var values: [(name: String, numbers: [Double])] = []
                for report in kind.reports {
                    values.append((report.name, Array(numbers.prefix(report.type.width))))
                    numbers = numbers.dropFirst(report.type.width)
                }
                let phase: Phase =
                    switch action.phase {
                    case .began: .began
                    case .changed: .changed
                    case .cancelled: .cancelled
                    case .ended: kind.mode == .discrete ? .recognized : .ended
                    }
                let view = engine.view(of: action.recognizer).flatMap { viewIDs[$0.index] } ?? "?"
                actions.append(Action(recognizer: name, view: view, phase: phase, time: action.time, values: values))
                let shown = values.map { "\($0.name) \(format($0.numbers))" }.joined(separator: ", ")
                timeline += "  \(format(action.time))  \(name)@\(view)  \(phase.rawValue)\(shown.isEmpty ? "" : "  " + shown)\n"
            case .touches(let delivery):
                let view = viewIDs[delivery.view.index] ?? "?"
                let touches = Array(engine.touchIDs(of: delivery))
                deliveries.append(Delivery(view: view, phase: delivery.phase, time: delivery.time, touches: touches))
                timeline +=
                    "  \(format(delivery.time))  \(view)  touches \(delivery.phase.rawValue) \(touches.map(String.init).joined(separator: ", "))\n"
            case .control(let event):
                let view = viewIDs[event.view.index] ?? "?"
                controlEvents.append(ControlEventRecord(view: view, event: event.kind, time: event.time))
                timeline += "  \(format(event.time))  \(view)  \(event.kind.rawValue)\n"
            case .decision:
                break
            }
        }
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    private func format(_ numbers: [Double]) -> String {
        numbers.count == 1 ? format(numbers[0]) : "(" + numbers.map(format).joined(separator: ", ") + ")"
    }
}

/// A mistake in driving the tester.
public enum GestureTesterError: Error, Equatable {
    /// No view of that id was added.
    case unknownView(String)
}
