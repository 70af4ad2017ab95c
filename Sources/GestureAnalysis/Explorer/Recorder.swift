import GestureRuntime

/// One call to the engine on a run, and what caused it.
enum Call {
    /// Time passed to the next event: the timers due fired.
    case timers
    /// One gesture of the input, with the touch changes it sent (none for a pause).
    case gesture(Explorer.Segment, [TouchChange])
    /// The input's end: its fingers still down lift.
    case endLift([TouchChange])
    /// The input's end: two seconds for every timer.
    case endTimers

    var cause: Cause {
        switch self {
        case .timers, .endTimers: .timer
        case .endLift: .lift
        case .gesture(let segment, _):
            switch segment {
            case .down: .fingerDown
            case .up: .lift
            case .pause: .timer
            case .drag, .spread, .twist: .movement
            }
        }
    }

    var changes: [TouchChange] {
        switch self {
        case .gesture(_, let changes), .endLift(let changes): changes
        case .timers, .endTimers: []
        }
    }
}

/// The recognizer instances and views of a run's engine, looked up once per setting.
final class RunLayout {
    /// Every recognizer instance, its declaration and the index of its view.
    let instances: [RecognizerInstance]
    let declarations: [Int]
    let views: [Int]
    /// Each instance's slot (its position in `instances`), by `RecognizerInstance.index`.
    let slots: [Int]
    /// The views that act on their own touches: those of roles with no recognizer.
    let participantViews: Set<Int>
    /// Each view's role, and each view's parent, by view index.
    let roles: [Int]
    let parents: [Int?]
    let program: GestureProgram

    init(engine: GestureEngine, roles: [Int], parents: [Int?]) {
        let program = engine.program
        self.program = program
        var instances: [RecognizerInstance] = []
        var views: [Int] = []
        for view in roles.indices {
            for instance in engine.recognizers(on: ViewInstance(view)) {
                instances.append(instance)
                views.append(view)
            }
        }
        self.instances = instances
        self.views = views
        declarations = instances.map { engine.declaration(of: $0) ?? 0 }
        var slots = Array(repeating: -1, count: (instances.map(\.index).max() ?? -1) + 1)
        for (slot, instance) in instances.enumerated() { slots[instance.index] = slot }
        self.slots = slots
        let withRecognizers = Set(program.recognizers.map(\.role))
        participantViews = Set(roles.indices.filter { !withRecognizers.contains(roles[$0]) })
        self.roles = roles
        self.parents = parents
    }

    func slot(_ instance: RecognizerInstance) -> Int? {
        slots.indices.contains(instance.index) && slots[instance.index] >= 0 ? slots[instance.index] : nil
    }

    /// Whether `ancestor` is `view` or one of its parents.
    func contains(_ ancestor: Int, _ view: Int) -> Bool {
        var current: Int? = view
        var steps = 0
        while let index = current, steps <= parents.count {
            if index == ancestor { return true }
            current = parents.indices.contains(index) ? parents[index] : nil
            steps += 1
        }
        return false
    }
}

/// Follows one run's outputs and keeps what each participant did: the facts the
/// observers judge, nothing judged here. The search copies it where inputs branch.
struct Recorder {
    let layout: RunLayout

    /// Per recognizer instance, by slot.
    private(set) var acts: [Act?]
    /// Every action of `began` or `recognized` (a discrete one's `ended`), in order.
    private(set) var actions: [(slot: Int, time: Double, cause: Cause)] = []
    private(set) var losses: [Loss?]
    /// The longest hold of each that ended in its acting (R53, R54).
    private(set) var holds: [Hold?]
    /// Whether each received a touch at all (it was collected for one, R19), and
    /// whether a failure requirement ever held it (R53).
    private(set) var involved: [Bool]
    private(set) var everHeld: [Bool]
    private(set) var doublings: [Doubling] = []
    private(set) var viewTouches: [ViewTouch] = []
    /// The most fingers down so far, and now.
    private(set) var fingers = 0
    private(set) var touchesDown = 0

    /// For each view touch that ended as a tap, the recognizers still undecided then on
    /// the view's path: one that acts before it resets acted on the same sequence.
    private var pendingViewEnds: [(role: Int, slots: [Int], time: Double)] = []
    private var heldSince: [Double?]
    private var heldFor: [[Int]]
    /// The instances each held one waits for, and whether one of them had a timer
    /// running at the last call.
    private var heldForSlots: [[Int]]
    private var heldBounded: [Bool]
    /// For each held one, by failure requirement: how long it had waited when the
    /// required recognizer failed.
    private var heldWaits: [[Int: Double]]
    private var active: [Bool]
    /// For each instance still undecided, the participants that recognized during its
    /// current sequence (R55).
    private var recognizedDuring: [[Participant]]
    /// When each instance acted, in its current sequence.
    private var actedAt: [Double?]

    init(layout: RunLayout) {
        self.layout = layout
        let count = layout.instances.count
        acts = Array(repeating: nil, count: count)
        losses = Array(repeating: nil, count: count)
        holds = Array(repeating: nil, count: count)
        involved = Array(repeating: false, count: count)
        everHeld = Array(repeating: false, count: count)
        heldSince = Array(repeating: nil, count: count)
        heldFor = Array(repeating: [], count: count)
        heldForSlots = Array(repeating: [], count: count)
        heldBounded = Array(repeating: false, count: count)
        heldWaits = Array(repeating: [:], count: count)
        active = Array(repeating: false, count: count)
        recognizedDuring = Array(repeating: [], count: count)
        actedAt = Array(repeating: nil, count: count)
    }

    /// The declaration of the instance in `slot`.
    func declaration(_ slot: Int) -> Int { layout.declarations[slot] }

    /// What one call taught that no earlier call of the run had: for the search to keep
    /// an input that only revisits a known state if it showed something first.
    struct News {
        var acted: [Int] = []
        var lost: [Int] = []
        var doublings = 0
        var views = false

        var isEmpty: Bool { acted.isEmpty && lost.isEmpty && doublings == 0 && !views }
    }

    /// Reads the engine's outputs after `call`, and says what was new.
    @discardableResult
    mutating func record(_ engine: GestureEngine, _ call: Call) -> News {
        var news = News()
        let doublingsBefore = doublings.count
        let before = touchesDown
        touchesDown = engine.touchesDown
        fingers = max(fingers, touchesDown)
        let cause = call.cause
        let fingersNow = max(before, touchesDown)
        noteTouches(call, engine)
        // First the recognizers (actions and decisions), then the views: a step cancels
        // a view's touches before the actions that took them (§0.3).
        var actedThisCall: [Int] = []
        var recognizedThisCall: [Int] = []
        for output in engine.outputs {
            switch output {
            case .action(let action):
                guard let slot = layout.slot(action.recognizer) else { continue }
                involved[slot] = true
                switch action.phase {
                case .began, .ended:
                    let discrete = action.phase == .ended && !active[slot]
                    guard action.phase == .began || discrete else {
                        active[slot] = false
                        continue
                    }
                    if acts[slot] == nil { news.acted.append(slot) }
                    act(slot, at: action.time, cause: cause, fingers: fingersNow, discrete: discrete, engine)
                    for other in recognizedThisCall where other != slot {
                        note(
                            Doubling(
                                first: .recognizer(declaration(other)), second: .recognizer(declaration(slot)), shape: .sameStep, time: action.time,
                                fingers: fingersNow))
                    }
                    if discrete { recognizedThisCall.append(slot) }
                    actedThisCall.append(slot)
                case .changed:
                    break
                case .cancelled:
                    active[slot] = false
                }
            case .decision(let decision):
                guard let slot = layout.slot(decision.recognizer) else { continue }
                involved[slot] = true
                switch decision.reason {
                case .held(let required):
                    everHeld[slot] = true
                    if heldSince[slot] == nil { heldSince[slot] = decision.time }
                    if let required = layout.slot(required), !heldFor[slot].contains(declaration(required)) {
                        heldFor[slot].append(declaration(required))
                        heldForSlots[slot].append(required)
                    }
                case .excluded(let winner):
                    if lose(slot, to: winner, .excluded, at: decision.time) { news.lost.append(slot) }
                case .requiredRecognized(let winner):
                    if lose(slot, to: winner, .requirement, at: decision.time) { news.lost.append(slot) }
                case .reset:
                    for index in pendingViewEnds.indices { pendingViewEnds[index].slots.removeAll { $0 == slot } }
                    heldSince[slot] = nil
                    heldFor[slot] = []
                    heldForSlots[slot] = []
                    heldWaits[slot] = [:]
                    active[slot] = false
                    recognizedDuring[slot] = []
                    actedAt[slot] = nil
                default:
                    break
                }
                if decision.reason.fails { noteFailure(of: slot, at: decision.time) }
            case .touches:
                break
            }
        }
        var failedThisCall: [Int] = []
        for case .decision(let decision) in engine.outputs where decision.reason.fails {
            if let slot = layout.slot(decision.recognizer), !failedThisCall.contains(declaration(slot)) {
                failedThisCall.append(declaration(slot))
            }
        }
        for case .touches(let delivery) in engine.outputs {
            if deliver(delivery, engine, takers: actedThisCall.map(declaration), releasers: failedThisCall) { news.views = true }
        }
        // What acted is noted on every touch that was down or lifted in this call.
        if !actedThisCall.isEmpty {
            let ended = Set(call.changes.filter { $0.phase == .up || $0.phase == .cancel }.map(\.id))
            for index in viewTouches.indices where viewTouches[index].up == nil || ended.contains(viewTouches[index].touch) {
                for slot in actedThisCall where layout.contains(layout.views[slot], viewTouches[index].view) {
                    if !viewTouches[index].actedMeanwhile.contains(declaration(slot)) {
                        viewTouches[index].actedMeanwhile.append(declaration(slot))
                    }
                    if cause == .movement, before <= 1, touchesDown <= 1, actedAt[slot] != nil, active[slot],
                        !viewTouches[index].begunByItsMovement.contains(declaration(slot))
                    {
                        viewTouches[index].begunByItsMovement.append(declaration(slot))
                    }
                }
            }
        }
        // A finger that goes down while a recognizer is held starts something new: the
        // rest of that hold is the user's doing (a second tap begun, then held), not
        // the requirement's.
        if cause == .fingerDown {
            for slot in heldSince.indices where heldSince[slot] != nil {
                heldSince[slot] = nil
                heldWaits[slot] = [:]
            }
        }
        // Whether what each held one waits for has a timer running: the next call's
        // release (a lift, at which those timers are gone) reads it.
        for slot in heldSince.indices where heldSince[slot] != nil {
            heldBounded[slot] = heldForSlots[slot].contains { engine.hasRunningTimer(layout.instances[$0]) }
        }
        news.doublings = doublings.count - doublingsBefore
        return news
    }

    private mutating func act(_ slot: Int, at time: Double, cause: Cause, fingers: Int, discrete: Bool, _ engine: GestureEngine) {
        let participant = Participant.recognizer(declaration(slot))
        if acts[slot] == nil { acts[slot] = Act(time: time, cause: cause, fingers: fingers) }
        actions.append((slot, time, cause))
        // Acting while another is active: together.
        for other in active.indices where active[other] && other != slot {
            note(Doubling(first: .recognizer(declaration(other)), second: participant, shape: .together, time: time, fingers: fingers))
        }
        // Acting ends the stacks of those that recognized during its sequence.
        for early in recognizedDuring[slot] where early != participant {
            note(Doubling(first: early, second: participant, shape: .stacked, time: time, fingers: fingers))
        }
        recognizedDuring[slot] = []
        for index in pendingViewEnds.indices where pendingViewEnds[index].slots.contains(slot) {
            pendingViewEnds[index].slots.removeAll { $0 == slot }
            note(Doubling(first: .view(pendingViewEnds[index].role), second: participant, shape: .viewTap, time: time, fingers: fingers))
        }
        if let since = heldSince[slot] {
            let hold = Hold(
                since: since, until: time, endedByLift: cause == .lift, waitedFor: heldFor[slot], waits: heldWaits[slot],
                bounded: heldBounded[slot])
            if hold.seconds > (holds[slot]?.seconds ?? -1) { holds[slot] = hold }
            heldSince[slot] = nil
        }
        actedAt[slot] = time
        if discrete {
            // A discrete recognizer joins every still undecided one's sequence.
            for other in layout.instances.indices where other != slot && engine.isUndecided(layout.instances[other]) {
                recognizedDuring[other].append(participant)
            }
        } else {
            active[slot] = true
        }
    }

    /// A recognizer failed: every held one that requires it has waited until now.
    private mutating func noteFailure(of failed: Int, at time: Double) {
        let required = declaration(failed)
        for (held, since) in heldSince.enumerated() {
            guard let since else { continue }
            for (index, requirement) in layout.program.failureRequirements.enumerated()
            where requirement.dependent == declaration(held) && requirement.required == required {
                heldWaits[held][index] = max(heldWaits[held][index] ?? 0, time - since)
                if !heldFor[held].contains(required) { heldFor[held].append(required) }
            }
        }
    }

    /// Records the first loss of `slot`; whether it was its first.
    private mutating func lose(_ slot: Int, to winner: RecognizerInstance, _ how: Loss.How, at time: Double) -> Bool {
        guard losses[slot] == nil, acts[slot] == nil, let winnerSlot = layout.slot(winner) else { return false }
        losses[slot] = Loss(
            winner: declaration(winnerSlot), winnerSlot: winnerSlot, how: how, time: time, whileHeld: heldSince[slot] != nil)
        heldSince[slot] = nil
        return true
    }

    private mutating func note(_ doubling: Doubling) {
        guard !doublings.contains(where: { $0.first == doubling.first && $0.second == doubling.second && $0.shape == doubling.shape })
        else { return }
        doublings.append(doubling)
    }

    /// New touches on views that act on their own touches, and what the fingers did.
    private mutating func noteTouches(_ call: Call, _ engine: GestureEngine) {
        for change in call.changes {
            switch change.phase {
            case .down:
                for index in viewTouches.indices
                where viewTouches[index].up != nil && viewTouches[index].ended == nil
                    && viewTouches[index].cancelled == nil
                {
                    viewTouches[index].followedByAnotherTouch = true
                }
                guard let view = engine.view(ofTouch: change.id)?.index, layout.participantViews.contains(view) else { continue }
                viewTouches.append(ViewTouch(view: view, role: layout.roles[view], touch: change.id, down: engine.now, fingers: touchesDown))
            case .move:
                for index in viewTouches.indices where viewTouches[index].touch == change.id && viewTouches[index].up == nil {
                    viewTouches[index].plainTap = false
                }
            case .up, .cancel:
                for index in viewTouches.indices where viewTouches[index].touch == change.id && viewTouches[index].up == nil {
                    viewTouches[index].up = engine.now
                }
            }
        }
        for index in viewTouches.indices where viewTouches[index].up == nil {
            viewTouches[index].fingers = max(viewTouches[index].fingers, touchesDown)
            // A pause while it rests: a hold, not a plain tap.
            if case .gesture(.pause, _) = call { viewTouches[index].plainTap = false }
        }
    }

    /// Notes a delivery to a view that acts on its own touches; whether it was one.
    private mutating func deliver(_ delivery: TouchDelivery, _ engine: GestureEngine, takers: [Int], releasers: [Int]) -> Bool {
        guard layout.participantViews.contains(delivery.view.index) else { return false }
        for touch in engine.touches(of: delivery) {
            guard let index = viewTouches.lastIndex(where: { $0.touch == touch.id && $0.view == delivery.view.index }) else { continue }
            switch delivery.phase {
            case .began:
                if viewTouches[index].began == nil {
                    viewTouches[index].began = delivery.time
                    viewTouches[index].beganAtOnce = delivery.time - touch.timestamp < 1e-6
                }
            case .ended:
                if viewTouches[index].ended == nil {
                    viewTouches[index].ended = delivery.time
                    viewTouches[index].releasers = releasers
                    // A tap that ended on the view acted; a recognizer on its path that
                    // is still undecided and acts later in its sequence acts on it too.
                    if viewTouches[index].plainTap, viewTouches[index].fingers <= 1 {
                        let view = delivery.view.index
                        let undecided = layout.instances.indices.filter { slot in
                            layout.contains(layout.views[slot], view) && engine.isUndecided(layout.instances[slot])
                        }
                        if !undecided.isEmpty { pendingViewEnds.append((layout.roles[view], undecided, delivery.time)) }
                        for slot in actedAt.indices
                        where actedAt[slot] != nil && active[slot] == false
                            && layout.contains(layout.views[slot], view) && (actedAt[slot] ?? 0) >= viewTouches[index].down
                        {
                            note(
                                Doubling(
                                    first: .recognizer(declaration(slot)), second: .view(layout.roles[view]), shape: .viewTap, time: delivery.time,
                                    fingers: 1))
                        }
                    }
                }
            case .cancelled:
                if viewTouches[index].cancelled == nil {
                    viewTouches[index].cancelled = delivery.time
                    viewTouches[index].takers = takers
                }
            case .moved:
                break
            }
        }
        return true
    }
}

extension GestureDecision.Reason {
    /// Whether the decision ends the recognizer's sequence without its gesture: it
    /// failed, or, having begun, was cancelled (disabled, interrupted, or its view removed).
    var fails: Bool {
        switch self {
        case .failedByTransition, .failedIdle, .excluded, .requiredRecognized, .vetoedShouldBegin, .vetoedByView,
            .disabled, .interrupted, .viewRemoved:
            true
        case .refusedTouch, .held, .released, .simultaneous, .notPrevented, .ignoredTouch, .reset:
            false
        }
    }
}
