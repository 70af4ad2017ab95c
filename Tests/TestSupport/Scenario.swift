import GestureRuntime
import Testing

/// The engine harness: an engine running one gesture set, with one instance of each listed view role
/// (under the instance of its first parent role), and a readable log of its outputs:
/// `"0.35 singleTap ended"`, `"0.35 singleTap excluded by doubleTap"`.
package struct Scenario {
    package var engine: GestureEngine
    package var views: [String: ViewInstance] = [:]
    /// Every output so far, as text.
    package var log: [String] = []
    /// Every view delivery so far: `"photo began 1"`, `"photo cancelled 1,2"`.
    package var deliveries: [String] = []
    /// Every control event so far: `"save touchUpInside"`.
    package var controlEvents: [String] = []
    /// Every action so far with its values.
    package var actions: [(name: String, phase: GestureAction.Phase, time: Double, values: [Double])] = []
    /// Input events in which one recognizer sent more than one action (R30: one per
    /// event), other than a `began` its end follows at once (R54), as log lines.
    package var repeatedActions: [String] = []

    /// An engine that does by a plainer path what the engine does faster, for the
    /// tests to compare the two.
    package enum Variant {
        /// The engine as an app runs it.
        case standard
        /// Conditions run on the stack machine, not in register form.
        case stackMachineOnly
        /// Every recognizer is measured, none copies another's measurements.
        case measuringEach
        /// Every pass looks at every involved recognizer; timers are found by a walk.
        case lookingAtEveryInvolved
        /// A removed view's slot is never given to a new view.
        case neverReusingSlots
    }

    package init(
        _ members: String, kinds: String = "", views roles: [String], windowSize: Point = Point(x: 400, y: 800),
        variant: Variant = .standard
    ) throws {
        let program = try compileSet(members, kinds: kinds)
        switch variant {
        case .standard: engine = try GestureEngine(program: program)
        case .stackMachineOnly: engine = try GestureEngine(stackMachineOnly: program)
        case .measuringEach: engine = try GestureEngine(measuringEach: program)
        case .lookingAtEveryInvolved: engine = try GestureEngine(lookingAtEveryInvolved: program)
        case .neverReusingSlots: engine = try GestureEngine(neverReusingSlots: program)
        }
        try engine.setWindowSize(windowSize)
        for name in roles { try add(name, as: name) }
    }

    /// An engine running `program`, with no views yet.
    package init(program: GestureProgram, windowSize: Point = Point(x: 400, y: 800)) throws {
        engine = try GestureEngine(program: program)
        try engine.setWindowSize(windowSize)
    }

    /// Adds an instance of `role` named `name`, under `parent` (by instance name), or
    /// under the instance of the role's first parent role.
    package mutating func add(_ name: String, as role: String, under parent: String? = nil, frame: Rect = .zero) throws {
        let program = engine.program
        let roleIndex = try #require(program.views.firstIndex { $0.name == role }, "no role \(role)")
        var parentInstance: ViewInstance?
        if let parent {
            parentInstance = try #require(views[parent]) as ViewInstance
        } else if let first = program.views[roleIndex].parents.first {
            parentInstance =
                try #require(views[program.views[first].name], "instantiate \(program.views[first].name) first")
                as ViewInstance
        }
        views[name] = try engine.addView(role: roleIndex, parent: parentInstance, frame: frame)
    }

    /// The instance of the recognizer called `name` (on the view instance `view`, when
    /// the role has several).
    package func recognizer(_ name: String, on view: String? = nil) throws -> RecognizerInstance {
        let program = engine.program
        for (viewName, instance) in views where view == nil || view == viewName {
            for recognizer in engine.recognizers(on: instance)
            where program.recognizers[engine.declaration(of: recognizer) ?? -1].name == name {
                return recognizer
            }
        }
        Issue.record("no recognizer \(name)")
        return RecognizerInstance(-1)
    }

    package func state(_ name: String, on view: String? = nil) throws -> RecognizerState? {
        engine.state(of: try recognizer(name, on: view))
    }

    package mutating func down(
        _ id: Int, _ x: Double, _ y: Double, at time: Double, on view: String, touchType: TouchType = .direct
    ) throws {
        try engine.touchDown(id, at: Point(x: x, y: y), time: time, view: try #require(views[view]), touchType: touchType)
        record()
    }

    /// A pointer's scroll or transform begins at (x, y) over `view` (R88, R89).
    package mutating func pointer(
        _ id: Int, _ x: Double, _ y: Double, at time: Double, on view: String, input: PointerInput
    ) throws {
        let instance = try #require(views[view])
        try engine.handle([TouchChange(id: id, phase: .down, location: Point(x: x, y: y), view: instance, pointer: input)], time: time)
        record()
    }

    /// A transform's change (or, with `.up`, its end): its scale and rotation since it
    /// began (R89).
    package mutating func transform(
        _ id: Int, scale: Double, rotation: Double, at time: Double, phase: TouchChange.Phase = .move
    ) throws {
        try engine.handle(
            [TouchChange(id: id, phase: phase, location: Point(x: 200, y: 300), scale: scale, rotation: rotation)], time: time)
        record()
    }

    /// One input event of several touches (R12). A `down` names its view instance.
    package mutating func event(_ changes: [(id: Int, phase: TouchChange.Phase, x: Double, y: Double, view: String?)], at time: Double)
        throws
    {
        var touchChanges: [TouchChange] = []
        for change in changes {
            touchChanges.append(
                TouchChange(
                    id: change.id, phase: change.phase, location: Point(x: change.x, y: change.y),
                    view: try change.view.map { try #require(views[$0]) }))
        }
        try engine.handle(touchChanges, time: time)
        record()
    }

    package mutating func move(_ id: Int, _ x: Double, _ y: Double, at time: Double) throws {
        try engine.touchMove(id, to: Point(x: x, y: y), time: time)
        record()
    }

    package mutating func up(_ id: Int, _ x: Double, _ y: Double, at time: Double) throws {
        try engine.touchUp(id, at: Point(x: x, y: y), time: time)
        record()
    }

    package mutating func cancel(_ id: Int, at time: Double) throws {
        try engine.touchCancel(id, time: time)
        record()
    }

    package mutating func advance(to time: Double) throws {
        try engine.advance(to: time)
        record()
    }

    /// Removes the view instance called `name` and its subtree.
    package mutating func remove(_ name: String, at time: Double) throws {
        try engine.removeView(try #require(views[name]), time: time)
        record()
    }

    package mutating func setEnabled(_ name: String, _ enabled: Bool, at time: Double) throws {
        try engine.setEnabled(try recognizer(name), enabled, time: time)
        record()
    }

    /// A tap: down, then up at the same spot `duration` later.
    package mutating func tap(_ id: Int, _ x: Double, _ y: Double, at time: Double, on view: String, duration: Double = 0.05)
        throws
    {
        try down(id, x, y, at: time, on: view)
        try up(id, x, y, at: time + duration)
    }

    /// A one-finger drag from (x, y) by (dx, dy) in `steps` moves 10 ms apart, then a lift.
    package mutating func drag(
        _ id: Int, from x: Double, _ y: Double, by dx: Double, _ dy: Double, at time: Double, on view: String,
        steps: Int = 10, lift: Bool = true
    ) throws {
        try down(id, x, y, at: time, on: view)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            try move(id, x + dx * f, y + dy * f, at: time + 0.01 * Double(step))
        }
        if lift { try up(id, x + dx, y + dy, at: time + 0.01 * Double(steps + 1)) }
    }

    /// The phases of the actions the recognizer called `name` sent, in order.
    package func phases(_ name: String) -> [GestureAction.Phase] {
        actions.filter { $0.name == name }.map(\.phase)
    }

    /// The log lines mentioning `text`.
    package func lines(_ text: String) -> [String] {
        log.filter { $0.contains(text) }
    }

    private func name(_ instance: RecognizerInstance) -> String {
        guard let declaration = engine.declaration(of: instance) else { return "?" }
        return engine.program.recognizers[declaration].name
    }

    /// Appends the last call's outputs to the log (the helpers above do it; a test
    /// calling the engine itself calls this).
    package mutating func record() {
        // A call is one input event, or several at once when timers fire first, each
        // at its own time: actions of one recognizer at one time are one event's.
        var sent: [String: [GestureAction.Phase]] = [:]
        for case .action(let action) in engine.outputs {
            let key = "\(format(action.time)) \(action.recognizer.index) \(name(action.recognizer))"
            sent[key, default: []].append(action.phase)
        }
        for (key, phases) in sent.sorted(by: { $0.key < $1.key }) where phases.count > 1 {
            if phases.count == 2 && phases[0] == .began && (phases[1] == .ended || phases[1] == .cancelled) { continue }
            repeatedActions.append("\(key): \(phases.map(\.rawValue))")
        }
        for output in engine.outputs {
            switch output {
            case .action(let action):
                let values = Array(engine.values(of: action))
                actions.append((name(action.recognizer), action.phase, action.time, values))
                log.append("\(format(action.time)) \(name(action.recognizer)) \(action.phase.rawValue)")
            case .touches(let delivery):
                let ids = engine.touchIDs(of: delivery).map(String.init).joined(separator: ",")
                let view = views.first { $0.value == delivery.view }?.key ?? "?"
                deliveries.append("\(view) \(delivery.phase.rawValue) \(ids)")
                log.append("\(format(delivery.time)) \(view) touches \(delivery.phase.rawValue) \(ids)")
            case .control(let event):
                let view = views.first { $0.value == event.view }?.key ?? "?"
                controlEvents.append("\(view) \(event.kind.rawValue)")
                log.append("\(format(event.time)) \(view) \(event.kind.rawValue)")
            case .decision(let decision):
                log.append("\(format(decision.time)) \(name(decision.recognizer)) \(describe(decision.reason))")
            }
        }
    }

    private func describe(_ reason: GestureDecision.Reason) -> String {
        switch reason {
        case .failedByTransition: "failed"
        case .failedIdle: "failed idle"
        case .excluded(let by): "excluded by \(name(by))"
        case .requiredRecognized(let other): "failed: \(name(other)) recognized"
        case .vetoedShouldBegin: "vetoed by shouldBegin"
        case .vetoedByView(let view): "vetoed by view \(views.first { $0.value == view }?.key ?? "?")"
        case .claimedByControl(let view): "claimed by control \(views.first { $0.value == view }?.key ?? "?")"
        case .keptByView(let view): "kept by view \(views.first { $0.value == view }?.key ?? "?")"
        case .refusedTouch(let id): "refused touch \(id)"
        case .otherTouchType(let id, let type): "passed by touch \(id), \(type.name)"
        case .held(let other): "held for \(name(other))"
        case .released: "released"
        case .simultaneous(let other): "simultaneous with \(name(other))"
        case .notPrevented(let other): "not prevented by \(name(other))"
        case .disabled: "disabled"
        case .ignoredTouch(let id): "ignored touch \(id)"
        case .reset: "reset"
        case .interrupted: "interrupted"
        case .viewRemoved(let view): "removed with \(views.first { $0.value == view }?.key ?? "?")"
        }
    }

    private func format(_ time: Double) -> String {
        let milliseconds = Int((time * 1000).rounded())
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - String(milliseconds % 1000).count))\(milliseconds % 1000)"
    }
}
