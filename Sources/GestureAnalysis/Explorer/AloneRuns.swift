import GestureCompiler
import GestureRuntime

/// What each participant does alone on a run: a recognizer with every other one of the
/// set removed, with no relation left to apply; a view that acts on its own touches
/// with no recognizer at all. Run on the same place, under the same hooks, with the
/// same input, so that a difference from what it does in the set is the set's doing.
///
/// A participant alone is run only when an observer asks, for the runs where the set
/// could have changed what it does, and each answer is kept: recognizers that behave
/// alike alone (`Solo`) share their runs.
final class AloneRuns {
    let program: GestureProgram
    let places: [Place]
    /// The exploration's settings, as it explores them.
    var settings: [Exploration.Setting] = []

    /// Each declaration's solo, and the solos' programs and validated engines. The last
    /// solo is the set with no recognizer, for views.
    private var soloOfDeclaration: [Int] = []
    private var programs: [GestureProgram] = []
    private var blanks: [GestureEngine?] = []
    /// Each solo's engine in each setting, with the place's views and the hooks bound.
    private var engines: [Key: (engine: GestureEngine, layout: RunLayout)?] = [:]
    /// What each solo did on each input: its first act on each view.
    private var acts: [Key: [Int: Act]] = [:]
    /// Each solo's engine of its last run, whose memory the next run takes.
    private var lastRun: [Int: GestureEngine] = [:]
    /// Each solo's state, in each setting, once the parent of the input it last ran
    /// had run: the search finishes an input's continuations one after another, and
    /// each of them begins with that parent, so the next run alone starts here rather
    /// than from the input's first gesture.
    private var parents: [Key: Parent] = [:]
    /// What the views received with no recognizer, on each input.
    private var deliveries: [Int: [ViewTouch]] = [:]
    /// How many runs alone were made (benchmarks, tests).
    private(set) var runs = 0
    /// How many of them started from their input's parent (`parents`).
    private(set) var runsFromParent = 0
    /// Whether a run may start from its input's parent; every run starts from the
    /// input's first gesture without it (for the tests, which compare the two).
    var startsFromParents = true

    private struct Key: Hashable {
        var solo: Int
        var index: Int
    }

    /// A solo's engine and recorder after the gestures of input `input`, whose last
    /// event ran at `time` (`InputTree.replayParent`).
    private struct Parent {
        var input: Int
        var engine: GestureEngine
        var recorder: Recorder
        var time: Double
    }

    init(program: GestureProgram, places: [Place]) {
        self.program = program
        self.places = places
        var solos: [Solo: Int] = [:]
        for declaration in program.recognizers.indices {
            let solo = Solo(declaration, in: program)
            if let known = solos[solo] {
                soloOfDeclaration.append(known)
            } else {
                solos[solo] = programs.count
                soloOfDeclaration.append(programs.count)
                programs.append(Solo.program(alone: declaration, from: program))
            }
        }
        programs.append(Solo.program(alone: nil, from: program))
        blanks = programs.map { try? GestureEngine(program: $0) }
    }

    /// The first act of `declaration`'s instance on view `view`, alone on `run`.
    func act(of declaration: Int, onView view: Int, run: Exploration.Run, tree: InputTree) -> Act? {
        guard soloOfDeclaration.indices.contains(declaration) else { return nil }
        let solo = soloOfDeclaration[declaration]
        let key = Key(solo: solo, index: run.input)
        if let known = acts[key] { return known[view] }
        var found: [Int: Act] = [:]
        if let recorder = replay(solo: solo, run: run, tree: tree) {
            for slot in recorder.instances.indices {
                if let act = recorder.instances[slot].act, found[recorder.layout.views[slot]] == nil { found[recorder.layout.views[slot]] = act }
            }
        }
        acts[key] = found
        return found[view]
    }

    /// What view `view` receives of `touch` with no recognizer in the set, on `run`.
    func delivery(to view: Int, touch: Int, run: Exploration.Run, tree: InputTree) -> ViewTouch? {
        if let known = deliveries[run.input] { return known.last { $0.view == view && $0.touch == touch } }
        let touches = replay(solo: programs.count - 1, run: run, tree: tree)?.viewTouches ?? []
        deliveries[run.input] = touches
        return touches.last { $0.view == view && $0.touch == touch }
    }

    /// Runs the input of `run` on the solo's engine in the run's setting: from the
    /// input's parent when the solo's last run in the setting kept it, else from the
    /// input's first gesture, keeping the parent for the next run. The same calls give
    /// the same engine and recorder, so the two starts find the same.
    private func replay(solo: Int, run: Exploration.Run, tree: InputTree) -> Recorder? {
        let key = Key(solo: solo, index: run.setting)
        if engines[key] == nil {
            let setting = settings[run.setting]
            let place = places[setting.place]
            engines[key] = blanks[solo].flatMap { blank in
                place.engine(from: blank, hooks: setting.hooks).map { engine in
                    (engine, RunLayout(engine: engine, roles: place.views.map(\.role), parents: place.views.map(\.parent)))
                }
            }
        }
        guard let (blank, layout) = engines[key] ?? nil else { return nil }
        runs += 1
        // The solo's last run is over: its memory serves this one.
        let engine: GestureEngine
        var recorder: Recorder
        let time: Double
        if startsFromParents, let parent = tree.parent(of: run.input), let known = parents[key], known.input == parent {
            runsFromParent += 1
            engine = known.engine.copy(reusing: lastRun.removeValue(forKey: solo))
            recorder = known.recorder
            time = known.time
        } else {
            engine = blank.copy(reusing: lastRun.removeValue(forKey: solo))
            recorder = Recorder(layout: layout)
            time = tree.replayParent(of: run.input, on: engine) { call in recorder.record(engine, call) }
            if startsFromParents, let parent = tree.parent(of: run.input) {
                let kept = engine.copy(reusing: parents.removeValue(forKey: key)?.engine)
                parents[key] = Parent(input: parent, engine: kept, recorder: recorder, time: time)
            }
        }
        defer { lastRun[solo] = engine }
        tree.replayOwnGesture(run.input, on: engine, after: time) { call in recorder.record(engine, call) }
        return recorder
    }
}

/// A recognizer as it behaves with nothing competing: its declaration without its
/// name, its location and its simultaneity answer, with the code of its predicates in
/// place of their ids. Recognizers with equal solos act alike alone, so they are run
/// once; where a view's predicate may ask which recognizer it is (`other`), the
/// declaration is part of the solo.
struct Solo: Hashable {
    var recognizer: GestureProgram.Recognizer
    var shouldBegin: Routine?
    var shouldReceiveTouch: Routine?
    var declaration: Int?

    init(_ declaration: Int, in program: GestureProgram) {
        recognizer = program.recognizers[declaration]
        shouldBegin = recognizer.shouldBegin.map { program.routines[$0] }
        shouldReceiveTouch = recognizer.shouldReceiveTouch.map { program.routines[$0] }
        recognizer.name = ""
        // Any valid location: what a solo does is only compared, never shown.
        recognizer.location = SourceLocation(file: 0, line: 1, column: 1)
        recognizer.shouldBegin = nil
        recognizer.shouldReceiveTouch = nil
        recognizer.shouldRecognizeSimultaneously = nil
        self.declaration = program.views.contains { $0.shouldBegin != nil } ? declaration : nil
    }

    /// The set with only `declaration` enabled (none: no recognizer at all), so that no
    /// relation applies and no other recognizer takes a touch (R21), while every id a
    /// predicate compares with stays what it is.
    static func program(alone declaration: Int?, from program: GestureProgram) -> GestureProgram {
        var solo = program
        for index in solo.recognizers.indices where index != declaration { solo.recognizers[index].enabled = false }
        solo.failureRequirements = []
        solo.simultaneityGroups = []
        solo.preventionExemptions = []
        return solo
    }
}
