import GestureCompiler
import GestureDSL
import GestureRuntime

/// Writes a simulation's timeline as text, one line per entry aligned by time and
/// subject, or as JSON, an array with one object per line (docs/traces.md).
public enum TimelineRenderer {
    /// ```
    ///    0.000  photo            touches began 1
    ///    0.080  singleTap@photo  held: waiting for doubleTap on photo to fail  [PhotoBrowser.gdl:30:3]
    /// ```
    public static func text(_ timeline: [TimelineEntry]) -> String {
        let width = timeline.map { subjectWidth(of: $0) }.max() ?? 0
        return timeline.map { line($0, subjectWidth: width) }.joined()
    }

    /// The width of an entry's subject as `line` writes it. The subjects of a timeline
    /// are padded to the widest, so a writer that streams finds it first.
    public static func subjectWidth(of entry: TimelineEntry) -> Int {
        // View ids come from the scene file: anything a JSON string holds, so every
        // line is escaped for the terminal.
        TerminalText.escaped(subject(entry)).count
    }

    /// One line of the text timeline, its subject padded to `subjectWidth`.
    public static func line(_ entry: TimelineEntry, subjectWidth width: Int) -> String {
        let time = seconds(entry.time)
        let subject = TerminalText.escaped(subject(entry))
        var rest = summary(entry)
        if case .decision(_, _, let source) = entry.kind { rest += "  [\(source)]" }
        if let because = entry.because { rest += "  \(because)  [\(entry.row ?? "?")]" }
        return String(repeating: " ", count: max(0, 8 - time.count)) + time + "  "
            + subject + String(repeating: " ", count: max(0, width - subject.count)) + "  " + TerminalText.escaped(rest) + "\n"
    }

    /// The JSON timeline: an array of `jsonObject`s, one a line.
    public static func json(_ timeline: [TimelineEntry]) -> String {
        JSONOutput.array(timeline.map(jsonValue)).written(.rows) + "\n"
    }

    /// One entry of the JSON timeline, on one line.
    public static func jsonObject(_ entry: TimelineEntry) -> String {
        jsonValue(entry).written(.line)
    }

    private static func jsonValue(_ entry: TimelineEntry) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("t", .number(entry.time))]
        switch entry.kind {
        case .action(let state, let values):
            members += [
                ("type", .string("action")), ("recognizer", .string(entry.recognizer ?? "")), ("view", .string(entry.view)),
                ("state", .string(state.rawValue)),
                (
                    "values",
                    .object(
                        values.map { value in
                            (value.name, value.numbers.count == 1 ? .number(value.numbers[0]) : .array(value.numbers.map(JSONOutput.number)))
                        })
                ),
            ]
            if let because = entry.because {
                members += [("because", .string(because)), ("source", .string(entry.row ?? ""))]
            }
        case .touches(let phase, let touches):
            members += [
                ("type", .string("touches")), ("view", .string(entry.view)), ("phase", .string(phase.rawValue)),
                ("touches", .array(touches.map { .int($0.id) })),
                (
                    "touchStates",
                    .array(
                        touches.map { touch in
                            .object([
                                ("id", .int(touch.id)), ("x", .number(touch.location.x)), ("y", .number(touch.location.y)),
                                ("t", .number(touch.timestamp)), ("tapCount", .int(touch.tapCount)),
                            ])
                        })
                ),
            ]
        case .control(let event, let touch, let location):
            members += [
                ("type", .string("control")), ("view", .string(entry.view)), ("event", .string(event.rawValue)),
                ("touch", .int(touch)), ("x", .number(location.x)), ("y", .number(location.y)),
            ]
        case .decision(let decision, let reason, let source):
            members += [
                ("type", .string("decision")), ("recognizer", .string(entry.recognizer ?? "")), ("view", .string(entry.view)),
                ("decision", .string(decision.rawValue)), ("reason", .string(reason)), ("source", .string(source)),
            ]
        case .input(let words):
            members += [("type", .string("input")), ("input", .string(words))]
        }
        if !entry.decidedBy.isEmpty {
            members.append(("decidedBy", .array(entry.decidedBy.map(JSONOutput.string))))
        }
        return .object(members)
    }

    /// What happened, as a timeline line says it after the time and subject, without a
    /// decision's source: `recognized  location (150, 250)`, `touches began 1 (150,
    /// 250)`, `held: waiting for doubleTap on photo to fail`.
    static func summary(_ entry: TimelineEntry) -> String {
        switch entry.kind {
        case .action(let state, let values):
            guard !values.isEmpty else { return state.rawValue }
            return state.rawValue + "  "
                + values.map { value in
                    let written =
                        value.isDirections
                        ? TableListing.written(value.numbers.first ?? 0, .direction) : numbers(value.numbers)
                    return "\(value.name) \(written)"
                }.joined(separator: ", ")
        case .touches(let phase, let touches):
            return "touches \(phase) " + touches.map { describe($0, at: entry.time) }.joined(separator: ", ")
        case .control(let event, let touch, let location):
            return "\(event.rawValue)  touch \(touch) \(numbers([location.x, location.y]))"
        case .decision(let decision, let reason, _):
            return "\(decision.rawValue): \(reason)"
        case .input(let words):
            return words
        }
    }

    /// `1 (100, 200)`: a delivered touch's id and location, then its timestamp when it
    /// is not the line's (a `began` released late, R17, R41) and its tap count past 1.
    private static func describe(_ touch: DeliveredTouch, at time: Double) -> String {
        var text = "\(touch.id) \(numbers([touch.location.x, touch.location.y]))"
        if seconds(touch.timestamp) != seconds(time) { text += " at " + seconds(touch.timestamp) }
        if touch.tapCount > 1 { text += " tapCount \(touch.tapCount)" }
        return text
    }

    /// `singleTap@photo` for a recognizer, `photo` for a view.
    static func subject(_ entry: TimelineEntry) -> String {
        entry.recognizer.map { "\($0)@\(entry.view)" } ?? entry.view
    }

    /// Seconds with three decimals (milliseconds), from exact integer arithmetic.
    package static func seconds(_ time: Double) -> String {
        // Past 2^53 ms a Double holds no fraction of a second, and past Int's range
        // the conversion would trap: such a time is written as JSON writes it.
        let scaled = (time * 1000).rounded()
        guard scaled.magnitude < 9.0e15 else { return NumberText.format(time) }
        let milliseconds = Int(scaled)
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = abs(milliseconds)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `120` or `(150, 150)`.
    private static func numbers(_ values: [Double]) -> String {
        let text = values.map { NumberText.format(($0 * 1000).rounded() / 1000) }
        return text.count == 1 ? text[0] : "(" + text.joined(separator: ", ") + ")"
    }
}
