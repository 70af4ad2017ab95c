// libFuzzer target: the engine, driven by arbitrary bytes through its public API over
// `fuzzSpec`: touches landing, moving, lifting and cancelled alone or several in one
// event, the clock, enabling and disabling, interruptions, hook answers, and views
// moved, resized, scrolled, removed and added again. Host mistakes are thrown and
// ignored; a trap, or a broken invariant, is a bug:
//
// - one action per recognizer and input event (R30), but for a `began` its end
//   follows at once (R54);
// - a view hears of a touch by `began`, then only `moved`, then one `ended` or
//   `cancelled` (R11);
// - an action's values are as many as its kind reports;
// - after the call that removes a view, neither it nor its recognizers output anything;
// - a hook that calls its engine back is refused, and its queries show nothing.

import GestureRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = ByteReader(bytes: Array(UnsafeBufferPointer(start: data, count: min(size, 4096))))
    let program = fuzzProgram
    guard let engine = try? GestureEngine(program: program) else { return 0 }
    try? engine.setWindowSize(Point(x: 400, y: 800))
    let answers = HookAnswers()
    for hook in program.hooks.indices {
        try? engine.bind(hook: hook) { [unowned engine] query in
            precondition(engine.state(of: query.recognizer) == nil && engine.outputs.isEmpty, "a hook saw a call's state")
            do throws(EngineError) {
                try engine.advance(to: query.time)
                preconditionFailure("a call from inside a hook was accepted")
            } catch {
                precondition(error == .reentrantCall, "a call from inside a hook threw \(error)")
            }
            return answers.value
        }
    }
    // window, scroller, photo, badge, toolbar: a layout where views overlap and nest.
    let frames = [
        Rect(x: 0, y: 0, width: 400, height: 800), Rect(x: 0, y: 0, width: 400, height: 700),
        Rect(x: 50, y: 100, width: 300, height: 400), Rect(x: 10, y: 10, width: 60, height: 60),
        Rect(x: 0, y: 700, width: 400, height: 100),
    ]
    var instances: [Int: ViewInstance] = [:]
    for (role, view) in program.views.enumerated() {
        let parent = view.parents.first.flatMap { instances[$0] }
        guard let instance = try? engine.addView(role: role, parent: parent, frame: frames[role % frames.count])
        else { return 0 }
        instances[role] = instance
    }
    var time = 0.0
    var deliveryState: [Int: String] = [:]  // touch id -> "open" or "closed"
    var tracking: Set<ViewInstance> = []  // the controls tracking a touch
    // The input names six fingers; each landing gets a fresh host id. A host may
    // reuse an id once its touch is up, while its view may still be owed that touch's
    // end (held back, R40): deliveries are then right, but checking them by id would
    // mix the two touches.
    var hostIDs = Array(0..<6)
    var nextID = 6
    while !input.isAtEnd {
        let op = input.next()
        time += Double(input.next() % 64) / 400
        // Mostly, timers due by now fire first, in a call of their own. A timer due at
        // an event's own instant is a step of its own, which may act as the event does
        // (a long press begins at its deadline, then a move at that instant changes
        // it): only with the timers apart do a call's actions at one instant belong to
        // one step. Otherwise the call fires them itself, and the one-action check is off.
        let timersApart = op < 0xC0
        if timersApart, (try? engine.advance(to: time)) != nil {
            check(engine, program: program, deliveryState: &deliveryState, tracking: &tracking, oneStep: true)
        }
        // A call that throws changes nothing, its outputs included: only a call that
        // succeeds has new outputs to check.
        var succeeded = true
        switch op % 8 {
        case 0, 1, 2, 3:
            // One event of up to three changes.
            var changes: [TouchChange] = []
            for _ in 0...(op / 8 % 3) {
                let finger = input.next() % 6
                let phase = TouchChange.Phase.allCases[input.next() % 4]
                if phase == .down {
                    hostIDs[finger] = nextID
                    nextID += 1
                }
                // A touch of any type, or a pointer's scroll or transform (R88, R89),
                // whose changes carry a scale and a rotation, finite or not.
                let kind = input.next() % (TouchType.allCases.count + PointerInput.allCases.count)
                let pointer = kind < TouchType.allCases.count ? nil : PointerInput.allCases[kind - TouchType.allCases.count]
                let values = [1, 0.5, 2, 0, -1, .nan, .infinity]
                changes.append(
                    TouchChange(
                        id: hostIDs[finger], phase: phase,
                        location: Point(x: Double(input.next()) * 1.6, y: Double(input.next()) * 3.2),
                        touchType: TouchType.allCases[kind % TouchType.allCases.count], pointer: pointer,
                        scale: values[input.next() % values.count], rotation: values[input.next() % values.count] / 2))
            }
            succeeded = (try? engine.handle(changes, time: time)) != nil
        case 4:
            succeeded = (try? engine.advance(to: time)) != nil
        case 5:
            let index = input.next()
            let recognizers = instances.values.sorted().flatMap { engine.recognizers(on: $0) }
            guard !recognizers.isEmpty else { continue }
            succeeded =
                (try? engine.setEnabled(recognizers[index % recognizers.count], input.next() % 2 == 0, time: time)) != nil
        case 6:
            succeeded = (try? engine.interrupt(time: time)) != nil
        default:
            // The scene changes: a view of a role (its latest instance) moves, scrolls, is
            // re-parented, or is removed and replaced by a new one under its parent's
            // latest instance.
            let role = input.next() % program.views.count
            guard let view = instances[role] else { continue }
            let value = { (scale: Double) in Double(input.next()) * scale - 64 }
            switch input.next() % 5 {
            case 0:
                answers.value.toggle()
            case 1:
                let frame = Rect(x: value(2), y: value(4), width: value(3) + 64, height: value(5) + 64)
                _ = try? engine.setFrame(frame, of: view)
            case 2:
                _ = try? engine.setBoundsOrigin(Point(x: value(1), y: value(2)), of: view)
            case 3:
                // Re-parented under the latest instance of one of its role's parents
                // (or, for a root, left where it is): it keeps its touches.
                let parents = program.views[role].parents
                guard !parents.isEmpty, let parent = instances[parents[input.next() % parents.count]] else { continue }
                let frame = Rect(x: value(2), y: value(4), width: value(3) + 64, height: value(5) + 64)
                _ = try? engine.setParent(parent, of: view, frame: frame)
            default:
                // The removal's own outputs cancel what the views had; only later ones
                // must not name them.
                if (try? engine.removeView(view, time: time)) != nil {
                    check(engine, program: program, deliveryState: &deliveryState, tracking: &tracking, oneStep: timersApart)
                }
                let parent = program.views[role].parents.first.flatMap { instances[$0] }
                if let instance = try? engine.addView(role: role, parent: parent, frame: frames[role % frames.count]) {
                    instances[role] = instance
                }
            }
            continue
        }
        guard succeeded else { continue }
        check(engine, program: program, deliveryState: &deliveryState, tracking: &tracking, oneStep: timersApart)
        for output in engine.outputs {
            switch output {
            case .action(let action):
                // The handle is the recognizer's now: no view took its slot since.
                let view = engine.view(of: action.recognizer)
                precondition(view != nil, "an action names a recognizer whose slot another took")
                precondition(!engine.scene.isRemoved(view?.index ?? -1), "a recognizer of a removed view acted")
            case .touches(let delivery):
                precondition(engine.role(of: delivery.view) != nil, "a delivery names a view whose slot another took")
                precondition(!engine.scene.isRemoved(delivery.view.index), "a removed view received a touch")
            case .control, .decision:
                break
            }
        }
    }
    return 0
}

/// A hook's answer, changed by the input.
final class HookAnswers: @unchecked Sendable {
    var value = true
}

/// Checks the outputs of the last call. `oneStep`: the call ran one step at each
/// instant, so a recognizer's actions at one instant must be one (or `began` and its end).
private func check(
    _ engine: GestureEngine, program: GestureProgram, deliveryState: inout [Int: String],
    tracking: inout Set<ViewInstance>, oneStep: Bool
) {
    var sent: [String: [GestureAction.Phase]] = [:]
    for output in engine.outputs {
        switch output {
        case .action(let action):
            sent["\(action.recognizer.index)@\(action.time)", default: []].append(action.phase)
            let declaration = engine.declaration(of: action.recognizer) ?? 0
            let width = program.kinds[program.recognizers[declaration].kind].reports.reduce(0) { $0 + $1.type.width }
            precondition(engine.values(of: action).count == width, "an action's values do not match its reports")
        case .touches(let delivery):
            for touch in engine.touches(of: delivery) {
                let state = deliveryState[touch.id]
                switch delivery.phase {
                case .began:
                    precondition(state != "open", "touch \(touch.id) began twice")
                    deliveryState[touch.id] = "open"
                case .moved:
                    precondition(state == "open", "touch \(touch.id) moved before it began")
                case .ended, .cancelled:
                    precondition(state == "open", "touch \(touch.id) ended before it began")
                    deliveryState[touch.id] = "closed"
                }
            }
        case .control(let event):
            // A control's events: touchDown opens its tracking, a touch-up or a cancel
            // closes it, and everything else falls between (docs/controls.md).
            let role = engine.role(of: event.view)
            precondition(role.map { program.views[$0].control != nil } ?? false, "a control event from a view that is no control")
            switch event.kind {
            case .touchDown:
                precondition(tracking.insert(event.view).inserted, "a control sent touchDown while tracking")
            case .touchUpInside, .touchUpOutside, .touchCancel:
                precondition(tracking.remove(event.view) != nil, "a control ended a touch it did not track")
            case .touchDragExit, .touchDragEnter, .valueChanged:
                precondition(tracking.contains(event.view), "a control sent \(event.kind) while tracking nothing")
            }
        case .decision:
            break
        }
    }
    guard oneStep else { return }
    for (key, phases) in sent where phases.count > 1 {
        let beganThenEnd = phases.count == 2 && phases[0] == .began && (phases[1] == .ended || phases[1] == .cancelled)
        precondition(beganThenEnd, "\(key) sent \(phases) in one event")
    }
}
