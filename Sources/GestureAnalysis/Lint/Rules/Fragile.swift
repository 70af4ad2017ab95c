import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL220: which participant acts changes within an ordinary variation of the hand:
/// how long a finger rests before it moves, how far apart in time two fingers land, a
/// few points of drift; or two recognizers' movement thresholds closer than a finger
/// can choose between.
enum Fragile: LintRule {
    /// The ordinary variation of a hand, by what varies (docs/lint.md, "Fragile"):
    /// - a finger rests up to 100 ms before a drag it means at once: UIKit's scroll view
    ///   tells a scroll from a touch within 150 ms (R78), so the intent to drag shows in
    ///   that time, and the moment the finger starts to move varies inside it (chosen);
    /// - two fingers meant to land together land up to 100 ms apart (chosen, the same
    ///   bound: a pinch's second finger follows within it);
    /// - a fingertip drifts up to 5 pt over a touch it means to hold still.
    static let restBand = 0.1
    /// The shortest rest there is: a finger's first move is reported a sample after its
    /// touch-down at the soonest, 1/120 s on a 120 Hz digitizer. A threshold a rest
    /// cannot fall under (a long press of 1 ms, that detects touch-downs) always wins
    /// the race, which is the starved rule's to judge, not a variation of the hand.
    static let shortestRest = 1.0 / 120
    static let landingBand = 0.1
    static let driftBand = 5.0

    static let info = LintRuleInfo(
        id: "GDL220", name: "fragile", severity: .warning,
        summary: "which gesture acts changes within an ordinary variation of the hand: a rest, a landing gap, a few points of drift",
        explanation: """
            A user cannot hold a finger to the millisecond or the point. The linter tries,
            on every place, each threshold of time or distance that lies inside the
            ordinary variation of a hand, from both sides: the rest before a finger moves
            (up to 100 ms: a scroll view tells a scroll within 150 ms, R78), the gap between
            two fingers landing (up to 100 ms), a fingertip's drift (up to 5 pt). When the
            participant that acts first differs on the two sides, chance decides between
            them. It also reports a movement one recognizer tolerates (a tap's or a long
            press's `allowableMovement`) within 5 pt of the movement that starts another (a
            pan's `hysteresis`, a swipe's `minimumDistance`), on views a finger reaches
            together; equal thresholds are a deliberate hand-over and are fine.

            Triggers:

                view list { view item }
                recognizer select = tap(allowableMovement: 12pt) on item
                recognizer scroll = pan on list          // hysteresis 10 pt

            Does not: the defaults (45 pt against 10 pt), or `tap(allowableMovement: 10pt)`.

                view list { view item }
                recognizer select = tap on item          // allowableMovement 45 pt
                recognizer scroll = pan on list
            """,
        formerNames: ["close-thresholds"])

    static func check(_ context: inout LintContext) {
        closeThresholds(&context)
        variations(&context)
    }

    // MARK: - Thresholds too close

    private static func closeThresholds(_ context: inout LintContext) {
        let program = context.program
        // Each recognizer's starting thresholds, looked up once rather than per pair.
        let starts = program.recognizers.indices.flatMap { recognizer in
            ["hysteresis", "minimumDistance"].compactMap { parameter in
                context.argument(parameter, of: recognizer).map { (recognizer: recognizer, parameter: parameter, distance: $0) }
            }
        }
        for tolerant in program.recognizers.indices {
            guard let allowed = context.argument("allowableMovement", of: tolerant) else { continue }
            for (starting, parameter, start) in starts where starting != tolerant {
                let gap = abs(allowed - start)
                guard gap > 0, gap < driftBand,
                    context.related(program.recognizers[tolerant].role, program.recognizers[starting].role)
                else { continue }
                context.report(
                    info,
                    "'\(context.name(tolerant))' tolerates \(QuantityText.format(allowed, .distance)) of movement and '\(context.name(starting))' starts at \(QuantityText.format(start, .distance)): too close for a finger to choose",
                    at: program.recognizers[tolerant].location,
                    notes: [
                        context.note(
                            "'\(context.name(starting))' has \(parameter) \(QuantityText.format(start, .distance))",
                            at: program.recognizers[starting].location)
                    ])
            }
        }
    }

    // MARK: - A hand's variation

    /// One pair of inputs either side of a threshold, and what differs between them.
    private struct Variation {
        var what: String
        var shorter: [Probe.Event]
        var longer: [Probe.Event]
        var summary: (String, String)
    }

    private static func variations(_ context: inout LintContext) {
        let exploration = context.exploration()
        let program = context.program
        let classes = exploration.classes
        let far = classes.dragDistances.last ?? 60
        var reported: Set<Set<Int>> = []
        // One setting per place: the declared hooks.
        var settingOfPlace: [Int: Int] = [:]
        for (index, setting) in exploration.settings.enumerated() where settingOfPlace[setting.place] == nil {
            settingOfPlace[setting.place] = index
        }
        for (placeIndex, setting) in settingOfPlace.sorted(by: { $0.key < $1.key }) {
            let place = exploration.places[placeIndex]
            guard let start = place.starts.first(where: \.severalFingers)?.point else { continue }
            let second = place.starts.first?.others?.first ?? Explorer.spot(of: 1, from: start, in: place.window)
            for variation in variationsAt(start, second, classes: classes, far: far) {
                guard let shorter = exploration.run(variation.shorter, setting: setting).flatMap(firstActor),
                    let longer = exploration.run(variation.longer, setting: setting).flatMap(firstActor), shorter != longer,
                    reported.insert([shorter, longer]).inserted
                else { continue }
                let probe = Probe(summary: variation.summary.1, events: variation.longer, fingers: 2)
                context.report(
                    info,
                    "whether '\(context.name(shorter))' or '\(context.name(longer))' acts depends on \(variation.what), less than a hand varies by",
                    at: program.recognizers[longer].location,
                    notes: [
                        context.note(
                            "'\(context.name(shorter))' acts on \(variation.summary.0) on \(place.name)", at: program.recognizers[shorter].location),
                        context.note(
                            "'\(context.name(longer))' acts on \(variation.summary.1) on \(place.name)", at: program.recognizers[longer].location),
                        context.note(
                            "move the threshold out of a hand's variation (a rest or landing gap of 100 ms, a drift of 5 pt), or let the two recognize together",
                            at: program.recognizers[longer].location),
                    ],
                    counterexample: Counterexample.make(
                        set: program.name, summary: "\(probe.summary) on \(place.name)", views: place.views, of: program, hooks: [],
                        probe: probe))
            }
        }
    }

    /// The declaration that acted first on a run (the lower slot on a tie).
    private static func firstActor(_ recorder: Recorder) -> Int? {
        var best: (time: Double, slot: Int)?
        for (slot, instance) in recorder.instances.enumerated() {
            let act = instance.act
            guard let act else { continue }
            if best == nil || act.time < (best?.time ?? 0) - 1e-9 { best = (act.time, slot) }
        }
        return best.map { recorder.declaration($0.slot) }
    }

    /// The pairs of inputs either side of each threshold a hand's variation crosses.
    private static func variationsAt(_ start: Point, _ second: Point, classes: FeatureClasses, far: Double) -> [Variation] {
        var variations: [Variation] = []
        let t0 = Explorer.step
        func down(_ id: Int, _ at: Point, _ time: Double) -> Probe.Event {
            Probe.Event(time: time, changes: [TouchChange(id: id, phase: .down, location: at)])
        }
        // A drag whose first move comes at `time`: the rest before it is what varies.
        func drag(_ from: Point, _ direction: Probe.Direction, _ distance: Double, at time: Double, id: Int) -> [Probe.Event] {
            (1...Explorer.moves).map { step in
                let fraction = Double(step) / Double(Explorer.moves)
                return Probe.Event(
                    time: time + 0.1 * (fraction - 1 / Double(Explorer.moves)),
                    changes: [TouchChange(id: id, phase: .move, location: from + direction.unit * (distance * fraction))])
            }
        }
        // A rest before a drag, either side of each short duration threshold.
        for threshold in classes.durations where threshold > 0 && threshold < restBand {
            let delta = min(0.01, threshold / 2)
            guard threshold - delta >= shortestRest else { continue }
            for direction in Probe.Direction.allCases {
                func input(_ rest: Double) -> [Probe.Event] {
                    let end = start + direction.unit * far
                    return [down(1, start, t0)] + drag(start, direction, far, at: t0 + rest, id: 1)
                        + [Probe.Event(time: t0 + rest + 0.1 + Explorer.step, changes: [TouchChange(id: 1, phase: .up, location: end)])]
                }
                let words = { (rest: Double) in
                    "a finger down, resting \(QuantityText.format(rest, .duration)), then dragging \(direction) \(QuantityText.format(far, .distance))"
                }
                variations.append(
                    Variation(
                        what: "whether the finger rests more than \(QuantityText.format(threshold, .duration)) before it moves",
                        shorter: input(threshold - delta), longer: input(threshold + delta),
                        summary: (words(threshold - delta), words(threshold + delta))))
            }
        }
        // Two fingers landing apart, either side of each short duration threshold.
        for threshold in classes.durations where threshold > 0 && threshold < landingBand {
            let delta = min(0.01, threshold / 2)
            func input(_ gap: Double) -> [Probe.Event] {
                let t1 = t0 + gap
                var events = [down(1, start, t0), down(2, second, t1)]
                let middle = (start + second) / 2
                for step in 1...Explorer.moves {
                    let factor = 1 + 0.8 * Double(step) / Double(Explorer.moves)
                    events.append(
                        Probe.Event(
                            time: t1 + 0.25 * Double(step) / Double(Explorer.moves),
                            changes: [
                                TouchChange(id: 1, phase: .move, location: (start - middle) * factor + middle),
                                TouchChange(id: 2, phase: .move, location: (second - middle) * factor + middle),
                            ]))
                }
                let last = events.last?.changes ?? []
                events.append(
                    Probe.Event(time: t1 + 0.25 + Explorer.step, changes: last.map { TouchChange(id: $0.id, phase: .up, location: $0.location) }))
                return events
            }
            let words = { (gap: Double) in "two fingers landing \(QuantityText.format(gap, .duration)) apart, then spreading" }
            variations.append(
                Variation(
                    what: "whether a second finger lands more than \(QuantityText.format(threshold, .duration)) after the first",
                    shorter: input(threshold - delta), longer: input(threshold + delta), summary: (words(threshold - delta), words(threshold + delta))
                ))
        }
        // A drift of a few points, either side of each small distance threshold.
        for threshold in classes.distances where threshold > 0 && threshold < driftBand {
            let delta = min(0.5, threshold / 2)
            for direction in Probe.Direction.allCases {
                func input(_ drift: Double) -> [Probe.Event] {
                    let end = start + direction.unit * drift
                    return [down(1, start, t0)] + drag(start, direction, drift, at: t0, id: 1)
                        + [Probe.Event(time: t0 + 0.1 + Explorer.step, changes: [TouchChange(id: 1, phase: .up, location: end)])]
                }
                let words = { (drift: Double) in "a tap that drifts \(QuantityText.format(drift, .distance)) \(direction)" }
                variations.append(
                    Variation(
                        what: "whether the finger drifts more than \(QuantityText.format(threshold, .distance))",
                        shorter: input(threshold - delta), longer: input(threshold + delta),
                        summary: (words(threshold - delta), words(threshold + delta))))
            }
        }
        return variations
    }
}
