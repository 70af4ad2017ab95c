import GestureCompiler
import GestureDSL
import GestureRuntime

/// One line of a simulation's timeline: what a recognizer did, what a view received,
/// or a decision and why, in the order the engine produced them.
public struct TimelineEntry: Hashable, Sendable {
    /// What an action says of its recognizer, as the tools name it: a discrete
    /// recognizer's one action (the engine's `ended`) is `recognized`.
    public enum ActionState: String, Hashable, Sendable, CaseIterable {
        case recognized, began, changed, ended, cancelled

        public init(_ phase: GestureAction.Phase, discrete: Bool) {
            switch phase {
            case .began: self = .began
            case .changed: self = .changed
            case .ended: self = discrete ? .recognized : .ended
            case .cancelled: self = .cancelled
            }
        }

        /// Whether an action in this state is what `written` says: the same state, or
        /// `recognized` and `ended`, one phase under two names (UIKit's `.recognized`
        /// is `.ended`), so a test may write either (docs/glossary.md).
        public func matches(_ written: ActionState) -> Bool {
            self == written || (Set([self, written]) == [.recognized, .ended])
        }
    }

    /// What the engine decided about a recognizer, as the timeline names it.
    public enum Decision: String, Hashable, Sendable, CaseIterable {
        case failed, excluded, vetoed, refused, held, released, simultaneous, disabled, ignored, reset, interrupted, removed
        case notPrevented = "not prevented"
        /// A system gesture leaves a swipe from an edge the app defers to the app.
        case deferred
    }

    public enum Kind: Hashable, Sendable {
        /// What the recognizer said, with the kind's reported values by name (one
        /// number, or two for a point).
        case action(state: ActionState, values: [Value])
        /// The touch phase the view received, with each touch as the view sees it:
        /// its id, location, timestamp and tap count.
        case touches(phase: TouchDelivery.Phase, touches: [DeliveredTouch])
        /// The control event the view sent (docs/controls.md), with the touch it
        /// tracks and where that touch is.
        case control(event: ControlEvent.Kind, touch: Int, location: Point)
        /// `held`, `released`, `excluded`, `failed`, `vetoed`, … with its cause and the
        /// source location of what caused it.
        case decision(decision: Decision, reason: String, source: String)
        /// An event of the trace, in words: the input the rest answers
        /// (`Simulation.inputs`, shown with `simulate --verbose` before what it caused).
        case input(String)
    }

    public struct Value: Hashable, Sendable {
        public var name: String
        public var numbers: [Double]
        /// A set of directions (left 1, right 2, up 4, down 8), which the text
        /// timeline names: `direction right`.
        public var isDirections = false
    }

    public var time: Double
    /// The recognizer's name; nil for a view's touches.
    public var recognizer: String?
    /// The view instance's id in the scene.
    public var view: String
    public var kind: Kind
    /// For an action: where the table row that sent it is (`file:line:col`). Not
    /// written by itself; `TimelineExplanation` quotes the row from it.
    public var row: String?
    /// For an action or a decision: its recognizer and the program location the engine
    /// gave, typed, by which a tool finds the row in the set's provenance
    /// (`Provenance.Kind.transition(at:in:)`). Not written.
    public var origin: Origin?
    /// For an action: the row that sent it, quoted (`TimelineExplanation`); written
    /// after the action's values, with `row` as its source.
    public var because: String?
    /// For an action or a failure by a row: the comparisons its guard made when the row
    /// fired, by their place in the guard; and the same as text with the values and
    /// their units (`length(translation) 12.3pt >= hysteresis 10pt`,
    /// `TimelineExplanation`).
    public var compared: [Compared] = []
    public var decidedBy: [String] = []

    /// Where an action or a decision came from, in the program.
    public struct Origin: Hashable, Sendable {
        /// The recognizer's id in the program; nil for an instance the engine no longer
        /// knows, whose entry names recognizer '?'.
        public var recognizer: Int?
        /// A row's location for an action or a failure by a row; else the location of
        /// what decided (a recognizer's, a relation's).
        public var location: SourceLocation

        public init(recognizer: Int?, location: SourceLocation) {
            self.recognizer = recognizer
            self.location = location
        }
    }

    public struct Compared: Hashable, Sendable {
        /// The comparison's place among the guard's, left to right, innermost first.
        public var ordinal: Int
        public var left: Double
        public var right: Double
    }

    public init(time: Double, recognizer: String?, view: String, kind: Kind) {
        self.time = time
        self.recognizer = recognizer
        self.view = view
        self.kind = kind
    }
}

/// Runs a trace through the real engine over a scene, and describes what happened
/// (`gesturec simulate`, docs/traces.md).
public struct Simulation {
    public let program: GestureProgram
    /// The scene's views, then those the trace added, in the order they joined: every
    /// view the timeline may name.
    public private(set) var scene: SceneDescription
    public private(set) var timeline: [TimelineEntry] = []
    /// The trace's events, one entry each, at their times: touches with their
    /// locations, scene changes, hooks, enabling and interruptions. Kept apart from
    /// `timeline` (what the engine did); a streamed run (`run(_:until:streaming:)`)
    /// hands both over in the order they happened.
    public private(set) var inputs: [TimelineEntry] = []
    /// Where a streamed run hands each entry as it happens, keeping none.
    private var sink: ((TimelineEntry) -> Void)?
    /// A mistake the trace made while running (a move before its down, …), and the
    /// warning that touches landed on no view.
    public private(set) var diagnostics = DiagnosticBag(errorLimit: nil)

    /// Where a touch went down: the view instance it was bound to (an index of
    /// `scene.views`), or nil where no view took it (R10). Kept in order, except by a
    /// streamed run, which keeps nothing.
    public struct Landing: Hashable, Sendable {
        public var touch: Int
        public var time: Double
        public var view: Int?
        /// The view and its parents when the touch went down, the view first: whose
        /// recognizers the touch could reach (R18).
        public var path: [Int]
    }

    public private(set) var landings: [Landing] = []
    /// The first touch that landed on no view, and how many did.
    private var offView: (problem: (id: Int, location: Point, range: SourceRange), count: Int)?

    private var engine: GestureEngine
    /// The device's own gestures around the app, with a device.
    private var system: SystemGestures?
    /// What the simulation says before the first event (a back swipe standing aside).
    private var startEntries: [TimelineEntry] = []
    private var hookValues: HookValues
    /// The comparisons of the last firing of each recognizer's rows, by instance and
    /// row: what decided an action or a failure that row caused, which may come in a
    /// later call (a recognizer held until another failed, R54).
    private var lastFired: [FiredRowKey: [FiredRow.Comparison]] = [:]

    private struct FiredRowKey: Hashable {
        var recognizer: RecognizerInstance
        var row: SourceLocation
    }
    /// Each view's id and engine view instance, by its index in `scene.views`.
    private var viewIDs: [String] = []
    private var instances: [ViewInstance] = []
    /// The index in `scene.views` of the view in each engine slot (`ViewInstance.index`).
    /// The engine gives a removed view's slot to a view added later, which takes its
    /// entry; what the engine says of the removed one it says in the call that removed
    /// it, read before any view is added.
    private var sceneIndices: [Int] = []

    /// Hook answers set by the trace; each holds until changed (the declared default
    /// until then).
    private final class HookValues: @unchecked Sendable {
        var values: [Bool]
        /// Each answer given, as `hook * 2 + (answer ? 1 : 0)` (coverage).
        var answered: Set<Int> = []
        init(_ values: [Bool]) { self.values = values }
    }

    /// The rows of the kinds' tables that fired during the run, by recognizer (its
    /// declaration) and location (coverage, `gesturec test --coverage`).
    public private(set) var firedRows: Set<RowFiring> = []

    public struct RowFiring: Hashable, Sendable {
        public var recognizer: Int
        public var row: SourceLocation

        public init(recognizer: Int, row: SourceLocation) {
            self.recognizer = recognizer
            self.row = row
        }
    }

    /// The answers the hooks gave during the run: each hook's index with its answer.
    public var hookAnswers: Set<HookAnswer> {
        Set(hookValues.answered.map { HookAnswer(hook: $0 / 2, value: $0 % 2 == 1) })
    }

    public struct HookAnswer: Hashable, Sendable {
        public var hook: Int
        public var value: Bool

        public init(hook: Int, value: Bool) {
            self.hook = hook
            self.value = value
        }
    }

    /// The hooks answer what the trace set, and note each answer (coverage).
    private mutating func bindHooks() {
        for hook in program.hooks.indices {
            let values = hookValues
            try? engine.bind(hook: hook) {
                let answer = values.values[hook]
                values.answered.insert(hook * 2 + (answer ? 1 : 0))
                return answer
            }
        }
    }

    /// A simulation that goes on from where this one is, on an engine and hook
    /// answers of its own: many runs over one large scene copy it once built rather
    /// than build it for each (lint's probes on a device).
    public func copy() -> Simulation {
        var copy = self
        copy.engine = engine.copy()
        copy.hookValues = HookValues(hookValues.values)
        copy.hookValues.answered = hookValues.answered
        copy.bindHooks()
        return copy
    }

    /// A simulation of `program` over `scene`. `blank`, an engine of the same program
    /// with no views, spares validating the program again when many runs share it (a
    /// copy of it is used).
    public init(program: GestureProgram, scene: SceneDescription, blank: GestureEngine? = nil) throws(ProgramError) {
        self.program = program
        self.scene = scene
        var running = program
        var standsAside = false
        if let device = scene.device {
            system = SystemGestures(device: device)
            // Where the system answers the back swipe, the app's stands aside
            // (docs/semantics.md §K, S5), as a host on that platform runs it.
            if device.systemOwnsBackSwipe, program.recognizers.contains(where: \.backSwipe) {
                running = program.backSwipesDisabled()
                standsAside = true
            }
        }
        if let blank, !standsAside, blank.program.name == program.name, blank.scene.count == 0 {
            engine = blank.copy()
        } else {
            engine = try GestureEngine(program: running)
        }
        engine.tracesComparisons = true
        hookValues = HookValues(program.hooks.map(\.defaultValue))
        bindHooks()
        for (index, view) in scene.views.enumerated() {
            // The reader checked roles and parents; a scene built otherwise may fail here.
            do throws(EngineError) {
                let instance = try engine.addView(
                    role: view.role, parent: view.parent.map { instances[$0] }, frame: view.frame,
                    properties: view.properties)
                noteAdded(instance, id: view.id)
            } catch {
                throw .invalid(path: "scene.views[\(index)]", "\(error)")
            }
        }
        fitWindow()
        if let device = scene.device, standsAside {
            var backSwipes: [Int: [GestureProgram.Recognizer]] = [:]
            for recognizer in program.recognizers where recognizer.backSwipe { backSwipes[recognizer.role, default: []].append(recognizer) }
            for (index, view) in scene.views.enumerated() {
                for recognizer in backSwipes[view.role] ?? [] {
                    startEntries.append(
                        TimelineEntry(
                            time: 0, recognizer: recognizer.name, view: viewIDs[index],
                            kind: .decision(
                                decision: .disabled, reason: "\(device.name)'s system answers the back swipe: the app's stands aside",
                                source: "device \(device.name)")))
                }
            }
        }
    }

    /// A view the engine added, as the next of `scene.views`.
    private mutating func noteAdded(_ instance: ViewInstance, id: String) {
        while sceneIndices.count <= instance.index { sceneIndices.append(-1) }
        sceneIndices[instance.index] = instances.count
        instances.append(instance)
        viewIDs.append(id)
    }

    /// The index in `scene.views` of the view in an engine slot.
    private func sceneIndex(ofSlot slot: Int) -> Int? {
        sceneIndices.indices.contains(slot) && sceneIndices[slot] >= 0 ? sceneIndices[slot] : nil
    }

    /// The id of an engine view instance; "?" for one whose slot another view took.
    private func viewID(_ view: ViewInstance) -> String {
        guard let index = sceneIndex(ofSlot: view.index), instances[index] == view else { return "?" }
        return viewIDs[index]
    }

    /// Sizes the window to the root views (a window view, or several side by side),
    /// from the origin to their far edges: the `windowSize` feature a screen-edge pan
    /// reads (docs/traces.md). Called again when a root view comes, goes or moves.
    private mutating func fitWindow() {
        if let device = scene.device {
            // The device's window; the profile's figures are finite and positive.
            if engine.windowSize != device.window { try? engine.setWindowSize(device.window) }
            return
        }
        var size = Point(x: 0, y: 0)
        for view in 0..<engine.scene.count where engine.scene.contains(view) && engine.scene.parent(of: view) == nil {
            guard let frame = engine.scene.frame(of: view) else { continue }
            size.x = max(size.x, frame.x + frame.width)
            size.y = max(size.y, frame.y + frame.height)
        }
        guard size != engine.windowSize else { return }
        // Frames are finite (the reader and the engine check them), so this cannot fail.
        try? engine.setWindowSize(size)
    }

    /// The time the simulation runs to after the last event when none is given: the
    /// longest timer any recognizer of the program can start (docs/traces.md).
    public static func longestTimer(of program: GestureProgram) -> Double {
        var longest = 0.0
        for recognizer in program.recognizers {
            for routine in program.kinds[recognizer.kind].routines {
                for (index, instruction) in routine.code.enumerated() where index > 0 {
                    guard case .startTimer = instruction else { continue }
                    switch routine.code[index - 1] {
                    case .constant(let value): longest = max(longest, value)
                    case .parameter(let parameter) where parameter < recognizer.arguments.count:
                        longest = max(longest, recognizer.arguments[parameter])
                    default: break
                    }
                }
            }
        }
        return longest.isFinite ? longest : 0
    }

    /// Runs every event, then the timers due up to `until` (default: the last event
    /// plus the longest timer). Stops at the first event the engine rejects, with a
    /// diagnostic at it.
    ///
    /// With `sink`, the run streams: each entry, the trace's events among them, is
    /// handed over as it happens and none is kept (`timeline` and `inputs` stay empty),
    /// so a trace of any length costs the memory of one event. An event's own entry
    /// comes after what the timers due by its time did and before what it caused.
    public mutating func run(_ trace: Trace, until: Double? = nil, streaming sink: ((TimelineEntry) -> Void)? = nil) {
        self.sink = sink
        defer {
            self.sink = nil
            reportOffViewTouches()
        }
        for entry in startEntries { record(entry) }
        startEntries = []
        for event in trace.events {
            // What an app's recognizer did in a recording is not an input: only
            // `gesturec verify` reads it (docs/recording.md).
            if case .saw = event.action { continue }
            do throws(EngineError) {
                // The timers due by the event's time fire first, as the engine fires
                // them before any call at that time; the system's among them.
                try letSystemExpire(until: event.time)
                try engine.advance(to: event.time)
                collect()
                record(input: TimelineEntry(time: event.time, recognizer: nil, view: "input", kind: .input(describe(event.action))))
                switch event.action {
                case .touches(let changes) where system != nil:
                    // Each engine call it makes is collected as it is made.
                    try routeThroughSystem(engineChanges(changes), time: event.time, range: event.range)
                    continue
                case .touches(let changes):
                    if instances.isEmpty, let down = changes.first(where: { $0.change.phase == .down }) {
                        let problem = SimulationProblem.sceneHasNoViews(id: down.change.id)
                        diagnostics.report(Diagnostic(problem, at: down.range, notes: problem.help.map { [Note($0, at: down.range)] } ?? []))
                        return
                    }
                    try engine.handle(engineChanges(changes), time: event.time)
                    for change in changes { noteLanding(change.change, range: change.range) }
                case .setEnabled(let recognizer, let view, let value):
                    guard
                        let instance = engine.recognizers(on: instances[view]).first(where: {
                            engine.declaration(of: $0) == recognizer
                        })
                    else { continue }
                    try engine.setEnabled(instance, value, time: event.time)
                case .removeView(let view):
                    try engine.removeView(instances[view], time: event.time)
                    fitWindow()
                case .setHook, .setProperties, .addView, .setFrame, .setParent, .scroll:
                    // Not input events: the host changes what it changes, which has no
                    // outputs of its own, so there is nothing to collect (the outputs
                    // read last are the timers' at this instant, already collected).
                    try change(event.action)
                    continue
                case .interrupt:
                    system?.interrupted()
                    try engine.interrupt(time: event.time)
                case .saw:
                    continue
                }
                collect()
            } catch {
                // The timers fired before a timer that does not advance did their work;
                // any other mistake is found before the call changes anything.
                if case .timerDoesNotAdvance = error { collect() }
                report(error, at: event)
                return
            }
        }
        let end = until ?? ((trace.events.last?.time ?? 0) + Self.longestTimer(of: program))
        while let deadline = [engine.nextDeadline, system?.nextDeadline].compactMap({ $0 }).min(), deadline <= end {
            do throws(EngineError) {
                try letSystemExpire(until: deadline)
                try engine.advance(to: deadline)
            } catch {
                collect()
                report(error, at: trace.events.last)
                return
            }
            collect()
        }
    }

    /// The system's deadlines due by `time`, each at its own time after the engine's
    /// timers due before it.
    private mutating func letSystemExpire(until time: Double) throws(EngineError) {
        while let deadline = system?.nextDeadline, deadline <= time, var current = system {
            try engine.advance(to: deadline)
            collect()
            let steps = current.expire(at: deadline)
            system = current
            try perform(steps, range: expiryRange)
        }
    }

    /// An event's touches, through the system's gestures first.
    private mutating func routeThroughSystem(_ changes: [TouchChange], time: Double, range: SourceRange) throws(EngineError) {
        guard var current = system else { return }
        let engine = engine
        let steps = current.route(changes, at: time) { (engine.deferredSystemEdges, engine.systemGestureExclusions) }
        system = current
        expiryRange = range
        try perform(steps, range: range)
    }

    /// Where a touch the system releases later is said to go down: the event that
    /// last went through the system.
    private var expiryRange = SourceRange(file: FileID(0), start: 0, end: 0)

    /// Notes where a touch that went down landed; one that no view took is counted for
    /// the warning the run ends with.
    private mutating func noteLanding(_ change: TouchChange, range: SourceRange) {
        guard change.phase == .down else { return }
        let slot = engine.view(ofTouch: change.id)?.index
        let view = slot.flatMap(sceneIndex(ofSlot:))
        if sink == nil {
            var path: [Int] = []
            var current = slot
            while let index = current, path.count <= engine.scene.count {
                if let view = sceneIndex(ofSlot: index) { path.append(view) }
                current = engine.scene.parent(of: index)
            }
            landings.append(Landing(touch: change.id, time: engine.now, view: view, path: path))
        }
        guard view == nil else { return }
        if let known = offView {
            offView = (known.problem, known.count + 1)
        } else {
            offView = ((change.id, change.location, range), 1)
        }
    }

    /// The warning that touches landed on no view, once, at the first of them.
    private mutating func reportOffViewTouches() {
        guard let (first, count) = offView else { return }
        offView = nil
        let problem = SimulationProblem.touchOnNoView(id: first.id, x: first.location.x, y: first.location.y, more: count - 1)
        diagnostics.report(Diagnostic(problem, at: first.range, notes: problem.help.map { [Note($0, at: first.range)] } ?? []))
    }

    private mutating func perform(_ steps: [SystemGestures.Step], range: SourceRange) throws(EngineError) {
        for step in steps {
            switch step {
            case .touches(let changes, let time):
                try engine.handle(changes, time: time)
                for change in changes { noteLanding(change, range: range) }
                collect()
            case .interrupt(let time):
                try engine.interrupt(time: time)
                collect()
            case .entry(let entry):
                record(entry)
            }
        }
    }

    /// The engine's changes for an event's touches: a touch going down that a
    /// recording says the platform hit-tested goes to that view's instance.
    private func engineChanges(_ touches: [Trace.Touch]) -> [TouchChange] {
        touches.map { touch in
            var change = touch.change
            if let view = touch.view, instances.indices.contains(view) { change.view = instances[view] }
            return change
        }
    }

    /// A trace event in the words of the text form (docs/traces.md): `down 1 at (100,
    /// 130)`, `scroll list to (0, 50)`, `set allowZoom false`.
    private func describe(_ action: Trace.Action) -> String {
        func point(_ p: Point) -> String { "(\(NumberText.format(p.x)), \(NumberText.format(p.y)))" }
        func view(_ index: Int) -> String { index < viewIDs.count ? viewIDs[index] : "?" }
        switch action {
        case .touches(let changes):
            return changes.map { touch in
                let change = touch.change
                let on = touch.view.map { " on \(view($0))" } ?? ""
                return change.phase == .cancel
                    ? "cancel \(change.id)" : "\(change.phase.rawValue) \(change.id) at \(point(change.location))\(on)\(change.writtenType)"
            }.joined(separator: "; ")
        case .setEnabled(let recognizer, let index, let value):
            return "\(value ? "enable" : "disable") \(program.recognizers[recognizer].name) on \(view(index))"
        case .setHook(let hook, let value):
            return "set \(program.hooks[hook].name) \(value)"
        case .setProperties(let index, let properties):
            return
                "setProperties \(view(index)): interactive \(properties.interactive), hidden \(properties.hidden), alpha \(NumberText.format(properties.alpha))"
        case .addView(let added):
            let frame = added.frame
            return
                "add \(added.id): \(program.views[added.role].name) [\(NumberText.format(frame.x)) \(NumberText.format(frame.y)) \(NumberText.format(frame.width)) \(NumberText.format(frame.height))]"
        case .removeView(let index):
            return "remove \(view(index))"
        case .setFrame(let index, let frame):
            return
                "frame \(view(index)) [\(NumberText.format(frame.x)) \(NumberText.format(frame.y)) \(NumberText.format(frame.width)) \(NumberText.format(frame.height))]"
        case .setParent(let index, let parent, let frame):
            return
                "reparent \(view(index)) in \(view(parent)) [\(NumberText.format(frame.x)) \(NumberText.format(frame.y)) \(NumberText.format(frame.width)) \(NumberText.format(frame.height))]"
        case .scroll(let index, let origin):
            return "scroll \(view(index)) to \(point(origin))"
        case .interrupt:
            return "interrupt"
        case .saw(let recognizer, let index, let state):
            return "saw \(program.recognizers[recognizer].name) on \(view(index)) \(state.rawValue)"
        }
    }

    /// A change of the host's between input events: a hook's answer, or the scene.
    private mutating func change(_ action: Trace.Action) throws(EngineError) {
        switch action {
        case .setHook(let hook, let value):
            hookValues.values[hook] = value
        case .setProperties(let view, let properties):
            try engine.setProperties(properties, of: instances[view])
        case .addView(let view):
            let instance = try engine.addView(
                role: view.role, parent: view.parent.map { instances[$0] }, frame: view.frame,
                properties: view.properties)
            noteAdded(instance, id: view.id)
            scene.views.append(view)
        case .setFrame(let view, let frame):
            try engine.setFrame(frame, of: instances[view])
        case .setParent(let view, let parent, let frame):
            try engine.setParent(instances[parent], of: instances[view], frame: frame)
        case .scroll(let view, let origin):
            try engine.setBoundsOrigin(origin, of: instances[view])
        case .touches, .setEnabled, .removeView, .interrupt, .saw:
            break
        }
        fitWindow()
    }

    private mutating func report(_ error: EngineError, at event: Trace.Event?) {
        guard let event else { return }
        var range = event.range
        let problem: SimulationProblem
        func at(_ id: Int) -> SourceRange {
            if case .touches(let changes) = event.action, let change = changes.first(where: { $0.change.id == id }) {
                return change.range
            }
            return event.range
        }
        switch error {
        case .touchNotDown(let id):
            problem = .touchNotDown(id: id)
            range = at(id)
        case .touchAlreadyDown(let id):
            problem = .touchAlreadyDown(id: id)
            range = at(id)
        case .touchTwiceInEvent(let id):
            problem = .touchTwiceInEvent(id: id)
            range = at(id)
        case .timeWentBackwards(let now, let given): problem = .timeWentBackwards(now: now, given: given)
        case .notFinite: problem = .notFinite(what: "a time or coordinate")
        case .tooManyTouches: problem = .tooManyTouches(limit: GestureEngine.maximumTouches)
        case .timerDoesNotAdvance(let instance): problem = .timerDoesNotAdvance(recognizer: name(instance), time: engine.now)
        case .viewRemoved(let view): problem = .viewRemoved(id: viewID(view))
        case .unknownRole, .invalidParent, .unknownView, .unknownRecognizer, .unknownHook, .nameOfAnotherSet:
            problem = .unknownName(what: "name", name: "\(error)")
        case .reentrantCall:
            return  // the trace's hooks are constants, which never call the engine
        }
        diagnostics.report(Diagnostic(problem, at: range))
    }

    // MARK: - Describing the outputs

    private mutating func record(input entry: TimelineEntry) {
        if let sink { sink(entry) } else { inputs.append(entry) }
    }

    private mutating func record(_ entry: TimelineEntry) {
        if let sink { sink(entry) } else { timeline.append(entry) }
    }

    private mutating func collect() {
        for fired in engine.firedRows {
            lastFired[FiredRowKey(recognizer: fired.recognizer, row: fired.location)] = fired.comparisons
            if let declaration = engine.declaration(of: fired.recognizer) {
                firedRows.insert(RowFiring(recognizer: declaration, row: fired.location))
            }
        }
        for output in engine.outputs {
            switch output {
            case .action(let action):
                let declaration = engine.declaration(of: action.recognizer) ?? 0
                let kind = program.kinds[program.recognizers[declaration].kind]
                var values: [TimelineEntry.Value] = []
                var numbers = engine.values(of: action)[...]
                for report in kind.reports {
                    values.append(
                        TimelineEntry.Value(
                            name: report.name, numbers: Array(numbers.prefix(report.type.width)),
                            isDirections: report.type == .directions))
                    numbers = numbers.dropFirst(report.type.width)
                }
                let state = TimelineEntry.ActionState(action.phase, discrete: kind.mode == .discrete)
                var entry = TimelineEntry(
                    time: action.time, recognizer: program.recognizers[declaration].name,
                    view: viewID(of: action.recognizer), kind: .action(state: state, values: values))
                entry.row = source(action.location)
                entry.origin = TimelineEntry.Origin(recognizer: declaration, location: action.location)
                entry.compared = compared(action.recognizer, action.location)
                record(entry)
            case .touches(let delivery):
                record(
                    TimelineEntry(
                        time: delivery.time, recognizer: nil, view: viewID(delivery.view),
                        kind: .touches(phase: delivery.phase, touches: Array(engine.touches(of: delivery)))))
            case .control(let event):
                record(
                    TimelineEntry(
                        time: event.time, recognizer: nil, view: viewID(event.view),
                        kind: .control(event: event.kind, touch: event.touch, location: event.location)))
            case .decision(let decision):
                let (name, reason) = describe(decision.reason, of: decision.recognizer)
                var entry = TimelineEntry(
                    time: decision.time, recognizer: recognizerName(decision.recognizer),
                    view: viewID(of: decision.recognizer),
                    kind: .decision(decision: name, reason: reason, source: source(decision.location)))
                if case .failedByTransition = decision.reason {
                    entry.compared = compared(decision.recognizer, decision.location)
                }
                entry.origin = TimelineEntry.Origin(recognizer: engine.declaration(of: decision.recognizer), location: decision.location)
                record(entry)
            }
        }
    }

    private func recognizerName(_ instance: RecognizerInstance) -> String {
        engine.declaration(of: instance).map { program.recognizers[$0].name } ?? "?"
    }

    private func viewID(of instance: RecognizerInstance) -> String {
        engine.view(of: instance).map(viewID) ?? "?"
    }

    /// "pan on scroller".
    private func name(_ instance: RecognizerInstance) -> String {
        "\(recognizerName(instance)) on \(viewID(of: instance))"
    }

    /// The comparisons of the row's last firing for the recognizer.
    private func compared(_ recognizer: RecognizerInstance, _ row: SourceLocation) -> [TimelineEntry.Compared] {
        (lastFired[FiredRowKey(recognizer: recognizer, row: row)] ?? []).map {
            TimelineEntry.Compared(ordinal: $0.ordinal, left: $0.left, right: $0.right)
        }
    }

    private func source(_ location: SourceLocation) -> String {
        let file = location.file < program.files.count ? program.files[location.file] : "?"
        return "\(file):\(location.line):\(location.column)"
    }

    private func describe(_ reason: GestureDecision.Reason, of recognizer: RecognizerInstance) -> (TimelineEntry.Decision, String) {
        switch reason {
        case .failedByTransition: (.failed, TimelineExplanation.failedByRow)
        case .failedIdle: (.failed, "no touch or timer left to move it (R33)")
        case .excluded(let winner): (.excluded, "excluded by \(name(winner))")
        case .requiredRecognized(let other): (.failed, "\(name(other)), which it requires to fail, recognized")
        case .vetoedShouldBegin: (.vetoed, "its shouldBegin answered false")
        case .vetoedByView(let view): (.vetoed, "view \(viewID(view))'s shouldBegin answered false")
        case .claimedByControl(let view): (.vetoed, "control \(viewID(view))'s own action takes the touch (R44)")
        case .keptByView(let view): (.vetoed, "view \(viewID(view)) tracks the touch and keeps it from the scroll (R79)")
        case .refusedTouch(let id): (.refused, "its shouldReceiveTouch refused touch \(id)")
        case .otherTouchType(let id, let type):
            (
                .refused,
                engine.declaration(of: recognizer).map { program.recognizers[$0].allowedTouchTypes.contains(type) } == true
                    ? "touch \(id) is \(type.name), and its sequence began with another type (R87)"
                    : "touch \(id) is \(type.name), a type it does not take (R87)"
            )
        case .held(let other): (.held, "waiting for \(name(other)) to fail")
        case .released: (.released, "every recognizer it waited for failed")
        case .simultaneous(let other): (.simultaneous, "may recognize together with \(name(other))")
        case .notPrevented(let other): (.notPrevented, "\(name(other)) cannot prevent it")
        case .disabled: (.disabled, "disabled by the app")
        case .ignoredTouch(let id): (.ignored, "ignored touch \(id)")
        case .reset: (.reset, "its sequence is over")
        case .interrupted: (.interrupted, "the system interrupted the touches")
        case .viewRemoved(let view):
            (
                .removed,
                engine.view(of: recognizer) == view
                    ? "its view was removed" : "view \(viewID(view)), which holds its view, was removed"
            )
        }
    }
}
