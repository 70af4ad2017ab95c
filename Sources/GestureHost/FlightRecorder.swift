import GestureRuntime

/// How much a host's flight recorder keeps (docs/recording.md, "The flight
/// recorder").
public struct FlightRecorderSettings: Sendable {
    /// The engine time kept, in seconds, counted back from the newest call recorded.
    public var seconds: Double
    /// The entries preallocated. A touch's change in an engine event takes one; a view
    /// registered, or its properties set, two; any other call one. When they are all
    /// taken, the oldest call goes first, so the recording then covers less than
    /// `seconds` (its header says what it covers). At least `minimumCapacity`.
    public var capacity: Int

    /// Enough for 30 s of a 120 Hz display with four fingers moving (14,400 changes),
    /// and the layout around them: 1 MiB at 64 bytes an entry.
    public static let defaultCapacity = 16_384
    /// Room for the largest engine event (the engine's limit of touches, each of which
    /// may change) several times over.
    public static let minimumCapacity = 256

    /// What an entry takes: the ring is `capacity` of them, allocated when the host is.
    public static let bytesPerEntry = MemoryLayout<FlightEntry>.stride

    public init(seconds: Double = 30, capacity: Int = FlightRecorderSettings.defaultCapacity) {
        self.seconds = seconds.isFinite && seconds > 0 ? seconds : 30
        self.capacity = max(capacity, Self.minimumCapacity)
    }
}

/// The names a recording writes, by the numbers its entries hold: a spec's roles,
/// hooks and recognizers for the host's recorder; for the UIKit recorder, which has no
/// spec, the roles and recognizer names the app gives, each numbered as first seen.
struct RecordingVocabulary {
    /// What wrote the recording, for its header (`GestureHost flight recorder`).
    var source: String
    /// The gesture set, when there is one.
    var setName: String?
    /// Whose clock the times are (`the engine's times`).
    var clock: String
    var roles: [String]
    /// Each role's declared properties: a view line writes only what differs.
    var declared: [ViewProperties]
    var hooks: [(name: String, defaultValue: Bool)]
    var recognizers: [String]

    init(program: GestureProgram) {
        source = "GestureHost flight recorder"
        setName = program.name
        clock = "the engine's times, after the host's clamping"
        roles = program.views.map(\.name)
        declared = program.views.map { ViewProperties($0) }
        hooks = program.hooks.map { ($0.name, $0.defaultValue) }
        recognizers = program.recognizers.map(\.name)
    }

    init(source: String, setName: String?, clock: String) {
        self.source = source
        self.setName = setName
        self.clock = clock
        roles = []
        declared = []
        hooks = []
        recognizers = []
    }

    /// The number of a role or recognizer name, added when new.
    static func index(of name: String, in names: inout [String]) -> Int {
        if let index = names.firstIndex(of: name) { return index }
        names.append(name)
        return names.count - 1
    }
}

/// One fixed-size entry of the flight recorder's ring: a host call as the engine took
/// it, or a part of one (a touch's change in an engine event, a view's properties).
/// 64 bytes, whatever it holds, so the ring is one preallocated array.
@usableFromInline struct FlightEntry: Sendable {
    @usableFromInline enum Kind: UInt8, Sendable {
        /// `small` the engine's touch id, `x`, `y` the location, `view` the platform's
        /// hit view for a down (0: the engine hit-tested), the phase, the touch's type
        /// and the pointer's input in `flags`, a transform's scale and rotation in
        /// `width` and `height`.
        case touch
        /// `view` the new view, `other` its parent (0: none), `small` its role, the
        /// frame in `x`, `y`, `width`, `height`; a `properties` entry follows if
        /// `flags` has `hasProperties`.
        case register
        /// A continuation: a view's properties, for the entry before it (`encode`).
        case properties
        case unregister
        /// `view`'s frame in `x`, `y`, `width`, `height`.
        case layout
        /// `view`'s bounds origin in `x`, `y`.
        case scroll
        /// `view`; a `properties` entry follows.
        case setProperties
        /// The window's size in `x`, `y`.
        case resize
        case interrupt
        /// `small` the hook, its answer and whether it was mixed in `flags`.
        case hook
        /// What UIKit decided: `small` the recognizer's name, `view` its view, the
        /// state in `flags` (`ObservedState`).
        case saw
    }

    @usableFromInline var kind: Kind
    @usableFromInline var flags: UInt8
    @usableFromInline var small: Int32
    @usableFromInline var view: UInt64
    @usableFromInline var other: UInt64
    @usableFromInline var time: Double
    @usableFromInline var x: Double
    @usableFromInline var y: Double
    @usableFromInline var width: Double
    @usableFromInline var height: Double

    @inlinable init(
        _ kind: Kind, time: Double, flags: UInt8 = 0, small: Int32 = 0, view: UInt64 = 0, other: UInt64 = 0, x: Double = 0,
        y: Double = 0, width: Double = 0, height: Double = 0
    ) {
        self.kind = kind
        self.flags = flags
        self.small = small
        self.view = view
        self.other = other
        self.time = time
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The entry belongs to the call of the entry before it: a touch's change in the
    /// same engine event, a view's properties.
    @usableFromInline static let continues: UInt8 = 0x80
    /// A `register` entry is followed by its view's properties.
    @usableFromInline static let hasProperties: UInt8 = 0x40
    /// A hook's answer (`hook` entries).
    @usableFromInline static let answer: UInt8 = 0x01
    /// A hook answered both ways within one call (`hook` entries).
    @usableFromInline static let mixed: UInt8 = 0x02

    @inlinable var continuesCall: Bool { flags & Self.continues != 0 }

    @inlinable static func phaseBits(_ phase: TouchChange.Phase) -> UInt8 {
        switch phase {
        case .down: 0
        case .move: 1
        case .up: 2
        case .cancel: 3
        }
    }

    /// A touch's type, in bits 2 and 3 of a `touch` entry's flags (R87).
    @inlinable static func typeBits(_ type: TouchType) -> UInt8 {
        (type.rawValue & 0x03) << 2
    }

    var touchType: TouchType {
        TouchType(rawValue: (flags >> 2) & 0x03) ?? .direct
    }

    /// The pointer's input a sequence is, in bits 4 to 6 of a `touch` entry's flags,
    /// 0 for a touch (R88–R90).
    @inlinable static func pointerBits(_ pointer: PointerInput?) -> UInt8 {
        pointer.map { ($0.rawValue + 1) << 4 & 0x70 } ?? 0
    }

    var pointer: PointerInput? {
        let bits = (flags >> 4) & 0x07
        return bits == 0 ? nil : PointerInput(rawValue: bits - 1)
    }

    /// The change a `touch` entry records.
    var change: TouchChange {
        TouchChange(
            id: Int(small), phase: phase, location: Point(x: x, y: y), touchType: touchType, pointer: pointer,
            scale: width, rotation: height)
    }

    /// A `touch` entry of one change of an engine event.
    @inlinable init(_ change: TouchChange, time: Double, view: UInt64, continues: Bool) {
        self.init(
            .touch, time: time,
            flags: Self.phaseBits(change.phase) | Self.typeBits(change.touchType) | Self.pointerBits(change.pointer)
                | (continues ? Self.continues : 0),
            small: Int32(clamping: change.id), view: view, x: change.location.x, y: change.location.y, width: change.scale,
            height: change.rotation)
    }

    var phase: TouchChange.Phase {
        switch flags & 0x03 {
        case 0: .down
        case 1: .move
        case 2: .up
        default: .cancel
        }
    }

    var frame: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// A view's properties as a continuation entry: the flags in `small`, four numbers
    /// in `x` to `height`, and the content height in `time`, which a continuation does
    /// not need for itself.
    static func encode(_ properties: ViewProperties) -> FlightEntry {
        let flags = [
            properties.interactive, properties.hidden, properties.transparentWhenEmpty, properties.multipleTouch,
            properties.exclusiveTouch, properties.animating, properties.animationAllowsInteraction,
        ]
        var bits: Int32 = 0
        for (index, flag) in flags.enumerated() where flag { bits |= 1 << Int32(index) }
        return FlightEntry(
            .properties, time: properties.contentHeight, flags: continues, small: bits, x: properties.alpha,
            y: properties.hitSlop, width: properties.minimumTarget, height: properties.contentWidth)
    }

    var properties: ViewProperties {
        func flag(_ index: Int32) -> Bool { small & (1 << index) != 0 }
        return ViewProperties(
            interactive: flag(0), hidden: flag(1), alpha: x, hitSlop: y, minimumTarget: width, transparentWhenEmpty: flag(2),
            multipleTouch: flag(3), exclusiveTouch: flag(4), contentWidth: height, contentHeight: time, animating: flag(5),
            animationAllowsInteraction: flag(6))
    }
}

/// The flight recorder of a `GestureHost` (docs/recording.md): every host call
/// the engine accepted, as the engine took it, in a ring of fixed-size entries
/// allocated once, and the view tree as it was at the oldest entry kept, so that a
/// recording always starts from a scene that was true.
///
/// A view is named by its role and a number in the order views of that role were
/// registered (`photo2`), packed in 64 bits: the role above bit 40, the number below.
@usableFromInline final class FlightRecorder {
    let settings: FlightRecorderSettings
    var vocabulary: RecordingVocabulary

    @usableFromInline @exclusivity(unchecked) var ring: [FlightEntry]
    @usableFromInline @exclusivity(unchecked) var oldest = 0
    @usableFromInline @exclusivity(unchecked) var count = 0

    /// The name of the view in each engine slot, by `ViewInstance.index`.
    @usableFromInline @exclusivity(unchecked) var names: [UInt64] = []
    /// The views of each role registered so far.
    var registeredOfRole: [Int]

    /// The engine's clock after the last call recorded (or seen: a tick): when a call
    /// begins, the time a hook's new answer is set at.
    @usableFromInline @exclusivity(unchecked) var clock = 0.0

    /// The scene, hooks and touches as they were just before the oldest entry kept.
    var start: Snapshot

    // Hook answers during one call: which hooks were asked (bit 0: false, bit 1:
    // true), the first answer, and the hooks asked, in order.
    @usableFromInline @exclusivity(unchecked) var asked: [UInt8]
    @usableFromInline @exclusivity(unchecked) var firstAnswers: [Bool]
    @usableFromInline @exclusivity(unchecked) var askedHooks: [Int] = []
    /// Each hook's answer as a replay gives it: the spec's default, then the last
    /// recorded.
    @usableFromInline @exclusivity(unchecked) var answers: [Bool]

    /// Called after each engine call the host makes while recording, the tests' view
    /// of every output (the host's handlers see only some).
    package var onEngineCall: (() -> Void)?

    struct Snapshot {
        struct View {
            var name: UInt64
            var parent: UInt64
            var frame: Rect
            var origin: Point
            var properties: ViewProperties
        }

        /// In the order they were registered: parents before children, and siblings
        /// back to front, as the engine adds them.
        var views: [View] = []
        var answers: [Bool]
        /// By engine touch id.
        var touchesDown: [Bool] = []
        var windowSize: Point
        /// The time of the last call that left the ring.
        var time: Double?
    }

    init(settings: FlightRecorderSettings, vocabulary: RecordingVocabulary, windowSize: Point) {
        self.settings = settings
        self.vocabulary = vocabulary
        ring = Array(repeating: FlightEntry(.interrupt, time: 0), count: settings.capacity)
        registeredOfRole = Array(repeating: 0, count: vocabulary.roles.count)
        let defaults = vocabulary.hooks.map(\.defaultValue)
        answers = defaults
        asked = Array(repeating: 0, count: defaults.count)
        firstAnswers = defaults
        askedHooks.reserveCapacity(defaults.count)
        start = Snapshot(answers: defaults, windowSize: windowSize)
    }

    // MARK: - Recording

    /// A hook answered the engine, in the middle of a call.
    @usableFromInline func noteAnswer(_ hook: Int, _ answer: Bool) {
        guard asked.indices.contains(hook) else { return }
        if asked[hook] == 0 {
            firstAnswers[hook] = answer
            askedHooks.append(hook)
        }
        asked[hook] |= answer ? 2 : 1
    }

    /// Before a call's own entries: each hook whose answer the replay would not give
    /// is set, at the clock's time before the call, so that the timers the call fired
    /// first hear it too. A hook answered both ways gets its first answer, marked.
    @usableFromInline func recordAnswers() {
        guard !askedHooks.isEmpty else { return }
        for hook in askedHooks {
            let mixed = asked[hook] == 3
            let answer = firstAnswers[hook]
            asked[hook] = 0
            guard mixed || answer != answers[hook] else { continue }
            answers[hook] = answer
            let flags = (answer ? FlightEntry.answer : 0) | (mixed ? FlightEntry.mixed : 0)
            append(FlightEntry(.hook, time: clock, flags: flags, small: Int32(clamping: hook)))
        }
        askedHooks.removeAll(keepingCapacity: true)
    }

    /// A call that the engine refused asked hooks whose answers changed nothing.
    @usableFromInline func forgetAnswers() {
        for hook in askedHooks { asked[hook] = 0 }
        askedHooks.removeAll(keepingCapacity: true)
    }

    /// The end of every engine call recorded: the clock, and the tests' observer.
    @usableFromInline func finish(_ now: Double) {
        clock = now
        onEngineCall?()
    }

    @usableFromInline func name(of view: ViewInstance?) -> UInt64 {
        guard let view, names.indices.contains(view.index) else { return 0 }
        return names[view.index]
    }

    /// An engine event's changes, each an entry, the first starting the call.
    @usableFromInline func recordEvent(_ changes: [TouchChange], time: Double) {
        recordAnswers()
        makeRoom(changes.count)
        for (index, change) in changes.enumerated() {
            push(FlightEntry(change, time: time, view: name(of: change.view), continues: index > 0))
        }
        forgetBefore(time)
        finish(time)
    }

    /// One finger moved: the host's one-change call.
    @usableFromInline func recordMove(_ id: Int, to location: Point, time: Double) {
        recordAnswers()
        append(FlightEntry(TouchChange(id: id, phase: .move, location: location), time: time, view: 0, continues: false))
        finish(time)
    }

    @usableFromInline func recordRegister(
        _ view: ViewInstance, role: Int, parent: ViewInstance?, frame: Rect, properties: ViewProperties?, time: Double
    ) {
        while names.count <= view.index { names.append(0) }
        names[view.index] = recordAdd(role: role, parent: name(of: parent), frame: frame, properties: properties, time: time)
    }

    /// A view joins, named by its role and the next number of that role; returns the
    /// name.
    func recordAdd(role: Int, parent: UInt64, frame: Rect, properties: ViewProperties?, time: Double) -> UInt64 {
        recordAnswers()
        var number = 1
        while registeredOfRole.count < vocabulary.roles.count { registeredOfRole.append(0) }
        if registeredOfRole.indices.contains(role) {
            // Beyond 2^40 views of one role the numbers repeat: a name is unique among
            // the views of the last trillion registrations.
            registeredOfRole[role] = registeredOfRole[role] % (1 << 40 - 1) + 1
            number = registeredOfRole[role]
        }
        let name = UInt64(truncatingIfNeeded: role & 0xFF_FFFF) << 40 | UInt64(truncatingIfNeeded: number)
        makeRoom(2)
        push(
            FlightEntry(
                .register, time: time, flags: properties == nil ? 0 : FlightEntry.hasProperties, small: Int32(clamping: role),
                view: name, other: parent, x: frame.x, y: frame.y, width: frame.width, height: frame.height))
        if let properties { push(FlightEntry.encode(properties)) }
        forgetBefore(time)
        finish(time)
        return name
    }

    @usableFromInline func recordUnregister(_ view: ViewInstance, time: Double) {
        recordRemove(name(of: view), time: time)
    }

    func recordRemove(_ view: UInt64, time: Double) {
        recordAnswers()
        append(FlightEntry(.unregister, time: time, view: view))
        finish(time)
    }

    @usableFromInline func recordLayout(_ view: ViewInstance, frame: Rect, time: Double) {
        recordFrame(name(of: view), frame, time: time)
    }

    func recordFrame(_ view: UInt64, _ frame: Rect, time: Double) {
        recordAnswers()
        append(FlightEntry(.layout, time: time, view: view, x: frame.x, y: frame.y, width: frame.width, height: frame.height))
        finish(time)
    }

    @usableFromInline func recordScroll(_ view: ViewInstance, to origin: Point, time: Double) {
        recordOrigin(name(of: view), origin, time: time)
    }

    func recordOrigin(_ view: UInt64, _ origin: Point, time: Double) {
        recordAnswers()
        append(FlightEntry(.scroll, time: time, view: view, x: origin.x, y: origin.y))
        finish(time)
    }

    /// Touch changes observed together (the UIKit recorder's events), each with the
    /// name of its hit view (0: none): one line.
    func recordChanges(
        _ changes: [(id: Int, phase: TouchChange.Phase, location: Point, view: UInt64, type: TouchType)], time: Double
    ) {
        guard !changes.isEmpty else { return }
        makeRoom(changes.count)
        for (index, change) in changes.enumerated() {
            push(
                FlightEntry(
                    TouchChange(id: change.id, phase: change.phase, location: change.location, touchType: change.type), time: time,
                    view: change.view, continues: index > 0))
        }
        forgetBefore(time)
        finish(time)
    }

    @usableFromInline func recordProperties(_ properties: ViewProperties, of view: ViewInstance, time: Double) {
        recordAnswers()
        makeRoom(2)
        push(FlightEntry(.setProperties, time: time, view: name(of: view)))
        push(FlightEntry.encode(properties))
        forgetBefore(time)
        finish(time)
    }

    @usableFromInline func recordResize(to size: Point, time: Double) {
        recordAnswers()
        append(FlightEntry(.resize, time: time, x: size.x, y: size.y))
        finish(time)
    }

    @usableFromInline func recordInterrupt(time: Double) {
        recordAnswers()
        append(FlightEntry(.interrupt, time: time))
        finish(time)
    }

    /// A tick: nothing of its own to replay (a replay fires timers at their deadlines
    /// by itself), but the hooks its timers asked, and the clock.
    @usableFromInline func recordTick(time: Double) {
        recordAnswers()
        finish(time)
    }

    /// What UIKit decided, observed through target-action (the UIKit recorder).
    func recordSaw(recognizer: Int, on view: UInt64, _ state: ObservedState, time: Double) {
        append(FlightEntry(.saw, time: time, flags: state.rawValue, small: Int32(clamping: recognizer), view: view))
        finish(time)
    }

    // MARK: - The ring

    /// One entry that is a whole call.
    @usableFromInline func append(_ entry: FlightEntry) {
        makeRoom(1)
        push(entry)
        forgetBefore(entry.time)
    }

    @inlinable func push(_ entry: FlightEntry) {
        var slot = oldest + count
        if slot >= ring.count { slot -= ring.count }
        ring[slot] = entry
        count += 1
    }

    /// Evicts the oldest calls until `entries` more fit.
    @usableFromInline func makeRoom(_ entries: Int) {
        while count > 0, count + entries > ring.count { evictOldestCall() }
    }

    /// Evicts the calls older than the time kept, counted back from `time`.
    @usableFromInline func forgetBefore(_ time: Double) {
        while count > 0, ring[oldest].time < time - settings.seconds { evictOldestCall() }
    }

    @inlinable func advanceOldest() {
        oldest += 1
        if oldest == ring.count { oldest = 0 }
        count -= 1
    }

    /// The oldest call leaves the ring, and the snapshot takes what it did.
    func evictOldestCall() {
        guard count > 0 else { return }
        let head = ring[oldest]
        advanceOldest()
        var following: FlightEntry?
        start.apply(head, following: nil, vocabulary: vocabulary)
        while count > 0, ring[oldest].continuesCall {
            following = ring[oldest]
            advanceOldest()
            if head.kind == .touch, let change = following {
                start.apply(change, following: nil, vocabulary: vocabulary)
            } else {
                start.apply(head, following: following, vocabulary: vocabulary)
            }
        }
        start.time = head.time
    }

    /// The entries kept, oldest first, each call with its continuations.
    func calls() -> [(head: FlightEntry, rest: [FlightEntry])] {
        var calls: [(head: FlightEntry, rest: [FlightEntry])] = []
        for offset in 0..<count {
            var slot = oldest + offset
            if slot >= ring.count { slot -= ring.count }
            let entry = ring[slot]
            if entry.continuesCall, !calls.isEmpty {
                calls[calls.count - 1].rest.append(entry)
            } else {
                calls.append((entry, []))
            }
        }
        return calls
    }
}

extension FlightRecorder.Snapshot {
    /// What an entry did, to the scene, hooks and touches; `following` is a call's
    /// properties entry. A register or properties call is applied when its properties
    /// come (with `following`) or, without any, at once.
    mutating func apply(_ entry: FlightEntry, following: FlightEntry?, vocabulary: RecordingVocabulary) {
        switch entry.kind {
        case .touch:
            let id = Int(entry.small)
            guard id >= 0 else { return }
            while touchesDown.count <= id { touchesDown.append(false) }
            touchesDown[id] = entry.phase == .down || entry.phase == .move
        case .register:
            if entry.flags & FlightEntry.hasProperties != 0, following == nil { return }
            let role = Int(entry.small)
            let properties =
                following?.properties ?? (vocabulary.declared.indices.contains(role) ? vocabulary.declared[role] : ViewProperties())
            views.append(View(name: entry.view, parent: entry.other, frame: entry.frame, origin: Point(x: 0, y: 0), properties: properties))
        case .unregister:
            var gone: Set<UInt64> = [entry.view]
            views.removeAll { view in
                guard gone.contains(view.name) || gone.contains(view.parent) else { return false }
                gone.insert(view.name)
                return true
            }
        case .layout:
            if let index = views.firstIndex(where: { $0.name == entry.view }) { views[index].frame = entry.frame }
        case .scroll:
            if let index = views.firstIndex(where: { $0.name == entry.view }) { views[index].origin = Point(x: entry.x, y: entry.y) }
        case .setProperties:
            guard let following, let index = views.firstIndex(where: { $0.name == entry.view }) else { return }
            views[index].properties = following.properties
        case .resize:
            windowSize = Point(x: entry.x, y: entry.y)
        case .interrupt:
            for id in touchesDown.indices { touchesDown[id] = false }
        case .hook:
            let hook = Int(entry.small)
            if answers.indices.contains(hook) { answers[hook] = entry.flags & FlightEntry.answer != 0 }
        case .properties, .saw:
            break
        }
    }
}

// MARK: - The recording's text

extension FlightRecorder {
    /// The recording (docs/recording.md): a header of comments, the views alive
    /// when the window kept starts, with their frames then, then every call kept, in
    /// the text form of docs/traces.md with the two additions of the recording format
    /// (a down's hit view, `on VIEW`).
    func text() -> String {
        let calls = calls()
        let writer = RecordingWriter(vocabulary: vocabulary)
        let hooks = vocabulary.hooks
        var events = ""
        var orphaned = Swift.Set(start.touchesDown.indices.filter { start.touchesDown[$0] })
        var dropped = 0
        var properties: [UInt64: ViewProperties] = [:]
        for view in start.views { properties[view.name] = view.properties }
        let firstTime = calls.first?.head.time ?? start.time ?? clock
        // What was true before the window, that a view line cannot say.
        for view in start.views where view.origin != Point(x: 0, y: 0) {
            events += writer.line(firstTime, "scroll \(writer.id(view.name)) to \(writer.point(view.origin))")
        }
        for (hook, answer) in start.answers.enumerated() where answer != hooks[hook].defaultValue {
            events += writer.line(firstTime, "set \(hooks[hook].name) \(answer)")
        }
        for (head, rest) in calls {
            let id = writer.id(head.view)
            switch head.kind {
            case .touch:
                var changes: [String] = []
                for change in [head] + rest {
                    let touch = Int(change.small)
                    if orphaned.contains(touch) {
                        dropped += 1
                        if change.phase == .up || change.phase == .cancel { orphaned.remove(touch) }
                        continue
                    }
                    changes.append(writer.change(change))
                }
                if !changes.isEmpty { events += writer.line(head.time, changes.joined(separator: "; ")) }
            case .register:
                let role = Int(head.small)
                let declared = writer.declared(role)
                let given = rest.first?.properties ?? declared
                properties[head.view] = given
                let parent = head.other == 0 ? "" : " in \(writer.id(head.other))"
                events += writer.line(
                    head.time,
                    "add \(id): \(writer.roleName(role))\(parent) \(writer.frame(head.frame))\(writer.properties(given, from: declared))")
            case .setProperties:
                guard let given = rest.first?.properties else { continue }
                let before = properties[head.view] ?? given
                properties[head.view] = given
                events += writer.line(head.time, "setProperties \(id)\(writer.properties(given, from: before))")
            case .unregister:
                events += writer.line(head.time, "remove \(id)")
            case .layout:
                events += writer.line(head.time, "frame \(id) \(writer.frame(head.frame))")
            case .scroll:
                events += writer.line(head.time, "scroll \(id) to \(writer.point(Point(x: head.x, y: head.y)))")
            case .resize:
                events +=
                    "# \(writer.number(head.time))  the window is \(writer.number(head.x)) x \(writer.number(head.y)) from here; "
                    + "a replay sizes it from its root views\n"
            case .interrupt:
                orphaned.removeAll()
                events += writer.line(head.time, "interrupt")
            case .hook:
                let hook = Int(head.small)
                guard hooks.indices.contains(hook) else { continue }
                let answer = head.flags & FlightEntry.answer != 0
                var line = writer.line(head.time, "set \(hooks[hook].name) \(answer)")
                if head.flags & FlightEntry.mixed != 0 {
                    line.removeLast()
                    line += "  # it answered both ways in the next call; a replay answers \(answer) throughout\n"
                }
                events += line
            case .saw:
                let recognizer = Int(head.small)
                guard vocabulary.recognizers.indices.contains(recognizer), let state = ObservedState(rawValue: head.flags) else {
                    continue
                }
                events += writer.line(head.time, "saw \(vocabulary.recognizers[recognizer]) on \(id) \(state)")
            case .properties:
                break
            }
        }
        var text = "# gesturec recording: \(vocabulary.source)\n"
        text +=
            "# \(vocabulary.setName.map { "set: \($0); " } ?? "")window \(writer.number(start.windowSize.x)) x "
            + "\(writer.number(start.windowSize.y)); "
            + "\(RecordingWriter.grouped(calls.count)) calls kept of the last \(writer.number(settings.seconds)) s\n"
        if let last = calls.last {
            text += "# from \(writer.number(firstTime)) to \(writer.number(last.head.time)) s, \(vocabulary.clock)\n"
        }
        if dropped > 0 {
            text += "# \(RecordingWriter.grouped(dropped)) changes of touches that went down before the window are left out\n"
        }
        for view in start.views {
            let role = Int(view.name >> 40)
            let parent = view.parent == 0 ? "" : " in \(writer.id(view.parent))"
            text +=
                "view \(writer.id(view.name)): \(writer.roleName(role))\(parent) \(writer.frame(view.frame))"
                + "\(writer.properties(view.properties, from: writer.declared(role)))\n"
        }
        return text + "\n" + events
    }
}

/// How a recording writes its parts: numbers that read back exactly, view ids, frames
/// and properties in the words of docs/traces.md. Shared by the flight recorder and
/// the UIKit recorder, so that both write one format.
struct RecordingWriter {
    let vocabulary: RecordingVocabulary

    /// Whole numbers without a fraction, others in Swift's shortest form that reads
    /// back as the same `Double` (the runtime's `NumberText`, which every tool uses).
    func number(_ value: Double) -> String { NumberText.format(value) }

    func line(_ time: Double, _ text: String) -> String { "\(number(time))  \(text)\n" }

    func point(_ point: Point) -> String { "(\(number(point.x)), \(number(point.y)))" }

    func frame(_ frame: Rect) -> String {
        "[\(number(frame.x)) \(number(frame.y)) \(number(frame.width)) \(number(frame.height))]"
    }

    func roleName(_ role: Int) -> String { vocabulary.roles.indices.contains(role) ? vocabulary.roles[role] : "view" }

    func declared(_ role: Int) -> ViewProperties {
        vocabulary.declared.indices.contains(role) ? vocabulary.declared[role] : ViewProperties()
    }

    /// `photo2`: the role and the number. A role that ends in a digit or `_` takes a
    /// `_` before the number (`cell2_13`), so that no two names read alike.
    func id(_ name: UInt64) -> String {
        let role = roleName(Int(name >> 40))
        let number = name & (1 << 40 - 1)
        let separator = role.last.map { $0.isNumber || $0 == "_" } == true ? "_" : ""
        return "\(role)\(separator)\(number)"
    }

    /// `down 1 at (150, 250) on photo2`, `down 2 at (40, 60) pencil`, `cancel 1`.
    func change(_ entry: FlightEntry) -> String {
        let phase = entry.phase
        guard phase != .cancel else { return "cancel \(entry.small)" }
        let onView = phase == .down && entry.view != 0 ? " on \(id(entry.view))" : ""
        return "\(phase.rawValue) \(entry.small) at \(point(Point(x: entry.x, y: entry.y)))\(onView)\(entry.change.writtenType)"
    }

    /// ` interactive=false alpha=0.5`: each property in which `properties` differ from
    /// `base` (a view line's role, an earlier `setProperties`); a flag that is true
    /// is its bare name.
    func properties(_ properties: ViewProperties, from base: ViewProperties) -> String {
        var text = ""
        func flag(_ name: String, _ value: Bool, _ old: Bool) {
            guard value != old else { return }
            text += value ? " \(name)" : " \(name)=false"
        }
        func numeral(_ name: String, _ value: Double, _ old: Double) {
            guard value != old || value.sign != old.sign else { return }
            text += " \(name)=\(number(value))"
        }
        flag("interactive", properties.interactive, base.interactive)
        flag("hidden", properties.hidden, base.hidden)
        numeral("alpha", properties.alpha, base.alpha)
        numeral("hitSlop", properties.hitSlop, base.hitSlop)
        numeral("minimumTarget", properties.minimumTarget, base.minimumTarget)
        flag("transparentWhenEmpty", properties.transparentWhenEmpty, base.transparentWhenEmpty)
        flag("multipleTouch", properties.multipleTouch, base.multipleTouch)
        flag("exclusiveTouch", properties.exclusiveTouch, base.exclusiveTouch)
        numeral("contentWidth", properties.contentWidth, base.contentWidth)
        numeral("contentHeight", properties.contentHeight, base.contentHeight)
        flag("animating", properties.animating, base.animating)
        flag("animationAllowsInteraction", properties.animationAllowsInteraction, base.animationAllowsInteraction)
        return text
    }

    /// `1,234`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}

/// A recognizer's state as UIKit's target-action reports it: `began`, `changed`,
/// `ended` (a discrete recognizer's recognition too) and `cancelled`. UIKit sends no
/// action for `failed`.
public enum ObservedState: UInt8, Sendable, CustomStringConvertible {
    case began, changed, ended, cancelled

    public var description: String {
        switch self {
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}
