import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// GDL208: two participants that both act on one touch sequence, which no declaration
/// allows: a single tap on the first tap of a double tap, two taps recognizing at one
/// lift, a view's tap ending while a recognizer takes the same sequence; or a pair
/// declared simultaneous, for several fingers, that one finger drives at once on views
/// one inside the other.
enum Doubled: LintRule {
    /// A recognizer that began with the finger still, this soon after the touch went
    /// down, detects touch-downs (`longPress(minimumDuration: 0)` reporting a press)
    /// rather than moving anything with the finger: the scroll view's touch delay (R78).
    static let touchDownDetection = 0.15

    static let info = LintRuleInfo(
        id: "GDL208", name: "doubled", severity: .warning,
        summary: "two participants act on one touch sequence, with no declaration that both may",
        explanation: """
            By default one touch sequence makes one gesture (R46). The linter records, on
            every explored input, each pair of participants that both act on one sequence:
            one acting while the other is active; one recognizing while the other is still
            undecided, which acts later in the same sequence (a single tap on the first tap
            of a double tap: the tap never prevents a tap with more taps, R49, R55); two
            recognizing in one step; a view's tap ending while a recognizer around it acts
            on the same sequence. A declared simultaneity (R48), a `cannot prevent` line
            naming the two, and a delivery property that leaves a view its touches
            (`cancelsTouchesInView: false`, R39) explain it. A
            simultaneity is meant for several fingers: on views one inside the other, one
            finger driving both at once (dragging a card scrolls the list under it, WWDC
            2014 session 235) is reported too. A recognizer that began with the finger
            still within 150 ms of the touch-down detects touch-downs and is left out.

            Sometimes both acting is meant: Apple calls it stackable actions (select on the
            first tap, open on the second). Then suppress the finding with that reason.
            Otherwise make the first wait for the second to fail, which delays it by as
            long as the second can take to fail (R55).

            Triggers:

                recognizer select = tap on photo
                recognizer zoom = tap(taps: 2) on photo

            Does not: `select requires zoom to fail`,

                recognizer select = tap on photo
                recognizer zoom = tap(taps: 2) on photo
                select requires zoom to fail

            or, for stackable actions, a suppression with its reason
            (`// lint off GDL208: selecting first is harmless; the zoom follows`).
            """,
        formerNames: ["stacked-actions", "GDL204", "shared-touch-hazard"])

    struct Pair: Hashable {
        var first: Participant
        var second: Participant
    }

    final class Observer: ExplorationObserver {
        let context: LintContext
        /// The first run of each pair, with its shape.
        private(set) var pairs: [Pair: (run: Exploration.Run, doubling: Doubling, declaredButOneFinger: Bool)] = [:]

        init(context: LintContext) { self.context = context }

        func observe(_ record: RunRecord) {
            for doubling in record.conduct.doublings {
                let pair = Pair(first: doubling.first, second: doubling.second)
                guard pairs[pair] == nil else { continue }
                switch explanation(doubling, record) {
                case .none: pairs[pair] = (record.run, doubling, false)
                case .declaredButOneFinger: pairs[pair] = (record.run, doubling, true)
                case .declared: break
                }
            }
        }

        enum Explanation { case none, declared, declaredButOneFinger }

        private func explanation(_ doubling: Doubling, _ record: RunRecord) -> Explanation {
            let program = context.program
            switch (doubling.first, doubling.second) {
            case (.recognizer(let a), .recognizer(let b)):
                if context.declaresNoPrevention(a, b) || context.declaresNoPrevention(b, a) { return .declared }
                guard context.mayRecognizeTogether(a, b) else { return .none }
                // Declared for several fingers; one finger driving both, on views one
                // inside the other, is not what it declares (R48, R85).
                let (roleA, roleB) = (program.recognizers[a].role, program.recognizers[b].role)
                guard doubling.shape == .together, record.features.fingers <= 1, roleA != roleB, context.related(roleA, roleB),
                    !detectsTouchDowns(a, record), !detectsTouchDowns(b, record)
                else { return .declared }
                return .declaredButOneFinger
            case (.recognizer(let declaration), .view), (.view, .recognizer(let declaration)):
                let recognizer = program.recognizers[declaration]
                return !recognizer.cancelsTouchesInView || !recognizer.delaysTouchesEnded ? .declared : .none
            case (.view, .view):
                return .declared
            }
        }

        /// Whether the declaration began, on this run, with the finger still within
        /// `touchDownDetection` of the first touch-down.
        private func detectsTouchDowns(_ declaration: Int, _ record: RunRecord) -> Bool {
            record.layout.declarations.indices.contains { slot in
                guard record.layout.declarations[slot] == declaration, let act = record.conduct.instances[slot].act else { return false }
                return act.cause != .movement && act.time - record.features.firstDown < Doubled.touchDownDetection
            }
        }
    }

    static func observer(for context: LintContext) -> (any ExplorationObserver)? { Observer(context: context) }

    static func check(_ context: inout LintContext) {
        guard let observer = context.observer(of: info, as: Observer.self) else { return }
        let program = context.program
        let exploration = context.exploration()
        func name(_ participant: Participant) -> String {
            switch participant {
            case .recognizer(let declaration): "'\(context.name(declaration))'"
            case .view(let role): "view '\(program.views[role].name)'"
            }
        }
        func location(_ participant: Participant) -> SourceLocation {
            switch participant {
            case .recognizer(let declaration): program.recognizers[declaration].location
            case .view(let role): program.views[role].location
            }
        }
        var reported: Set<Set<Participant>> = []
        for (pair, found) in observer.pairs.sorted(by: { ($0.key.first, $0.key.second) < ($1.key.first, $1.key.second) }) {
            guard reported.insert([pair.first, pair.second]).inserted else { continue }
            let (first, second) = (name(pair.first), name(pair.second))
            let run = context.nameOfRun(found.run)
            if found.declaredButOneFinger, case .recognizer(let x) = pair.first, case .recognizer(let y) = pair.second {
                let (a, b) = (min(x, y), max(x, y))
                let group = program.simultaneityGroups.first { $0.members.contains(a) && $0.members.contains(b) }
                let predicate = [a, b].first { program.recognizers[$0].shouldRecognizeSimultaneously != nil }
                let at = group?.location ?? predicate.map { program.recognizers[$0].location } ?? program.recognizers[a].location
                let viewA = program.views[program.recognizers[a].role].name
                let viewB = program.views[program.recognizers[b].role].name
                context.report(
                    info, "'\(context.name(a))' on '\(viewA)' and '\(context.name(b))' on '\(viewB)' recognize together, and one finger drives both",
                    at: at,
                    notes: [
                        context.note("both were active on \(run)", at: program.recognizers[b].location),
                        context.note(
                            "a simultaneity is for several fingers: require two for one of them (`pan(minimumTouches: 2)`), or let the inner one win alone (drop it from the group)",
                            at: at),
                    ],
                    counterexample: exploration.counterexample(found.run))
                continue
            }
            let message: String
            var fix: String
            var later = "\(second) acts later in the same sequence, on \(run)"
            switch found.doubling.shape {
            case .stacked:
                message = "\(first) acts on the start of a sequence that \(second) recognizes: both act, \(first) first"
                later = "\(second) begins or recognizes later in the same touch sequence, on \(run)"
                fix =
                    "if only \(second) should act, add '\(bare(first)) requires \(bare(second)) to fail': \(first) then waits for \(second) to fail, which delays it (R55); if both should, as stackable actions, suppress this with the reason"
            case .together:
                message = "\(first) and \(second) both act on one touch sequence, with no simultaneity declared"
                fix = "say which one acts ('\(bare(second)) requires \(bare(first)) to fail'), or declare `simultaneous` if both should"
            case .sameStep:
                message = "\(first) and \(second) both recognize at the same moment, on one touch sequence"
                fix = "say which one acts: '\(bare(first)) requires \(bare(second)) to fail', or the other way round"
            case .viewTap:
                message = "\(first) and \(second) both act on one tap"
                fix = "keep the view's touches from the recognizer ('shouldReceiveTouch: touchedView != …'), or let it take them (R38)"
            }
            if case .view = pair.first, case .recognizer = pair.second {
                fix = "keep the view's touches from the recognizer, or let it take them (R38)"
            }
            context.report(
                info, message, at: location(pair.first),
                notes: [
                    context.note(later, at: location(pair.second)),
                    context.note(fix, at: location(pair.first)),
                ],
                counterexample: exploration.counterexample(found.run))
        }
    }

    /// "'select'" without its quotes, for a line of the spec.
    private static func bare(_ name: String) -> String {
        name.hasPrefix("'") && name.hasSuffix("'") ? String(name.dropFirst().dropLast()) : name
    }
}
