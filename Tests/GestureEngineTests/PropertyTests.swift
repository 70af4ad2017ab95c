import GestureRuntime
import TestSupport
import Testing

/// Seeded random touch streams over a scene where every kind and relation meets: the
/// engine never traps, and its outputs keep UIKit's invariants.
@Suite("Random touch streams")
struct PropertyTests {
    static let members = """
        view window { view scroller { view photo { view badge } } view toolbar }
        hook allowZoom
        recognizer single = tap on photo
        recognizer double = tap(taps: 2) on photo
        recognizer twoFinger = tap(touches: 2) on photo
        recognizer bounce = tap(minimumInterval: 50ms) on photo
        recognizer press = longPress on badge
        recognizer drag = pan(maximumTouches: 2) on scroller {
          shouldBegin: allowZoom || touchCount == 1; ignoresStationaryTouches: true
        }
        recognizer zoom = pinch on scroller
        recognizer spin = rotation on scroller
        recognizer flick = swipe(direction: left) on photo
        recognizer edge = screenEdgePan on window
        recognizer delay = touchDelay on scroller
        recognizer button = tap on toolbar
        recognizer toolbarDrag = pan(direction: horizontal) on toolbar
        single requires double to fail
        simultaneous zoom, spin
        press cannot prevent drag
        """
    static let views = ["window", "scroller", "photo", "badge", "toolbar"]

    /// The scene of every kind with touch types told apart (R87): a Pencil-only pan
    /// beside the photo's taps, a zoom that mixes fingers and pointers, a drag that
    /// passes the Pencil by. Its streams put down touches of every type.
    static let touchTypeMembers =
        members
        .replacingOccurrences(
            of: "recognizer zoom = pinch on scroller",
            with: "recognizer zoom = pinch on scroller { allowedTouchTypes: [direct, indirectPointer]; requiresExclusiveTouchType: false }"
        )
        .replacingOccurrences(
            of: "shouldBegin: allowZoom || touchCount == 1; ignoresStationaryTouches: true",
            with: "shouldBegin: allowZoom || touchCount == 1; ignoresStationaryTouches: true; allowedTouchTypes: [direct, indirect, indirectPointer]")
        + "\nrecognizer sketch = pan(hysteresis: 1pt) on photo { allowedTouchTypes: pencil }\nsimultaneous sketch, single\n"

    /// The scene with the pointer's inputs (R88–R90): the scroller's pan takes every
    /// scroll, the toolbar's drag wheels only; the pinch and rotation receive
    /// transforms; the badge and the toolbar have hovers; the photo's drag, which takes
    /// none, passes them all by.
    static let pointerMembers =
        members
        .replacingOccurrences(
            of: "shouldBegin: allowZoom || touchCount == 1; ignoresStationaryTouches: true",
            with: "shouldBegin: allowZoom || touchCount <= 1; ignoresStationaryTouches: true; allowedScrollTypes: all"
        )
        .replacingOccurrences(
            of: "recognizer toolbarDrag = pan(direction: horizontal) on toolbar",
            with: "recognizer toolbarDrag = pan(direction: horizontal) on toolbar { allowedScrollTypes: discrete }")
        + "\nrecognizer photoDrag = pan on photo\nrecognizer glow = hover on badge\nrecognizer barGlow = hover on toolbar\n"

    /// The same views with twins (`EngineTables.twinClass`): pans of one kind and
    /// arguments on nested views, recognizing together, one held by a requirement on
    /// the photo, one that ignores stationary touches (a lineage of its own), one whose
    /// hysteresis differs (another class); taps, long presses and pinches on two
    /// views each, whose rows run actions, start timers and ask to begin.
    static let twinMembers = """
        view window { view scroller { view photo { view badge } } view toolbar }
        recognizer single = tap on photo
        recognizer badgeSingle = tap on badge
        recognizer press = longPress on badge
        recognizer photoPress = longPress on photo
        recognizer windowDrag = pan on window { shouldRecognizeSimultaneously: true }
        recognizer drag = pan on scroller { shouldRecognizeSimultaneously: true }
        recognizer photoDrag = pan on photo { shouldRecognizeSimultaneously: true }
        recognizer badgeDrag = pan on badge { shouldRecognizeSimultaneously: true }
        recognizer stillDrag = pan on badge { shouldRecognizeSimultaneously: true; ignoresStationaryTouches: true }
        recognizer slowDrag = pan(hysteresis: 30pt) on photo { shouldRecognizeSimultaneously: true }
        recognizer zoom = pinch on scroller { shouldRecognizeSimultaneously: true }
        recognizer photoZoom = pinch on photo { shouldRecognizeSimultaneously: true }
        recognizer flick = swipe(direction: left) on photo
        recognizer toolbarDrag = pan on toolbar
        recognizer toolbarDrag2 = pan on toolbar { shouldBegin: touchCount == 1 }
        photoDrag requires flick to fail
        single requires photoPress to fail
        """

    /// The same views with failure requirements in chains, across related views and
    /// between timers of one deadline's reach: what the passes follow.
    static let requirementMembers = """
        view window { view scroller { view photo { view badge } } view toolbar }
        hook strict
        recognizer single = tap on photo
        recognizer double = tap(taps: 2) on photo
        recognizer triple = tap(taps: 3) on photo
        recognizer press = longPress on badge
        recognizer hold = longPress(minimumDuration: 300ms) on scroller
        recognizer drag = pan on scroller
        recognizer flick = swipe(direction: left) on photo
        recognizer button = tap on toolbar
        recognizer toolbarPress = longPress on toolbar
        recognizer toolbarDrag = pan on toolbar
        recognizer zoom = pinch on scroller
        single requires double to fail
        double requires triple to fail
        press requires hold to fail
        drag requires flick to fail
        flick requires press to fail where strict
        button requires toolbarPress to fail
        toolbarPress requires toolbarDrag to fail
        """

    /// Runs one stream of about `steps` events and returns the scenario. With `churn`,
    /// views also leave, with their subtrees, and views of their roles take their places
    /// under the same names (a cell recycled), fingers down or not; the stream's other
    /// events are the same.
    static func run(
        seed: UInt64, steps: Int, members: String = members, variant: Scenario.Variant = .standard, churn: Bool = false
    ) throws -> Scenario {
        var scene = try Scenario(members, views: views, variant: variant)
        // A hook that only the requirement scene reads, which changes with the stream.
        var strictness = SplitMix64(seed: seed ^ 0x5DEE_CE66)
        if members.contains("hook strict") { try scene.engine.bind(hook: 0) { strictness.below(2) == 0 } }
        var random = SplitMix64(seed: seed)
        var churning = SplitMix64(seed: seed ^ 0xC0FF_EE00)
        // A touch's type, drawn apart so that the other scenes' streams stay as they are.
        var typing = SplitMix64(seed: seed ^ 0x7E_11C1)
        let typed = members.contains("allowedTouchTypes")
        // Some sequences are a pointer's scroll or transform (R88, R89), drawn apart too.
        let pointing = members.contains("allowedScrollTypes")
        var transforms: Set<Int> = []
        var time = 0.0
        var down: [Int: Point] = [:]
        var nextID = 1
        for _ in 0..<steps {
            time += [0, 0.005, 0.016, 0.05, 0.2, 0.6][random.below(6)]
            let choice = random.below(12)
            if choice >= 10 {
                // Several touches change in one event (R12): two land together, every
                // finger down moves, or two lift or are cancelled together.
                var changes: [(id: Int, phase: TouchChange.Phase, x: Double, y: Double, view: String?)] = []
                let ids = down.keys.sorted()
                switch random.below(4) {
                case 0 where down.count <= 2:
                    let view = views[random.below(views.count)]
                    for _ in 0..<2 {
                        let point = Point(x: random.unit() * 400, y: random.unit() * 800)
                        changes.append((nextID, .down, point.x, point.y, view))
                        down[nextID] = point
                        nextID += 1
                    }
                case 1 where !ids.isEmpty:
                    for id in ids {
                        let point = (down[id] ?? .zero) + Point(x: random.unit() * 60 - 30, y: random.unit() * 60 - 30)
                        changes.append((id, .move, point.x, point.y, nil))
                        down[id] = point
                    }
                case 2 where ids.count >= 2:
                    // A lift a little past the last move, as a real finger does.
                    for id in ids.prefix(2) {
                        let point = (down[id] ?? .zero) + Point(x: random.unit() * 10, y: random.unit() * 10)
                        changes.append((id, .up, point.x, point.y, nil))
                        down[id] = nil
                    }
                case 3 where ids.count >= 2:
                    for id in ids.suffix(2) {
                        changes.append((id, .cancel, 0, 0, nil))
                        down[id] = nil
                    }
                default:
                    break
                }
                if !changes.isEmpty { try scene.event(changes, at: time) }
            } else if choice < 2 && down.count < 4 || down.isEmpty {
                let point = Point(x: random.unit() * 400, y: random.unit() * 800)
                let type = typed ? TouchType.allCases[typing.below(TouchType.allCases.count)] : .direct
                let view = views[random.below(views.count)]
                if pointing, typing.below(3) == 0 {
                    let input = PointerInput.allCases[typing.below(PointerInput.allCases.count)]
                    try scene.pointer(nextID, point.x, point.y, at: time, on: view, input: input)
                    if input == .transform { transforms.insert(nextID) }
                } else {
                    try scene.down(nextID, point.x, point.y, at: time, on: view, touchType: type)
                }
                down[nextID] = point
                nextID += 1
            } else if choice < 8 {
                let id = down.keys.sorted()[random.below(down.count)]
                let point = (down[id] ?? .zero) + Point(x: random.unit() * 60 - 30, y: random.unit() * 60 - 30)
                if transforms.contains(id) {
                    try scene.transform(id, scale: 0.5 + typing.unit() * 1.5, rotation: typing.unit() - 0.5, at: time)
                } else {
                    try scene.move(id, point.x, point.y, at: time)
                }
                down[id] = point
            } else if choice < 9 {
                let id = down.keys.sorted()[random.below(down.count)]
                try scene.up(id, down[id]?.x ?? 0, down[id]?.y ?? 0, at: time)
                down[id] = nil
            } else if random.below(4) == 0 {
                let id = down.keys.sorted()[random.below(down.count)]
                try scene.cancel(id, at: time)
                down[id] = nil
            } else {
                try scene.advance(to: time)
            }
            if random.below(80) == 0 {
                try scene.engine.interrupt(time: time)
                scene.record()
                down.removeAll()
            }
            if random.below(50) == 0 {
                let name = ["drag", "zoom", "single", "press"][random.below(4)]
                try scene.setEnabled(name, random.below(2) == 0, at: time)
            }
            if churn && churning.below(6) == 0 {
                let name = ["photo", "badge", "toolbar"][churning.below(3)]
                try scene.remove(name, at: time)
                try scene.add(name, as: name)
                if name == "photo" { try scene.add("badge", as: "badge") }
            }
        }
        for id in down.keys.sorted() { try scene.up(id, down[id]?.x ?? 0, down[id]?.y ?? 0, at: time + 0.01) }
        try scene.advance(to: time + 10)
        for name in ["drag", "zoom", "single", "press"] { try scene.setEnabled(name, true, at: time + 10) }
        return scene
    }

    @Test("invariants hold over 2,000 seeded streams, and as many where views come and go", arguments: 0..<20)
    func invariants(batch: UInt64) throws {
        for seed in (batch * 100)..<(batch * 100 + 100) {
            try check(try Self.run(seed: seed, steps: 60), seed: seed)
            try check(try Self.run(seed: seed, steps: 60, churn: true), seed: seed)
        }
    }

    /// Touch types (R87) part recognizers that followed one finger: the streams of the
    /// typed scene keep the invariants and give the same outputs, decisions and values
    /// included, with every recognizer measured apart and on the stack machine alone.
    @Test("typed touches keep the invariants and give what measuring each and the stack machine give", arguments: 0..<4)
    func touchTypes(batch: UInt64) throws {
        var passedBy = 0
        for seed in (batch * 100)..<(batch * 100 + 100) {
            let typed = try Self.run(seed: seed, steps: 60, members: Self.touchTypeMembers)
            try check(typed, seed: seed)
            passedBy += typed.log.count { $0.contains("passed by") }
            for variant in [Scenario.Variant.measuringEach, .stackMachineOnly] {
                let reference = try Self.run(seed: seed, steps: 60, members: Self.touchTypeMembers, variant: variant)
                #expect(typed.log == reference.log, "seed \(seed), \(variant)")
                #expect(typed.actions.map { "\($0.values)" } == reference.actions.map { "\($0.values)" }, "seed \(seed), \(variant)")
            }
        }
        // The streams reach the filter: touches were passed by for their type.
        #expect(passedBy > 100, "\(passedBy)")
    }

    /// R88, R89: streams where some sequences are a pointer's scrolls and transforms
    /// keep the invariants (a scroll or a transform reaches no view, and a recognizer
    /// follows one input at a time), and the faster paths agree with the plain ones.
    @Test("pointer scrolls and transforms keep the invariants and give what measuring each and the stack machine give", arguments: 0..<4)
    func pointerInputs(batch: UInt64) throws {
        var pointerActions = 0
        for seed in (batch * 100)..<(batch * 100 + 100) {
            let pointed = try Self.run(seed: seed, steps: 60, members: Self.pointerMembers)
            try check(pointed, seed: seed)
            pointerActions += pointed.actions.count { $0.name == "toolbarDrag" || $0.name == "zoom" }
            for variant in [Scenario.Variant.measuringEach, .stackMachineOnly] {
                let reference = try Self.run(seed: seed, steps: 60, members: Self.pointerMembers, variant: variant)
                #expect(pointed.log == reference.log, "seed \(seed), \(variant)")
                #expect(pointed.actions.map { "\($0.values)" } == reference.actions.map { "\($0.values)" }, "seed \(seed), \(variant)")
            }
        }
        #expect(pointerActions > 50, "\(pointerActions)")
    }

    @Test("the same stream gives the same outputs")
    func deterministic() throws {
        for seed: UInt64 in [1, 2, 3] {
            #expect(try Self.run(seed: seed, steps: 200).log == Self.run(seed: seed, steps: 200).log)
        }
    }

    /// Conditions in register form (`Comparison`) decide as the stack machine does:
    /// the same streams give the same outputs, decisions and values included.
    @Test("conditions in register form decide as the stack machine does", arguments: 0..<4)
    func registerForm(batch: UInt64) throws {
        let program = try compileSet(Self.members)
        // Most guards have the form: the comparison below is not of one path with itself.
        #expect(try GestureEngine(program: program).routinesInRegisterForm > 20)
        #expect(try GestureEngine(stackMachineOnly: program).routinesInRegisterForm == 0)
        for seed in (batch * 100)..<(batch * 100 + 100) {
            let fast = try Self.run(seed: seed, steps: 60)
            let reference = try Self.run(seed: seed, steps: 60, variant: .stackMachineOnly)
            #expect(fast.log == reference.log, "seed \(seed)")
            #expect(fast.actions.map { "\($0.values)" } == reference.actions.map { "\($0.values)" }, "seed \(seed)")
        }
    }

    /// Recognizers of one lineage take the measurements of the first of them each
    /// event reaches (`MeasurementLineage`): the same streams give the same outputs,
    /// decisions and values included, as measuring every recognizer. The scene's
    /// scroller has a pinch, a rotation and a touch delay that follow the same fingers,
    /// and a pan that ignores stationary touches, which measures apart; its photo has
    /// taps that follow the same finger, one of which restarts on a bounce.
    @Test("recognizers that share measurements act as if each measured its own", arguments: 0..<4)
    func sharedMeasurements(batch: UInt64) throws {
        var copied = 0
        for seed in (batch * 100)..<(batch * 100 + 100) {
            let shared = try Self.run(seed: seed, steps: 60)
            let reference = try Self.run(seed: seed, steps: 60, variant: .measuringEach)
            copied += shared.engine.measurementsCopied
            #expect(reference.engine.measurementsCopied == 0)
            #expect(shared.log == reference.log, "seed \(seed)")
            #expect(shared.actions.map { "\($0.values)" } == reference.actions.map { "\($0.values)" }, "seed \(seed)")
        }
        // The comparison is not of one path with itself: measurements were shared.
        #expect(copied > 100)
    }

    /// Twins fed one after the other take the first one's row decision and share its
    /// values (`EngineTables.twinClass`): the same streams give the same outputs,
    /// decisions and values included, as an engine where each recognizer measures,
    /// decides and reports on its own.
    @Test("twins that decide once and report once act as if each decided", arguments: 0..<4)
    func twinsDecideOnce(batch: UInt64) throws {
        var decisions = 0
        var values = 0
        for seed in (batch * 100)..<(batch * 100 + 100) {
            // (`check` knows the scene of every kind: its pairs are not this scene's.)
            let twins = try Self.run(seed: seed, steps: 60, members: Self.twinMembers)
            let reference = try Self.run(seed: seed, steps: 60, members: Self.twinMembers, variant: .measuringEach)
            decisions += twins.engine.decisionsShared
            // A `began` and the `ended` that follows it at once share their values in
            // both: one recognizer's, sent together.
            values += twins.engine.valuesShared - reference.engine.valuesShared
            #expect(reference.engine.decisionsShared == 0)
            #expect(twins.log == reference.log, "seed \(seed)")
            #expect(twins.actions.map { "\($0.values)" } == reference.actions.map { "\($0.values)" }, "seed \(seed)")
            // Views leaving and coming back take recognizers, and the slots of their
            // measurements, out of lineages and give them to new ones.
            let churned = try Self.run(seed: seed, steps: 60, members: Self.twinMembers, churn: true)
            let churnedReference = try Self.run(
                seed: seed, steps: 60, members: Self.twinMembers, variant: .measuringEach, churn: true)
            #expect(churned.log == churnedReference.log, "seed \(seed), views churning")
            #expect(
                churned.actions.map { "\($0.values)" } == churnedReference.actions.map { "\($0.values)" },
                "seed \(seed), views churning")
        }
        // The comparison is not of one path with itself: twins took decisions and values.
        #expect(decisions > 300, "\(decisions)")
        #expect(values > 300, "\(values)")
    }

    /// The passes after each event look only at the recognizers whose state changed
    /// and the next timer comes from a queue (GestureEngine+Passes.swift): the same
    /// streams give the same outputs, in the same order, as looking at every involved
    /// recognizer and walking them for the next timer, on the scene of every kind and
    /// on one of failure requirements in chains.
    @Test("passes that look at what changed act as if they looked at every recognizer", arguments: 0..<4)
    func passesLookAtWhatChanged(batch: UInt64) throws {
        var held = 0
        for members in [Self.members, Self.requirementMembers] {
            for seed in (batch * 100)..<(batch * 100 + 100) {
                let listed = try Self.run(seed: seed, steps: 60, members: members)
                let reference = try Self.run(seed: seed, steps: 60, members: members, variant: .lookingAtEveryInvolved)
                held += listed.log.count { $0.contains("held") }
                #expect(listed.log == reference.log, "seed \(seed)")
                #expect(listed.deliveries == reference.deliveries, "seed \(seed)")
                #expect(listed.actions.map { "\($0.values)" } == reference.actions.map { "\($0.values)" }, "seed \(seed)")
            }
        }
        // The streams reach the passes: recognizers were held by requirements.
        #expect(held > 150, "\(held)")
    }

    /// A removed view's slot, with its recognizers', is given to a new view of its role
    /// once the interaction is over (`GestureEngine.removeView`): streams in which views
    /// leave and come back, fingers down or not, give the same outputs in the same order
    /// as an engine that never reuses a slot, on the scene of every kind and on the one
    /// of failure requirements; and the engine stores fewer views.
    @Test("an engine that gives removed views' slots to new ones acts as one that never does", arguments: 0..<4)
    func slotReuse(batch: UInt64) throws {
        var stored = (reusing: 0, never: 0)
        for members in [Self.members, Self.requirementMembers] {
            for seed in (batch * 100)..<(batch * 100 + 100) {
                let reusing = try Self.run(seed: seed, steps: 60, members: members, churn: true)
                let never = try Self.run(seed: seed, steps: 60, members: members, variant: .neverReusingSlots, churn: true)
                stored.reusing += reusing.engine.storedViewCount
                stored.never += never.engine.storedViewCount
                #expect(reusing.log == never.log, "seed \(seed)")
                #expect(reusing.deliveries == never.deliveries, "seed \(seed)")
                #expect(reusing.actions.map { "\($0.values)" } == never.actions.map { "\($0.values)" }, "seed \(seed)")
            }
        }
        // The comparison is not of one path with itself: slots were taken again (the
        // streams keep a finger down most of the time, which holds the removed views).
        #expect(stored.reusing < stored.never * 3 / 4, "\(stored)")
    }

    /// R11: a view hears of a touch by `began`, then gets only `moved`, then exactly one
    /// `ended` or `cancelled`, always the same view; by the end every touch it heard of
    /// is over.
    private func checkDeliveries(_ scene: Scenario, seed: UInt64) {
        var open: [Int: String] = [:]
        var closed: Set<Int> = []
        for delivery in scene.deliveries {
            let parts = delivery.split(separator: " ").map(String.init)
            let view = parts[0]
            let phase = parts[1]
            for id in parts[2].split(separator: ",").compactMap({ Int($0) }) {
                switch phase {
                case "began":
                    #expect(open[id] == nil && !closed.contains(id), "seed \(seed): touch \(id) began twice")
                    open[id] = view
                default:
                    #expect(open[id] == view, "seed \(seed): \(delivery) without began on \(view)")
                    if phase != "moved" {
                        open[id] = nil
                        closed.insert(id)
                    }
                }
            }
        }
        #expect(open.isEmpty, "seed \(seed): views never told these touches ended: \(open)")
    }

    /// Every began reaches ended or cancelled; a failed recognizer sends nothing until
    /// it resets; two related recognizers that may not recognize together are never
    /// active at once; everything is back to `possible` at the end.
    private func check(_ scene: Scenario, seed: UInt64) throws {
        var active: Set<String> = []
        var failed: Set<String> = []
        for line in scene.log {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            let name = parts[1]
            let what = parts[2]
            switch what {
            case "began":
                #expect(!active.contains(name) && !failed.contains(name), "seed \(seed): \(line)")
                active.insert(name)
            case "changed":
                #expect(active.contains(name), "seed \(seed): \(line)")
            case "ended", "cancelled":
                #expect(!failed.contains(name), "seed \(seed): a failed recognizer acted: \(line)")
                active.remove(name)
            case "reset":
                #expect(!active.contains(name), "seed \(seed): reset while active: \(line)")
                failed.remove(name)
            case _
            where what.hasPrefix("failed") || what.hasPrefix("excluded") || what.hasPrefix("vetoed")
                || what == "disabled":
                failed.insert(name)
            default:
                break
            }
            // Pairs on related views that may not be active together.
            for (a, b) in [("drag", "zoom"), ("drag", "spin"), ("toolbarDrag", "edge"), ("drag", "edge")] {
                #expect(!(active.contains(a) && active.contains(b)), "seed \(seed): \(a) and \(b) both active at \(line)")
            }
        }
        #expect(active.isEmpty, "seed \(seed): still active at the end: \(active)")
        // R30: one action per recognizer and input event, whatever changed together.
        #expect(scene.repeatedActions.isEmpty, "seed \(seed): \(scene.repeatedActions)")
        checkDeliveries(scene, seed: seed)
        for name in ["single", "double", "twoFinger", "press", "drag", "zoom", "spin", "flick", "edge", "delay"] {
            #expect(try scene.state(name) == .possible, "seed \(seed): \(name) did not reset")
        }
    }
}
