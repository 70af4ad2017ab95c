import GestureRuntime
import GestureSimulation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the inputs worth running in one setting (a place under one assignment of the
/// hooks, `Exploration.Setting`): a breadth-first search over sequences
/// of touch gestures (a finger down, a still pause, a drag, a pinch, a twist, a lift),
/// each cut from the program's constants (`FeatureClasses`), memoized on the engine's
/// state and the classes of the fingers' positions, so that every situation the
/// program can tell apart is reached once, by a shortest input.
///
/// What it returns is a list of inputs (`Probe`s), each a whole touch sequence: every
/// finger lifted and, where a recognizer still waits (a double tap's second tap), the
/// engine idle again. Lint, diff and the pairs report run them (`Exploration`).
///
/// The bounds are stated in every report that rests on them (`Bounds.description`):
/// at most `fingers` fingers, `segments` gestures per sequence and `states` states
/// per setting. A search that reaches the state bound stops there and
/// says so (`Result.cut`), never hangs.
struct Explorer {
    struct Bounds: Equatable, Sendable {
        /// Gestures per sequence (a down, a pause, a drag, a lift each count one).
        var segments: Int
        /// States visited per setting (a place under one hook assignment).
        var states: Int
        /// States visited over every setting of a set: each setting's share is this over
        /// the number of settings, at most `states`, so a set of many roles is searched
        /// less deeply per role rather than for longer.
        var total: Int
        /// States times recognizer instances over every setting of a set: a state's
        /// engine costs its instances to copy, run and keep, so a place of many
        /// recognizers visits fewer states, in the same time and memory.
        var work: Int

        /// Views and recognizer instances of every place searched, times
        /// `minimumStates`: the places are taken in order while they fit, so that a
        /// spec of many deep places is searched over the first of them rather than for
        /// their number times their depth (`Exploration.places`).
        var placeWork: Int
        /// Recognizer instances in the engines the search keeps queued at once: a node
        /// waiting to be expanded keeps its engine, so a place of thousands of
        /// recognizers would keep its whole frontier's (a chain of 4,000 requirements:
        /// 1.3 GB). Past this, a node is not queued and the search is cut there.
        var queued = 250_000

        static let standard = Bounds(segments: 6, states: 5000, total: 40_000, work: 2_000_000, placeWork: 2_000_000)

        /// The fewest states a setting is searched over, whatever the bounds above.
        static let minimumStates = 100

        /// The bound of each of `settings` settings whose engines hold at most
        /// `instances` recognizer instances; never under `minimumStates`.
        func perSetting(_ settings: Int, instances: Int) -> Bounds {
            var bounds = self
            let settings = max(settings, 1)
            bounds.states = max(Self.minimumStates, min(states, total / settings, work / (settings * max(instances, 1))))
            return bounds
        }

        /// "up to 2 fingers and 6 gestures".
        func description(fingers: Int) -> String {
            "up to \(fingers) fingers and \(segments) gestures (a touch-down, a pause, a drag, a pinch, a lift each count one)"
        }
    }

    /// One step of a sequence: what the fingers do.
    enum Segment: Hashable {
        /// A touch goes down; its type is a finger's unless the set tells types
        /// apart (`FeatureClasses.touchTypes`, R87).
        case down(finger: Int, type: TouchType = .direct)
        case up(finger: Int)
        case pause(Double)
        /// The fingers listed move together by `distance` along `direction` in
        /// `duration` seconds.
        case drag(fingers: [Int], direction: Probe.Direction, distance: Double, duration: Double)
        /// The first two fingers down end `factor` times as far apart.
        case spread(factor: Double)
        /// The first two fingers down turn about their midpoint by `angle` radians.
        case twist(angle: Double)

        /// "finger 1 drags right 75pt in 100ms".
        var summary: String {
            func format(_ value: Double) -> String { NumberText.format((value * 10).rounded() / 10) }
            switch self {
            case .down(let finger, let type):
                return "finger \(finger + 1) goes down" + (type == .direct ? "" : " as a \(type.name) touch")
            case .up(let finger): return "finger \(finger + 1) lifts"
            case .pause(let seconds): return "a pause of \(QuantityText.format(seconds, .duration))"
            case .drag(let fingers, let direction, let distance, let duration):
                let who = fingers.count == 1 ? "finger \(fingers[0] + 1) drags" : "\(fingers.count) fingers drag"
                return "\(who) \(direction) \(QuantityText.format(distance, .distance)) in \(QuantityText.format(duration, .duration))"
            case .spread(let factor): return "two fingers \(factor > 1 ? "spread" : "pinch") to \(format(factor)) times their distance"
            case .twist(let angle): return "two fingers turn \(QuantityText.format(angle, .angle))"
            }
        }
    }

    struct Result {
        var statesVisited: Int
        /// The state bound was reached before the search ended.
        var cut: Bool
        /// Every input of up to this many gestures was run (the search is breadth
        /// first: a cut leaves the longer ones out): `segments` when not cut.
        var completeDepth: Int
        /// Queued nodes that kept no engine and were taken after all: their engines
        /// were run again from their events.
        var nodesRerun = 0
    }

    let classes: FeatureClasses
    /// The touch types a finger goes down as (`FeatureClasses.touchTypes`), worked out
    /// once: every node asks.
    let touchTypes: [TouchType]
    let bounds: Bounds
    let window: Point
    /// Where the first finger of a sequence goes down, each searched in turn.
    let starts: [Start]
    /// Which queued nodes keep their engines: those the search will likely take, the
    /// others keeping only their events; the tests have every node keep its engine, or
    /// none, and check that all three find the same.
    var queuedEngines = QueuedEngines.likelyTaken

    enum QueuedEngines {
        case likelyTaken, all, none
    }

    /// A point where sequences start.
    struct Start: Hashable {
        var point: Point
        /// "5 pt from the left edge", or nil where the place needs no words (the middle
        /// of the view the touch lands on).
        var name: String?
        /// Whether more fingers may follow the first. What a start by an edge decides
        /// is where a touch starts, which one finger shows.
        var severalFingers: Bool
        /// Where the second and later fingers go down; nil: 100 pt apart from the
        /// first, towards the middle of the window (`spot`).
        var others: [Point]? = nil
        /// Every input from here puts its second finger down before any lifts: a start
        /// whose fingers land on two views (`Place.pair`), whose one-finger inputs are
        /// the first view's own place's.
        var secondFingerFirst = false
    }

    init(classes: FeatureClasses, bounds: Bounds, window: Point, starts: [Start]? = nil) {
        self.classes = classes
        self.touchTypes = classes.touchTypes
        self.bounds = bounds
        self.window = window
        self.starts = starts ?? Self.standardStarts(window: window, edges: classes.edges)
    }

    /// The middle of the window, and where a kind reads the window's size (a
    /// screen-edge pan), 5 pt inside each edge.
    static func standardStarts(window: Point, edges: Bool) -> [Start] {
        let centre = Point(x: window.x / 2, y: window.y / 2)
        var starts = [Start(point: centre, name: nil, severalFingers: true)]
        guard edges else { return starts }
        for (point, edge) in [
            (Point(x: edgeInset, y: centre.y), "left"), (Point(x: window.x - edgeInset, y: centre.y), "right"),
            (Point(x: centre.x, y: edgeInset), "top"), (Point(x: centre.x, y: window.y - edgeInset), "bottom"),
        ] {
            starts.append(Start(point: point, name: edgeName(edge), severalFingers: false))
        }
        return starts
    }

    /// How far inside an edge a start by it lies.
    static let edgeInset = 5.0

    /// "5 pt from the left edge".
    static func edgeName(_ edge: String) -> String {
        "\(QuantityText.format(edgeInset, .distance)) from the \(edge) edge"
    }

    /// A finger down: its touch id, where it went down and where it is now.
    struct Finger: Hashable {
        var id: Int
        var start: Point
        var location: Point
    }

    /// A search node: the engine after `events`, the fingers, the clock, and what the
    /// client follows along the input.
    private struct Node<PathState> {
        /// The engine after `trail`; in a queued node, only if `holdsEngine`.
        var engine: GestureEngine
        /// Whether `engine` is the node's. A node queued where the search will most
        /// likely stop before it is taken leaves its engine, and the engine is run again
        /// from `trail` if it is taken after all.
        var holdsEngine = true
        /// Every call the engine got from the start: an event's touch changes at its
        /// time, or no changes for time passing to it.
        var trail: [Probe.Event] = []
        var fingers: [Finger?]
        var time: Double
        /// The gestures so far.
        var depth: Int
        var events: [Probe.Event]
        /// The next touch id.
        var nextID: Int
        var start: Point
        /// Which of `starts` the sequence began at.
        var startNumber: Int
        /// When the first finger went down, for the elapsed-time class.
        var began: Double?
        var state: PathState
        /// The most fingers down so far.
        var mostFingers = 0
        /// The input this node's sequence was kept as.
        var input: Int?
        /// Where the last gesture's events start in `events`.
        var segmentStart = 0
    }

    /// The inputs worth running from `engine`'s state (a place's fresh views, hooks bound).
    func inputs(from engine: GestureEngine) -> (probes: [Probe], result: Result) {
        var collector = InputCollector()
        let result = explore(engine, start: (), client: &collector)
        return ((0..<collector.tree.count).map(collector.tree.probe), result)
    }

    /// Searches the inputs from `engine`'s state (a place's fresh views, hooks bound), running
    /// each with `client` watching.
    func explore<Client: ExplorationClient>(
        _ engine: GestureEngine, start initial: Client.PathState, client: inout Client
    ) -> Result {
        var bounds = bounds
        if let text = getenv("GESTUREC_EXPLORER_STATES"), let states = Int(String(cString: text)) { bounds.states = states }
        if let text = getenv("GESTUREC_EXPLORER_SEGMENTS"), let segments = Int(String(cString: text)) { bounds.segments = segments }
        var seen: Set<Int> = []
        var visited = 0
        var cut = false
        var completeDepth = bounds.segments
        // The bound is shared among the starts, so that a search that the middle of
        // the window fills does not leave the edges unexplored: each start may use its
        // weight's share of what the starts before it left (several fingers weigh 8,
        // one finger 1, as a one-finger search is far smaller).
        let weights = starts.map { $0.severalFingers ? 8 : 1 }
        // What one queued engine holds, against `bounds.queued`.
        let perEngine = max(1, engine.recognizerInstanceCount)
        var spares = SpareEngines(placeholder: engine)
        var nodesRerun = 0
        for (number, start) in starts.enumerated() {
            let remaining = weights[number...].reduce(0, +)
            let limit = visited + (bounds.states - visited) * weights[number] / max(remaining, 1)
            var queue = [
                Node(
                    engine: spares.copy(of: engine), fingers: Array(repeating: nil, count: classes.fingers), time: 0, depth: 0,
                    events: [], nextID: 1, start: start.point, startNumber: number, began: nil, state: initial)
            ]
            var head = 0
            var queuedInstances = perEngine
            while head < queue.count {
                var node = queue[head]
                // A node taken from the queue is not needed there again: its engine goes
                // once its gestures are run.
                queue[head].engine = engine
                queuedInstances -= perEngine
                head += 1
                if !node.holdsEngine {
                    guard let rebuilt = rerun(node.trail, from: engine, spares: &spares) else { continue }
                    nodesRerun += 1
                    node.engine = rebuilt
                    node.holdsEngine = true
                }
                let gestures = segments(from: node)
                for (number, segment) in gestures.enumerated() {
                    guard visited < limit else {
                        cut = true
                        completeDepth = min(completeDepth, node.depth)
                        break
                    }
                    let input = client.nextInput
                    let revision = client.revision
                    // The node's last gesture runs on the node's own engine, which nothing
                    // needs after it.
                    let lends = number == gestures.count - 1
                    guard var next = apply(segment, to: node, lending: lends, input: input, client: &client, spares: &spares)
                    else {
                        continue
                    }
                    var hasher = Hasher()
                    fingerprint(next, into: &hasher)
                    let isNew = seen.insert(hasher.finalize()).inserted
                    guard isNew || client.revision != revision else {
                        spares.giveBack(&next.engine)
                        continue
                    }
                    // The input: the sequence so far, with the fingers still down
                    // lifted where they are, then time for every timer to fire.
                    let down = next.fingers.contains { $0 != nil }
                    let lift = next.fingers.compactMap { $0.map { TouchChange(id: $0.id, phase: .up, location: $0.location) } }
                    client.register(
                        InputTree.Step(
                            parent: node.input, segment: segment, events: Array(next.events[next.segmentStart...]),
                            lift: down ? Probe.Event(time: next.time + Self.step, changes: lift) : nil,
                            fingers: next.mostFingers, start: start.name, end: next.time), next.state)
                    next.input = input
                    next.events = []
                    next.segmentStart = 0
                    if isNew { visited += 1 }
                    // Every finger up and nothing waiting: what follows starts afresh.
                    let idle = !down && next.engine.isIdle
                    let wouldExpand = isNew && !idle && next.depth < bounds.segments
                    let fits = queuedInstances + perEngine <= bounds.queued
                    if wouldExpand && !fits {
                        cut = true
                        completeDepth = min(completeDepth, next.depth)
                    }
                    let expands = wouldExpand && fits
                    // Most nodes queued once the nodes waiting outnumber the states the
                    // search may still visit are never taken (each taken node visits a
                    // few): such a node keeps its trail, not an engine, which saves a
                    // copy for every node queued and costs a rerun for the few taken.
                    let likelyTaken = queue.count - head < limit - visited
                    let keepsEngine =
                        expands
                        && (queuedEngines == .all || queuedEngines == .likelyTaken && likelyTaken)
                    // A node that keeps no engine lends it to its ending.
                    let ended =
                        idle
                        ? next.state : complete(next, input: input, client: &client, copying: keepsEngine, spares: &spares)
                    client.finish(input: input, ended)
                    if expands {
                        if !keepsEngine {
                            spares.giveBack(&next.engine)
                            next.holdsEngine = false
                        }
                        queue.append(next)
                        queuedInstances += perEngine
                    } else {
                        spares.giveBack(&next.engine)
                    }
                }
                spares.giveBack(&node.engine)
                if visited >= limit { break }
            }
            // Nodes left in the queue were never expanded: what follows them is unrun.
            if head < queue.count {
                cut = true
                completeDepth = min(completeDepth, queue[head].depth)
            }
        }
        if let debug = getenv("GESTUREC_EXPLORER_DEBUG"), debug.pointee != 0 {
            print("explorer: \(visited) states, \(client.nextInput) inputs\(cut ? ", cut" : ""), \(nodesRerun) nodes rerun")
        }
        return Result(statesVisited: visited, cut: cut, completeDepth: completeDepth, nodesRerun: nodesRerun)
    }

    /// Runs the end of a node's input on a copy: its fingers lifted, then two seconds
    /// for every timer, with the client watching.
    private func complete<Client: ExplorationClient>(
        _ node: Node<Client.PathState>, input: Int, client: inout Client, copying: Bool, spares: inout SpareEngines
    ) -> Client.PathState {
        var engine = copying ? spares.copy(of: node.engine) : node.engine
        defer { if copying { spares.giveBack(&engine) } }
        var state = node.state
        let changes = node.fingers.compactMap { $0.map { TouchChange(id: $0.id, phase: .up, location: $0.location) } }
        let end = node.time + Self.step
        if !changes.isEmpty {
            try? engine.advance(to: end)
            client.observe(engine, &state, input: input, fingers: node.mostFingers, call: .timers)
            try? engine.handle(changes, time: end)
            client.observe(engine, &state, input: input, fingers: node.mostFingers, call: .endLift(changes))
        }
        try? engine.advance(to: end + 2)
        client.observe(engine, &state, input: input, fingers: node.mostFingers, call: .endTimers)
        return state
    }

    /// The gestures that may follow a node's sequence.
    private func segments<PathState>(from node: Node<PathState>) -> [Segment] {
        var segments: [Segment] = []
        let down = node.fingers.indices.filter { node.fingers[$0] != nil }
        let fingers = starts[node.startNumber].severalFingers ? node.fingers.count : 1
        if let free = node.fingers.indices.first(where: { node.fingers[$0] == nil }), free < fingers {
            for type in touchTypes { segments.append(.down(finger: free, type: type)) }
        }
        let mayLift = !starts[node.startNumber].secondFingerFirst || node.mostFingers >= 2
        if mayLift { for finger in down { segments.append(.up(finger: finger)) } }
        // Waiting matters while a finger is down or a timer runs.
        if !down.isEmpty || !node.engine.isIdle {
            for pause in classes.pauses { segments.append(.pause(pause)) }
        }
        guard !down.isEmpty else { return segments }
        // Every finger down drags together; with several down, the last one also drags
        // alone while the others rest (a thumb resting on the screen, R80).
        var movers = [down]
        if down.count > 1, let last = down.last { movers.append([last]) }
        for fingers in movers {
            guard let lead = node.fingers[fingers[0]] else { continue }
            for direction in Probe.Direction.allCases {
                var distances = dragDistances(from: lead, along: direction)
                // With several fingers down, the first class, or past every threshold
                // in one gesture: a two-finger drag, or one finger moving against a
                // resting one (which changes their spread and turn), may cross them all.
                if down.count > 1 { distances = Array(Set([distances.first, distances.last].compactMap { $0 })).sorted() }
                for distance in distances {
                    for duration in classes.dragDurations(for: distance) {
                        segments.append(.drag(fingers: fingers, direction: direction, distance: distance, duration: duration))
                    }
                }
            }
        }
        if down.count > 1 {
            for factor in classes.spreads { segments.append(.spread(factor: factor)) }
            for angle in classes.turns { segments.append(.twist(angle: angle)) }
        }
        return segments
    }

    /// How far a drag along `direction` may go from where `finger` is: into the next
    /// class of distance along the direction, and past every threshold; and, from
    /// where it went down, a movement under the smallest. Longer drags through several
    /// classes are sequences of these, which the search reaches as well.
    private func dragDistances(from finger: Finger, along direction: Probe.Direction) -> [Double] {
        let moved = finger.location - finger.start
        let along = moved.x * direction.unit.x + moved.y * direction.unit.y
        let representatives = classes.dragDistances
        var distances: [Double] = []
        if moved == .zero, let least = representatives.first { distances.append(least) }
        if let next = representatives.first(where: { $0 > along + 0.5 }) { distances.append(next - along) }
        if let last = representatives.last, last > along + 0.5, !distances.contains(last - along) { distances.append(last - along) }
        return distances
    }

    /// The moves of a drag, a pinch or a twist: enough for a velocity that follows the
    /// gesture, few enough that the search stays cheap.
    static let moves = 3

    /// The time between two events of a gesture, and before a lift after a move.
    static let step = 0.02

    /// The node after `segment`, run with the client watching as input `input`, or
    /// nil if the engine refused it: on a copy of the node's engine, or, `lending`, on
    /// the node's own.
    private func apply<Client: ExplorationClient>(
        _ segment: Segment, to node: Node<Client.PathState>, lending: Bool, input: Int, client: inout Client,
        spares: inout SpareEngines
    ) -> Node<Client.PathState>? {
        var next = node
        if !lending { next.engine = spares.copy(of: node.engine) }
        if run(segment, from: node, into: &next, input: input, client: &client) { return next }
        spares.giveBack(&next.engine)
        return nil
    }

    /// Runs `segment` on `next`, a copy of `node`; false if the engine refused it.
    private func run<Client: ExplorationClient>(
        _ segment: Segment, from node: Node<Client.PathState>, into next: inout Node<Client.PathState>, input: Int,
        client: inout Client
    ) -> Bool {
        next.depth += 1
        next.segmentStart = node.events.count
        if case .down = segment { next.mostFingers = max(node.mostFingers, node.fingers.count { $0 != nil } + 1) }
        func send(_ changes: [TouchChange], at time: Double) -> Bool {
            do {
                try next.engine.advance(to: time)
                // Timers fired on their own: no gesture of the fingers caused these.
                client.observe(next.engine, &next.state, input: input, fingers: next.mostFingers, call: .timers)
                try next.engine.handle(changes, time: time)
                client.observe(next.engine, &next.state, input: input, fingers: next.mostFingers, call: .gesture(segment, changes))
            } catch {
                return false
            }
            next.events.append(Probe.Event(time: time, changes: changes))
            next.trail.append(Probe.Event(time: time, changes: changes))
            next.time = time
            return true
        }
        switch segment {
        case .down(let finger, let type):
            let others = starts[node.startNumber].others
            let location =
                finger == 0
                ? node.start
                : others.flatMap { finger <= $0.count ? $0[finger - 1] : nil }
                    ?? Self.spot(of: finger, from: node.start, in: window)
            let touch = Finger(id: node.nextID, start: location, location: location)
            next.fingers[finger] = touch
            next.nextID += 1
            if next.began == nil { next.began = node.time + Self.step }
            guard send([TouchChange(id: touch.id, phase: .down, location: location, touchType: type)], at: node.time + Self.step) else {
                return false
            }
        case .up(let finger):
            guard let touch = node.fingers[finger] else { return false }
            next.fingers[finger] = nil
            guard send([TouchChange(id: touch.id, phase: .up, location: touch.location)], at: node.time + Self.step) else {
                return false
            }
            if !next.fingers.contains(where: { $0 != nil }) { next.began = nil }
        case .pause(let seconds):
            do { try next.engine.advance(to: node.time + seconds) } catch { return false }
            next.trail.append(Probe.Event(time: node.time + seconds, changes: []))
            client.observe(next.engine, &next.state, input: input, fingers: next.mostFingers, call: .gesture(segment, []))
            next.time = node.time + seconds
        case .drag(let fingers, let direction, let distance, let duration):
            let moves = Self.moves
            let origins = fingers.compactMap { node.fingers[$0]?.location }
            guard origins.count == fingers.count else { return false }
            for step in 1...moves {
                let fraction = Double(step) / Double(moves)
                var changes: [TouchChange] = []
                for (index, finger) in fingers.enumerated() {
                    let location = origins[index] + direction.unit * (distance * fraction)
                    next.fingers[finger]?.location = location
                    if let id = next.fingers[finger]?.id { changes.append(TouchChange(id: id, phase: .move, location: location)) }
                }
                guard send(changes, at: node.time + duration * fraction) else { return false }
            }
        case .spread, .twist:
            let down = node.fingers.indices.filter { node.fingers[$0] != nil }
            guard down.count >= 2, let a = node.fingers[down[0]], let b = node.fingers[down[1]] else { return false }
            let middle = (a.location + b.location) / 2
            let moves = Self.moves
            for step in 1...moves {
                let fraction = Double(step) / Double(moves)
                let (factor, angle): (Double, Double) =
                    switch segment {
                    case .spread(let factor): (1 + (factor - 1) * fraction, 0)
                    case .twist(let angle): (1, angle * fraction)
                    default: (1, 0)
                    }
                let pa = Self.turn(a.location - middle, by: angle) * factor + middle
                let pb = Self.turn(b.location - middle, by: angle) * factor + middle
                next.fingers[down[0]]?.location = pa
                next.fingers[down[1]]?.location = pb
                guard
                    send(
                        [TouchChange(id: a.id, phase: .move, location: pa), TouchChange(id: b.id, phase: .move, location: pb)],
                        at: node.time + 0.25 * fraction)
                else { return false }
            }
        }
        return true
    }

    /// The engine after `trail` from `start`'s state, as the search ran it: time
    /// advanced to each event (the timers due fire), then its touch changes; nil if the
    /// engine refused a call, which it did not the first time.
    private func rerun(_ trail: [Probe.Event], from start: GestureEngine, spares: inout SpareEngines) -> GestureEngine? {
        var engine = spares.copy(of: start)
        do {
            for event in trail {
                try engine.advance(to: event.time)
                if !event.changes.isEmpty { try engine.handle(event.changes, time: event.time) }
            }
        } catch {
            spares.giveBack(&engine)
            return nil
        }
        return engine
    }

    /// What the search memoizes on: the engine's state, and for each finger down the
    /// classes of its movement (along each axis, with its sign, and in all) and, for
    /// two, of their distance and angle; and the class of the time since the first
    /// finger went down.
    private func fingerprint<PathState>(_ node: Node<PathState>, into hasher: inout Hasher) {
        node.engine.hashExplorationState(into: &hasher)
        let distances = classes.distances
        for finger in node.fingers {
            guard let finger else {
                hasher.combine(-1)
                continue
            }
            let moved = finger.location - finger.start
            hasher.combine(FeatureClasses.classIndex(of: abs(moved.x), among: distances) * (moved.x < 0 ? -1 : 1))
            hasher.combine(FeatureClasses.classIndex(of: abs(moved.y), among: distances) * (moved.y < 0 ? -1 : 1))
            hasher.combine(FeatureClasses.classIndex(of: moved.length, among: distances))
        }
        let down = node.fingers.compactMap { $0 }
        if down.count >= 2 {
            let now = (down[1].location - down[0].location).length
            let then = (down[1].start - down[0].start).length
            let change = then > 0 ? abs(now / then - 1) : 0
            hasher.combine(FeatureClasses.classIndex(of: change, among: classes.scales + [0.25]) * (now < then ? -1 : 1))
        }
        hasher.combine(node.began.map { FeatureClasses.classIndex(of: node.time - $0, among: classes.durations) } ?? -1)
    }

    /// Where a second or third finger goes down: 100 pt from the first, towards the
    /// middle of the window.
    static func spot(of finger: Int, from start: Point, in window: Point) -> Point {
        let towardsMiddle = start.x > window.x / 2 ? -1.0 : 1.0
        return Point(x: start.x + towardsMiddle * 100 * Double(finger), y: start.y)
    }

    /// `vector` turned by `angle` radians (y grows downwards, so a positive angle turns
    /// clockwise on the screen, as `rotation` measures it).
    static func turn(_ vector: Point, by angle: Double) -> Point {
        let (sine, cosine) = Probe.sineAndCosine(angle)
        return Point(x: vector.x * cosine - vector.y * sine, y: vector.x * sine + vector.y * cosine)
    }
}
