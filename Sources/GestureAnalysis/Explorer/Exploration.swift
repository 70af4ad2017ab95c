import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine run over every explored input of a gesture set, with observers told of
/// each run: what every participant did in the set, and, on demand, what it does
/// alone (`AloneRuns`). Nothing here judges; lint's rules, the pairs report and the
/// set diagram are observers.
///
/// Touches land on places (`Place`): without a scene, each role with recognizers on
/// its path laid out alone, the role and its ancestors (along first parents) each
/// filling a 1000 × 1000 pt window, so a touch anywhere hits the role's view; with a
/// scene (`lint --scene`), each hit-test path a touch can take in it. On each place,
/// under each hook assignment (a setting), the `Explorer` finds the inputs (every
/// situation the program can tell apart, within its bounds), running each from a
/// fresh engine. The place's views and an input are exactly what a counterexample
/// writes, so `gesturec simulate` replays what the observers saw.
struct Exploration {
    /// One run: an input (an index into `inputs`) in a setting (an index into `settings`).
    struct Run: Hashable, Comparable {
        var input: Int
        var setting: Int

        static func < (a: Run, b: Run) -> Bool { (a.input, a.setting) < (b.input, b.setting) }
    }

    /// A place under one assignment of the hooks: what the explorer searches once.
    struct Setting: Hashable {
        var place: Int
        var hooks: [Bool]
    }

    let program: GestureProgram
    /// Where the runs' touches land: the places of one view, then those of two.
    let places: [Place]
    /// How many of `places` are places of one view (the rest are of two).
    private(set) var singlePlaces = 0
    /// The settings in the order explored.
    private(set) var settings: [Setting] = []
    /// Every input run, in the order found (shortest first in each setting).
    private(set) var inputs = InputTree()
    /// The inputs run in each setting, by setting.
    private(set) var inputsBySetting: [Range<Int>] = []
    /// States the explorer visited, over every setting.
    private(set) var statesVisited = 0
    /// The settings whose search reached the state bound.
    private(set) var cutSettings: [Int] = []
    /// For each setting: every input of up to this many gestures was run in it.
    private(set) var completeDepths: [Int] = []
    /// Roles with recognizers on their path whose places were not searched: their
    /// chains together cost more than the bound on places (`Explorer.Bounds.placeWork`).
    fileprivate(set) var placesLeftOut: [Int] = []
    let classes: FeatureClasses
    let bounds: Explorer.Bounds
    /// An engine of the program with no views yet, validated once: each setting's
    /// engine starts from a copy, so exploring costs the runs, not the program's size
    /// per role.
    let blankEngine: GestureEngine?
    /// What each participant does alone on a run, computed when an observer asks.
    let alone: AloneRuns
    /// Which declarations received a touch on some run.
    private(set) var exercised: [Bool]
    /// Told of every run as it ends.
    private let observers: [any ExplorationObserver]

    /// Counts what the runs taught (`ExplorationClient.revision`): a first act, a first
    /// loss to a winner, a first pair acting on one sequence, on each place.
    fileprivate(set) var revision = 0
    private var learned: Set<Int> = []
    /// The setting being explored.
    private var current = 0

    private init(program: GestureProgram, places: [Place], bounds: Explorer.Bounds, observers: [any ExplorationObserver]) {
        self.program = program
        self.places = places
        self.bounds = bounds
        self.observers = observers
        classes = FeatureClasses(program)
        blankEngine = try? GestureEngine(program: program)
        alone = AloneRuns(program: program, places: places)
        exercised = Array(repeating: false, count: program.recognizers.count)
    }

    /// Explores every place under every hook assignment, telling `observers` of each
    /// run: the places of `scene` when one is given, else every role laid out alone.
    static func explore(
        _ program: GestureProgram, scene: SceneDescription? = nil, maximumVisits: Int = Place.maximumVisits,
        bounds: Explorer.Bounds = .standard, observers: [any ExplorationObserver] = []
    ) -> Exploration {
        var places: [Place]
        var pairs: [Place]
        var leftOut: [Int] = []
        if let scene {
            (places, pairs) = Place.places(of: scene, in: program, edges: FeatureClasses(program).edges, maximumVisits: maximumVisits)
        } else {
            (places, leftOut) = Place.places(program, work: bounds.placeWork)
            pairs = Place.pairs(program, targets: places.map(\.role))
        }
        // Two fingers on two views: places of their own, searched within a bound of their
        // own, so that the places of one view are searched as deep as before.
        let singles = places.count
        places += pairs
        var settings: [Setting] = []
        for (number, hooks) in hookAssignments(program).enumerated() {
            // A place whose recognizers and views ask no hook decides alike under every
            // assignment: it is explored under the first.
            // A place of two views is searched under the declared hooks only: what a hook
            // changes, a place of one view shows.
            for (index, place) in places.enumerated() where number == 0 || (index < singles && asksHooks(place, in: program)) {
                settings.append(Setting(place: index, hooks: hooks))
            }
        }
        // The most recognizer instances a place's engine holds: those of its views.
        var recognizersOfRole = Array(repeating: 0, count: program.views.count)
        for recognizer in program.recognizers where recognizersOfRole.indices.contains(recognizer.role) {
            recognizersOfRole[recognizer.role] += 1
        }
        let instances = places.map { place in place.views.reduce(0) { $0 + recognizersOfRole[$1.role] } }.max() ?? 0
        let pairSettings = settings.filter { $0.place >= singles }.count
        var exploration = Exploration(
            program: program, places: places,
            bounds: bounds.perSetting(settings.count - pairSettings, instances: instances), observers: observers)
        exploration.placesLeftOut = leftOut
        exploration.singlePlaces = singles
        exploration.alone.settings = settings
        // A sixteenth of the set's bound: the inputs of two views are those of one
        // view's place with a second finger landing elsewhere before any lifts, and
        // what they add is what the fingers' two views do together.
        var pairBounds = bounds
        pairBounds.total = bounds.total / 16
        pairBounds.work = bounds.work / 16
        pairBounds = pairBounds.perSetting(pairSettings, instances: instances)
        for setting in settings { exploration.explore(setting, bounds: setting.place < singles ? exploration.bounds : pairBounds) }
        if let debug = getenv("GESTUREC_EXPLORER_DEBUG"), debug.pointee != 0 {
            print(
                "exploration: \(exploration.inputs.count) inputs, \(exploration.alone.runs) runs alone, "
                    + "\(exploration.alone.runsFromParent) of them from their input's parent")
        }
        return exploration
    }

    /// "over every input of up to 2 fingers and 6 gestures …": what a finding holds for.
    var boundsDescription: String {
        guard !cutSettings.isEmpty else { return "over every input of \(bounds.description(fingers: classes.fingers))" }
        // A cut search ran every input of as many gestures as the shallowest cut left.
        let depth = completeDepths.min() ?? 0
        // Settings were called scenes when this text was written, and findings still say so.
        let scenes = "\(cutSettings.count) scene\(cutSettings.count == 1 ? "" : "s")"
        return "over every input of \(bounds.description(fingers: classes.fingers)); the search stopped at its bound of states on \(scenes), "
            + "each after every input of up to \(depth) gesture\(depth == 1 ? "" : "s")"
    }

    func place(of run: Run) -> Place { places[settings[run.setting].place] }
    func hooks(of run: Run) -> [Bool] { settings[run.setting].hooks }

    /// Searches one setting, following every input's outputs as it runs.
    private mutating func explore(_ setting: Setting, bounds: Explorer.Bounds) {
        current = settings.count
        settings.append(setting)
        let first = inputs.count
        guard let engine = engine(place: setting.place, hooks: setting.hooks) else {
            inputsBySetting.append(first..<first)
            completeDepths.append(bounds.segments)
            return
        }
        let place = places[setting.place]
        let layout = RunLayout(engine: engine, roles: place.views.map(\.role), parents: place.views.map(\.parent))
        let explorer = Explorer(classes: classes, bounds: bounds, window: place.window, starts: place.starts)
        let result = explorer.explore(engine, start: Recorder(layout: layout), client: &self)
        statesVisited += result.statesVisited
        if result.cut { cutSettings.append(current) }
        completeDepths.append(result.completeDepth)
        inputsBySetting.append(first..<inputs.count)
    }

    /// The hook assignments tried: the declared defaults, then all true and all false.
    static func hookAssignments(_ program: GestureProgram) -> [[Bool]] {
        var assignments = [program.hooks.map(\.defaultValue)]
        for value in [true, false] {
            let all = Array(repeating: value, count: program.hooks.count)
            if !assignments.contains(all) { assignments.append(all) }
        }
        return assignments
    }

    /// Whether a predicate of a recognizer or view role on the place's path reads a
    /// hook.
    static func asksHooks(_ place: Place, in program: GestureProgram) -> Bool {
        let roles = Set(place.views.map(\.role))
        var routines = roles.compactMap { program.views[$0].shouldBegin }
        for recognizer in program.recognizers where roles.contains(recognizer.role) {
            routines += [recognizer.shouldBegin, recognizer.shouldReceiveTouch, recognizer.shouldRecognizeSimultaneously].compactMap { $0 }
        }
        return routines.contains { routine in
            routine < program.routines.count && program.routines[routine].code.contains { if case .hook = $0 { true } else { false } }
        }
    }

    // MARK: - Running

    /// A fresh engine with the place's views, hooks bound to `hooks`; nil if a view
    /// does not fit the program (a place is built from it, so none should).
    func engine(place: Int, hooks: [Bool]) -> GestureEngine? {
        guard let blankEngine else { return nil }
        return places[place].engine(from: blankEngine, hooks: hooks)
    }

    /// Runs `events` (times from 0) in a setting on a fresh engine, as a search would,
    /// and returns what each participant did: for inputs built outside the search (the
    /// fragile rule's pairs that differ within a hand's variation).
    func run(_ events: [Probe.Event], setting: Int) -> Recorder? {
        let place = places[settings[setting].place]
        guard let engine = engine(place: settings[setting].place, hooks: settings[setting].hooks) else { return nil }
        var recorder = Recorder(layout: RunLayout(engine: engine, roles: place.views.map(\.role), parents: place.views.map(\.parent)))
        for event in events {
            try? engine.advance(to: event.time)
            recorder.record(engine, .timers)
            try? engine.handle(event.changes, time: event.time)
            let segment: Explorer.Segment =
                event.changes.contains { $0.phase == .down }
                ? .down(finger: 0) : event.changes.contains { $0.phase == .up } ? .up(finger: 0) : .pause(0)
            let call: Call =
                event.changes.contains(where: { $0.phase == .move })
                ? .gesture(.drag(fingers: [0], direction: .right, distance: 0, duration: 0), event.changes)
                : .gesture(segment, event.changes)
            recorder.record(engine, call)
        }
        try? engine.advance(to: (events.last?.time ?? 0) + 2)
        recorder.record(engine, .endTimers)
        return recorder
    }

    // MARK: - Counterexamples

    /// The scene and trace of a run, in `gesturec simulate`'s JSON forms.
    func counterexample(_ run: Run) -> Counterexample {
        let hooks = hooks(of: run).enumerated().compactMap { hook, value in
            value == program.hooks[hook].defaultValue ? nil : (program.hooks[hook].name, value)
        }
        return Counterexample.make(
            set: program.name, summary: describe(run), views: place(of: run).views, of: program, hooks: hooks,
            probe: inputs.probe(run.input))
    }

    /// "finger 1 goes down, finger 1 lifts on photo".
    func describe(_ run: Run) -> String {
        "\(inputs.probe(run.input).summary) on \(place(of: run).name)"
    }
}

extension Exploration: ExplorationClient {
    var nextInput: Int { inputs.count }

    mutating func register(_ step: InputTree.Step, _ recorder: Recorder) {
        inputs.append(step)
    }

    mutating func observe(_ engine: GestureEngine, _ recorder: inout Recorder, input: Int, fingers: Int, call: Call) {
        let news = recorder.record(engine, call)
        guard !news.isEmpty else { return }
        // What the call taught, for the search to keep an input that revisits a known
        // state on the way (`revision`).
        let place = settings[current].place
        for slot in news.acted {
            if let act = recorder.instances[slot].act { learn([1, place, recorder.declaration(slot), act.cause.code, act.fingers]) }
        }
        for slot in news.lost {
            if let loss = recorder.instances[slot].loss {
                learn([2, place, recorder.declaration(slot), loss.winner, loss.how == .excluded ? 0 : 1])
            }
        }
        for doubling in recorder.doublings.suffix(news.doublings) {
            learn([3, place, doubling.first.code, doubling.second.code, doubling.shape.code])
        }
        if news.views {
            for touch in recorder.viewTouches {
                let phases = (touch.began != nil ? 1 : 0) | (touch.ended != nil ? 2 : 0) | (touch.cancelled != nil ? 4 : 0)
                learn([4, place, touch.role, phases, touch.plainTap ? 1 : 0, touch.takers.first ?? -1])
            }
        }
    }

    private mutating func learn(_ fact: [Int]) {
        var hasher = Hasher()
        hasher.combine(fact)
        if learned.insert(hasher.finalize()).inserted { revision += 1 }
    }

    mutating func finish(input: Int, _ recorder: Recorder) {
        for slot in recorder.instances.indices where recorder.instances[slot].involved { exercised[recorder.declaration(slot)] = true }
        guard !observers.isEmpty else { return }
        let run = Run(input: input, setting: current)
        let record = RunRecord(
            run: run, placeIndex: settings[current].place, hooks: settings[current].hooks, features: inputs.features(input),
            conduct: recorder, exploration: self)
        for observer in observers { observer.observe(record) }
    }
}

/// Told of every run of an exploration as it ends. Each lint rule that judges what the
/// engine did has one: it keeps what it needs of each run, and judges at the end.
protocol ExplorationObserver: AnyObject {
    func observe(_ record: RunRecord)
}

/// What the observers are told of one run.
struct RunRecord {
    let run: Exploration.Run
    /// The place (an index into `Exploration.places`) and the hooks of the run's setting.
    let placeIndex: Int
    let hooks: [Bool]
    let features: InputFeatures
    /// What each participant did in the set.
    let conduct: Recorder
    private let tree: InputTree
    private let oracle: AloneRuns

    init(run: Exploration.Run, placeIndex: Int, hooks: [Bool], features: InputFeatures, conduct: Recorder, exploration: Exploration) {
        self.run = run
        self.placeIndex = placeIndex
        self.hooks = hooks
        self.features = features
        self.conduct = conduct
        tree = exploration.inputs
        oracle = exploration.alone
    }

    var layout: RunLayout { conduct.layout }

    /// What the recognizer instance in `slot` does on this run with no other
    /// recognizer in the set: its first act, or nil.
    func alone(_ slot: Int) -> Act? {
        oracle.act(of: layout.declarations[slot], onView: layout.views[slot], run: run, tree: tree)
    }

    /// What a view acting on its own touches receives of `touch` with no recognizer
    /// at all: the times of `began`, `ended` and `cancelled`.
    func alone(view: Int, touch: Int) -> ViewTouch? {
        oracle.delivery(to: view, touch: touch, run: run, tree: tree)
    }
}
