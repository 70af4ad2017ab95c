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
    static let systemTakesTheSwipe = LintRuleInfo(
        id: "GDL224", name: "system-takes-the-swipe", severity: .warning,
        summary: "a recognizer that only an edge can start loses its swipe to the system's gesture there",
        explanation: """
            The system's edge gestures (the home swipe up from the bottom edge, Notification
            Center and Control Center down from the top, docs/devices.md) take a swipe that
            starts in their zone before the app sees it: on iOS the app's touches there are
            held until the system gives up (docs/semantics.md §K). A recognizer that
            recognizes a swipe from the zone when the app is alone, does not with the system
            around it, and cannot be started from outside the zone (a screen-edge pan of that
            edge; in a scene, a view at least half inside the zone) never works for a user.
            The finding names the device and carries the swipe.

            Fixes: start the gesture away from the edge (a handle above the home indicator),
            or defer the edge (`defersSystemGestures: down` on the screen's root role, iOS),
            which costs the user a second swipe to go home (GDL225).

            Triggers (on iphone-14):

                view window
                recognizer openTray = screenEdgePan(edges: down) on window

            Does not: `pan on window`, which a user starts anywhere.
            """)

    static let winsOnlyByDeferral = LintRuleInfo(
        id: "GDL225", name: "wins-only-by-deferral", severity: .warning,
        summary: "a recognizer that only an edge can start wins there because the edge is deferred, which costs the system's gesture a second swipe",
        explanation: """
            Deferring an edge (`defersSystemGestures`, UIKit's
            `preferredScreenEdgesDeferringSystemGestures`) gives the app the first swipe from
            it; the system takes a second swipe made soon after (docs/devices.md gives the
            time, chosen). The app's gesture works, and every user who meant the system's
            gesture swipes twice: Apple's guidelines keep deferral for games and full-screen
            media. The finding shows the two swipes. Suppress it with a reason where the
            trade is meant.

            Triggers (on iphone-14):

                view window { defersSystemGestures: down }
                recognizer openTray = screenEdgePan(edges: down) on window

            Does not: the same gesture started away from the edge, with no deferral.
            """)

    static let backSwipeConflict = LintRuleInfo(
        id: "GDL226", name: "back-swipe-conflict", severity: .warning,
        summary: "a recognizer that takes the back swipe from the app, or loses its edge swipe to the system's back",
        explanation: """
            On iOS the back swipe of a pushed screen is the navigation controller's
            `interactivePopGestureRecognizer`, a screen-edge pan of the left edge that the app
            sees: a spec declares it with `backSwipe: true`. A recognizer that recognizes a
            swipe from its edge while it does not (a horizontal scroll view, a drawer's edge
            pan) takes the back swipe away. The idiomatic fix is the other recognizer
            requiring it to fail (`scroll requires back to fail`).

            With Android's gesture navigation the back swipe is the system's, inwards from the
            left and right edges; the app's `backSwipe` recognizer stands aside. An app
            recognizer that only an edge swipe starts (a drawer) loses it to the system. Fix:
            `excludesSystemGestures: true` on the drawer's handle (within the 200 dp the
            system honours, GDL227), or open the drawer from a button.

            Triggers (on iphone-14):

                view window { view page }
                recognizer back = screenEdgePan(edges: left) on window { backSwipe: true }
                recognizer drawer = screenEdgePan(edges: left) on page

            Does not: the same with `drawer requires back to fail`.
            """)

    static let exclusionNotHonoured = LintRuleInfo(
        id: "GDL227", name: "exclusion-not-honoured", severity: .warning,
        summary: "an exclusion area past the system's 200 dp budget on an edge, or inside the mandatory gesture insets",
        explanation: """
            Android honours at most 200 dp of exclusion areas in vertical extent on each side
            edge, and none inside the mandatory system gesture insets (the home swipe's bottom
            zone): what lies beyond is the system's (`WindowInsets`,
            `View.setSystemGestureExclusionRects`). With a scene on a device that has them,
            lint adds up the frames of the views whose role has `excludesSystemGestures: true`
            and shows a swipe the system still takes from a part not honoured.

            Triggers (pixel-7): a full-height side panel with `excludesSystemGestures: true`.

            Does not: a 48 dp drawer handle with it.
            """)

    static let deferralUnneeded = LintRuleInfo(
        id: "GDL228", name: "deferral-unneeded", severity: .warning,
        summary: "an edge deferred where no recognizer needs the swipe from it",
        explanation: """
            Deferral makes every user swipe twice for the system's gesture at that edge
            (GDL225). Where no recognizer of the set needs a swipe from the edge (none that
            only the edge starts wins there thanks to the deferral), or the device has no
            system gesture at that edge, the deferral costs users and buys nothing. Checked on
            iOS devices, where deferral exists.

            Triggers (on iphone-14):

                view window { defersSystemGestures: down }
                recognizer scroll = pan on window

            Does not: a bottom-edge pan that needs the edge (GDL225 says what it costs).
            """)

    static let targetInDelayZone = LintRuleInfo(
        id: "GDL229", name: "target-in-delay-zone", severity: .warning,
        summary: "a view with recognizers whose touch target reaches into a zone where the system holds touches back",
        explanation: """
            iOS holds a touch that starts in a system gesture's zone from the app while it may
            still be the system's swipe: a button at the bottom edge highlights late, and a tap
            there begins only when the finger lifts. Apple documents neither the hold nor its
            length; developers report it (about a second for a finger held still), and the
            simulation holds a touch at most that long (docs/devices.md). With a scene, lint
            taps the part of each target that
            lies in such a zone (a quarter of the target or its centre) and reports the delay
            the tap met.

            Triggers (iphone-14): a 44 pt button whose frame ends at the bottom edge.

            Does not: the same button above the home indicator (the bottom safe area).
            """)

    /// The rules' ids, to tell their findings apart.
    package static var ids: Set<DiagnosticID> { Set(infos.map(\.id)) }

    static let infos = [
        systemTakesTheSwipe, winsOnlyByDeferral, backSwipeConflict, exclusionNotHonoured, deferralUnneeded, targetInDelayZone,
    ]

    /// The devices a set is put on: `--device`, else the scene's own.
    static func devices(_ options: LintOptions, set: String) -> [DeviceProfile] {
        if !options.devices.isEmpty { return options.devices }
        if let scene = options.scene, scene.set == set, let device = scene.scene.device { return [device] }
        return []
    }

    static func check(_ context: inout LintContext, on device: DeviceProfile) {
        var prober = Prober(context: context, device: device)
        for layout in prober.layouts() {
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
private struct Prober {
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
    private var neededDeferrals: GestureDirections = []
    /// Each recognizer is reported once per rule and edge, at the first place that
    /// shows it: a list's cells along an edge are one finding, not one a cell.
    private var reported: Set<String> = []

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
        var views: [Exploration.Place.View]
        /// Each view's window frame, and where its recognizers may be touched: the window
        /// frame of its target.
        var frames: [Rect?]
        var targets: [Rect?]
        /// Scene ranges of the views, for findings at them; nil for a role laid out alone.
        var ranges: [SourceRange]?
        var isScene: Bool { ranges != nil }
    }

    /// The scene's views, or each role with recognizers on its path laid out alone over
    /// the window.
    func layouts() -> [Layout] {
        if let scene {
            var hit = Scene()
            for view in scene.views { hit.add(parent: view.parent, frame: view.frame, properties: view.properties) }
            let views = scene.views.map {
                Exploration.Place.View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties)
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
            let chain = Exploration.chain(to: role, in: program)
            guard chain.contains(where: withRecognizers.contains) else { continue }
            laidOut += chain.count
            guard laidOut <= Self.maximumLaidOutViews else { break }
            let views = chain.enumerated().map { index, role in
                Exploration.Place.View(
                    id: program.views[role].name, role: role, parent: index == 0 ? nil : index - 1, frame: window,
                    properties: Exploration.explorationProperties(program.views[role]))
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

    func run(_ probe: Probe, on layout: Layout, device: DeviceProfile) -> Outcome {
        let range = SourceRange(file: FileID(0), start: 0, end: 0)
        let views = layout.views.map {
            SceneDescription.View(id: $0.id, role: $0.role, parent: $0.parent, frame: $0.frame, properties: $0.properties, range: range)
        }
        guard var simulation = try? Simulation(program: program, scene: SceneDescription(views: views, device: device), blank: blank)
        else {
            return Outcome()
        }
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
        Trace(events: probe.events.map { Trace.Event(time: $0.time, action: .touches($0.changes.map { ($0, range) }), range: range) })
    }

    func counterexample(_ probe: Probe, on layout: Layout) -> Counterexample {
        Exploration.counterexample(
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

    private func format(_ point: Point) -> String {
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

    mutating func probeZones(_ layout: Layout, into context: inout LintContext) {
        let backSwipes = Set(program.recognizers.filter(\.backSwipe).map(\.name))
        for gesture in device.systemGestures {
            let zone = gesture.zone(in: device.window)
            for start in starts(in: zone, of: layout) {
                let probe = swipe(from: start.point, gesture)
                let withSystem = run(probe, on: layout, device: device)
                let appAlone = run(probe, on: layout, device: alone)
                // Inwards past the zone and twice the system's distance: where a user
                // could start the same gesture instead.
                let reach = gesture.depth + 2 * gesture.distance
                let outside = Point(x: start.point.x + gesture.inward.x * reach, y: start.point.y + gesture.inward.y * reach)
                var elsewhere: Outcome?
                func needsEdge(_ name: String) -> Bool {
                    if layout.isScene && start.share >= 0.5 { return true }
                    let outcome = elsewhere ?? run(swipe(from: outside, gesture), on: layout, device: alone)
                    elsewhere = outcome
                    return !outcome.recognized.contains(name)
                }
                for name in appAlone.recognized where !backSwipes.contains(name) && needsEdge(name) {
                    guard let recognizer = program.recognizers.firstIndex(where: { $0.name == name }) else { continue }
                    let location = program.recognizers[recognizer].location
                    if !withSystem.recognized.contains(name), withSystem.systemTook {
                        let rule = gesture.navigatesBack ? SystemRules.backSwipeConflict : SystemRules.systemTakesTheSwipe
                        guard options.runs(rule), reported.insert("\(rule.id) \(name) \(gesture.edge)").inserted else { continue }
                        let what = gesture.navigatesBack ? "the system's back swipe" : "the system's \(gesture.name) gesture"
                        context.report(
                            rule,
                            "'\(name)' loses \(probe.summary) to \(what) on \(device.name): the system takes swipes from "
                                + "\(gesture.edge.words) (\(NumberText.format(gesture.depth)) pt), and nothing else starts it",
                            at: location,
                            notes: [
                                Note(
                                    gesture.excludable && layout.views.contains(where: { program.views[$0.role].excludesSystemGestures })
                                        ? "the app's claims on this edge are not honoured here: they pass the \(NumberText.format(device.exclusionLimit ?? 0)) dp the system honours (GDL227)"
                                        : gesture.excludable
                                            ? "claim the place with 'excludesSystemGestures: true' on its view's role (Android honours 200 dp an edge), or start it away from the edge"
                                            : gesture.deferrable
                                                ? "start it away from the edge, or defer the edge ('defersSystemGestures: \(gesture.edge.rawValue)', at the cost of GDL225)"
                                                : "start it away from the edge: no app can claim this zone", at: context.range(location))
                            ],
                            counterexample: counterexample(probe, on: layout))
                    } else if withSystem.recognized.contains(name), withSystem.deferred {
                        neededDeferrals.insert(gesture.edge.direction)
                        guard options.runs(SystemRules.winsOnlyByDeferral),
                            reported.insert("\(SystemRules.winsOnlyByDeferral.id) \(name) \(gesture.edge)").inserted
                        else { continue }
                        let twice = swipe(from: start.point, gesture, again: true)
                        context.report(
                            SystemRules.winsOnlyByDeferral,
                            "'\(name)' wins \(probe.summary) on \(device.name) only because the edge is deferred: "
                                + "the system's \(gesture.name) gesture now takes a second swipe within "
                                + "\(NumberText.format(gesture.secondSwipe ?? 0)) s",
                            at: location, counterexample: counterexample(twice, on: layout))
                    }
                }
            }
        }
    }

    // MARK: - GDL226 (iOS): the app's back swipe taken

    func probeBackSwipes(_ layout: Layout, into context: inout LintContext) {
        guard !device.systemOwnsBackSwipe, options.runs(SystemRules.backSwipeConflict) else { return }
        let roles = Set(layout.views.map(\.role))
        for back in program.recognizers.indices where program.recognizers[back].backSwipe && roles.contains(program.recognizers[back].role) {
            let edges = GestureDirections(reported: context.argument("edges", of: back) ?? 1)
            let inset = min(5, (context.argument("edgeWidth", of: back) ?? 20) / 2)
            for edge in SystemGesture.Edge.allCases where edges.contains(edge.direction) {
                // The back swipe as a system gesture of that edge, for the probe's shape.
                let shape = SystemGesture(name: "back", edge: edge, depth: inset * 2, distance: 10)
                let probe = swipe(from: shape.point(in: device.window, inset: inset, at: 0.5), shape)
                let outcome = run(probe, on: layout, device: device)
                let backName = program.recognizers[back].name
                guard !outcome.recognized.contains(backName), let taker = outcome.recognized.first,
                    let recognizer = program.recognizers.firstIndex(where: { $0.name == taker })
                else { continue }
                context.report(
                    SystemRules.backSwipeConflict,
                    "'\(taker)' takes the back swipe from \(edge.words) on \(device.name): '\(backName)' never begins",
                    at: program.recognizers[recognizer].location,
                    notes: [
                        context.note(
                            "'\(backName)' stands for the navigation's back swipe (backSwipe: true)", at: program.recognizers[back].location),
                        Note("let it go first: '\(taker) requires \(backName) to fail'", at: context.range(program.recognizers[recognizer].location)),
                    ],
                    counterexample: counterexample(probe, on: layout))
            }
        }
    }

    // MARK: - GDL227

    func probeExclusions(_ layout: Layout, into context: inout LintContext) {
        guard options.runs(SystemRules.exclusionNotHonoured), let ranges = layout.ranges else { return }
        let claims = layout.views.indices.filter { program.views[layout.views[$0].role].excludesSystemGestures }
        guard !claims.isEmpty else { return }
        let areas = claims.compactMap { layout.frames[$0] }
        for gesture in device.systemGestures {
            let zone = gesture.zone(in: device.window)
            let honoured = device.honoured(areas, for: gesture)
            for index in claims {
                guard let part = layout.frames[index]?.intersection(zone) else { continue }
                // The first point of the part, from its top, that the system does not honour.
                var point: Point?
                var y = part.y + 1
                while y < part.y + part.height, point == nil {
                    let candidate = Point(x: part.x + part.width / 2, y: y)
                    if !honoured.contains(where: { $0.contains(candidate) }) { point = candidate }
                    y += 4
                }
                guard let point else { continue }
                let probe = swipe(from: point, gesture)
                guard run(probe, on: layout, device: device).systemTook else { continue }
                let view = layout.views[index]
                let why =
                    gesture.excludable
                    ? "past the \(NumberText.format(device.exclusionLimit ?? 0)) dp of exclusions \(device.name) honours on \(gesture.edge.words)"
                    : "inside the mandatory system gesture insets of \(gesture.edge.words), which no app can claim"
                context.report(
                    SystemRules.exclusionNotHonoured,
                    "view '\(view.id)' claims part of the system's \(gesture.name) zone \(why): a swipe from \(format(point)) is still the system's",
                    range: ranges[index],
                    notes: [
                        context.note("its role '\(program.views[view.role].name)' has excludesSystemGestures", at: program.views[view.role].location)
                    ],
                    counterexample: counterexample(probe, on: layout))
            }
        }
    }

    // MARK: - GDL228

    func reportUnneededDeferrals(into context: inout LintContext) {
        guard device.platform == .iOS, options.runs(SystemRules.deferralUnneeded) else { return }
        for role in program.views where !role.defersSystemGestures.isEmpty {
            for edge in SystemGesture.Edge.allCases where role.defersSystemGestures.contains(edge.direction) {
                let deferrable = device.systemGestures.contains { $0.edge == edge && $0.deferrable }
                guard !deferrable || !neededDeferrals.contains(edge.direction) else { continue }
                context.report(
                    SystemRules.deferralUnneeded,
                    deferrable
                        ? "'\(role.name)' defers \(edge.words) on \(device.name), but no recognizer needs a swipe from it: users swipe twice for the system's gesture for nothing"
                        : "'\(role.name)' defers \(edge.words), where \(device.name) has no system gesture",
                    at: role.location)
            }
        }
    }

    // MARK: - GDL229

    func probeDelays(_ layout: Layout, into context: inout LintContext) {
        guard options.runs(SystemRules.targetInDelayZone), let ranges = layout.ranges else { return }
        var reported: Set<Int> = []
        for gesture in device.systemGestures {
            guard let delay = gesture.delay else { continue }
            let zone = gesture.zone(in: device.window)
            for start in starts(in: zone, of: layout) where !reported.contains(start.view) {
                guard let target = layout.targets[start.view],
                    start.share >= 0.25 || zone.contains(Point(x: target.x + target.width / 2, y: target.y + target.height / 2))
                else { continue }
                let probe = tap(at: start.point)
                let view = layout.views[start.view]
                let late = run(probe, on: layout, device: device).firstBegan[view.id]
                guard let early = run(probe, on: layout, device: alone).firstBegan[view.id], let late, late > early else { continue }
                reported.insert(start.view)
                context.report(
                    SystemRules.targetInDelayZone,
                    "view '\(view.id)' reaches into the zone of the system's \(gesture.name) gesture (\(gesture.edge.words), "
                        + "\(NumberText.format(gesture.depth)) pt) on \(device.name): a tap there began "
                        + "\(NumberText.format(((late - early) * 1000).rounded())) ms late, when the finger lifted",
                    range: ranges[start.view],
                    notes: [
                        Note(
                            "Apple publishes no figure for this hold; the simulation holds a touch at most \(NumberText.format(delay)) s, as developers report (docs/devices.md). "
                                + "Keep the target out of the bottom safe area, or defer the edge", at: ranges[start.view])
                    ],
                    counterexample: counterexample(probe, on: layout))
            }
        }
    }
}
