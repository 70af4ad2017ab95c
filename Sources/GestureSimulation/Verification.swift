import GestureCompiler
import GestureDSL
import GestureRuntime

/// `gesturec verify`: what an app's own recognizers did on a recording (its `saw`
/// events: the states their targets were told) against what the engine does with the
/// spec on the same touches (docs/recording.md). A difference is a state one side
/// reached and the other did not reach within `tolerance` seconds of it: where the app
/// runs UIKit's recognizers, a check of the engine's fidelity on a real device, and at
/// once a check that the spec still describes the app.
public struct Verification {
    /// A state one side reached and the other did not, or reached at another time.
    public struct Difference: Hashable, Sendable {
        public enum Side: Hashable, Sendable {
            /// The app's recognizer reached the state; the engine's did not.
            case recordingOnly
            /// The engine's recognizer reached the state; the app's did not.
            case engineOnly
            /// Both reached it, further apart than the tolerance: at `time` in the
            /// recording and at this time in the engine.
            case engineAt(Double)
        }

        public var side: Side
        /// When it happened: in the recording, or in the engine for `engineOnly`.
        public var time: Double
        public var recognizer: String
        public var view: String
        /// `ended` for a discrete recognizer's recognition too: UIKit's `.recognized`
        /// is `.ended`.
        public var state: TimelineEntry.ActionState
        /// How many more `changed` of the same recognizer on the same view, on the same
        /// side, went unmatched: a drag's moves are reported once, not once each.
        public var moreChanged: Int
        /// The recording's line that shows it: the `saw` event, or the input event
        /// whose call the engine answered with it.
        public var range: SourceRange
        /// What the engine did with the recognizer on the view up to then (actions and
        /// decisions, at most `Verification.entriesShown`, the latest last): why it
        /// did or did not reach the state.
        public var engineEntries: [TimelineEntry]
    }

    /// Two times closer than this are one moment: an app's timers fire on its run
    /// loop, a frame or so after their deadline, where the engine's fire on it.
    public static let defaultTolerance = 0.020
    /// The same state reached on both sides further apart than the tolerance, but
    /// within this, is one difference of time rather than two of states (chosen: a
    /// single tap that does or does not wait the 350 ms of a double tap's interval).
    public static let sameMoment = 1.0
    /// The engine's entries shown with a difference.
    public static let entriesShown = 3

    public private(set) var differences: [Difference] = []
    /// How many states the recording reported, and how many of them the engine reached.
    public private(set) var observed = 0
    public private(set) var matched = 0

    private struct Key: Hashable {
        var recognizer: String
        var view: String
        var state: TimelineEntry.ActionState
    }

    private struct Moment {
        var time: Double
        var range: SourceRange
    }

    /// Compares the `saw` events of `trace` with `timeline`, the engine's run of the
    /// same trace over `scene` (`Simulation.timeline` and `Simulation.scene`, whose
    /// views include those the trace added).
    public init(
        program: GestureProgram, scene: SceneDescription, trace: Trace, timeline: [TimelineEntry],
        tolerance: Double = Self.defaultTolerance
    ) {
        func normal(_ state: TimelineEntry.ActionState) -> TimelineEntry.ActionState { state == .recognized ? .ended : state }
        func viewID(_ index: Int) -> String { scene.views.indices.contains(index) ? scene.views[index].id : "?" }
        func recognizerName(_ index: Int) -> String {
            program.recognizers.indices.contains(index) ? program.recognizers[index].name : "?"
        }

        // The app's states, and the input events, in the recording's order.
        var recorded: [Key: [Moment]] = [:]
        var inputs: [Moment] = []
        for event in trace.events {
            if case .saw(let recognizer, let view, let state) = event.action {
                let key = Key(recognizer: recognizerName(recognizer), view: viewID(view), state: normal(state))
                recorded[key, default: []].append(Moment(time: event.time, range: event.range))
                observed += 1
            } else {
                inputs.append(Moment(time: event.time, range: event.range))
            }
        }
        // The engine's, each at the input event it answered: the last one at or before it.
        var engine: [Key: [Moment]] = [:]
        var history: [String: [TimelineEntry]] = [:]
        var nextInput = 0
        for entry in timeline {
            guard let recognizer = entry.recognizer else { continue }
            // A reset says the sequence is over, never why a state was or was not reached.
            if case .decision(.reset, _, _) = entry.kind { continue }
            history["\(recognizer)@\(entry.view)", default: []].append(entry)
            guard case .action(let state, _) = entry.kind else { continue }
            while nextInput < inputs.count, inputs[nextInput].time <= entry.time { nextInput += 1 }
            let range = nextInput > 0 ? inputs[nextInput - 1].range : (inputs.first?.range ?? trace.events.first?.range)
            guard let range else { continue }
            engine[Key(recognizer: recognizer, view: entry.view, state: normal(state)), default: []]
                .append(Moment(time: entry.time, range: range))
        }

        func append(_ side: Difference.Side, _ moment: Moment, _ key: Key, more: Int) {
            var latest = moment.time
            if case .engineAt(let time) = side { latest = max(latest, time) }
            // The entries up to then: the timeline is in time order, so a binary search
            // finds the end, and a long recording costs no square of its length.
            let entries = history["\(key.recognizer)@\(key.view)"] ?? []
            var low = 0
            var high = entries.count
            while low < high {
                let middle = low + (high - low) / 2
                if entries[middle].time <= latest + tolerance { low = middle + 1 } else { high = middle }
            }
            differences.append(
                Difference(
                    side: side, time: moment.time, recognizer: key.recognizer, view: key.view, state: key.state, moreChanged: more,
                    range: moment.range, engineEntries: Array(entries[max(0, low - Self.entriesShown)..<low])))
        }
        for key in Set(recorded.keys).union(engine.keys) {
            let (left, right, pairs) = Self.match(recorded[key] ?? [], engine[key] ?? [], within: tolerance)
            matched += pairs.count
            // Of what is left, the same state a little apart is one moment reached at
            // two times.
            let (recordingOnly, engineOnly, late) = Self.match(left, right, within: Self.sameMoment)
            if key.state == .changed {
                // A drag's moves: one difference of each sort, at the first.
                if let first = late.first { append(.engineAt(first.1.time), first.0, key, more: late.count - 1) }
                if let first = recordingOnly.first { append(.recordingOnly, first, key, more: recordingOnly.count - 1) }
                if let first = engineOnly.first { append(.engineOnly, first, key, more: engineOnly.count - 1) }
            } else {
                for (recording, engine) in late { append(.engineAt(engine.time), recording, key, more: 0) }
                for moment in recordingOnly { append(.recordingOnly, moment, key, more: 0) }
                for moment in engineOnly { append(.engineOnly, moment, key, more: 0) }
            }
        }
        differences.sort { a, b in
            (a.time, a.recognizer, a.view, a.state.rawValue) < (b.time, b.recognizer, b.view, b.state.rawValue)
        }
    }

    /// Pairs the moments of two time-ordered lists that lie within `window` of each
    /// other, in order: what is left on each side, and the pairs.
    private static func match(_ left: [Moment], _ right: [Moment], within window: Double) -> ([Moment], [Moment], [(Moment, Moment)]) {
        var leftOnly: [Moment] = []
        var rightOnly: [Moment] = []
        var pairs: [(Moment, Moment)] = []
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if abs(left[i].time - right[j].time) <= window {
                pairs.append((left[i], right[j]))
                i += 1
                j += 1
            } else if left[i].time < right[j].time {
                leftOnly.append(left[i])
                i += 1
            } else {
                rightOnly.append(right[j])
                j += 1
            }
        }
        leftOnly += left[i...]
        rightOnly += right[j...]
        return (leftOnly, rightOnly, pairs)
    }

    /// Each difference as a diagnostic at the recording's line (GDL530); what the
    /// engine did is shown beside it (`engineEntries`).
    public var diagnostics: [Diagnostic] {
        differences.map { difference in
            let subject = "'\(difference.recognizer)' on \(difference.view)"
            let time = NumberText.format(difference.time)
            let state = difference.state.rawValue
            var message =
                switch difference.side {
                case .recordingOnly: "\(subject) \(state) at \(time) s in the recording, and not in the engine"
                case .engineOnly: "\(subject) \(state) at \(time) s in the engine, and not in the recording"
                case .engineAt(let engineTime):
                    "\(subject) \(state) at \(time) s in the recording, and at \(NumberText.format(engineTime)) s in the engine"
                }
            if difference.moreChanged > 0 {
                message += " (and \(difference.moreChanged) more 'changed')"
            }
            return Diagnostic(id: "GDL530", severity: .error, message: message, range: difference.range)
        }
    }
}
