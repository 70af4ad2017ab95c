import GestureRuntime

/// Every input an exploration kept, as a tree: each is its parent (the sequence it
/// continues) and one more gesture, and, where fingers are still down, the lift that
/// ends it. Thousands of inputs share their beginnings, so they are kept once.
struct InputTree {
    struct Step {
        /// The input this one continues, or nil for the first gesture.
        var parent: Int?
        var segment: Explorer.Segment
        /// The gesture's events.
        var events: [Probe.Event]
        /// The lift of every finger still down, which ends this input but not the
        /// ones that continue it.
        var lift: Probe.Event?
        /// The most fingers down at once.
        var fingers: Int
        /// Where the first finger went down, when not the middle of the window.
        var start: String?
        /// The time the gesture ended at (a pause has no events of its own).
        var end: Double
    }

    private(set) var steps: [Step] = []

    var count: Int { steps.count }

    mutating func append(_ step: Step) { steps.append(step) }

    /// The input as a whole: its events from the first gesture on, and what it does
    /// in words.
    func probe(_ index: Int) -> Probe {
        var words = chain(to: index).map { steps[$0].segment.summary }
        if let lift = steps[index].lift {
            words.append(lift.changes.count == 1 ? "the finger lifts" : "\(lift.changes.count) fingers lift")
        }
        let start = steps[index].start.map { "starting \($0), " } ?? ""
        return Probe(summary: start + words.joined(separator: ", "), events: events(index), fingers: steps[index].fingers)
    }

    /// The input's events, from its first gesture to its lift.
    func events(_ index: Int) -> [Probe.Event] {
        var events: [Probe.Event] = []
        for current in chain(to: index) { events += steps[current].events }
        if let lift = steps[index].lift { events.append(lift) }
        return events
    }

    /// The input's gestures, first to last.
    func segments(_ index: Int) -> [Explorer.Segment] {
        chain(to: index).map { steps[$0].segment }
    }

    /// What tells the input's classes apart (`InputFeatures`).
    func features(_ index: Int) -> InputFeatures {
        var features = InputFeatures(
            direction: nil, restBeforeMoving: 0, heldBeforeMoving: false, fingers: steps[index].fingers,
            fingerJoinedAMovingGesture: false, start: steps[index].start, lift: 0, firstDown: 0)
        var moved = false
        var down = 0
        let path = chain(to: index)
        for current in path {
            switch steps[current].segment {
            case .down:
                if moved && down > 0 { features.fingerJoinedAMovingGesture = true }
                down += 1
            case .up:
                down -= 1
            case .pause(let seconds):
                if !moved && down > 0 {
                    features.restBeforeMoving += seconds
                    features.heldBeforeMoving = true
                }
            case .drag(_, let direction, _, _):
                if !moved { features.direction = direction }
                moved = true
            case .spread, .twist:
                moved = true
            }
        }
        features.firstDown = path.lazy.compactMap { self.steps[$0].events.first?.time }.first ?? 0
        features.lift = steps[index].lift?.time ?? steps[index].events.last?.time ?? steps[index].end
        return features
    }

    /// Runs the input on `engine` from its start, as the search ran it: each gesture's
    /// events, the lift of the fingers still down, then two seconds for every timer;
    /// `observe` is told of every call. A call the engine refuses is left out.
    func replay(_ index: Int, on engine: GestureEngine, observe: (Call) -> Void) {
        var time = 0.0
        for current in chain(to: index) { runGesture(of: current, on: engine, time: &time, observe: observe) }
        runEnd(of: index, on: engine, after: time, observe: observe)
    }

    /// Runs the gestures of the input's parent, the input's beginning: what the
    /// engine has done when `replay` comes to the input's own gesture. Returns the
    /// time of the last event run, which `replayOwnGesture` takes.
    func replayParent(of index: Int, on engine: GestureEngine, observe: (Call) -> Void) -> Double {
        var time = 0.0
        for current in chain(to: index).dropLast() { runGesture(of: current, on: engine, time: &time, observe: observe) }
        return time
    }

    /// Runs the rest of the input on an engine that ran its parent's gestures up to
    /// `time` (`replayParent`): together the two make the calls `replay` makes.
    func replayOwnGesture(_ index: Int, on engine: GestureEngine, after time: Double, observe: (Call) -> Void) {
        var time = time
        runGesture(of: index, on: engine, time: &time, observe: observe)
        runEnd(of: index, on: engine, after: time, observe: observe)
    }

    /// The input this one continues, or nil for an input of one gesture.
    func parent(of index: Int) -> Int? { steps.indices.contains(index) ? steps[index].parent : nil }

    /// One gesture's events, or its pause when it has none.
    private func runGesture(of current: Int, on engine: GestureEngine, time: inout Double, observe: (Call) -> Void) {
        let step = steps[current]
        for event in step.events {
            try? engine.advance(to: event.time)
            observe(.timers)
            try? engine.handle(event.changes, time: event.time)
            observe(.gesture(step.segment, event.changes))
            time = event.time
        }
        if step.events.isEmpty, step.end > time {
            try? engine.advance(to: step.end)
            observe(.gesture(step.segment, []))
            time = step.end
        }
    }

    /// The input's end: the lift of the fingers still down, then its timers.
    private func runEnd(of index: Int, on engine: GestureEngine, after time: Double, observe: (Call) -> Void) {
        // The end comes a step after the last gesture, as the search runs it.
        let end = time + Explorer.step
        if let lift = steps[index].lift {
            try? engine.advance(to: lift.time)
            observe(.timers)
            try? engine.handle(lift.changes, time: lift.time)
            observe(.endLift(lift.changes))
        }
        try? engine.advance(to: end + 2)
        observe(.endTimers)
    }

    /// The steps from the first gesture to `index`'s.
    private func chain(to index: Int) -> [Int] {
        var chain: [Int] = []
        var next: Int? = index
        while let current = next, current >= 0, current < steps.count, chain.count <= steps.count {
            chain.append(current)
            next = steps[current].parent
        }
        return chain.reversed()
    }
}

/// What the explorer's clients (lint, diff, the pairs report) do with what it runs.
/// A client keeps the inputs found and follows each one's outputs as the engine runs
/// it: the search runs every input once, with the client watching, rather than
/// handing a list back to be run again.
protocol ExplorationClient {
    /// What the client follows along one input: copied where the search branches.
    associatedtype PathState

    /// The index the next input registered gets.
    var nextInput: Int { get }
    /// Changes whenever the client learns something (a first win, a new loss): an
    /// input that only revisits a known state is still kept if it taught the client
    /// something on the way, so every finding has an input that shows it.
    var revision: Int { get }
    /// Keeps an input, at index `nextInput`, with what was followed along it.
    mutating func register(_ step: InputTree.Step, _ state: PathState)
    /// The engine's outputs after one of its calls, on the input with index `input`
    /// (registered once the search keeps it), with at most `fingers` fingers down so
    /// far.
    mutating func observe(_ engine: GestureEngine, _ state: inout PathState, input: Int, fingers: Int, call: Call)
    /// A kept input has ended (its fingers lifted, its timers run out): `state` is
    /// what was followed along the whole of it.
    mutating func finish(input: Int, _ state: PathState)
}

/// A client that only keeps the inputs, for those who run them themselves (`diff`
/// runs each on two programs).
struct InputCollector: ExplorationClient {
    var tree = InputTree()
    var nextInput: Int { tree.count }
    var revision: Int { 0 }
    mutating func register(_ step: InputTree.Step, _ state: Void) { tree.append(step) }
    mutating func observe(_ engine: GestureEngine, _ state: inout Void, input: Int, fingers: Int, call: Call) {}
    mutating func finish(input: Int, _ state: Void) {}
}
