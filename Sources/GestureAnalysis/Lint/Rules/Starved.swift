import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL203: a participant that acts alone on a whole class of inputs (every input, a
/// place, a direction, a finger joining a moving gesture, a rest before moving, a hook
/// value) but never with the others, taken by a rival that wins by a default rather
/// than by something the spec declares.
enum Starved: LintRule {
    static let info = LintRuleInfo(
        id: "GDL203", name: "starved", severity: .warning,
        summary: "a participant that acts alone on a class of inputs but never with the others, to a rival that wins by default",
        explanation: """
            The linter runs every participant alone (the set with every other recognizer
            removed) on the inputs it explores, and compares with what it does in the set
            (docs/lint.md, "What a conflict is"). A participant is starved on a class of
            inputs when it acts alone on some input of the class and with the others on
            none: it never wins anywhere; or never where the touch lands on a view inside
            its own; or never on drags in one direction, never when a second finger joins a
            moving gesture, never after the finger rests a while, never under one value of
            a hook. It is a finding when the rival that takes the class wins by a default
            and not by a declaration: a tie broken by the order of addition or the deeper
            view (R50), or, for a gesture a user starts anywhere on its view (one moving
            finger: a scroll, a swipe), a rival on a view inside it that starts first. A
            failure requirement, a simultaneity, a predicate, an axis that leaves the
            participant the rest, and a tap or a press losing to a view inside its own (the
            user aimed at that view) explain a loss. A view that acts on its own touches is
            starved when its plain taps never end (R38, R39). With `--scene`, a part of a
            view's frame that a view in front takes (R4), or a view no touch reaches (R1,
            R2), is a place it is starved of.

            Triggers:

                view list { view bubble }
                recognizer scroll = pan on list
                recognizer swipeToReply = pan on bubble   // every drag on a bubble

            Does not: restrict the bubble's pan to the axis it needs, so vertical drags
            still scroll.

                view list { view bubble }
                recognizer scroll = pan on list
                recognizer swipeToReply = pan(direction: horizontal) on bubble
            """,
        formerNames: [
            "shadowed-recognizer", "GDL217", "lost-by-place", "GDL218", "second-finger-too-late", "GDL219",
            "touches-never-end", "GDL215", "scene-unreachable", "GDL216", "scene-covered",
        ])

    /// A class of inputs, one of their features fixed (`InputFeatures`).
    enum InputClass: Hashable {
        case everything
        /// Every input of one finger: where a second finger on another view makes the
        /// participant win (two fingers spreading over a list and its cell), a
        /// one-finger gesture still never does.
        case oneFinger
        /// Where the touch lands: a place of the exploration.
        case place(Int)
        case direction(Probe.Direction)
        /// The fingers rested before moving, for a time in this class of durations.
        case rest(Int)
        case hook(Int, Bool)
    }

    /// Why a participant lost a run it acts on alone.
    enum LossKind: Hashable {
        /// The spec said so: a failure requirement (R53), a hold by its own requirements
        /// (R58), a simultaneity predicate that answered no.
        case declared
        /// Both would act at the same step: a tie broken by depth or the order of
        /// addition (R50, R51).
        case tie
        /// A rival on a view inside the participant's, for a gesture aimed at the view
        /// under the finger (a tap, a press, fingers landing on it): nesting as meant.
        case nested
        /// The rival's gesture came first in the input (a scroll that begins before a
        /// tap's lift).
        case earlier
    }

    struct Sample {
        var run: Exploration.Run
        var winner: Int
        var kind: LossKind
        var alone: Act
        var winnerAct: Act?
        var loss: Loss
        /// The participant's role and the winner's.
        var role: Int
        var winnerRole: Int
        var winnerDeeper: Bool
    }

    final class Observer: ExplorationObserver {
        struct Tally {
            var actsWithOthers = false
            var actsAlone = false
            /// The first loss of each kind to each winner.
            var samples: [Sample] = []
        }

        struct Key: Hashable {
            var declaration: Int
            var inputClass: InputClass
        }

        let context: LintContext
        private(set) var tallies: [Key: Tally] = [:]
        /// Declarations seen acting with one finger down, with the others or alone: not
        /// gestures that need several fingers.
        private(set) var actsWithOneFinger: Set<Int> = []
        /// For each view role that acts on its own touches: whether a plain tap of one
        /// finger ever ended on it, and the first run where one was cancelled, with who
        /// took it.
        private(set) var tapsEnded: Set<Int> = []
        private(set) var tapsCancelled: [Int: (run: Exploration.Run, takers: [Int])] = [:]
        /// For each gesture of several fingers and each rival: the first run on which,
        /// alone, it began with its fingers, and with the others the rival began first
        /// from fingers moving (a pan before the second finger landed, a pinch before
        /// the fingers turned far enough for a rotation).
        private(set) var preempted: [Int: [Int: Sample]] = [:]
        private let durations: [Double]

        init(context: LintContext) {
            self.context = context
            durations = FeatureClasses(context.program).durations
        }

        func observe(_ record: RunRecord) {
            let features = record.features
            var classes: [InputClass] = [.everything]
            // Where a finger lands, which way it drags, how long it rests first: classes
            // of one finger's gestures. A win under a second finger (one that made a
            // touch-down detector fail) does not give the place back.
            if features.fingers <= 1 {
                classes.append(.oneFinger)
                classes.append(.place(record.placeIndex))
                if let direction = features.direction { classes.append(.direction(direction)) }
                if features.heldBeforeMoving, features.direction != nil {
                    classes.append(.rest(FeatureClasses.classIndex(of: features.restBeforeMoving, among: durations)))
                }
            }
            for (hook, value) in record.hooks.enumerated() { classes.append(.hook(hook, value)) }
            let conduct = record.conduct
            let layout = record.layout
            for slot in layout.instances.indices {
                let declaration = layout.declarations[slot]
                if let act = conduct.instances[slot].act {
                    if act.fingers <= 1 { actsWithOneFinger.insert(declaration) }
                    update(declaration, classes) { tally in
                        tally.actsWithOthers = true
                        tally.actsAlone = true
                    }
                    continue
                }
                guard conduct.instances[slot].involved, let loss = conduct.instances[slot].loss else { continue }
                let role = layout.roles[layout.views[slot]]
                let winnerView = layout.views[loss.winnerSlot]
                let deeper = winnerView != layout.views[slot] && layout.contains(layout.views[slot], winnerView)
                let winnerAct = conduct.instances[loss.winnerSlot].act
                let program = context.program
                let winnerBeganMoving =
                    winnerAct.map { act in
                        act.cause == .movement && program.kinds[program.recognizers[loss.winner].kind].mode == .continuous
                            && conduct.hold(loss.winnerSlot)?.until != act.time
                    } ?? false
                // The run alone costs a replay of the input: it is made only while what it
                // could show is not known yet.
                let kinds: [LossKind] = isDeclared(loss, declaration) ? [.declared] : deeper ? [.nested, .earlier, .tie] : [.earlier, .tie]
                let mayBePreempted = kinds != [.declared] && features.fingers >= 2 && winnerBeganMoving && preempted[declaration]?[loss.winner] == nil
                guard mayBePreempted || !knows(declaration, losingTo: loss.winner, as: kinds, on: classes) else { continue }
                guard let alone = record.alone(slot) else { continue }
                if alone.fingers <= 1 { actsWithOneFinger.insert(declaration) }
                let sample = Sample(
                    run: record.run, winner: loss.winner, kind: kind(of: loss, alone: alone, winnerAct: winnerAct, deeper: deeper, declaration),
                    alone: alone, winnerAct: winnerAct, loss: loss, role: role, winnerRole: layout.roles[winnerView], winnerDeeper: deeper)
                update(declaration, classes) { tally in
                    tally.actsAlone = true
                    if !tally.samples.contains(where: { $0.winner == sample.winner && $0.kind == sample.kind }) {
                        tally.samples.append(sample)
                    }
                }
                // Pre-empted: a continuous rival that began from its own fingers moving (not
                // one released from a hold as a finger moved), before this one's fingers
                // could make it begin.
                if sample.kind != .declared, alone.fingers >= 2, features.fingers >= 2, winnerBeganMoving,
                    let winnerAct, winnerAct.time <= alone.time + 1e-6, preempted[declaration]?[loss.winner] == nil
                {
                    preempted[declaration, default: [:]][loss.winner] = sample
                }
            }
            for touch in conduct.viewTouches where touch.plainTap && touch.fingers <= 1 && touch.up != nil {
                if touch.ended != nil { tapsEnded.insert(touch.role) }
                if touch.cancelled != nil, tapsCancelled[touch.role] == nil { tapsCancelled[touch.role] = (record.run, touch.takers) }
            }
        }

        private func update(_ declaration: Int, _ classes: [InputClass], _ change: (inout Tally) -> Void) {
            for inputClass in classes { change(&tallies[Key(declaration: declaration, inputClass: inputClass), default: Tally()]) }
        }

        /// Each class the declaration was seen on, with its tally.
        func classes(of declaration: Int) -> [(InputClass, Tally)] {
            tallies.compactMap { $0.key.declaration == declaration ? ($0.key.inputClass, $0.value) : nil }
        }

        /// Whether the spec declares the loss: a failure requirement decided it, or held
        /// the loser until then, or the two may recognize together.
        private func isDeclared(_ loss: Loss, _ declaration: Int) -> Bool {
            loss.how == .requirement || loss.whileHeld || context.mayRecognizeTogether(declaration, loss.winner)
        }

        /// Whether a loss of `declaration` to `winner` of any of `kinds` on `classes` would
        /// change nothing kept: it is known to act alone, with one finger, and each class
        /// has a sample of each kind against that winner.
        private func knows(_ declaration: Int, losingTo winner: Int, as kinds: [LossKind], on classes: [InputClass]) -> Bool {
            guard actsWithOneFinger.contains(declaration) else { return false }
            return classes.allSatisfy { inputClass in
                guard let tally = tallies[Key(declaration: declaration, inputClass: inputClass)], tally.actsAlone else { return false }
                return kinds.allSatisfy { kind in tally.samples.contains { $0.winner == winner && $0.kind == kind } }
            }
        }

        private func kind(of loss: Loss, alone: Act, winnerAct: Act?, deeper: Bool, _ declaration: Int) -> LossKind {
            if isDeclared(loss, declaration) { return .declared }
            if deeper && !alone.drivenByOneMovingFinger { return .nested }
            let winnerTime = winnerAct?.time ?? loss.time
            return winnerTime < alone.time - 1e-6 ? .earlier : .tie
        }
    }

    static func observer(for context: LintContext) -> (any ExplorationObserver)? { Observer(context: context) }

    /// Whether a loss of `kind` counts against the class: a default that no declaration
    /// explains, for a class the participant should be able to reach.
    static func counts(_ sample: Sample, in inputClass: InputClass) -> Bool {
        switch (sample.kind, inputClass) {
        // Never winning a whole class of its own gestures: whatever the rival's reason,
        // but a declared one.
        case (.tie, .oneFinger), (.earlier, .oneFinger), (.nested, .oneFinger): true
        case (.declared, _), (.nested, _): false
        case (.tie, .place): sample.winnerDeeper
        case (.tie, _): true
        case (.earlier, .place): sample.winnerDeeper && sample.alone.drivenByOneMovingFinger
        case (.earlier, _): false
        }
    }

    /// The order classes are reported in: one finding per participant and rival, at the
    /// widest class that shows it; then a stable order within a kind of class.
    static func order(_ inputClass: InputClass) -> [Int] {
        switch inputClass {
        case .everything: [0]
        case .oneFinger: [0, 1]
        case .place(let index): [1, index]
        case .direction(let direction): [2, Probe.Direction.allCases.firstIndex(of: direction) ?? 0]
        case .rest(let index): [4, index]
        case .hook(let hook, let value): [5, hook, value ? 1 : 0]
        }
    }

    static func check(_ context: inout LintContext) {
        guard let observer = context.observer(of: info, as: Observer.self) else { return }
        let exploration = context.exploration()
        let program = context.program
        for declaration in program.recognizers.indices where program.recognizers[declaration].enabled {
            let byClass = observer.classes(of: declaration)
            guard !byClass.isEmpty else { continue }
            if let everything = observer.tallies[Observer.Key(declaration: declaration, inputClass: .everything)], everything.actsAlone,
                !everything.actsWithOthers
            {
                reportNeverWins(declaration, everything, &context, exploration)
                continue
            }
            var reported: Set<Int> = []
            for (inputClass, tally) in byClass.sorted(by: { order($0.0).lexicographicallyPrecedes(order($1.0)) })
            where tally.actsAlone && !tally.actsWithOthers {
                for sample in tally.samples where counts(sample, in: inputClass) && !reported.contains(sample.winner) {
                    reported.insert(sample.winner)
                    report(declaration, sample, inputClass, &context, exploration)
                }
            }
            // A gesture of several fingers: no one-finger input makes it act, alone or not.
            let needsSeveralFingers = !observer.actsWithOneFinger.contains(declaration)
            for (winner, sample) in (observer.preempted[declaration] ?? [:]).sorted(by: { $0.key < $1.key })
            where needsSeveralFingers && !reported.contains(winner) && !nestedOnItsOwn(sample, context: context, observer: observer) {
                reported.insert(winner)
                reportPreempted(declaration, sample, &context, exploration)
            }
        }
        reportViews(observer, &context, exploration)
        if let scene = context.options.scene, scene.set == program.name { SceneReach.report(scene, into: &context) }
    }

    /// A winner on a view inside the participant's, where that view has a gesture of
    /// several fingers of its own (a piece's pinch inside a board's), takes the fingers
    /// that land there: that is where they are, as nesting means, not when. Where it
    /// has none (a sticker's pan under a canvas's pinch), the one finger began before the
    /// second could land.
    private static func nestedOnItsOwn(_ sample: Sample, context: LintContext, observer: Observer) -> Bool {
        guard sample.winnerDeeper else { return false }
        let program = context.program
        return program.recognizers.indices.contains { other in
            program.recognizers[other].role == sample.winnerRole
                && observer.tallies[Observer.Key(declaration: other, inputClass: .everything)] != nil
                && !observer.actsWithOneFinger.contains(other)
        }
    }

    private static func reportPreempted(_ declaration: Int, _ sample: Sample, _ context: inout LintContext, _ exploration: Exploration) {
        let program = context.program
        let name = context.name(declaration)
        let winner = context.name(sample.winner)
        let message =
            (sample.winnerAct?.fingers ?? 1) <= 1
            ? "'\(name)' cannot begin when its second finger lands after '\(winner)' has begun with one"
            : "'\(name)' cannot begin once '\(winner)' has begun with the same fingers"
        context.report(
            info, message, at: program.recognizers[declaration].location,
            notes: [
                context.note(
                    "alone, it begins on \(context.nameOfRun(sample.run)); with the others, '\(winner)' excluded it (R46), \(exploration.boundsDescription)",
                    at: program.recognizers[sample.winner].location),
                context.note(
                    "let them recognize together (`simultaneous \(winner), \(name)`), as a map's pan and pinch do",
                    at: program.recognizers[declaration].location),
            ],
            counterexample: exploration.counterexample(sample.run))
    }

    private static func how(_ sample: Sample, _ context: LintContext) -> String {
        let winner = context.name(sample.winner)
        switch (sample.loss.how, sample.kind) {
        case (.requirement, _): return "it requires '\(winner)' to fail, which recognized (R53)"
        case (_, .tie):
            return sample.winnerDeeper
                ? "'\(winner)', deeper, wins the tie when both would act at once (R50)"
                : sample.role == sample.winnerRole
                    ? "'\(winner)' on the same view wins the tie when both would act at once, by the order they were added (R50)"
                    : "'\(winner)' excluded it (R46)"
        default: return "'\(winner)' excluded it (R46)"
        }
    }

    private static func reportNeverWins(_ declaration: Int, _ tally: Observer.Tally, _ context: inout LintContext, _ exploration: Exploration) {
        let program = context.program
        let location = program.recognizers[declaration].location
        guard let sample = tally.samples.first else { return }
        let notes = [
            context.note("alone, it recognizes on \(context.nameOfRun(sample.run))", at: location),
            context.note("with the others, \(how(sample, context))", at: program.recognizers[sample.winner].location),
        ]
        context.report(
            info, "'\(context.name(declaration))' never wins: '\(context.name(sample.winner))' takes every touch it could recognize",
            at: location, notes: notes, counterexample: exploration.counterexample(sample.run))
    }

    private static func report(
        _ declaration: Int, _ sample: Sample, _ inputClass: InputClass, _ context: inout LintContext, _ exploration: Exploration
    ) {
        let program = context.program
        let name = context.name(declaration)
        let winner = context.name(sample.winner)
        let location = program.recognizers[declaration].location
        let winnerLocation = program.recognizers[sample.winner].location
        let role = program.views[program.recognizers[declaration].role].name
        let message: String
        var fix: String
        switch inputClass {
        case .everything:
            return
        case .oneFinger:
            message = "'\(name)' never wins with one finger: '\(winner)' takes every one-finger touch it could recognize"
            fix = tieFix(sample, context)
        case .place(let index):
            let place = exploration.places[index]
            message = "'\(name)' on '\(role)' never wins a touch that lands on \(place.quotedName): '\(winner)' takes it"
            fix = placeFix(winner: sample.winner, starved: declaration, context)
        case .direction(let direction):
            message = "'\(name)' never acts on a drag \(direction): '\(winner)' takes every one"
            fix = tieFix(sample, context)
        case .rest(let index):
            let durations = FeatureClasses(program).durations
            let rest =
                index == 0
                ? "under \(QuantityText.format(durations.first ?? 0, .duration))"
                : index >= durations.count
                    ? "over \(QuantityText.format(durations.last ?? 0, .duration))"
                    : "between \(QuantityText.format(durations[index - 1], .duration)) and \(QuantityText.format(durations[index], .duration))"
            message = "'\(name)' never acts on a drag after the finger rests \(rest): '\(winner)' takes every one"
            fix = tieFix(sample, context)
        case .hook(let hook, let value):
            message = "'\(name)' never acts while '\(program.hooks[hook].name)' is \(value): '\(winner)' takes every touch it could"
            fix = tieFix(sample, context)
        }
        if sample.kind == .earlier {
            fix = placeFix(winner: sample.winner, starved: declaration, context)
        }
        context.report(
            info, message, at: location,
            notes: [
                context.note("alone, it acts on \(context.nameOfRun(sample.run))", at: location),
                context.note("with the others, \(how(sample, context)), \(exploration.boundsDescription)", at: winnerLocation),
                context.note(fix, at: winnerLocation),
            ],
            counterexample: exploration.counterexample(sample.run))
    }

    /// How to leave the starved recognizer the touches on a place, right for the winner
    /// as declared: an axis where it has none, else a predicate or a requirement.
    private static func placeFix(winner: Int, starved: Int, _ context: LintContext) -> String {
        let w = context.name(winner)
        let s = context.name(starved)
        let firstSay = "if '\(s)' should have the first say (an edge swipe), write '\(w) requires \(s) to fail'"
        if let direction = context.argument("direction", of: winner), Int(direction) == 15 {
            return
                "restrict '\(w)' to the axis it needs (`direction: horizontal` or `vertical`) or give it a `shouldBegin`, so the rest reaches '\(s)'; or, \(firstSay)"
        }
        return "give '\(w)' a `shouldBegin` that leaves '\(s)' the drags it needs (at the end of its content, `cannotScroll`, R81a), or, \(firstSay)"
    }

    /// How to settle a tie the spec left to the order of addition or to depth.
    private static func tieFix(_ sample: Sample, _ context: LintContext) -> String {
        let w = context.name(sample.winner)
        return
            "say which one acts: a `shouldBegin` on '\(w)' that leaves the rest, 'X requires \(w) to fail' for the one that should wait, or `simultaneous` if both should act"
    }

    /// Views acting on their own touches whose every plain tap a recognizer around them
    /// cancels (R38, R39): alone, each tap would end on the view.
    private static func reportViews(_ observer: Observer, _ context: inout LintContext, _ exploration: Exploration) {
        let program = context.program
        for role in observer.tapsCancelled.keys.sorted() where !observer.tapsEnded.contains(role) {
            guard let (run, takers) = observer.tapsCancelled[role],
                let taker = takers.first(where: { program.recognizers[$0].cancelsTouchesInView })
            else { continue }
            let view = program.views[role]
            let takerView = program.views[program.recognizers[taker].role].name
            // A control's tap ends in its action: say so, and that a recognizer on the
            // control itself beats it (R44).
            let message =
                if let control = view.control {
                    "\(control.kind.rawValue) '\(view.name)' never sends touchUpInside on a tap: '\(context.name(taker))' on '\(takerView)' cancels its touch"
                } else {
                    "view '\(view.name)' never receives touches ended on a tap: '\(context.name(taker))' on '\(takerView)' cancels its touch"
                }
            let fix =
                view.control != nil && program.recognizers[taker].role == role
                ? "a recognizer on a control beats the control's action (R44): act on the touchUpInside of '\(view.name)' instead of '\(context.name(taker))', or give '\(context.name(taker))' 'cancelsTouchesInView: false'"
                : "if '\(view.name)' handles its own touches, leave them to it: 'cancelsTouchesInView: false' on '\(context.name(taker))'"
            context.report(
                info, message, at: view.location,
                notes: [
                    context.note(
                        "'\(context.name(taker))' takes the touch on \(context.nameOfRun(run)) (R39), \(exploration.boundsDescription)",
                        at: program.recognizers[taker].location),
                    context.note(fix, at: program.recognizers[taker].location),
                ],
                counterexample: exploration.counterexample(run))
        }
    }
}
