import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// The rules that put a set on a device (`lint --device`, or a `--scene` that names
/// one): the system's edge gestures compete for the touches (docs/semantics.md §K).
///
/// Each runs `gesturec simulate`'s engine with the device's system around the app
/// (`Simulation`), on the inputs that meet a system gesture: from every place along
/// each zone, a quick one-finger swipe inwards (240 pt in 0.2 s, past every standard
/// kind's threshold) and a tap. A place is a view with recognizers whose touch target
/// reaches into the zone, at the middle of that part; without a scene, each role with
/// recognizers on its path is laid out alone over the whole window, and probed at the
/// zone's middle. A run with the system is compared with the same run with the
/// system's zones emptied: what the app does alone on that device. Every finding
/// carries the run that shows it, which `simulate` replays.
package enum SystemRules {
    /// The rules' ids, to tell their findings apart.
    package static var ids: Set<DiagnosticID> { Set(infos.map(\.id)) }

    static let infos = [
        SystemTakesTheSwipe.info, WinsOnlyByDeferral.info, BackSwipeConflict.info, ExclusionNotHonoured.info, DeferralUnneeded.info,
        TargetInDelayZone.info,
    ]

    /// The devices a set is put on: `--device`, else the scene's own.
    static func devices(_ options: LintOptions, set: String) -> [DeviceProfile] {
        if !options.devices.isEmpty { return options.devices }
        if let scene = options.scene, scene.set == set, let device = scene.scene.device { return [device] }
        return []
    }

    static func check(_ context: inout LintContext, on device: DeviceProfile) {
        var prober = SystemProber(context: context, device: device)
        for unprepared in prober.layouts() {
            // One layout's simulations at a time: a set of many roles keeps few alive.
            let layout = prober.prepared(unprepared)
            prober.probeZones(layout, into: &context)
            prober.probeBackSwipes(layout, into: &context)
            if layout.isScene {
                prober.probeExclusions(layout, into: &context)
                prober.probeDelays(layout, into: &context)
            }
        }
        prober.reportUnneededDeferrals(into: &context)
    }
}

/// Runs the probes of one set on one device.
struct SystemProber {
    let program: GestureProgram
    let device: DeviceProfile
    let options: LintOptions
    let scene: SceneDescription?
    /// The same device with every zone empty: the app alone on it.
    let alone: DeviceProfile
    /// An engine of the program with no views, copied by every run rather than the
    /// program validated again.
    let blank: GestureEngine?
    /// The edges some recognizer needs deferred on this device.
    var neededDeferrals: GestureDirections = []
    /// Each recognizer is reported once per rule and edge, at the first place that
    /// shows it: a list's cells along an edge are one finding, not one a cell.
    var reported: Set<String> = []

    /// The most views all the layouts of a set without a scene may hold: each role's
    /// chain of parents is laid out, so a chain of n nested roles costs n²; past this,
    /// the deepest roles are left out (docs/limits.md).
    static let maximumLaidOutViews = 20_000
    /// The most places probed along one zone of a scene (docs/limits.md).
    static let maximumStartsPerZone = 32

    init(context: LintContext, device: DeviceProfile) {
        program = context.program
        self.device = device
        options = context.options
        scene = context.options.scene.flatMap { $0.set == context.program.name ? $0.scene : nil }
        var alone = device
        for index in alone.systemGestures.indices { alone.systemGestures[index].depth = 0 }
        self.alone = alone
        blank = try? GestureEngine(program: context.program)
    }

    /// Views in the device's window, parents first.
    struct Layout {
        var views: [Place.View]
        /// Each view's window frame, and where its recognizers may be touched: the window
        /// frame of its target.
        var frames: [Rect?]
        var targets: [Rect?]
        /// Scene ranges of the views, for findings at them; nil for a role laid out alone.
        var ranges: [SourceRange]?
        var isScene: Bool { ranges != nil }
        /// The layout before any touch, on the device and with the app alone on it,
        /// built once: each probe runs a copy, so a probe of a scene of thousands of
        /// views costs a copy, not the scene built again.
        var onDevice: Simulation?
        var appAlone: Simulation?
    }

    /// The layout's starting simulations (`Layout.onDevice`, `Layout.appAlone`).
    func prepared(_ layout: Layout) -> Layout {
        let range = SourceRange(file: FileID(0), start: 0, end: 0)
        let views = layout.views.map {
            SceneDescription.View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties, range: range)
        }
        var layout = layout
        layout.onDevice = try? Simulation(program: program, scene: SceneDescription(views: views, device: device), blank: blank)
        layout.appAlone = try? Simulation(program: program, scene: SceneDescription(views: views, device: alone), blank: blank)
        return layout
    }

    /// The scene's views, or each role with recognizers on its path laid out alone over
    /// the window.
    func layouts() -> [Layout] {
        if let scene {
            var hit = Scene()
            for view in scene.views { hit.add(parent: view.parent, frame: view.frame, properties: view.properties) }
            let views = scene.views.map {
                Place.View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties)
            }
            return [
                Layout(
                    views: views, frames: scene.views.indices.map { hit.windowFrame(of: $0) },
                    targets: scene.views.indices.map { hit.touchTarget(of: $0) }, ranges: scene.views.map(\.range))
            ]
        }
        let withRecognizers = Set(program.recognizers.map(\.role))
        let window = Rect(x: 0, y: 0, width: device.window.x, height: device.window.y)
        var layouts: [Layout] = []
        var laidOut = 0
        for role in program.views.indices {
            let chain = Place.chain(to: role, in: program)
            guard chain.contains(where: withRecognizers.contains) else { continue }
            laidOut += chain.count
            guard laidOut <= Self.maximumLaidOutViews else { break }
            let views = chain.enumerated().map { index, role in
                Place.View(
                    id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: window,
                    properties: Place.explorationProperties(program.views[role]))
            }
            layouts.append(Layout(views: views, frames: views.map { _ in window }, targets: views.map { _ in window }, ranges: nil))
        }
        return layouts
    }

    // MARK: - Runs

    /// What a run did: the recognizers that began or recognized, in order, and when each
    /// view first received a touch.
    struct Outcome {
        var recognized: [String] = []
        var firstBegan: [String: Double] = [:]
        var deferred = false
        var systemTook = false
    }

    /// Runs a probe on the layout, on the device or, `alone`, with the app alone on it.
    func run(_ probe: Probe, on layout: Layout, alone: Bool = false) -> Outcome {
        guard var simulation = (alone ? layout.appAlone : layout.onDevice)?.copy() else { return Outcome() }
        let range = SourceRange(file: FileID(0), start: 0, end: 0)
        simulation.run(trace(probe, range: range), until: (probe.events.last?.time ?? 0) + 2)
        var outcome = Outcome()
        for entry in simulation.timeline {
            switch entry.kind {
            case .action(let state, _) where state == .began || state == .recognized:
                if entry.view == "system" {
                    outcome.systemTook = true
                } else if let name = entry.recognizer, !outcome.recognized.contains(name) {
                    outcome.recognized.append(name)
                }
            case .touches(.began, _) where outcome.firstBegan[entry.view] == nil:
                outcome.firstBegan[entry.view] = entry.time
            case .decision(.deferred, _, _):
                outcome.deferred = true
            default:
                break
            }
        }
        return outcome
    }

    private func trace(_ probe: Probe, range: SourceRange) -> Trace {
        Trace(
            events: probe.events.map { Trace.Event(time: $0.time, action: .touches($0.changes.map { Trace.Touch($0, range: range) }), range: range) })
    }

    func counterexample(_ probe: Probe, on layout: Layout) -> Counterexample {
        Counterexample.make(
            set: program.name, summary: probe.summary + " on \(device.name)", views: layout.views, of: program, hooks: [], probe: probe,
            device: device)
    }

    /// A quick one-finger swipe inwards from `start`: 240 pt in 0.2 s, then the lift;
    /// `again` repeats it half a second later (a deferred edge's second swipe).
    func swipe(from start: Point, _ gesture: SystemGesture, again: Bool = false) -> Probe {
        var events: [Probe.Event] = []
        for (swipe, id) in (again ? [0, 1] : [0]).map({ ($0, $0 + 1) }) {
            let t0 = Double(swipe) * 0.7
            events.append(Probe.Event(time: t0, changes: [TouchChange(id: id, phase: .down, location: start)]))
            var last = start
            for step in 1...8 {
                let distance = 30 * Double(step)
                last = Point(x: start.x + gesture.inward.x * distance, y: start.y + gesture.inward.y * distance)
                events.append(Probe.Event(time: t0 + 0.025 * Double(step), changes: [TouchChange(id: id, phase: .move, location: last)]))
            }
            events.append(Probe.Event(time: t0 + 0.21, changes: [TouchChange(id: id, phase: .up, location: last)]))
        }
        let words = "a swipe inwards from \(gesture.edge.words) at \(format(start))"
        return Probe(summary: again ? "\(words), twice" : words, events: events, fingers: 1)
    }

    /// A tap of 50 ms at `point`.
    func tap(at point: Point) -> Probe {
        Probe(
            summary: "a tap at \(format(point))",
            events: [
                Probe.Event(time: 0, changes: [TouchChange(id: 1, phase: .down, location: point)]),
                Probe.Event(time: 0.05, changes: [TouchChange(id: 1, phase: .up, location: point)]),
            ], fingers: 1)
    }

    func format(_ point: Point) -> String {
        "(\(NumberText.format((point.x * 10).rounded() / 10)), \(NumberText.format((point.y * 10).rounded() / 10)))"
    }

    /// Where the views with recognizers reach into `zone`: the middle of each part (the
    /// view, the point, and the share of its target inside), each point once; without a
    /// scene, the zone's middle on the deepest view.
    /// At most `maximumStartsPerZone` places, in the scene's order: each costs runs of
    /// the whole scene, so a scene of thousands of views along an edge stays linear.
    func starts(in zone: Rect, of layout: Layout) -> [(view: Int, point: Point, share: Double)] {
        let withRecognizers = Set(program.recognizers.map(\.role))
        var starts: [(view: Int, point: Point, share: Double)] = []
        for (index, view) in layout.views.enumerated() where withRecognizers.contains(view.role) {
            guard starts.count < Self.maximumStartsPerZone else { break }
            guard let target = layout.targets[index], let part = target.intersection(zone) else { continue }
            let point = Point(x: part.x + part.width / 2, y: part.y + part.height / 2)
            guard !starts.contains(where: { $0.point == point }) else { continue }
            let share = (part.width * part.height) / max(target.width * target.height, 1e-9)
            starts.append((index, point, share))
        }
        return layout.isScene ? starts : Array(starts.suffix(1))
    }

    // MARK: - GDL224, GDL225, GDL226 (Android)
}
