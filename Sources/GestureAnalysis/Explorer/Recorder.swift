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
    /// The views that act on their own touches: those of roles with no recognizer, and
    /// controls, which act on theirs whatever recognizers they carry (docs/controls.md).
    let participantViews: Set<Int>
    /// Each view's role, and each view's parent, by view index.
    let roles: [Int]
    let parents: [Int?]
    let program: GestureProgram
    /// For each declaration that requires others to fail (R53), those declarations.
    let required: [Int: Set<Int>]

    init(engine: GestureEngine, roles: [Int], parents: [Int?]) {
        let program = engine.program
        self.program = program
        var instances: [RecognizerInstance] = []
        var views: [Int] = []
        for view in roles.indices {
            for instance in engine.view(at: view).map(engine.recognizers(on:)) ?? [] {
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
        participantViews = Set(
            roles.indices.filter { !withRecognizers.contains(roles[$0]) || program.views[roles[$0]].control != nil })
        self.roles = roles
        self.parents = parents
        var required: [Int: Set<Int>] = [:]
        for requirement in program.failureRequirements { required[requirement.dependent, default: []].insert(requirement.required) }
        self.required = required
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
///
/// What a rule needs call by call is kept here for every rule, not in the rule's own
/// file: the recorder is the search's state along an input, copied at every branch, and
/// one buffer of plain values copies cheapest (a state per rule would be a copy and a
/// reference per rule at each branch). The rules read these facts once a run ends, from
/// its `RunRecord`, through their observers (`ExplorationObserver`), and keep their own
/// conclusions there; the facts few rules read name them (GDL221, GDL222).
struct Recorder {
    let layout: RunLayout

    /// What each recognizer instance did, and what the recorder follows of it, by slot:
    /// one array of plain values, so that the search's copy of a recorder, made where
    /// inputs branch, copies one buffer with no reference to retain. What only a few
    /// instances ever have (a hold, a stack) is kept beside it, by slot.
    struct Instance {
        /// Its first `began` or `recognized`.
        var act: Act?
        /// Its first loss, before it acted.
        var loss: Loss?
        /// It received a touch at all (it was collected for one, R19).
        var involved = false

        fileprivate var heldSince: Double?
        /// Whether one of the recognizers it waits for had a timer running at the last call.
        fileprivate var heldBounded = false
        fileprivate var active = false
        /// When it acted, in its current sequence.
        fileprivate var actedAt: Double?
        /// The touches it received in its current sequence (engine slots, a mask).
        fileprivate var seen: UInt64 = 0
    }

    /// What a held instance waits for, while it is held: the declarations, and by
    /// failure requirement how long it had waited when the required recognizer failed.
    private struct Waiting {
        var declarations: [Int] = []
        var waits: [Int: Double] = [:]
    }

    /// Each instance's longest hold that ended in its acting (R53, R54).
    private var holds: [Int: Hold] = [:]
    private var waiting: [Int: Waiting] = [:]
    /// While undecided, the participants that recognized during its current sequence (R55).
    private var recognizedDuring: [Int: [Participant]] = [:]

    /// The longest hold of the instance in `slot` that ended in its acting.
    func hold(_ slot: Int) -> Hold? { holds[slot] }

    /// Every instance's longest hold that ended in its acting, by slot, in slot order.
    var allHolds: [(slot: Int, hold: Hold)] { holds.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    private(set) var instances: [Instance]
    /// How many instances are held now (`Instance.heldSince`): what looks at the held
    /// ones runs only while some are, as most calls hold none.
    private var heldCount = 0
    /// Every action of `began` or `recognized` (a discrete one's `ended`), in order.
    private(set) var actions: [(slot: Int, time: Double, cause: Cause)] = []
    private(set) var doublings: [Doubling] = []
    private(set) var viewTouches: [ViewTouch] = []
    /// The fingers down now.
    private(set) var touchesDown = 0

    /// For each view touch that ended as a tap, the recognizers still undecided then on
    /// the view's path: one that acts before it resets acted on the same sequence.
    private var pendingViewEnds: [(role: Int, slots: [Int], time: Double)] = []

    init(layout: RunLayout) {
        self.layout = layout
        instances = Array(repeating: Instance(), count: layout.instances.count)
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
        let cause = call.cause
        let fingersNow = max(before, touchesDown)
        noteTouches(call, engine)
        // Touches are collected as they go down (R19): only then can an instance's grow.
        if call.changes.contains(where: { $0.phase == .down }) {
            for slot in instances.indices { instances[slot].seen |= engine.receivedTouchMask(layout.instances[slot]) }
        }
        // First the recognizers (actions and decisions), then the views: a step cancels
        // a view's touches before the actions that took them (§0.3).
        var actedThisCall: [Int] = []
        var recognizedThisCall: [Int] = []
        for output in engine.outputs {
            switch output {
            case .action(let action):
                guard let slot = layout.slot(action.recognizer) else { continue }
                instances[slot].involved = true
                switch action.phase {
                case .began, .ended:
                    let discrete = action.phase == .ended && !instances[slot].active
                    guard action.phase == .began || discrete else {
                        instances[slot].active = false
                        continue
                    }
                    if instances[slot].act == nil { news.acted.append(slot) }
                    act(slot, at: action.time, cause: cause, fingers: fingersNow, discrete: discrete, engine)
                    for other in recognizedThisCall where other != slot && share(other, slot) {
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
                    instances[slot].active = false
                }
            case .decision(let decision):
                guard let slot = layout.slot(decision.recognizer) else { continue }
                instances[slot].involved = true
                switch decision.reason {
                case .held(let required):
                    if instances[slot].heldSince == nil { setHeld(slot, since: decision.time) }
                    if let required = layout.slot(required), !(waiting[slot]?.declarations.contains(declaration(required)) ?? false) {
                        waiting[slot, default: Waiting()].declarations.append(declaration(required))
                    }
                case .excluded(let winner):
                    if lose(slot, to: winner, .excluded, at: decision.time) { news.lost.append(slot) }
                case .requiredRecognized(let winner):
                    if lose(slot, to: winner, .requirement, at: decision.time) { news.lost.append(slot) }
                case .reset:
                    instances[slot].seen = 0
                    for index in pendingViewEnds.indices { pendingViewEnds[index].slots.removeAll { $0 == slot } }
                    setHeld(slot, since: nil)
                    waiting[slot] = nil
                    instances[slot].active = false
                    recognizedDuring[slot] = nil
                    instances[slot].actedAt = nil
                default:
                    break
                }
                if decision.reason.fails { noteFailure(of: slot, at: decision.time) }
            case .touches, .control:
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
        // A continuous recognizer begun by one finger's movement is noted on every view
        // touch that was down or lifted in this call (GDL221, `DeliveryChanged`).
        if !actedThisCall.isEmpty, cause == .movement, before <= 1, touchesDown <= 1 {
            let ended = Set(call.changes.filter { $0.phase == .up || $0.phase == .cancel }.map(\.id))
            for index in viewTouches.indices where viewTouches[index].up == nil || ended.contains(viewTouches[index].touch) {
                for slot in actedThisCall where layout.contains(layout.views[slot], viewTouches[index].view) {
                    if instances[slot].actedAt != nil, instances[slot].active,
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
        if cause == .fingerDown && heldCount > 0 {
            for slot in instances.indices where instances[slot].heldSince != nil {
                setHeld(slot, since: nil)
                waiting[slot]?.waits = [:]
            }
        }
        // Whether what each held one waits for has a timer running: the next call's
        // release (a lift, at which those timers are gone) reads it.
        if heldCount > 0 {
            for slot in instances.indices where instances[slot].heldSince != nil {
                let required = layout.required[layout.declarations[slot]] ?? []
                instances[slot].heldBounded = instances.indices.contains { other in
                    required.contains(layout.declarations[other]) && engine.hasRunningTimer(layout.instances[other])
                }
            }
        }
        news.doublings = doublings.count - doublingsBefore
        return news
    }

    private mutating func act(_ slot: Int, at time: Double, cause: Cause, fingers: Int, discrete: Bool, _ engine: GestureEngine) {
        let participant = Participant.recognizer(declaration(slot))
        if instances[slot].act == nil { instances[slot].act = Act(time: time, cause: cause, fingers: fingers) }
        actions.append((slot, time, cause))
        // Acting while another is active: together.
        for other in instances.indices where instances[other].active && other != slot && share(other, slot) {
            note(Doubling(first: .recognizer(declaration(other)), second: participant, shape: .together, time: time, fingers: fingers))
        }
        // Acting ends the stacks of those that recognized during its sequence.
        for early in recognizedDuring[slot] ?? [] where early != participant {
            note(Doubling(first: early, second: participant, shape: .stacked, time: time, fingers: fingers))
        }
        recognizedDuring[slot] = nil
        for index in pendingViewEnds.indices where pendingViewEnds[index].slots.contains(slot) {
            pendingViewEnds[index].slots.removeAll { $0 == slot }
            note(Doubling(first: .view(pendingViewEnds[index].role), second: participant, shape: .viewTap, time: time, fingers: fingers))
        }
        if let since = instances[slot].heldSince {
            let hold = Hold(
                since: since, until: time, endedByLift: cause == .lift, waitedFor: waiting[slot]?.declarations ?? [],
                waits: waiting[slot]?.waits ?? [:], bounded: instances[slot].heldBounded)
            if hold.seconds > (holds[slot]?.seconds ?? -1) { holds[slot] = hold }
            setHeld(slot, since: nil)
        }
        instances[slot].actedAt = time
        if discrete {
            // A discrete recognizer joins every still undecided one's sequence.
            for other in layout.instances.indices where other != slot && share(other, slot) && engine.isUndecided(layout.instances[other]) {
                recognizedDuring[other, default: []].append(participant)
            }
        } else {
            instances[slot].active = true
        }
    }

    /// Starts or ends the hold of the instance in `slot`, keeping `heldCount`.
    private mutating func setHeld(_ slot: Int, since time: Double?) {
        heldCount += (time != nil ? 1 : 0) - (instances[slot].heldSince != nil ? 1 : 0)
        instances[slot].heldSince = time
    }

    /// A recognizer failed: every held one that requires it has waited until now.
    private mutating func noteFailure(of failed: Int, at time: Double) {
        guard heldCount > 0 else { return }
        let required = declaration(failed)
        for held in instances.indices {
            guard let since = instances[held].heldSince else { continue }
            for (index, requirement) in layout.program.failureRequirements.enumerated()
            where requirement.dependent == declaration(held) && requirement.required == required {
                waiting[held, default: Waiting()].waits[index] = max(waiting[held]?.waits[index] ?? 0, time - since)
                if !(waiting[held]?.declarations.contains(required) ?? false) { waiting[held, default: Waiting()].declarations.append(required) }
            }
        }
    }

    /// Records the first loss of `slot`; whether it was its first.
    private mutating func lose(_ slot: Int, to winner: RecognizerInstance, _ how: Loss.How, at time: Double) -> Bool {
        guard instances[slot].loss == nil, instances[slot].act == nil, let winnerSlot = layout.slot(winner) else { return false }
        instances[slot].loss = Loss(
            winner: declaration(winnerSlot), winnerSlot: winnerSlot, how: how, time: time, whileHeld: instances[slot].heldSince != nil)
        setHeld(slot, since: nil)
        return true
    }

    /// Whether two instances act on one touch sequence: they received a touch in
    /// common in their current sequences. Two fingers on a button and on the card
    /// around it are two sequences, though the views are one inside the other.
    private func share(_ a: Int, _ b: Int) -> Bool {
        instances[a].seen & instances[b].seen != 0
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
                        for slot in instances.indices
                        where instances[slot].actedAt != nil && instances[slot].active == false
                            && layout.contains(layout.views[slot], view) && (instances[slot].actedAt ?? 0) >= viewTouches[index].down
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
            .claimedByControl, .keptByView, .disabled, .interrupted, .viewRemoved:
            true
        case .refusedTouch, .otherTouchType, .held, .released, .simultaneous, .notPrevented, .ignoredTouch, .reset:
            false
        }
    }
}
