import GestureRuntime

/// Where the spec's engine and UIKit disagreed about one recognizer on one view
/// (docs/recording.md, "Shadow mode"): what each said since they last agreed.
public struct ShadowDivergence: Sendable, Hashable, CustomStringConvertible {
    /// When it was found: the time of the first state one side said and the other did
    /// not, or of the two states that differ.
    public var time: Double
    public var recognizer: String
    /// The view's id in the recording (`scroller1`).
    public var view: String
    /// The states the engine's recognizer reported since the last agreement.
    public var engine: [ObservedState]
    /// The states UIKit's target-action reported since the last agreement.
    public var uikit: [ObservedState]

    public init(time: Double, recognizer: String, view: String, engine: [ObservedState], uikit: [ObservedState]) {
        self.time = time
        self.recognizer = recognizer
        self.view = view
        self.engine = engine
        self.uikit = uikit
    }

    /// `at 1.25 s, pan on scroller1: the spec's engine said began, changed; UIKit said nothing`.
    public var description: String {
        func said(_ states: [ObservedState]) -> String {
            states.isEmpty ? "nothing" : states.map(\.description).joined(separator: ", ")
        }
        return "at \(NumberText.format(time)) s, \(recognizer) on \(view): the spec's engine said \(said(engine)); UIKit said \(said(uikit))"
    }
}

/// The comparison of shadow mode, without UIKit or an engine: the states each side
/// reported, per recognizer and view, matched in order. Two states agree when they
/// are the same; a `changed` one side reports and the other does not is no
/// divergence (a recognizer's moves are reported once an event, and one side may
/// begin an event earlier), unless it is all that side said for longer than
/// `tolerance`. A state one side reported that the other has not matched within
/// `tolerance` is a divergence, and so are two states that differ. After a
/// divergence the pair starts afresh, so that one disagreement is reported once.
public struct ShadowComparison: Sendable {
    /// How long one side may report a state before the other (UIKit's target-action
    /// arrives after the event that caused it; a timer fires a frame apart).
    public var tolerance: Double

    private struct Key: Hashable {
        var recognizer: String
        var view: String
    }

    private typealias Pair = (key: Key, engine: [(ObservedState, Double)], uikit: [(ObservedState, Double)])
    /// Every pair met, kept with its buffers once empty, in an array (whose elements
    /// change in place, where a dictionary's values would be copied): an event that
    /// matches what both said allocates nothing.
    private var pairs: [Pair] = []
    private var pairIndices: [Key: Int] = [:]
    /// Whether anything is pending, to skip the walk.
    private var waiting = 0

    public init(tolerance: Double = 0.1) {
        self.tolerance = tolerance.isFinite && tolerance >= 0 ? tolerance : 0.1
    }

    /// The spec's engine reported `state` for `recognizer` on `view`.
    public mutating func engine(_ recognizer: String, on view: String, _ state: ObservedState, time: Double) {
        pairs[pair(Key(recognizer: recognizer, view: view))].engine.append((state, time))
        waiting += 1
    }

    /// UIKit's target-action reported `state` for `recognizer` on `view`.
    public mutating func uikit(_ recognizer: String, on view: String, _ state: ObservedState, time: Double) {
        pairs[pair(Key(recognizer: recognizer, view: view))].uikit.append((state, time))
        waiting += 1
    }

    private mutating func pair(_ key: Key) -> Int {
        if let index = pairIndices[key] { return index }
        pairs.append((key, [], []))
        pairIndices[key] = pairs.count - 1
        return pairs.count - 1
    }

    /// Matches a pair's states, first to first, as far as they agree; returns the time
    /// and states of a divergence, and then empties the pair.
    private static func match(
        _ pair: inout Pair, at now: Double, tolerance: Double
    ) -> (time: Double, engine: [ObservedState], uikit: [ObservedState])? {
        var diverged: Double?
        while diverged == nil, !pair.engine.isEmpty || !pair.uikit.isEmpty {
            guard let engine = pair.engine.first else {
                if let uikit = pair.uikit.first, now - uikit.1 > tolerance { diverged = uikit.1 }
                break
            }
            guard let uikit = pair.uikit.first else {
                if now - engine.1 > tolerance { diverged = engine.1 }
                break
            }
            if engine.0 == uikit.0 {
                pair.engine.removeFirst()
                pair.uikit.removeFirst()
            } else if engine.0 == .changed {
                pair.engine.removeFirst()
            } else if uikit.0 == .changed {
                pair.uikit.removeFirst()
            } else {
                diverged = min(engine.1, uikit.1)
            }
        }
        guard let time = diverged else { return nil }
        let divergence = (time, pair.engine.map(\.0), pair.uikit.map(\.0))
        pair.engine.removeAll(keepingCapacity: true)
        pair.uikit.removeAll(keepingCapacity: true)
        return divergence
    }

    /// Matches what both sides said; returns the divergences found by `now`, in the
    /// order of their times, then of their recognizers and views.
    public mutating func check(at now: Double) -> [ShadowDivergence] {
        guard waiting > 0 else { return [] }
        waiting = 0
        var found: [ShadowDivergence] = []
        for index in pairs.indices {
            guard let divergence = Self.match(&pairs[index], at: now, tolerance: tolerance) else {
                waiting += pairs[index].engine.count + pairs[index].uikit.count
                continue
            }
            let key = pairs[index].key
            found.append(
                ShadowDivergence(
                    time: divergence.time, recognizer: key.recognizer, view: key.view, engine: divergence.engine,
                    uikit: divergence.uikit))
        }
        guard found.count > 1 else { return found }
        return found.sorted { ($0.time, $0.recognizer, $0.view) < ($1.time, $1.recognizer, $1.view) }
    }
}

/// Shadow mode (docs/recording.md): a `SessionRecorder` of an app that keeps
/// UIKit's recognizers, with the spec's engine run beside UIKit on the same touches,
/// through a `GestureHost` whose actions reach no handler of the app's. What the
/// engine's recognizers report is compared with what UIKit's target-action reports
/// (`ShadowComparison`); each divergence goes to `onDivergence` with the recording as
/// it is then, so that the report comes with the touches that caused it.
///
/// A view joins the engine as the role of the spec named like its recording role; a
/// view whose role the spec does not declare, or may not sit where it is, is recorded
/// but not in the engine (`problems` says so), and its touches are hit-tested there.
public final class ShadowSession<Gestures: GestureSet, PlatformTouch: Hashable, PlatformView: Hashable> {
    public typealias TouchInput = SessionRecorder<PlatformTouch, PlatformView>.TouchInput
    public typealias ViewSighting = SessionRecorder<PlatformTouch, PlatformView>.ViewSighting

    public let recorder: SessionRecorder<PlatformTouch, PlatformView>
    public let host: GestureHost<Gestures, PlatformTouch, PlatformView>
    public private(set) var comparison: ShadowComparison
    /// Each divergence and the recording when it was found.
    public var onDivergence: ((ShadowDivergence, String) -> Void)?
    /// What the engine refused, in words, the latest last (at most 100).
    public private(set) var problems: [String] = []

    private var inEngine: [PlatformView: (role: Gestures.View, parent: PlatformView?)] = [:]
    /// The engine's touches of an event, kept.
    private var forEngine: [TouchInput] = []
    private let roles: [String: Gestures.View]

    public init(
        program: GestureProgram = Gestures.program, windowSize: Point, tolerance: Double = 0.1,
        settings: FlightRecorderSettings = FlightRecorderSettings()
    ) throws {
        recorder = SessionRecorder(windowSize: windowSize, setName: program.name, settings: settings)
        host = try GestureHost(program: program, windowSize: windowSize)
        comparison = ShadowComparison(tolerance: tolerance)
        var roles: [String: Gestures.View] = [:]
        for (index, role) in program.views.enumerated() {
            if let name = Gestures.View(rawValue: index) { roles[role.name] = name }
        }
        self.roles = roles
        for index in program.recognizers.indices {
            guard let recognizer = Gestures.Recognizer(rawValue: index) else { continue }
            let name = program.recognizers[index].name
            // Weak: the host is public, and may be kept and called after the session.
            host.onAction(of: recognizer) { [weak self] action in
                guard let self, let view = action.view, let id = recorder.recordedID(of: view) else { return }
                let state: ObservedState =
                    switch action.phase {
                    case .began: .began
                    case .changed: .changed
                    case .ended: .ended
                    case .cancelled: .cancelled
                    }
                comparison.engine(name, on: id, state, time: action.time)
            }
        }
    }

    /// The views that carry recognizers, as `SessionRecorder.observe` takes them; the
    /// engine's scene follows.
    public func observe(_ sightings: [ViewSighting], time: Double) {
        recorder.observe(sightings, time: time)
        var parents: [PlatformView: PlatformView?] = [:]
        for sighting in sightings { parents[sighting.view] = sighting.parent }
        for (view, entry) in inEngine where parents[view].map({ $0 != entry.parent }) ?? true {
            guard host.contains(view) else { continue }
            attempt { try host.unregister(view, timestamp: time) }
        }
        inEngine = inEngine.filter { host.contains($0.key) }
        for sighting in sightings {
            if inEngine[sighting.view] != nil {
                attempt { try host.layout(sighting.view, frame: sighting.frame) }
                attempt { try host.scroll(sighting.view, to: sighting.boundsOrigin) }
                continue
            }
            guard let role = roles[sighting.role] else {
                note("role '\(sighting.role)' is not one of \(Gestures.self)'s: the view is recorded, not in the engine")
                continue
            }
            let parent = sighting.parent.flatMap { inEngine[$0] == nil ? nil : $0 }
            let joined = attempt {
                try host.register(sighting.view, role: role, parent: parent, frame: sighting.frame)
                try host.scroll(sighting.view, to: sighting.boundsOrigin)
            }
            if joined { inEngine[sighting.view] = (role, parent) }
        }
        report(at: time)
    }

    /// One platform event's touches, as `SessionRecorder.handle(wholeEvent:timestamp:)`
    /// takes them: recorded, then handed to the engine, whose timers due before it fire
    /// first.
    public func handle(wholeEvent inputs: [TouchInput], timestamp: Double) {
        recorder.handle(wholeEvent: inputs, timestamp: timestamp)
        forEngine.removeAll(keepingCapacity: true)
        for var input in inputs {
            // The engine hit-tests a touch on a view it does not have.
            if input.phase != .began || input.view.map({ inEngine[$0] == nil }) == true { input.view = nil }
            forEngine.append(input)
        }
        attempt { try host.handle(wholeEvent: forEngine, timestamp: timestamp) }
        report(at: timestamp)
    }

    /// What UIKit decided, from a recognizer's target-action.
    public func saw(_ recognizer: String, on view: PlatformView, _ state: ObservedState, time: Double) {
        recorder.saw(recognizer, on: view, state, time: time)
        if let id = recorder.recordedID(of: view) { comparison.uikit(recognizer, on: id, state, time: time) }
    }

    /// The clock reached `time`: the engine's timers due fire, and what neither side
    /// matched in time is a divergence. The adapter calls it from a timer.
    public func tick(at time: Double) {
        attempt { try host.tick(at: time) }
        report(at: time)
    }

    /// The app resigned active.
    public func interrupt(time: Double) {
        recorder.interrupt(time: time)
        attempt { try host.interrupt(timestamp: time) }
        report(at: time)
    }

    private func report(at time: Double) {
        let found = comparison.check(at: time)
        guard !found.isEmpty else { return }
        let recording = recorder.recording()
        for divergence in found { onDivergence?(divergence, recording) }
    }

    @discardableResult
    private func attempt(_ call: () throws -> Void) -> Bool {
        do {
            try call()
            return true
        } catch {
            note("the engine refused a call: \(error)")
            return false
        }
    }

    private func note(_ problem: String) {
        if problems.count == 100 { problems.removeFirst() }
        problems.append(problem)
    }
}
