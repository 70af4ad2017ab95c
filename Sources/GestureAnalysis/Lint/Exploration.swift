import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// What running the engine over every explored input on every view role showed about a
/// gesture set: which recognizers win, how long failure requirements held them, which
/// pairs were active at once, and who beat whom. Rules read it; nothing here judges.
///
/// Touches land on places (`Place`): without a scene, each role with recognizers on
/// its path laid out alone, the role and its ancestors (along first parents) each
/// filling a 1000 × 1000 pt window, so a touch anywhere hits the role's view; with a
/// scene (`lint --scene`), each hit-test path a touch can take in it. On each place,
/// under each hook assignment, the `Explorer` finds the inputs (every situation the
/// program can tell apart, within its bounds), and each is run from a reset engine. The
/// place's views and an input are exactly what a counterexample writes, so `gesturec
/// simulate` replays what the linter saw.
struct Exploration {
    /// One run: an input (an index into `inputs`) on a place (an index into `places`)
    /// under one assignment of the hooks.
    struct Run: Hashable {
        var probe: Int
        var place: Int
        var hooks: [Bool]
    }

    /// A place and hook assignment the explorer searched.
    struct Scene: Hashable {
        var place: Int
        var hooks: [Bool]
    }

    /// Where the runs' touches land.
    let places: [Place]

    /// Every input run, in the order found (shortest first on each scene).
    private(set) var inputs = InputTree()
    /// The inputs run on each scene, in order.
    private(set) var inputsByScene: [Scene: Range<Int>] = [:]
    /// Counts what the recorder learns (`ExplorationClient.revision`).
    fileprivate(set) var revision = 0
    /// The scene being explored.
    private var current = Scene(place: 0, hooks: [])
    /// True while the explorer searches (inputs are kept as it goes); false when inputs
    /// already kept are run again (`winsAlone`).
    fileprivate var searching = false

    /// The scenes in the order explored.
    private(set) var scenes: [Scene] = []
    /// States the explorer visited, over every scene.
    private(set) var statesVisited = 0
    /// The scenes whose search reached the state bound.
    private(set) var cutScenes: [Scene] = []
    /// Roles with recognizers on their path whose places were not searched: their
    /// chains together cost more than the bound on places (`Explorer.Bounds.placeWork`).
    fileprivate(set) var placesLeftOut: [Int] = []
    let classes: FeatureClasses
    let bounds: Explorer.Bounds

    /// For each declaration: a run in which it began or recognized.
    var wins: [Run?]
    /// For each declaration: the target roles of the scenes it began or recognized on
    /// under one finger (an input in which no second finger went down), where a touch
    /// landing on the target is what decides.
    var oneFingerWinTargets: [Set<Int>]
    /// What the target view of each scene received on plain taps (one finger down and
    /// up, without moving or waiting): the target roles whose view got `ended` on one,
    /// and, for a view whose touch was cancelled on one, the first such run and the
    /// declarations that began or recognized in that call (they took the touch, R39).
    var tapsEnded: Set<Int> = []
    /// For each pair (lower id first), the first run in which one began or recognized
    /// while the other was active (began and not yet ended): both act at once.
    var together: [Pair: Run] = [:]
    /// For each ordered pair (winner, loser), the first run in which the winner beat the
    /// loser: excluded it (R46) or recognized while the loser required it to fail (R53).
    var beats: [Pair: Run] = [:]
    var tapsCancelled: [Int: (run: Run, by: [Int])] = [:]
    /// For each target role whose view got a touch's `began` at once and its
    /// `cancelled` under `flashLimit` later (a highlight that flashes), the first run
    /// and the declarations that took the touch.
    var flashes: [Int: (run: Run, by: [Int])] = [:]

    /// How long a highlight must show to read as a press rather than a flash: the
    /// scroll view's touch delay (R78), which holds content touches that long.
    static let flashLimit = 0.15
    /// For each target role whose view got a plain tap's `ended` later than the lift by
    /// `heldEndLimit` or more (a recognizer around it held it back, R40): the longest
    /// such wait, its first run, and the declarations that failed as it was released.
    var endsHeld: [Int: (seconds: Double, run: Run, by: [Int])] = [:]
    /// A response this much after the lift no longer feels instantaneous (the 0.1 s
    /// limit of human-computer interaction since Miller, 1968; Nielsen's "Response
    /// Times: The 3 Important Limits").
    static let heldEndLimit = 0.1
    /// For each target role whose view got `ended` for a touch of one finger that a
    /// recognizer around it had begun with, from the finger's movement, without taking
    /// it (`cancelsTouchesInView: false`): the view acts on the end of a drag that
    /// scrolled. The first such run and the declarations that began.
    var endsAfterDrag: [Int: (run: Run, by: [Int])] = [:]
    /// For each declaration: the longest time it was held by failure requirements
    /// before it began or recognized, and the run.
    var latency: [(seconds: Double, run: Run)?]
    /// For each failure requirement: the longest time its dependent, held, waited for
    /// the required recognizer to fail, in runs where the dependent then acted. What
    /// the requirement adds to the dependent's latency.
    var requirementWaits: [Double?]
    /// For each declaration and run: the first time it lost in that run (excluded, or
    /// a required recognizer recognized), and to whom.
    var losses: [[Run: Loss]]

    struct Loss {
        var winner: Int
        /// A recognizer it required to fail recognized (R53), rather than exclusion.
        var requirement: Bool
        /// The fingers down when the winner began, if it began (a continuous one) from
        /// fingers dragging.
        var winnerFingers: Int? = nil
    }

    /// Whether, on `run`, `winner` beat its loser having begun with one finger down,
    /// before a second landed.
    func secondFingerLanded(after winner: Int, began run: Run) -> Bool {
        losses.contains { $0[run].map { $0.winner == winner && $0.winnerFingers == 1 } ?? false }
    }
    /// Pairs of declarations (lower id first) active at once in a one-finger run, but
    /// for touch-down detectors (`Recorder.detectors`).
    var coactive: [Pair: Run] = [:]
    /// Actions stacked on one touch sequence: `early` recognized while `late` was still
    /// undecided in the same sequence, and `late` then began or recognized (R55).
    var stacked: [Stack: Run] = [:]

    struct Stack: Hashable {
        var early: Int
        var late: Int
    }

    struct Pair: Hashable {
        var first: Int
        var second: Int

        init(_ a: Int, _ b: Int) {
            first = min(a, b)
            second = max(a, b)
        }

        /// The pair in the order given: a dependent and what it requires.
        init(ordered first: Int, _ second: Int) {
            self.first = first
            self.second = second
        }
    }

    let program: GestureProgram
    /// An engine of the program with no views yet, validated once: each run's scene
    /// starts from a copy, so exploring costs the runs, not the program's size per role.
    let blankEngine: GestureEngine?

    init(program: GestureProgram, places: [Place], bounds: Explorer.Bounds = .standard) {
        self.program = program
        self.places = places
        self.bounds = bounds
        classes = FeatureClasses(program)
        blankEngine = try? GestureEngine(program: program)
        let count = program.recognizers.count
        wins = Array(repeating: nil, count: count)
        oneFingerWinTargets = Array(repeating: [], count: count)
        latency = Array(repeating: nil, count: count)
        losses = Array(repeating: [:], count: count)
        requirementWaits = Array(repeating: nil, count: program.failureRequirements.count)
        for (index, requirement) in program.failureRequirements.enumerated() {
            requirementsBetween[Pair(ordered: requirement.dependent, requirement.required), default: []].append(index)
        }
    }

    /// The failure requirements by dependent and required declaration.
    private var requirementsBetween: [Pair: [Int]] = [:]

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
        let roles = Set(place.path)
        var routines = roles.compactMap { program.views[$0].shouldBegin }
        for recognizer in program.recognizers where roles.contains(recognizer.role) {
            routines += [recognizer.shouldBegin, recognizer.shouldReceiveTouch, recognizer.shouldRecognizeSimultaneously].compactMap { $0 }
        }
        return routines.contains { routine in
            routine < program.routines.count && program.routines[routine].code.contains { if case .hook = $0 { true } else { false } }
        }
    }

    /// The roles whose path (the role and its first-parent ancestors) holds a recognizer.
    static func targets(_ program: GestureProgram) -> [Int] {
        let withRecognizers = Set(program.recognizers.map(\.role))
        // Whether a recognizer is on each role's chain of first parents, found once per
        // role: the chains share their upper parts, so the walks together cost the
        // roles, not the roles times their depth.
        var onPath: [Bool?] = Array(repeating: nil, count: program.views.count)
        for role in program.views.indices where onPath[role] == nil {
            var walk: [Int] = []
            var current: Int? = role
            var answer = false
            while let view = current, walk.count <= program.views.count {
                if let known = onPath[view] {
                    answer = known
                    break
                }
                walk.append(view)
                if withRecognizers.contains(view) {
                    answer = true
                    break
                }
                current = program.views[view].parents.first
            }
            for view in walk { onPath[view] = answer }
        }
        return program.views.indices.filter { onPath[$0] == true }
    }

    /// Whether `ancestor` is a parent role of `role`, directly or further up, along any
    /// declared parent.
    static func isAncestor(_ ancestor: Int, of role: Int, in program: GestureProgram) -> Bool {
        var pending = program.views[role].parents
        var seen: Set<Int> = []
        while let next = pending.popLast() {
            if next == ancestor { return true }
            if seen.insert(next).inserted { pending += program.views[next].parents }
        }
        return false
    }

    /// The role's ancestors along first parents, root first, ending with the role.
    static func chain(to role: Int, in program: GestureProgram) -> [Int] {
        var chain = [role]
        var seen: Set<Int> = [role]
        while let parent = program.views[chain[chain.count - 1]].parents.first, seen.insert(parent).inserted {
            chain.append(parent)
        }
        return chain.reversed()
    }

    /// The places of the roles with recognizers on their path, each laid out alone, as
    /// many as `work` affords in declaration order, and how many roles were left out.
    ///
    /// A place holds its role's chain of views and the recognizers on it, and each
    /// state the explorer visits there copies and runs them, at least `minimumStates`
    /// times: a chain of n nested roles with recognizers along it makes n places of up
    /// to n views, n² in all. The places are taken while the sum of their sizes times
    /// `minimumStates` stays within `work`, so the search costs at most that whatever
    /// the spec's shape; the roles left out are said in a note (`LintRules`).
    static func places(_ program: GestureProgram, work: Int = Explorer.Bounds.standard.placeWork) -> (places: [Place], leftOut: [Int]) {
        let edges = FeatureClasses(program).edges
        // The views and recognizers on each role's chain of first parents, found once
        // per role: the chains share their upper parts.
        var recognizers = Array(repeating: 0, count: program.views.count)
        for recognizer in program.recognizers where recognizers.indices.contains(recognizer.role) {
            recognizers[recognizer.role] += 1
        }
        var size: [Int?] = Array(repeating: nil, count: program.views.count)
        func sizeOfChain(_ role: Int) -> Int {
            var walk: [Int] = []
            var current: Int? = role
            var above = 0
            while let view = current, walk.count <= program.views.count {
                if let known = size[view] {
                    above = known
                    break
                }
                walk.append(view)
                current = program.views[view].parents.first
                if current.map(walk.contains) == true { break }  // a cycle the checker reported
            }
            for view in walk.reversed() {
                above += 1 + recognizers[view]
                size[view] = above
            }
            return size[role] ?? 0
        }
        var places: [Place] = []
        var spent = 0
        let targets = targets(program)
        for role in targets {
            let cost = sizeOfChain(role) * Explorer.Bounds.minimumStates
            guard places.isEmpty || spent + cost <= work else { break }
            spent += cost
            places.append(Place.alone(role, in: program, edges: edges))
        }
        return (places, Array(targets[places.count...]))
    }

    /// Explores every place under every hook assignment and runs what it found: the
    /// places of `scene` when one is given, else every role laid out alone.
    static func explore(
        _ program: GestureProgram, scene: SceneDescription? = nil, maximumVisits: Int = SceneRules.maximumVisits,
        bounds: Explorer.Bounds = .standard
    ) -> Exploration {
        let places: [Place]
        var leftOut: [Int] = []
        if let scene {
            places = Place.places(of: scene, in: program, edges: FeatureClasses(program).edges, maximumVisits: maximumVisits)
        } else {
            (places, leftOut) = Self.places(program, work: bounds.placeWork)
        }
        var scenes: [Scene] = []
        for (number, hooks) in hookAssignments(program).enumerated() {
            // A place whose recognizers and views ask no hook decides alike under every
            // assignment: it is explored under the first.
            for (index, place) in places.enumerated() where number == 0 || asksHooks(place, in: program) {
                scenes.append(Scene(place: index, hooks: hooks))
            }
        }
        // The most recognizer instances a place's engine holds: those of its views.
        var recognizersOfRole = Array(repeating: 0, count: program.views.count)
        for recognizer in program.recognizers where recognizersOfRole.indices.contains(recognizer.role) {
            recognizersOfRole[recognizer.role] += 1
        }
        let instances = places.map { place in place.views.reduce(0) { $0 + recognizersOfRole[$1.role] } }.max() ?? 0
        var exploration = Exploration(
            program: program, places: places, bounds: bounds.perScene(scenes.count, instances: instances))
        exploration.placesLeftOut = leftOut
        for scene in scenes { exploration.explore(scene) }
        return exploration
    }

    /// "over every input of up to 2 fingers and 6 gestures …": what a finding holds for.
    var boundsDescription: String {
        let cut =
            cutScenes.isEmpty ? "" : "; the search stopped at \(bounds.states) states on \(cutScenes.count) scene\(cutScenes.count == 1 ? "" : "s")"
        return "over every input of \(bounds.description(fingers: classes.fingers))\(cut)"
    }

    /// Searches the scene, following every input's outputs as it runs.
    private mutating func explore(_ scene: Scene) {
        guard let engine = engine(place: scene.place, hooks: scene.hooks) else { return }
        let instances = (0..<engine.scene.count).flatMap { engine.recognizers(on: ViewInstance($0)) }
        current = scene
        let first = inputs.count
        let place = places[scene.place]
        let explorer = Explorer(classes: classes, bounds: bounds, window: place.window, starts: place.starts)
        searching = true
        let result = explorer.explore(engine, start: Recorder(instances: instances), client: &self)
        searching = false
        statesVisited += result.statesVisited
        if result.cut { cutScenes.append(scene) }
        scenes.append(scene)
        inputsByScene[scene] = first..<inputs.count
    }

    /// A recognizer as it behaves with nothing competing: its declaration without its
    /// name, its location and its simultaneity answer, with the code of its predicates
    /// in place of their ids. Recognizers with equal solos win alone on the same runs,
    /// so the shadowing rule explores each solo once.
    struct Solo: Hashable {
        var recognizer: GestureProgram.Recognizer
        var shouldBegin: Routine?
        var shouldReceiveTouch: Routine?

        init(_ declaration: Int, in program: GestureProgram) {
            recognizer = program.recognizers[declaration]
            shouldBegin = recognizer.shouldBegin.map { program.routines[$0] }
            shouldReceiveTouch = recognizer.shouldReceiveTouch.map { program.routines[$0] }
            recognizer.name = ""
            // Any valid location: outputs of solo runs are only counted, never shown.
            recognizer.location = SourceLocation(file: 0, line: 1, column: 1)
            recognizer.shouldBegin = nil
            recognizer.shouldReceiveTouch = nil
            recognizer.shouldRecognizeSimultaneously = nil
        }

        /// The set with this recognizer as its only one, so no relation applies, and
        /// its predicates appended to the routines.
        func program(from program: GestureProgram) -> GestureProgram {
            var solo = program
            var recognizer = recognizer
            if let shouldBegin {
                recognizer.shouldBegin = solo.routines.count
                solo.routines.append(shouldBegin)
            }
            if let shouldReceiveTouch {
                recognizer.shouldReceiveTouch = solo.routines.count
                solo.routines.append(shouldReceiveTouch)
            }
            solo.recognizers = [recognizer]
            solo.failureRequirements = []
            solo.simultaneityGroups = []
            solo.preventionExemptions = []
            return solo
        }
    }

    /// Runs the inputs `explored` ran on every scene whose path holds the solo's
    /// recognizer, with no other recognizer in the set: a run in which it can win when
    /// nothing competes, as a run of `explored`.
    static func winsAlone(
        _ solo: Solo, in explored: Exploration, on targets: Set<Int>? = nil, fingers: Int = .max
    ) -> Run? {
        var exploration = Exploration(
            program: solo.program(from: explored.program), places: explored.places, bounds: explored.bounds)
        exploration.inputs = explored.inputs
        for scene in explored.scenes where explored.places[scene.place].path.contains(solo.recognizer.role) {
            if let targets, !targets.contains(explored.places[scene.place].role) { continue }
            guard let engine = exploration.engine(place: scene.place, hooks: scene.hooks) else { continue }
            let indices = (explored.inputsByScene[scene] ?? 0..<0).filter { explored.inputs.steps[$0].fingers <= fingers }
            exploration.run(indices, on: scene, engine: engine, stopAtFirstWin: true)
            if let win = exploration.wins[0] { return win }
        }
        return nil
    }

    /// Whether the solo's recognizer, alone, begins or recognizes on `run`.
    static func winsAlone(_ solo: Solo, in explored: Exploration, run: Run) -> Bool {
        var exploration = Exploration(
            program: solo.program(from: explored.program), places: explored.places, bounds: explored.bounds)
        exploration.inputs = explored.inputs
        let scene = Scene(place: run.place, hooks: run.hooks)
        guard let engine = exploration.engine(place: scene.place, hooks: scene.hooks) else { return false }
        exploration.run([run.probe], on: scene, engine: engine, stopAtFirstWin: true)
        return exploration.wins[0] != nil
    }

    // MARK: - Running

    /// A fresh engine with the place's views, hooks bound to `hooks`; nil if a view
    /// does not fit the program (a place is built from it, so none should).
    func engine(place: Int, hooks: [Bool]) -> GestureEngine? {
        guard let engine = blankEngine?.copy() else { return nil }
        do throws(EngineError) {
            try engine.setWindowSize(places[place].window)
            var instances: [ViewInstance] = []
            for view in places[place].views {
                instances.append(
                    try engine.addView(
                        role: view.role, parent: view.parent.map { instances[$0] }, frame: view.frame, properties: view.properties))
            }
        } catch {
            return nil
        }
        for (hook, value) in hooks.enumerated() { try? engine.bind(hook: hook) { value } }
        return engine
    }

    /// A view filling the probe window.
    static let frame = Rect(x: 0, y: 0, width: Probe.window.x, height: Probe.window.y)

    /// The role's properties, made hittable: a role that is not interactive or only
    /// hit through its subviews still has its recognizers explored (R8 is a rule of
    /// its own).
    static func explorationProperties(_ role: GestureProgram.ViewRole) -> ViewProperties {
        var properties = ViewProperties(role)
        properties.interactive = true
        properties.hidden = false
        properties.alpha = 1
        properties.transparentWhenEmpty = false
        return properties
    }

    /// Runs each input on the scene's engine (`InputReplay`), following its outputs.
    private mutating func run(_ indices: [Int], on scene: Scene, engine: GestureEngine, stopAtFirstWin: Bool = false) {
        let instances = (0..<engine.scene.count).flatMap { engine.recognizers(on: ViewInstance($0)) }
        var replay = InputReplay(after: engine)
        for index in indices {
            var recorder = Recorder(instances: instances)
            recorder.run = Run(probe: index, place: scene.place, hooks: scene.hooks)
            recorder.fingers = inputs.steps[index].fingers
            replay.run(inputs.events(index), on: engine) { recorder.record(engine, into: &self) }
            if stopAtFirstWin && wins.contains(where: { $0 != nil }) { return }
        }
    }

    /// Follows one run's outputs.
    struct Recorder {
        /// The run the outputs belong to, and the most fingers down in it so far.
        var run = Run(probe: 0, place: 0, hooks: [])
        var fingers = 0
        /// Every recognizer instance of the scene.
        let instances: [RecognizerInstance]

        init(instances: [RecognizerInstance]) {
            self.instances = instances
        }

        var heldSince: [RecognizerInstance: Double] = [:]
        /// For each held recognizer, by failure requirement: how long it had waited
        /// when the required recognizer failed. Kept once it acts.
        var waits: [RecognizerInstance: [Int: Double]] = [:]
        var active: Set<RecognizerInstance> = []
        /// For each recognizer still undecided, the declarations that recognized during
        /// its current sequence.
        var recognizedDuring: [RecognizerInstance: [Int]] = [:]

        /// A recognizer that begins or recognizes ends the stacks of the ones that
        /// recognized during its sequence; one that recognizes without having begun
        /// (a discrete recognizer) joins every still undecided recognizer's sequence.
        private mutating func noteStacking(
            _ action: GestureAction, _ declaration: Int, _ engine: GestureEngine, into exploration: inout Exploration
        ) {
            for early in recognizedDuring.removeValue(forKey: action.recognizer) ?? [] where early != declaration {
                let stack = Stack(early: early, late: declaration)
                if exploration.stacked[stack] == nil {
                    exploration.stacked[stack] = run
                    exploration.revision += 1
                }
            }
            guard action.phase == .ended, !active.contains(action.recognizer) else { return }
            for other in instances where other != action.recognizer && engine.isUndecided(other) {
                recognizedDuring[other, default: []].append(declaration)
            }
        }

        /// A recognizer failed: every held one that requires it has waited until now.
        private mutating func noteFailure(
            of required: Int, at time: Double, _ engine: GestureEngine, _ exploration: Exploration
        ) {
            for (held, since) in heldSince {
                guard let dependent = engine.declaration(of: held),
                    let requirements = exploration.requirementsBetween[Pair(ordered: dependent, required)]
                else { continue }
                for requirement in requirements {
                    waits[held, default: [:]][requirement] = max(waits[held]?[requirement] ?? 0, time - since)
                }
            }
        }

        /// The first loss of each declaration along the input so far.
        var pathLosses: [Int: Loss] = [:]

        /// The input so far is a plain tap: fingers went down and up, one at a time,
        /// without moving or waiting.
        var plainTap = true

        /// What the view the touch lands on received, by its role (the target).
        private mutating func noteDelivery(_ delivery: TouchDelivery, _ engine: GestureEngine, into exploration: inout Exploration) {
            let place = exploration.places[run.place]
            guard delivery.view.index == place.touched else { return }
            // A quick drag of one finger is the classic flash (a scroll begins).
            if fingers <= 1 { noteFlash(delivery, engine, into: &exploration) }
            let target = place.role
            if delivery.phase == .ended, fingers <= 1, !begunFromDrag.isEmpty, exploration.endsAfterDrag[target] == nil {
                exploration.endsAfterDrag[target] = (run, begunFromDrag)
                exploration.revision += 1
            }
            guard plainTap, fingers <= 1 else { return }
            switch delivery.phase {
            case .ended:
                if exploration.tapsEnded.insert(target).inserted { exploration.revision += 1 }
                noteHeldEnd(delivery, engine, into: &exploration)
            case .cancelled:
                guard exploration.tapsCancelled[target] == nil else { return }
                exploration.tapsCancelled[target] = (run, Self.takers(in: engine, phases: [.began, .ended]))
                exploration.revision += 1
            case .began, .moved:
                break
            }
        }

        /// The declarations that sent an action of `phases` in the engine's last call:
        /// those that took a view's touches as it was cancelled (R39).
        private static func takers(in engine: GestureEngine, phases: Set<GestureAction.Phase>) -> [Int] {
            var takers: [Int] = []
            for case .action(let action) in engine.outputs where phases.contains(action.phase) {
                if let declaration = engine.declaration(of: action.recognizer), !takers.contains(declaration) {
                    takers.append(declaration)
                }
            }
            return takers
        }

        /// A plain tap's `ended` delivered after the lift (R17: it carries the lift's
        /// time): the longest wait per target, with the recognizers whose failure
        /// released it (R40).
        private mutating func noteHeldEnd(_ delivery: TouchDelivery, _ engine: GestureEngine, into exploration: inout Exploration) {
            let wait = engine.touches(of: delivery).reduce(0.0) { max($0, delivery.time - $1.timestamp) }
            let target = exploration.places[run.place].role
            guard wait >= Exploration.heldEndLimit - 1e-9, wait > (exploration.endsHeld[target]?.seconds ?? 0) + 1e-9
            else { return }
            var releasers: [Int] = []
            for case .decision(let decision) in engine.outputs where decision.reason.fails {
                if let declaration = engine.declaration(of: decision.recognizer), !releasers.contains(declaration) {
                    releasers.append(declaration)
                }
            }
            exploration.endsHeld[target] = (wait, run, releasers)
            exploration.revision += 1
        }

        /// When the target view got a touch's `began` at once (as it went down), by touch id.
        var beganAtOnce: [Int: Double] = [:]

        /// A `began` delivered as the touch went down and a `cancelled` soon after: the
        /// view's highlight flashes.
        private mutating func noteFlash(_ delivery: TouchDelivery, _ engine: GestureEngine, into exploration: inout Exploration) {
            switch delivery.phase {
            case .began:
                for touch in engine.touches(of: delivery) where delivery.time - touch.timestamp < 1e-6 {
                    beganAtOnce[touch.id] = delivery.time
                }
            case .cancelled:
                let target = exploration.places[run.place].role
                guard exploration.flashes[target] == nil else { return }
                for touch in engine.touches(of: delivery) {
                    guard let began = beganAtOnce[touch.id], delivery.time - began < Exploration.flashLimit else { continue }
                    // Taken by a continuous recognizer that began (a scroll), not by a tap
                    // that recognized on the lift (GDL219's business).
                    exploration.flashes[target] = (run, Self.takers(in: engine, phases: [.began]))
                    exploration.revision += 1
                    return
                }
            case .ended, .moved:
                break
            }
        }

        /// The first loss of a declaration on this input. An input already kept (whose
        /// end is being run) stores it at once; one not yet kept gets it on `register`.
        private mutating func noteLoss(_ loss: Loss, of declaration: Int, into exploration: inout Exploration) {
            let beat = Pair(ordered: loss.winner, declaration)
            if exploration.beats[beat] == nil {
                exploration.beats[beat] = run
                exploration.revision += 1
            }
            guard pathLosses[declaration] == nil else { return }
            pathLosses[declaration] = loss
            if run.probe < exploration.inputs.count || !exploration.searching, exploration.losses[declaration][run] == nil {
                exploration.losses[declaration][run] = loss
            }
        }

        /// The touches down at the last observation.
        var touchesDown = 0
        /// The outputs come from fingers moving (a drag, a pinch, a twist).
        var dragging = false
        /// For each recognizer that began in its current sequence, the touches down then.
        var beganWith: [RecognizerInstance: Int] = [:]
        /// The declarations that began from one moving finger since the fingers last
        /// went down from none.
        var begunFromDrag: [Int] = []
        /// When the first finger of the current sequence went down, and whether a
        /// finger has moved since.
        var firstDown = 0.0
        var moved = false
        /// Recognizers that began with the fingers still, within `flashLimit` of the
        /// first touch-down: touch-down detectors (`longPress(minimumDuration: 0)`),
        /// which report where the finger is rather than move anything with it.
        var detectors: Set<RecognizerInstance> = []

        mutating func record(_ engine: GestureEngine, into exploration: inout Exploration) {
            // A finger that goes down while a recognizer is held starts something new:
            // the rest of that hold is the user's doing, not the requirement's, so it
            // is not measured as latency (a second tap begun, then held).
            let down = engine.touchesDown
            if down > touchesDown {
                heldSince.removeAll()
                waits.removeAll()
                if touchesDown == 0 {
                    begunFromDrag.removeAll()
                    firstDown = engine.now
                    moved = false
                }
            }
            if dragging { moved = true }
            touchesDown = down
            for output in engine.outputs {
                switch output {
                case .action(let action):
                    guard let declaration = engine.declaration(of: action.recognizer) else { continue }
                    if action.phase == .began || action.phase == .ended {
                        noteStacking(action, declaration, engine, into: &exploration)
                    }
                    switch action.phase {
                    case .began, .ended:
                        if exploration.wins[declaration] == nil {
                            exploration.wins[declaration] = run
                            exploration.revision += 1
                        }
                        if fingers <= 1,
                            exploration.oneFingerWinTargets[declaration].insert(exploration.places[run.place].role).inserted
                        {
                            exploration.revision += 1
                        }
                        // Acting while another is active (began, not ended): together.
                        for other in active where other != action.recognizer {
                            guard let second = engine.declaration(of: other), second != declaration else { continue }
                            let pair = Pair(declaration, second)
                            if exploration.together[pair] == nil {
                                exploration.together[pair] = run
                                exploration.revision += 1
                            }
                        }
                        if let since = heldSince.removeValue(forKey: action.recognizer) {
                            let held = action.time - since
                            if held > (exploration.latency[declaration]?.seconds ?? 0) + 1e-9 {
                                exploration.latency[declaration] = (held, run)
                                exploration.revision += 1
                            }
                        }
                        for (requirement, wait) in waits.removeValue(forKey: action.recognizer) ?? [:]
                        where wait > (exploration.requirementWaits[requirement] ?? 0) {
                            exploration.requirementWaits[requirement] = wait
                            exploration.revision += 1
                        }
                        if action.phase == .began {
                            if !moved, action.time - firstDown < Exploration.flashLimit {
                                detectors.insert(action.recognizer)
                            }
                            if fingers == 1, !detectors.contains(action.recognizer) {
                                for other in active where !detectors.contains(other) {
                                    guard let second = engine.declaration(of: other) else { continue }
                                    let pair = Pair(declaration, second)
                                    if exploration.coactive[pair] == nil {
                                        exploration.coactive[pair] = run
                                        exploration.revision += 1
                                    }
                                }
                            }
                            active.insert(action.recognizer)
                            if dragging { beganWith[action.recognizer] = touchesDown }
                            if dragging, fingers <= 1, !begunFromDrag.contains(declaration) {
                                begunFromDrag.append(declaration)
                            }
                        } else {
                            active.remove(action.recognizer)
                        }
                    case .changed:
                        break
                    case .cancelled:
                        active.remove(action.recognizer)
                    }
                case .decision(let decision):
                    guard let declaration = engine.declaration(of: decision.recognizer) else { continue }
                    if decision.reason.fails { noteFailure(of: declaration, at: decision.time, engine, exploration) }
                    switch decision.reason {
                    case .reset:
                        recognizedDuring[decision.recognizer] = nil
                        detectors.remove(decision.recognizer)
                        beganWith[decision.recognizer] = nil
                        waits[decision.recognizer] = nil
                    case .held:
                        if heldSince[decision.recognizer] == nil { heldSince[decision.recognizer] = decision.time }
                    case .excluded(let winner):
                        if let winnerDeclaration = engine.declaration(of: winner) {
                            noteLoss(
                                Loss(
                                    winner: winnerDeclaration, requirement: false,
                                    winnerFingers: beganWith[winner] ?? (dragging ? touchesDown : nil)),
                                of: declaration, into: &exploration)
                        }
                    case .requiredRecognized(let winner):
                        heldSince[decision.recognizer] = nil
                        waits[decision.recognizer] = nil
                        if let winner = engine.declaration(of: winner) {
                            noteLoss(Loss(winner: winner, requirement: true), of: declaration, into: &exploration)
                        }
                    default:
                        break
                    }
                case .touches(let delivery):
                    noteDelivery(delivery, engine, into: &exploration)
                }
            }
        }
    }

    // MARK: - Counterexamples

    /// The scene and trace of a run, in `gesturec simulate`'s JSON forms.
    func counterexample(_ run: Run) -> Counterexample {
        let hooks = run.hooks.enumerated().compactMap { hook, value in
            value == program.hooks[hook].defaultValue ? nil : (program.hooks[hook].name, value)
        }
        return Self.counterexample(
            set: program.name, summary: describe(run), views: places[run.place].views, of: program, hooks: hooks,
            probe: inputs.probe(run.probe))
    }

    /// A probe over a chain of view roles (root first, each filling the probe window,
    /// made hittable as `explorationProperties` makes them), with `hooks` set first.
    static func counterexample(
        set: String, summary: String, chain: [Int], of program: GestureProgram, hooks: [(name: String, value: Bool)],
        probe: Probe
    ) -> Counterexample {
        let views = chain.enumerated().map { index, role in
            Place.View(
                id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: frame,
                properties: explorationProperties(program.views[role]))
        }
        return counterexample(set: set, summary: summary, views: views, of: program, hooks: hooks, probe: probe)
    }

    /// A probe over `views`, with `hooks` set first. Each view writes the properties
    /// in which it differs from its role's.
    static func counterexample(
        set: String, summary: String, views: [Place.View], of program: GestureProgram,
        hooks: [(name: String, value: Bool)], probe: Probe, device: DeviceProfile? = nil
    ) -> Counterexample {
        let sceneViews = views.map { view in
            var members: [(String, JSONOutput)] = [("id", .string(view.id)), ("role", .string(program.views[view.role].name))]
            if let parent = view.parent { members.append(("parent", .string(views[parent].id))) }
            members.append(("frame", .array([view.frame.x, view.frame.y, view.frame.width, view.frame.height].map(JSONOutput.number))))
            members += SceneDescription.overrides(view.properties, of: program.views[view.role])
            return JSONOutput.object(members)
        }
        // A built-in device by its name; one of the user's whole, so that the scene replays alone.
        let deviceMember: [(String, JSONOutput)] =
            device.map { [("device", DeviceProfile.named($0.name) == $0 ? .string($0.name) : $0.json)] } ?? []
        let scene = JSONOutput.object([("views", .array(sceneViews))] + deviceMember).written(.lines(depth: 2)) + "\n"

        var events: [JSONOutput] = hooks.map { name, value in
            .object([("t", .int(0)), ("setHook", .object([("hook", .string(name)), ("value", .bool(value))]))])
        }
        for event in probe.events {
            let touches = event.changes.map { change in
                JSONOutput.object([
                    ("id", .int(change.id)), ("phase", .string(change.phase.rawValue)), ("x", .number(change.location.x)),
                    ("y", .number(change.location.y)),
                ])
            }
            events.append(.object([("t", .number(event.time)), ("touches", .array(touches))]))
        }
        let trace = JSONOutput.object([("events", .array(events))]).written(.lines(depth: 2)) + "\n"
        let steps = probe.events.map { event in
            "\(NumberText.format((event.time * 1000).rounded() / 1000))s: "
                + event.changes.map { change in
                    let verb =
                        switch change.phase {
                        case .down: "goes down at"
                        case .move: "moves to"
                        case .up: "lifts at"
                        case .cancel: "is cancelled at"
                        }
                    let x = NumberText.format((change.location.x * 10).rounded() / 10)
                    let y = NumberText.format((change.location.y * 10).rounded() / 10)
                    return "touch \(change.id) \(verb) (\(x), \(y))"
                }.joined(separator: "; ")
        }
        return Counterexample(set: set, summary: summary, scene: scene, trace: trace, steps: steps)
    }

    /// "finger 1 goes down, finger 1 lifts on photo".
    func describe(_ run: Run) -> String {
        "\(inputs.probe(run.probe).summary) on \(places[run.place].name)"
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

extension Exploration: ExplorationClient {
    var nextInput: Int { inputs.count }

    /// Keeps the input, with every loss along it: a recognizer excluded early in the
    /// sequence lost the whole input.
    mutating func register(_ step: InputTree.Step, _ recorder: Recorder) {
        let run = Run(probe: inputs.count, place: current.place, hooks: current.hooks)
        inputs.append(step)
        for (declaration, loss) in recorder.pathLosses { losses[declaration][run] = loss }
    }

    mutating func observe(
        _ engine: GestureEngine, _ recorder: inout Recorder, input: Int, fingers: Int, segment: Explorer.Segment?
    ) {
        recorder.run = Run(probe: input, place: current.place, hooks: current.hooks)
        recorder.fingers = fingers
        switch segment {
        case .drag, .spread, .twist:
            recorder.dragging = true
            recorder.plainTap = false
        case .pause:
            recorder.dragging = false
            recorder.plainTap = false
        default:
            recorder.dragging = false
        }
        recorder.record(engine, into: &self)
    }
}
