import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

/// What a test says must happen (docs/testing.md), checked against the timeline of its
/// trace: an action of a recognizer, a delivery to a view, a decision, a latency, or
/// that something never happens.
public struct Expectation: Sendable {
    public enum Form: Sendable, Hashable {
        /// `R [on V] PHASE [at T [± TOL]] [with NAME VALUE, …]`: an action, at a time
        /// and with reported values when given.
        case action(Recognizer, phase: TimelineEntry.ActionState, at: Double?, tolerance: Double, values: [Value])
        /// `never R [on V] [PHASE]`: no action of R (of that phase).
        case neverAction(Recognizer, phase: TimelineEntry.ActionState?)
        /// `V receives PHASE [at T [± TOL]]`: a delivery of touches to a view.
        case delivery(view: String, phase: TouchDelivery.Phase, at: Double?, tolerance: Double)
        /// `never V receives [PHASE]`.
        case neverDelivery(view: String, phase: TouchDelivery.Phase?)
        /// `V sends EVENT [at T [± TOL]]`: a control event of a control view
        /// (docs/controls.md).
        case controlEvent(view: String, event: ControlEvent.Kind, at: Double?, tolerance: Double)
        /// `never V sends [EVENT]`.
        case neverControlEvent(view: String, event: ControlEvent.Kind?)
        /// `R [on V] PHASE within D after (down | move | up) N`: the action comes at
        /// most D after the trace's first such event of touch N.
        case latency(Recognizer, phase: TimelineEntry.ActionState, within: Double, after: TouchChange.Phase, touch: Int)
        /// `R [on V] DECISION [by S]`: a decision of the engine about R (`excluded`,
        /// `held`, `failed`, …), caused by S when given.
        case decision(Recognizer, decision: TimelineEntry.Decision, by: String?)
    }

    /// A recognizer by name, on one view instance when `on V` says which.
    public struct Recognizer: Sendable, Hashable {
        public var name: String
        public var view: String?

        func matches(_ entry: TimelineEntry) -> Bool {
            entry.recognizer == name && (view == nil || entry.view == view)
        }

        var text: String { view.map { "\(name) on \($0)" } ?? name }
    }

    /// A reported value: one number, or two for a point.
    public struct Value: Sendable, Hashable {
        public var name: String
        public var numbers: [Double]
    }

    public var form: Form
    /// From `expect` to the end of the expectation.
    public var range: SourceRange

    /// The default tolerance of a time: a millisecond.
    public static let timeTolerance = 0.001

    /// The engine's decisions, as the timeline names them.
    static let decisions: Set<TimelineEntry.Decision> = [
        .excluded, .held, .released, .failed, .vetoed, .refused, .simultaneous, .ignored, .disabled, .interrupted, .removed,
    ]
}

// MARK: - Reading

extension Expectation {
    /// Reads what follows `expect` on a line.
    static func parse(_ tokens: inout TraceText.Tokens) throws(LocatedJSONError) -> Expectation {
        let start = tokens.peek()?.range ?? tokens.last
        let never = tokens.peek()?.text == "never"
        if never { _ = tokens.next() }
        let name = try tokens.word(never ? "a recognizer or view after 'never'" : "a recognizer or view")
        func done(_ form: Form) -> Expectation { Expectation(form: form, range: start.union(tokens.last)) }

        if tokens.peek()?.text == "sends" {
            _ = tokens.next()
            if never {
                let event = try optionalWord(&tokens, as: ControlEvent.Kind.self, what: "a control event")
                return done(.neverControlEvent(view: name.text, event: event))
            }
            let event = try word(
                &tokens, as: ControlEvent.Kind.self,
                what: "a control event (touchDown, touchDragExit, touchDragEnter, touchUpInside, touchUpOutside, touchCancel, valueChanged)")
            let (time, tolerance) = try at(&tokens)
            return done(.controlEvent(view: name.text, event: event, at: time, tolerance: tolerance))
        }
        if tokens.peek()?.text == "receives" {
            _ = tokens.next()
            if never {
                let phase = try optionalWord(&tokens, as: TouchDelivery.Phase.self, what: "a touch phase")
                return done(.neverDelivery(view: name.text, phase: phase))
            }
            let phase = try word(&tokens, as: TouchDelivery.Phase.self, what: "a touch phase (began, moved, ended, cancelled)")
            let (time, tolerance) = try at(&tokens)
            return done(.delivery(view: name.text, phase: phase, at: time, tolerance: tolerance))
        }
        var recognizer = Recognizer(name: name.text, view: nil)
        if tokens.peek()?.text == "on" {
            _ = tokens.next()
            recognizer.view = try tokens.word("a view id after 'on'").text
        }
        if never {
            return done(
                .neverAction(recognizer, phase: try optionalWord(&tokens, as: TimelineEntry.ActionState.self, what: "an action")))
        }
        guard let next = tokens.peek() else {
            throw tokens.missing("an action (began, changed, ended, cancelled, recognized), a decision or 'receives'")
        }
        if let decision = TimelineEntry.Decision(rawValue: next.text), decisions.contains(decision) {
            _ = tokens.next()
            var by: String?
            if tokens.peek()?.text == "by" {
                _ = tokens.next()
                by = try tokens.word("a recognizer after 'by'").text
            }
            return done(.decision(recognizer, decision: decision, by: by))
        }
        let phase = try word(
            &tokens, as: TimelineEntry.ActionState.self, what: "an action (began, changed, ended, cancelled, recognized) or a decision")
        if tokens.peek()?.text == "within" {
            _ = tokens.next()
            let limit = try seconds(&tokens, what: "a duration (100ms, 0.5s)")
            _ = try tokens.expect("after")
            let event = try word(&tokens, among: ["down", "move", "up"], what: "'down', 'move' or 'up'")
            guard let touch = tokens.peek(), let id = Int(touch.text) else { throw tokens.missing("a touch id") }
            _ = tokens.next()
            let touchPhase: TouchChange.Phase = event == "down" ? .down : event == "up" ? .up : .move
            return done(.latency(recognizer, phase: phase, within: limit, after: touchPhase, touch: id))
        }
        let (time, tolerance) = try at(&tokens)
        var values: [Value] = []
        if tokens.peek()?.text == "with" {
            _ = tokens.next()
            repeat {
                if !values.isEmpty { _ = try tokens.expect(",") }
                let valueName = try tokens.word("a reported value's name")
                values.append(Value(name: valueName.text, numbers: try numbers(&tokens)))
            } while tokens.peek()?.text == ","
        }
        return done(.action(recognizer, phase: phase, at: time, tolerance: tolerance, values: values))
    }

    private static func word(_ tokens: inout TraceText.Tokens, among words: Set<String>, what: String) throws(LocatedJSONError) -> String {
        guard let token = tokens.peek(), words.contains(token.text) else { throw tokens.missing(what) }
        _ = tokens.next()
        return token.text
    }

    /// The next word as one of `Word`'s cases (a phase), by its name.
    private static func word<Word: RawRepresentable<String>>(_ tokens: inout TraceText.Tokens, as _: Word.Type, what: String)
        throws(LocatedJSONError) -> Word
    {
        guard let token = tokens.peek(), let word = Word(rawValue: token.text) else { throw tokens.missing(what) }
        _ = tokens.next()
        return word
    }

    private static func optionalWord<Word: RawRepresentable<String>>(_ tokens: inout TraceText.Tokens, as type: Word.Type, what: String)
        throws(LocatedJSONError) -> Word?
    {
        guard tokens.peek() != nil else { return nil }
        return try word(&tokens, as: type, what: what)
    }

    /// `at T [± TOL]` (`+-` for `±`), or nothing.
    private static func at(_ tokens: inout TraceText.Tokens) throws(LocatedJSONError) -> (Double?, Double) {
        guard tokens.peek()?.text == "at" else { return (nil, timeTolerance) }
        _ = tokens.next()
        let time = try seconds(&tokens, what: "a time in seconds")
        guard let sign = tokens.peek(), sign.text == "±" || sign.text == "+-" else { return (time, timeTolerance) }
        _ = tokens.next()
        return (time, try seconds(&tokens, what: "a tolerance (5ms, 0.01)"))
    }

    /// A time: seconds as a bare number or with `s`, or `ms` (`QuantityText.duration`);
    /// finite, not negative, and no later than a trace may be.
    static func seconds(_ tokens: inout TraceText.Tokens, what: String) throws(LocatedJSONError) -> Double {
        guard let token = tokens.peek(), let value = QuantityText.duration(token.text, bareSeconds: true),
            value <= SimulationInputReader.latestTime
        else { throw tokens.missing(what) }
        _ = tokens.next()
        return value
    }

    /// `12.5`, or `(150, 250)` for a point.
    private static func numbers(_ tokens: inout TraceText.Tokens) throws(LocatedJSONError) -> [Double] {
        func number() throws(LocatedJSONError) -> Double {
            guard let token = tokens.peek(), let value = Double(token.text), value.isFinite else { throw tokens.missing("a number") }
            _ = tokens.next()
            return value
        }
        guard tokens.peek()?.text == "(" else { return [try number()] }
        _ = tokens.next()
        let x = try number()
        _ = try tokens.expect(",")
        let y = try number()
        _ = try tokens.expect(")")
        return [x, y]
    }
}

// MARK: - Writing

extension Expectation {
    /// The expectation as a test file writes it, after `expect`.
    public var text: String {
        func time(_ at: Double?, _ tolerance: Double) -> String {
            guard let at else { return "" }
            return " at \(Self.format(at))" + (tolerance == Self.timeTolerance ? "" : " ± \(Self.format(tolerance))")
        }
        switch form {
        case .action(let recognizer, let phase, let at, let tolerance, let values):
            let with = values.isEmpty ? "" : " with " + values.map { "\($0.name) \(Self.format($0.numbers))" }.joined(separator: ", ")
            return "\(recognizer.text) \(phase.rawValue)\(time(at, tolerance))\(with)"
        case .neverAction(let recognizer, let phase):
            return "never \(recognizer.text)" + (phase.map { " \($0)" } ?? "")
        case .delivery(let view, let phase, let at, let tolerance):
            return "\(view) receives \(phase.rawValue)\(time(at, tolerance))"
        case .neverDelivery(let view, let phase):
            return "never \(view) receives" + (phase.map { " \($0)" } ?? "")
        case .controlEvent(let view, let event, let at, let tolerance):
            return "\(view) sends \(event.rawValue)\(time(at, tolerance))"
        case .neverControlEvent(let view, let event):
            return "never \(view) sends" + (event.map { " \($0.rawValue)" } ?? "")
        case .latency(let recognizer, let phase, let within, let after, let touch):
            return
                "\(recognizer.text) \(phase.rawValue) within \(QuantityText.format(within, .duration)) after \(after.rawValue) \(touch)"
        case .decision(let recognizer, let decision, let by):
            return "\(recognizer.text) \(decision.rawValue)" + (by.map { " by \($0)" } ?? "")
        }
    }

    /// A `never` about a view: nil when no entry of `excerpt` is one it forbids, else
    /// the first, with the view's entries.
    static func none(of excerpt: [TimelineEntry], _ forbidden: (TimelineEntry) -> Bool) -> Divergence? {
        guard let found = excerpt.first(where: forbidden) else { return nil }
        return Divergence(actual: describe(found), excerpt: excerpt, update: nil)
    }

    /// Seconds to the microsecond, without trailing zeros.
    static func format(_ seconds: Double) -> String { NumberText.format((seconds * 1e6).rounded() / 1e6) }

    static func format(_ numbers: [Double]) -> String {
        let parts = numbers.map { NumberText.format(($0 * 1000).rounded() / 1000) }
        return parts.count == 1 ? parts[0] : "(\(parts.joined(separator: ", ")))"
    }
}

// MARK: - Checking

extension Expectation {
    /// What checking an expectation found: nil when it holds; else what happened
    /// instead, and the timeline entries that show it.
    public struct Divergence: Sendable {
        public var actual: String
        public var excerpt: [TimelineEntry]
        /// The expectation as it would hold, for `--update`: an action's time and
        /// values as they came; nil when no rewrite makes it hold.
        public var update: Expectation?
    }

    /// Whether a value the engine reported matches one written: within 0.01, or 0.1 %
    /// of a large value, so that a test may round what it writes.
    static func close(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= max(0.01, abs(expected) * 0.001)
    }

    /// Checks the expectation against a run's timeline and the trace that made it.
    public func check(_ timeline: [TimelineEntry], trace: Trace) -> Divergence? {
        check(in: TimelineIndex(timeline, trace: trace))
    }

    /// Checks the expectation against a run's timeline, indexed once for all the
    /// expectations of a test: an expectation that holds reads only the entries it
    /// is about (by recognizer or view, and by time when it gives one).
    public func check(in index: TimelineIndex) -> Divergence? {
        switch form {
        case .action(let recognizer, let phase, let at, let tolerance, let values):
            func holds(_ entry: TimelineEntry) -> Bool {
                guard recognizer.matches(entry), case .action(let state, let reported) = entry.kind, state.matches(phase) else {
                    return false
                }
                return values.allSatisfy { value in
                    guard let found = reported.first(where: { $0.name == value.name }), found.numbers.count == value.numbers.count
                    else { return false }
                    return zip(found.numbers, value.numbers).allSatisfy { Self.close($0, $1) }
                }
            }
            let entries = index.entries(of: recognizer.name)
            let window = at.map { index.within(entries, $0 - tolerance - 1e-9, $0 + tolerance + 1e-9) } ?? entries[...]
            if window.contains(where: holds) { return nil }
            let candidates = entries.filter { entry in
                guard recognizer.matches(entry), case .action(let state, _) = entry.kind else { return false }
                return state.matches(phase)
            }
            let excerpt = entries.filter { recognizer.matches($0) }
            guard let first = candidates.first, case .action(_, let reported) = first.kind else {
                return Divergence(
                    actual: "\(recognizer.text) never \(phase == .recognized ? "recognized" : "sent \(phase.rawValue)")", excerpt: excerpt,
                    update: nil)
            }
            var update = self
            let updatedValues = values.map { value in
                Value(name: value.name, numbers: reported.first { $0.name == value.name }?.numbers ?? value.numbers)
            }
            update.form = .action(recognizer, phase: phase, at: at.map { _ in first.time }, tolerance: tolerance, values: updatedValues)
            let unknown = values.first { value in !reported.contains { $0.name == value.name } }
            if let unknown {
                return Divergence(
                    actual: "\(recognizer.text) reports no value '\(unknown.name)' (it reports \(reported.map(\.name).joined(separator: ", ")))",
                    excerpt: excerpt, update: nil)
            }
            return Divergence(actual: candidates.prefix(3).map(Self.describe).joined(separator: "; "), excerpt: excerpt, update: update)

        case .neverAction(let recognizer, let phase):
            let entries = index.entries(of: recognizer.name)
            let found = entries.first { entry in
                guard recognizer.matches(entry), case .action(let state, _) = entry.kind else { return false }
                return phase.map(state.matches) ?? true
            }
            guard let found else { return nil }
            return Divergence(actual: Self.describe(found), excerpt: entries.filter { recognizer.matches($0) }, update: nil)

        case .delivery(let view, let phase, let at, let tolerance):
            func delivered(_ entry: TimelineEntry) -> Bool {
                guard case .touches(let delivered, _) = entry.kind else { return false }
                return delivered == phase
            }
            let excerpt = index.deliveries(to: view)
            let window = at.map { index.within(excerpt, $0 - tolerance - 1e-9, $0 + tolerance + 1e-9) } ?? excerpt[...]
            if window.contains(where: delivered) { return nil }
            let deliveries = excerpt.filter(delivered)
            guard let first = deliveries.first else {
                return Divergence(actual: "\(view) never received \(phase.rawValue)", excerpt: excerpt, update: nil)
            }
            var update = self
            update.form = .delivery(view: view, phase: phase, at: first.time, tolerance: tolerance)
            return Divergence(actual: deliveries.prefix(3).map(Self.describe).joined(separator: "; "), excerpt: excerpt, update: update)

        case .neverDelivery(let view, let phase):
            return Self.none(of: index.deliveries(to: view)) { entry in
                guard case .touches(let delivered, _) = entry.kind else { return false }
                return phase == nil || delivered == phase
            }

        case .controlEvent(let view, let event, let at, let tolerance):
            func sent(_ entry: TimelineEntry) -> Bool {
                guard case .control(let kind, _, _) = entry.kind else { return false }
                return kind == event
            }
            let excerpt = index.controlEvents(of: view)
            let window = at.map { index.within(excerpt, $0 - tolerance - 1e-9, $0 + tolerance + 1e-9) } ?? excerpt[...]
            if window.contains(where: sent) { return nil }
            let matching = excerpt.filter(sent)
            guard let first = matching.first else {
                let others = excerpt.prefix(3).map(Self.describe).joined(separator: "; ")
                return Divergence(
                    actual: "\(view) never sent \(event.rawValue)" + (others.isEmpty ? "" : "; it sent: \(others)"), excerpt: excerpt,
                    update: nil)
            }
            var update = self
            update.form = .controlEvent(view: view, event: event, at: first.time, tolerance: tolerance)
            return Divergence(actual: matching.prefix(3).map(Self.describe).joined(separator: "; "), excerpt: excerpt, update: update)

        case .neverControlEvent(let view, let event):
            return Self.none(of: index.controlEvents(of: view)) { entry in
                guard case .control(let kind, _, _) = entry.kind else { return false }
                return event == nil || kind == event
            }

        case .latency(let recognizer, let phase, let within, let after, let touch):
            let entries = index.entries(of: recognizer.name)
            guard let start = index.firstTime(of: after, touch: touch) else {
                return Divergence(actual: "the trace has no '\(after.rawValue) \(touch)'", excerpt: [], update: nil)
            }
            let action = index.within(entries, start - 1e-9, .infinity).first { entry in
                guard recognizer.matches(entry), case .action(let state, _) = entry.kind else { return false }
                return state.matches(phase)
            }
            let excerpt = { entries.filter { recognizer.matches($0) } }
            guard let action else {
                return Divergence(
                    actual: "\(recognizer.text) never \(phase == .recognized ? "recognized" : "sent \(phase.rawValue)") after it",
                    excerpt: excerpt(), update: nil)
            }
            let delay = action.time - start
            if delay <= within + 1e-9 { return nil }
            return Divergence(
                actual: "\(Self.describe(action)), \(QuantityText.format(delay, .duration)) after \(after.rawValue) \(touch)",
                excerpt: excerpt(), update: nil)

        case .decision(let recognizer, let decision, let by):
            let entries = index.entries(of: recognizer.name)
            let decisions = entries.filter { entry in
                guard recognizer.matches(entry), case .decision(let name, _, _) = entry.kind else { return false }
                return name == decision
            }
            let holds = decisions.contains { entry in
                guard let by, case .decision(_, let reason, _) = entry.kind else { return true }
                return reason.contains("\(by) on ")
            }
            if holds { return nil }
            let excerpt = entries.filter { recognizer.matches($0) && $0.kind.isNotReset }
            let actual = decisions.first.map(Self.describe) ?? "\(recognizer.text) was never \(decision.rawValue)"
            return Divergence(actual: actual, excerpt: excerpt, update: nil)
        }
    }

    /// "zoom on photo recognized at 0.35s with location (150, 250)".
    static func describe(_ entry: TimelineEntry) -> String {
        let at = "at \(format(entry.time))s"
        switch entry.kind {
        case .action(let state, let values):
            let with = values.isEmpty ? "" : " with " + values.map { "\($0.name) \(format($0.numbers))" }.joined(separator: ", ")
            return "\(entry.recognizer ?? "?") on \(entry.view) \(state.rawValue) \(at)\(with)"
        case .touches(let phase, _):
            return "\(entry.view) received \(phase.rawValue) \(at)"
        case .control(let event, _, _):
            return "\(entry.view) sent \(event.rawValue) \(at)"
        case .decision(let decision, let reason, _):
            return "\(entry.recognizer ?? "?") on \(entry.view) \(decision.rawValue) \(at): \(reason)"
        case .input(let text):
            return "\(text) \(at)"
        }
    }
}

extension TimelineEntry.Kind {
    var isNotReset: Bool {
        if case .decision(.reset, _, _) = self { return false }
        return true
    }
}

/// A run's timeline grouped once, for checking many expectations against it: the
/// entries of each recognizer and the deliveries to each view, each in time order, and
/// when each touch first changed in each phase.
public struct TimelineIndex: Sendable {
    private var byRecognizer: [String: [TimelineEntry]] = [:]
    private var deliveriesByView: [String: [TimelineEntry]] = [:]
    private var controlEventsByView: [String: [TimelineEntry]] = [:]
    private var firstTimes: [TouchMoment: Double] = [:]
    private var isTimeOrdered: Bool

    private struct TouchMoment: Hashable {
        var touch: Int
        var phase: TouchChange.Phase
    }

    public init(_ timeline: [TimelineEntry], trace: Trace) {
        isTimeOrdered = zip(timeline, timeline.dropFirst()).allSatisfy { $0.time <= $1.time }
        for entry in timeline {
            if let recognizer = entry.recognizer {
                byRecognizer[recognizer, default: []].append(entry)
            } else if case .touches = entry.kind {
                deliveriesByView[entry.view, default: []].append(entry)
            } else if case .control = entry.kind {
                controlEventsByView[entry.view, default: []].append(entry)
            }
        }
        for event in trace.events {
            guard case .touches(let changes) = event.action else { continue }
            for change in changes {
                let moment = TouchMoment(touch: change.change.id, phase: change.change.phase)
                if firstTimes[moment] == nil { firstTimes[moment] = event.time }
            }
        }
    }

    /// Every entry about a recognizer of this name, on any view.
    func entries(of recognizer: String) -> [TimelineEntry] { byRecognizer[recognizer] ?? [] }

    /// The touches delivered to a view.
    func deliveries(to view: String) -> [TimelineEntry] { deliveriesByView[view] ?? [] }

    /// The control events a view sent.
    func controlEvents(of view: String) -> [TimelineEntry] { controlEventsByView[view] ?? [] }

    /// The time of the trace's first event in which touch `touch` changed as `phase` says.
    func firstTime(of phase: TouchChange.Phase, touch: Int) -> Double? { firstTimes[TouchMoment(touch: touch, phase: phase)] }

    /// The entries (of this index) whose time lies in `lower...upper`: found by halving,
    /// as a run's timeline is in time order, and by reading them all were it not.
    func within(_ entries: [TimelineEntry], _ lower: Double, _ upper: Double) -> ArraySlice<TimelineEntry> {
        guard isTimeOrdered else {
            return entries.filter { $0.time >= lower && $0.time <= upper }[...]
        }
        func firstIndex(from: Int, where isPast: (Double) -> Bool) -> Int {
            var (low, high) = (from, entries.count)
            while low < high {
                let middle = low + (high - low) / 2
                if isPast(entries[middle].time) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let start = firstIndex(from: 0) { $0 >= lower }
        let end = firstIndex(from: start) { $0 > upper }
        return entries[start..<end]
    }
}
