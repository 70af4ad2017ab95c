import GestureRuntime

/// A recording of an app that keeps UIKit's recognizers (docs/recording.md,
/// "Recording an app that keeps UIKit's recognizers"), without UIKit: the platform's
/// touches with the views they hit, the frames of the views that carry recognizers
/// with the roles they stand for, and the recognizers' state changes as UIKit reported
/// them, written in the recording format. No engine runs; `GestureRecorder` (the UIKit
/// adapter) only forwards what UIKit says, so every decision here is tested with fake
/// views and touches.
///
///     let session = SessionRecorder<String, String>(windowSize: Point(x: 390, y: 844))
///     session.observe([.init("list", role: "scroller", frame: Rect(x: 0, y: 0, width: 390, height: 844))], time: 0)
///     session.handle([.init("finger", .began, at: Point(x: 100, y: 200), view: "list")], timestamp: 0.1)
///     session.saw("pan", on: "list", .began, time: 0.2)
///     let text = session.recording()
///
/// It keeps what the flight recorder keeps (`FlightRecorderSettings`: the last 30 s
/// in a ring allocated once).
public final class SessionRecorder<PlatformTouch: Hashable, PlatformView: Hashable> {
    /// A touch in one platform event, in window coordinates; for one that begins, the
    /// view UIKit hit-tested it to, or the nearest view around it that is observed.
    public typealias TouchInput = PlatformTouchInput<PlatformTouch, PlatformView>

    /// A view that carries recognizers, as it is now.
    public struct ViewSighting {
        public var view: PlatformView
        /// The role it stands for in the spec: the app's mapping, or its accessibility
        /// identifier. A word: letters, digits, `_`.
        public var role: String
        /// The nearest observed view it is inside; nil for none (a root).
        public var parent: PlatformView?
        /// In the parent's coordinates (its bounds, so that the parent's scrolling
        /// moves it), or the window's for a root.
        public var frame: Rect
        /// Its bounds origin: a scroll view's content offset.
        public var boundsOrigin: Point

        public init(_ view: PlatformView, role: String, parent: PlatformView? = nil, frame: Rect, boundsOrigin: Point = Point(x: 0, y: 0)) {
            self.view = view
            self.role = role
            self.parent = parent
            self.frame = frame
            self.boundsOrigin = boundsOrigin
        }
    }

    let recorder: FlightRecorder
    /// Each observed view: its name in the recording, and what was recorded of it.
    private var observed: [PlatformView: (name: UInt64, id: String, role: String, parent: PlatformView?, frame: Rect, origin: Point, order: Int)] =
        [:]
    private var nextOrder = 0
    /// Each recognizer name met, by its number in the vocabulary: a name is checked
    /// once, and found by hashing after.
    private var recognizerIndices: [String: Int] = [:]
    // An event's buffers, kept: an event allocates nothing once they have grown.
    private var sorted: [TouchInput] = []
    private var changes: [(id: Int, phase: TouchChange.Phase, location: Point, view: UInt64, type: TouchType)] = []
    private var ending: [PlatformTouch] = []
    private var lastWholeEvent: Double?
    private var ids: [PlatformTouch: Int] = [:]
    private var freeIDs = MinimumHeap()
    private var idsHandedOut = 0
    /// The latest time recorded: a recording's times never go back.
    private var clock = -Double.infinity

    /// `setName`, when the app names the gesture set its spec declares, goes in the
    /// header.
    public init(windowSize: Point, setName: String? = nil, settings: FlightRecorderSettings = FlightRecorderSettings()) {
        recorder = FlightRecorder(
            settings: settings, vocabulary: RecordingVocabulary(source: "UIKit recorder", setName: setName, clock: "UIKit's times (systemUptime)"),
            windowSize: windowSize)
    }

    private func time(_ time: Double) -> Double {
        clock = max(clock, time.isFinite ? time : clock)
        return clock.isFinite ? clock : 0
    }

    /// The views that carry recognizers, all of them as they are now, parents before
    /// their subviews: a view not seen before joins (in front of its siblings), one
    /// seen before and not now left, a frame or bounds origin that changed is recorded.
    /// A view whose role or parent changed leaves and joins again under a new name.
    public func observe(_ sightings: [ViewSighting], time: Double) {
        let now = self.time(time)
        // By view, so that a window of many views is compared at the cost of each once.
        var seen: [PlatformView: ViewSighting] = [:]
        for sighting in sightings { seen[sighting.view] = sighting }
        // Those that left, or changed role or parent, with the views inside them (a
        // replay removes a view with its subviews): the outermost of them are removed,
        // and those still seen join again below, under new names.
        var leaving = Swift.Set(
            observed.filter { view, entry in
                guard let sighting = seen[view] else { return true }
                return sighting.role != entry.role || sighting.parent != entry.parent
            }.keys)
        for view in observed.keys where inside(view, oneOf: leaving) { leaving.insert(view) }
        for view in leaving.sorted(by: { observed[$0]?.order ?? 0 < observed[$1]?.order ?? 0 }) {
            guard let entry = observed[view], !inside(view, oneOf: leaving) else { continue }
            recorder.recordRemove(entry.name, time: now)
        }
        for view in leaving { observed[view] = nil }
        for sighting in sightings {
            guard TraceWord.isWord(sighting.role), sighting.frame.isFinite, sighting.boundsOrigin.x.isFinite,
                sighting.boundsOrigin.y.isFinite
            else { continue }
            if var entry = observed[sighting.view] {
                if entry.frame != sighting.frame { recorder.recordFrame(entry.name, sighting.frame, time: now) }
                if entry.origin != sighting.boundsOrigin { recorder.recordOrigin(entry.name, sighting.boundsOrigin, time: now) }
                entry.frame = sighting.frame
                entry.origin = sighting.boundsOrigin
                observed[sighting.view] = entry
                continue
            }
            // A parent not observed (not a word, not finite) leaves its subviews as roots.
            let parent = sighting.parent.flatMap { observed[$0] }
            let role = RecordingVocabulary.index(of: sighting.role, in: &recorder.vocabulary.roles)
            while recorder.vocabulary.declared.count < recorder.vocabulary.roles.count {
                recorder.vocabulary.declared.append(ViewProperties())
            }
            let name = recorder.recordAdd(role: role, parent: parent?.name ?? 0, frame: sighting.frame, properties: nil, time: now)
            if sighting.boundsOrigin != Point(x: 0, y: 0) { recorder.recordOrigin(name, sighting.boundsOrigin, time: now) }
            nextOrder += 1
            observed[sighting.view] = (
                name, RecordingWriter(vocabulary: recorder.vocabulary).id(name), sighting.role, parent == nil ? nil : sighting.parent, sighting.frame,
                sighting.boundsOrigin, nextOrder
            )
        }
    }

    /// Whether one of `views` holds `view`, at any depth.
    private func inside(_ view: PlatformView, oneOf views: Swift.Set<PlatformView>) -> Bool {
        var current = observed[view]?.parent
        var steps = 0
        while let parent = current, steps <= observed.count {
            if views.contains(parent) { return true }
            current = observed[parent]?.parent
            steps += 1
        }
        return false
    }

    /// One platform event's touches, in any order (UIKit's `allTouches` is a set):
    /// those down already go by their ids, new ones top to bottom, left to right, as
    /// the host orders them. A touch takes the smallest id free, which it gives back
    /// when it ends; stationary touches and touches never seen beginning are skipped.
    public func handle(_ inputs: [TouchInput], timestamp: Double) {
        let now = time(timestamp)
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: inputs)
        sorted.sort { a, b in
            switch (ids[a.touch], ids[b.touch]) {
            case (let a?, let b?): a < b
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): (a.location.y, a.location.x) < (b.location.y, b.location.x)
            }
        }
        changes.removeAll(keepingCapacity: true)
        ending.removeAll(keepingCapacity: true)
        for input in sorted where input.location.x.isFinite && input.location.y.isFinite {
            switch input.phase {
            case .began:
                if let stale = ids[input.touch] {
                    // Its end was lost: it ends, in an event of its own, first.
                    recorder.recordChanges([(stale, .cancel, input.location, 0, .direct)], time: now)
                    release(input.touch)
                }
                let id = allocate(input.touch)
                changes.append((id, .down, input.location, input.view.flatMap { observed[$0]?.name } ?? 0, input.touchType))
            case .moved:
                if let id = ids[input.touch] { changes.append((id, .move, input.location, 0, .direct)) }
            case .ended, .cancelled:
                guard let id = ids[input.touch] else { continue }
                changes.append((id, input.phase == .ended ? .up : .cancel, input.location, 0, .direct))
                ending.append(input.touch)
            case .stationary:
                continue
            }
        }
        recorder.recordChanges(changes, time: now)
        for touch in ending { release(touch) }
    }

    /// One platform event reported in several calls, its touches as a set: UIKit calls
    /// a recognizer's `touchesBegan`, `touchesMoved` and `touchesEnded` separately for
    /// one event whose touches changed in different ways; the adapter passes every
    /// touch of the event each time (`UIEvent.allTouches`). The first call records the
    /// event; a call with the timestamp of the event recorded last adds nothing.
    public func handle(wholeEvent inputs: [TouchInput], timestamp: Double) {
        guard lastWholeEvent != timestamp else { return }
        lastWholeEvent = timestamp
        handle(inputs, timestamp: timestamp)
    }

    /// What UIKit decided: `recognizer` (the spec's name for it) on `view` reached
    /// `state`, as its target-action said.
    public func saw(_ recognizer: String, on view: PlatformView, _ state: ObservedState, time: Double) {
        guard let name = observed[view]?.name else { return }
        let index: Int
        if let known = recognizerIndices[recognizer] {
            index = known
        } else {
            guard TraceWord.isWord(recognizer) else { return }
            index = RecordingVocabulary.index(of: recognizer, in: &recorder.vocabulary.recognizers)
            recognizerIndices[recognizer] = index
        }
        recorder.recordSaw(recognizer: index, on: name, state, time: self.time(time))
    }

    /// The window changed size (a rotation).
    public func resizeWindow(to size: Point, time: Double) {
        guard size.x.isFinite, size.y.isFinite else { return }
        recorder.recordResize(to: size, time: self.time(time))
    }

    /// The app resigned active: every touch is over.
    public func interrupt(time: Double) {
        recorder.recordInterrupt(time: self.time(time))
        for touch in Array(ids.keys) { release(touch) }
    }

    /// The id the recording gives an observed view (`scroller1`).
    public func recordedID(of view: PlatformView) -> String? {
        observed[view]?.id
    }

    /// The recording: a header, the views observed when the window kept starts, then
    /// the touches, the views' changes and UIKit's `saw` lines.
    public func recording() -> String {
        recorder.text()
    }

    private func allocate(_ touch: PlatformTouch) -> Int {
        let id: Int
        if let free = freeIDs.popMinimum() {
            id = free
        } else {
            idsHandedOut += 1
            id = idsHandedOut
        }
        ids[touch] = id
        return id
    }

    private func release(_ touch: PlatformTouch) {
        guard let id = ids.removeValue(forKey: touch) else { return }
        freeIDs.insert(id)
    }
}

/// Whether a name reads back as one word of the recording's text (docs/traces.md):
/// a letter or `_` first, then letters, digits, `_` or `-`.
enum TraceWord {
    static func isWord(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }
}

/// The kind of the prelude (docs/semantics.md) a UIKit recognizer class stands for,
/// the name a recording gives a recognizer the app did not name: `tap` for
/// `UITapGestureRecognizer`. nil for a class of the app's own.
public enum RecognizerKindWord {
    public static func word(forClassName name: String) -> String? {
        switch name {
        case "UITapGestureRecognizer": "tap"
        case "UILongPressGestureRecognizer": "longPress"
        case "UIPanGestureRecognizer": "pan"
        case "UISwipeGestureRecognizer": "swipe"
        case "UIPinchGestureRecognizer": "pinch"
        case "UIRotationGestureRecognizer": "rotation"
        case "UIScreenEdgePanGestureRecognizer": "screenEdgePan"
        default: nil
        }
    }
}
