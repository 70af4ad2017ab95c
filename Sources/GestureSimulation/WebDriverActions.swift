import GestureCompiler
import GestureDSL
import GestureRuntime

/// Touches in W3C WebDriver's Actions (§17 of the WebDriver standard: the body of
/// `POST /session/{id}/actions`, which Appium and other drivers speak), read into a
/// trace's events and written from them (docs/recording.md): a driven script's
/// touches replay here, and a recording's can drive a device.
///
/// ```json
/// {"actions": [{"type": "pointer", "id": "finger1", "parameters": {"pointerType": "touch"},
///   "actions": [{"type": "pointerMove", "duration": 0, "x": 100, "y": 200},
///               {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 500},
///               {"type": "pointerUp", "button": 0}]}]}
/// ```
///
/// The standard runs its sources' actions in ticks: the first action of every source,
/// then the second, and so on, each tick lasting as long as its longest action. A
/// pointer source is a finger (touch ids from 1, in the sources' order, which a wheel
/// source shares: each of its `scroll` actions is a scroll wheel's scroll, R88, from
/// its start at `x`, `y` to its end `duration` later, moving the content by `deltaX`
/// and `deltaY` as the DOM's wheel does, so the finger that would drag it goes the
/// other way); a `pointerMove`
/// with a duration moves the finger there in straight steps at `samplesPerSecond` (the
/// standard leaves the steps to the driver: these are chosen, a display's 60 Hz), one
/// step when it has none. Times are in milliseconds, so a trace written as Actions
/// keeps its times to the millisecond.
public enum WebDriverActions {
    /// One change of one touch at `time` seconds.
    public struct TouchEvent: Hashable, Sendable {
        public var time: Double
        public var changes: [TouchChange]
    }

    /// The steps a `pointerMove` with a duration is cut into, per second (chosen).
    public static let samplesPerSecond = 60.0
    /// The most ticks, steps and sources read: a body is a script, not a recording of
    /// hours (docs/limits.md).
    public static let maximumEvents = 1_000_000

    /// Whether a JSON document is an Actions body: an object whose `actions` is an array
    /// of sources, each with a `type`.
    public static func isActions(_ json: LocatedJSON) -> Bool {
        guard case .object(let members) = json.value, let actions = members.first(where: { $0.key == "actions" })?.value,
            case .array(let sources) = actions.value
        else { return false }
        return sources.allSatisfy { source in
            if case .object(let fields) = source.value { return fields.contains { $0.key == "type" } }
            return false
        }
    }

    // MARK: - Reading

    /// The touch events an Actions body makes, in time order; a mistake is located at
    /// the value that is wrong.
    public static func events(_ json: LocatedJSON) throws(LocatedJSONError) -> [TouchEvent] {
        let sources = try array(try member(json, "actions"), "'actions'")
        // Each source's actions, and its touch id if it is a pointer.
        var lists: [[LocatedJSON]] = []
        var touchIDs: [Int?] = []
        var touchTypes: [TouchType] = []
        var wheels: [Bool] = []
        for source in sources {
            let type = try string(try member(source, "type"), "a source's 'type'")
            touchTypes.append(.direct)
            wheels.append(type.text == "wheel")
            switch type.text {
            case "pointer", "wheel":
                touchIDs.append(touchIDs.compactMap { $0 }.count + 1)
                if type.text == "pointer" { touchTypes[touchTypes.count - 1] = try touchType(of: source) }
            case "none", "key":
                touchIDs.append(nil)
            default:
                throw LocatedJSONError(reason: "a source's type is 'pointer', 'none', 'key' or 'wheel', found '\(type.text)'", range: type.range)
            }
            lists.append(try array(try member(source, "actions"), "a source's 'actions'"))
        }
        var positions = Array(repeating: Point.zero, count: sources.count)
        var down = Array(repeating: false, count: sources.count)
        var events: [TouchEvent] = []
        var steps = 0
        var tickStart = 0.0
        for tick in 0..<(lists.map(\.count).max() ?? 0) {
            // This tick's changes, by time from its start.
            var changes: [(offset: Double, change: TouchChange)] = []
            var longest = 0.0
            for (index, list) in lists.enumerated() where tick < list.count {
                let action = list[tick]
                let type = try string(try member(action, "type"), "an action's 'type'")
                let duration = try durationSeconds(action)
                longest = max(longest, duration)
                guard let id = touchIDs[index] else {
                    // Keys take their time and touch nothing.
                    continue
                }
                if wheels[index] {
                    guard type.text != "pause" else { continue }
                    guard type.text == "scroll" else {
                        throw LocatedJSONError(reason: "a wheel's action is 'pause' or 'scroll', found '\(type.text)'", range: type.range)
                    }
                    let scroll = try wheelScroll(action, id: id, duration: duration, steps: &steps)
                    changes += scroll
                    longest = max(longest, scroll.last?.offset ?? 0)
                    continue
                }
                switch type.text {
                case "pause":
                    break
                case "pointerMove":
                    let target = try location(action, from: positions[index])
                    if down[index], target != positions[index] {
                        let count = duration > 0 ? max(1, Int((duration * samplesPerSecond - 1e-9).rounded(.up))) : 1
                        steps += count
                        guard steps <= maximumEvents else {
                            throw LocatedJSONError(reason: "more than \(maximumEvents) touch changes", range: action.range)
                        }
                        let start = positions[index]
                        for step in 1...count {
                            let fraction = Double(step) / Double(count)
                            let point = Point(x: start.x + (target.x - start.x) * fraction, y: start.y + (target.y - start.y) * fraction)
                            changes.append((duration * fraction, TouchChange(id: id, phase: .move, location: point)))
                        }
                    }
                    positions[index] = target
                case "pointerDown", "pointerUp", "pointerCancel":
                    let isDown = type.text == "pointerDown"
                    guard down[index] != isDown else {
                        throw LocatedJSONError(
                            reason: isDown ? "the pointer is already down" : "the pointer is not down", range: type.range)
                    }
                    down[index] = isDown
                    let phase: TouchChange.Phase = isDown ? .down : type.text == "pointerUp" ? .up : .cancel
                    changes.append(
                        (0, TouchChange(id: id, phase: phase, location: positions[index], touchType: touchTypes[index])))
                default:
                    throw LocatedJSONError(
                        reason: "a pointer's action is 'pause', 'pointerMove', 'pointerDown', 'pointerUp' or 'pointerCancel', found '\(type.text)'",
                        range: type.range)
                }
            }
            // Changes at one time are one event (R12); a touch changes once per event,
            // which one source's one action a tick guarantees.
            let ordered = changes.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
            var index = 0
            while index < ordered.count {
                let offset = ordered[index].offset
                var event = TouchEvent(time: tickStart + offset, changes: [])
                while index < ordered.count, ordered[index].offset == offset {
                    event.changes.append(ordered[index].change)
                    index += 1
                }
                events.append(event)
            }
            tickStart += longest
            guard tickStart <= SimulationInputReader.latestTime else {
                throw LocatedJSONError(reason: "the actions last longer than 1e9 seconds", range: json.range)
            }
        }
        return events
    }

    /// The events as the text form's event lines (docs/traces.md).
    public static func traceText(_ events: [TouchEvent]) -> String {
        events.map { event in
            let time = milliseconds(event.time)
            let changes = event.changes.map { change in
                change.phase == .cancel
                    ? "cancel \(change.id)"
                    : "\(change.phase.rawValue) \(change.id) at (\(coordinate(change.location.x)), \(coordinate(change.location.y)))"
                        + change.writtenType
            }
            return "\(time)  " + changes.joined(separator: "; ") + "\n"
        }.joined()
    }

    // MARK: - Writing

    /// A trace's touches as an Actions body: one pointer source a touch id, a tick for
    /// the movement up to each event (its duration the time since the one before, to
    /// the millisecond) and, where a touch goes down, lifts or is cancelled, a tick of
    /// no duration for that. The trace's other events (the scene's changes, hooks) are
    /// not touches and are left out.
    ///
    /// A source is a finger of one pointer type (`touch`, `pen`, `mouse`): a touch takes
    /// the first finger of its type free when it goes down and gives it back when it
    /// lifts, so there are as many sources of a type as touches of it were ever down at
    /// once (each at most `GestureEngine.maximumTouches`, which `events(ofTrace:)` checks).
    public static func json(_ events: [TouchEvent]) -> String {
        var fingers: [[JSONOutput]] = []
        // Each finger's touch type: a source has one pointer type.
        var fingerTypes: [TouchType] = []
        var fingerOfTouch: [Int: Int] = [:]
        var positions: [Point] = []
        var previous = 0
        func pause(_ duration: Int) -> JSONOutput { .object([("type", .string("pause")), ("duration", .int(duration))]) }
        for event in events {
            let now = Int((event.time * 1000).rounded())
            let duration = max(0, now - previous)
            previous = max(previous, now)
            // The fingers this event's touches move on, a new one taking the first free.
            var changeOfFinger: [Int: TouchChange] = [:]
            for change in event.changes {
                let finger: Int
                if let known = fingerOfTouch[change.id] {
                    finger = known
                } else {
                    let busy = Set(fingerOfTouch.values)
                    let type = pointerType(change.touchType)
                    finger =
                        (0..<fingers.count).first { !busy.contains($0) && pointerType(fingerTypes[$0]) == type } ?? fingers.count
                    if finger == fingers.count {
                        // A finger that joins late has paused through every tick so far.
                        let ticks = fingers.first?.count ?? 0
                        fingers.append(Array(repeating: pause(0), count: ticks))
                        fingerTypes.append(change.touchType)
                        positions.append(.zero)
                    }
                    fingerOfTouch[change.id] = finger
                }
                changeOfFinger[finger] = change
            }
            // The movement up to the event, then the presses and lifts.
            for finger in fingers.indices {
                if let change = changeOfFinger[finger], change.phase != .cancel, positions[finger] != change.location {
                    positions[finger] = change.location
                    fingers[finger].append(
                        .object([
                            ("type", .string("pointerMove")), ("duration", .int(duration)), ("x", .number(change.location.x)),
                            ("y", .number(change.location.y)),
                        ]))
                } else {
                    fingers[finger].append(pause(duration))
                }
            }
            guard event.changes.contains(where: { $0.phase != .move }) else { continue }
            for finger in fingers.indices {
                let type: String? =
                    switch changeOfFinger[finger]?.phase {
                    case .down: "pointerDown"
                    case .up: "pointerUp"
                    case .cancel: "pointerCancel"
                    case .move, nil: nil
                    }
                fingers[finger].append(type.map { .object([("type", .string($0)), ("button", .int(0))]) } ?? pause(0))
            }
            for change in event.changes where change.phase == .up || change.phase == .cancel { fingerOfTouch[change.id] = nil }
        }
        let sources: [JSONOutput] = fingers.enumerated().map { index, actions in
            .object([
                ("type", .string("pointer")), ("id", .string("finger\(index + 1)")),
                ("parameters", .object([("pointerType", .string(pointerType(fingerTypes[index])))])),
                ("actions", .array(actions)),
            ])
        }
        // An action a line, as the standard's examples are laid out.
        return JSONOutput.object([("actions", .array(sources))]).written(.lines(depth: 4)) + "\n"
    }

    /// A trace's touch events, in order, read from its tree (JSON, or the text form
    /// through `TraceText.parse`) without a spec: only its touches are read, so its
    /// views and recognizers need no names the spec knows.
    public static func events(ofTrace tree: LocatedJSON) throws(LocatedJSONError) -> [TouchEvent] {
        guard let list = optionalMember(tree, "events") else { return [] }
        var events: [TouchEvent] = []
        var last = -Double.infinity
        var down: Set<Int> = []
        for event in try array(list, "'events'") {
            guard let touches = optionalMember(event, "touches") else { continue }
            let time = try number(try member(event, "t"), "'t'", limit: SimulationInputReader.latestTime)
            guard time >= last else { throw LocatedJSONError(reason: "time goes backwards", range: event.range) }
            last = time
            var changes: [TouchChange] = []
            var changed: Set<Int> = []
            for touch in try array(touches, "'touches'") {
                let id = try number(try member(touch, "id"), "'id'", limit: 1e15)
                guard id == id.rounded() else { throw LocatedJSONError(reason: "'id' must be a whole number", range: touch.range) }
                let phaseName = try string(try member(touch, "phase"), "'phase'")
                guard let phase = TouchChange.Phase(rawValue: phaseName.text) else {
                    throw LocatedJSONError(reason: "unknown touch phase '\(phaseName.text)'", range: phaseName.range)
                }
                var location = Point.zero
                if phase != .cancel {
                    location = Point(
                        x: try number(try member(touch, "x"), "'x'", limit: SimulationInputReader.largestCoordinate),
                        y: try number(try member(touch, "y"), "'y'", limit: SimulationInputReader.largestCoordinate))
                }
                // What the engine would refuse, refused here: a source per finger down.
                let key = Int(id)
                guard changed.insert(key).inserted else {
                    throw LocatedJSONError(reason: "touch \(key) changes twice in one event", range: touch.range)
                }
                guard (phase == .down) != down.contains(key) else {
                    throw LocatedJSONError(reason: phase == .down ? "touch \(key) is already down" : "touch \(key) is not down", range: touch.range)
                }
                switch phase {
                case .down: down.insert(key)
                case .up, .cancel: down.remove(key)
                case .move: break
                }
                guard down.count <= GestureEngine.maximumTouches else {
                    throw LocatedJSONError(reason: "more than \(GestureEngine.maximumTouches) touches down at once", range: touch.range)
                }
                // Actions have no trackpad's scroll, transform or hover, and a wheel's
                // scroll moves in a straight line: a trace with them is not written.
                if let value = optionalMember(touch, "pointer") {
                    throw LocatedJSONError(
                        reason: "a pointer's scroll, transform or hover (R88–R90) has no WebDriver action that replays it as it was",
                        range: value.range)
                }
                var type = TouchType.direct
                if phase == .down, let value = optionalMember(touch, "touchType") {
                    let name = try string(value, "'touchType'")
                    guard let named = TouchType(name: name.text) else {
                        throw LocatedJSONError(reason: "unknown touch type '\(name.text)'", range: name.range)
                    }
                    type = named
                }
                changes.append(TouchChange(id: key, phase: phase, location: location, touchType: type))
            }
            events.append(TouchEvent(time: time, changes: changes))
        }
        return events
    }

    // MARK: - Pieces

    /// A wheel source's `scroll`: a scroll wheel's scroll (R88) that starts at `x`, `y`
    /// (in the viewport), moves the content by `deltaX`, `deltaY` in `duration`, in
    /// steps as a `pointerMove` does, and ends. A scroll of no duration is one notch:
    /// its start, movement and end a millisecond apart (chosen: a touch changes once an
    /// event). Offsets are from the tick's start.
    private static func wheelScroll(
        _ action: LocatedJSON, id: Int, duration: Double, steps: inout Int
    ) throws(LocatedJSONError) -> [(offset: Double, change: TouchChange)] {
        if let origin = optionalMember(action, "origin") {
            guard case .string(let name) = origin.value else {
                throw LocatedJSONError(
                    reason: "an element origin needs the app's layout, which a trace does not have: use 'viewport'", range: origin.range)
            }
            guard name == "viewport" else {
                throw LocatedJSONError(reason: "a wheel's 'origin' is 'viewport', found '\(name)'", range: origin.range)
            }
        }
        let limit = SimulationInputReader.largestCoordinate
        let start = Point(
            x: try number(try member(action, "x"), "'x'", limit: limit), y: try number(try member(action, "y"), "'y'", limit: limit))
        let delta = Point(
            x: try number(try member(action, "deltaX"), "'deltaX'", limit: limit),
            y: try number(try member(action, "deltaY"), "'deltaY'", limit: limit))
        // The content moves by the delta: a finger dragging it would move the other way.
        let end = start - delta
        let span = duration > 0 ? duration : 0.002
        let count = duration > 0 ? max(1, Int((duration * samplesPerSecond - 1e-9).rounded(.up))) : 1
        steps += count + 2
        guard steps <= maximumEvents else {
            throw LocatedJSONError(reason: "more than \(maximumEvents) touch changes", range: action.range)
        }
        var changes = [(offset: 0.0, change: TouchChange(id: id, phase: .down, location: start, pointer: .discreteScroll))]
        for step in 1...count {
            let fraction = Double(step) / Double(count)
            let offset = duration > 0 ? duration * fraction : 0.001
            // The last step a little before the end, which is a change of its own.
            changes.append((min(offset, span - 0.0005), TouchChange(id: id, phase: .move, location: start + (end - start) * fraction)))
        }
        changes.append((span, TouchChange(id: id, phase: .up, location: end)))
        return changes
    }

    /// A pointer source's touch type, from its `parameters.pointerType`: `touch` a
    /// finger, `pen` the Pencil, `mouse` a pointer's click (`indirectPointer`). A source
    /// that names none is a finger: the standard's default is `mouse`, but a body
    /// without the parameter is a touch script here, as it was before types were read
    /// (docs/recording.md).
    private static func touchType(of source: LocatedJSON) throws(LocatedJSONError) -> TouchType {
        guard let parameters = optionalMember(source, "parameters"), let value = optionalMember(parameters, "pointerType") else {
            return .direct
        }
        let name = try string(value, "a pointer's 'pointerType'")
        switch name.text {
        case "pen": return .pencil
        case "mouse": return .indirectPointer
        case "touch": return .direct
        default: throw LocatedJSONError(reason: "a pointer's type is 'touch', 'pen' or 'mouse', found '\(name.text)'", range: name.range)
        }
    }

    /// The `pointerType` a touch of this type is written with.
    private static func pointerType(_ type: TouchType) -> String {
        switch type {
        case .pencil: "pen"
        case .indirectPointer: "mouse"
        case .direct, .indirect: "touch"
        }
    }

    /// Seconds with three decimals, as traces written by hand have them: the Actions'
    /// times are whole milliseconds.
    private static func milliseconds(_ seconds: Double) -> String {
        let total = Int((seconds * 1000).rounded())
        let fraction = String(total % 1000)
        return "\(total / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A coordinate to a hundredth of a point: the steps of a move fall between pixels.
    private static func coordinate(_ value: Double) -> String {
        NumberText.format((value * 100).rounded() / 100)
    }

    private static func member(_ json: LocatedJSON, _ key: String) throws(LocatedJSONError) -> LocatedJSON {
        guard case .object(let members) = json.value else {
            throw LocatedJSONError(reason: "expected an object, found \(json.description)", range: json.range)
        }
        guard let member = members.first(where: { $0.key == key }) else {
            throw LocatedJSONError(reason: "\(json.description) needs a field '\(key)'", range: json.range)
        }
        return member.value
    }

    private static func optionalMember(_ json: LocatedJSON, _ key: String) -> LocatedJSON? {
        guard case .object(let members) = json.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    private static func array(_ json: LocatedJSON, _ what: String) throws(LocatedJSONError) -> [LocatedJSON] {
        guard case .array(let elements) = json.value else {
            throw LocatedJSONError(reason: "\(what) must be an array, found \(json.description)", range: json.range)
        }
        return elements
    }

    private static func string(_ json: LocatedJSON, _ what: String) throws(LocatedJSONError) -> (text: String, range: SourceRange) {
        guard case .string(let text) = json.value else {
            throw LocatedJSONError(reason: "\(what) must be a string, found \(json.description)", range: json.range)
        }
        return (text, json.range)
    }

    private static func number(_ json: LocatedJSON, _ what: String, limit: Double) throws(LocatedJSONError) -> Double {
        guard case .number(let value) = json.value else {
            throw LocatedJSONError(reason: "\(what) must be a number, found \(json.description)", range: json.range)
        }
        guard abs(value) <= limit else {
            throw LocatedJSONError(reason: "\(what) must be between -\(Int(limit)) and \(Int(limit))", range: json.range)
        }
        return value
    }

    /// An action's `duration`, in milliseconds in the body, in seconds here: 0 when absent.
    private static func durationSeconds(_ action: LocatedJSON) throws(LocatedJSONError) -> Double {
        guard let value = optionalMember(action, "duration") else { return 0 }
        let milliseconds = try number(value, "'duration'", limit: 1e12)
        guard milliseconds >= 0 else { throw LocatedJSONError(reason: "'duration' must not be negative", range: value.range) }
        return milliseconds / 1000
    }

    /// Where a `pointerMove` goes: `x` and `y` in the viewport (window coordinates),
    /// or from the pointer's position with `origin: "pointer"`.
    private static func location(_ action: LocatedJSON, from position: Point) throws(LocatedJSONError) -> Point {
        let x = try number(try member(action, "x"), "'x'", limit: SimulationInputReader.largestCoordinate)
        let y = try number(try member(action, "y"), "'y'", limit: SimulationInputReader.largestCoordinate)
        guard let origin = optionalMember(action, "origin") else { return Point(x: x, y: y) }
        guard case .string(let name) = origin.value else {
            throw LocatedJSONError(
                reason: "an element origin needs the app's layout, which a trace does not have: use 'viewport' or 'pointer'",
                range: origin.range)
        }
        switch name {
        case "viewport": return Point(x: x, y: y)
        case "pointer": return Point(x: position.x + x, y: position.y + y)
        default:
            throw LocatedJSONError(reason: "'origin' is 'viewport' or 'pointer', found '\(name)'", range: origin.range)
        }
    }
}
