import GestureCompiler
import GestureDSL
import GestureRuntime

/// A simulation as lanes over time, for the HTML timeline (`gesturec simulate --format
/// html`, docs/pictures.md): one lane per view that received touches and per
/// recognizer that did something, each a sequence of states with the timeline's
/// entries as marks.
///
/// The states are derived here, from the timeline, so the page only draws and looks
/// up; what a lane shows at a time is what `state(at:)` answers.
public struct TimelineLanes: Hashable, Sendable {
    public struct Lane: Hashable, Sendable {
        public enum Subject: String, Hashable, Sendable {
            case view, recognizer
        }

        /// `photo`, or `singleTap@photo` as the text timeline names it.
        public var name: String
        public var subject: Subject
        /// When the lane's state changed, and to what, in time order. The state before
        /// the first step is `possible` for a recognizer, `no touches` for a view.
        public var steps: [Step]
        /// The lane's timeline entries: when, what (as the text timeline says it) and,
        /// for a decision, the source location of the rule behind it.
        public var marks: [Mark]

        /// The state in force at `time`: that of the last step at or before it.
        public func state(at time: Double) -> String {
            var low = 0
            var high = steps.count
            while low < high {
                let middle = (low + high) / 2
                if steps[middle].time <= time { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? initialState : steps[low - 1].state
        }

        var initialState: String { subject == .view ? "no touches" : "possible" }

    }

    public struct Step: Hashable, Sendable {
        public var time: Double
        public var state: String
    }

    public struct Mark: Hashable, Sendable {
        public var time: Double
        public var text: String
        public var source: String?
        /// `action`, `touches` or `decision`: how the page draws it.
        public var type: String
    }

    /// A touch's path from its down to its lift or cancel, from the trace.
    public struct TouchPath: Hashable, Sendable {
        public var id: Int
        public var points: [Point]
        public var times: [Double]
        /// It lifted or was cancelled in the trace; otherwise it is down to the end.
        public var ended = false
    }

    public struct View: Hashable, Sendable {
        public var id: String
        /// In window coordinates: where it is at the start, or, for a view the trace
        /// adds, where it appears.
        public var frame: Rect
        /// When the trace adds it; nil for a view of the scene.
        public var appears: Double?
        /// Where it is from each scene change of the trace that moved it (its frame, its
        /// parent's, a scroll, a new parent), in time order; a nil frame: removed.
        public var placements: [Placement] = []

        /// Its frame in window coordinates at `time`, nil when it is not in the scene.
        public func frame(at time: Double) -> Rect? {
            if let appears, time < appears { return nil }
            var frame: Rect? = self.frame
            for placement in placements where placement.time <= time { frame = placement.frame }
            return frame
        }
    }

    public struct Placement: Hashable, Sendable {
        public var time: Double
        public var frame: Rect?
    }

    /// The scene's views, parents first.
    public var views: [View]
    public var touches: [TouchPath]
    public var lanes: [Lane]
    public var start: Double
    public var end: Double

    /// The views in window coordinates over the run: the trace's scene changes replayed
    /// on a scene of their own, each recording where the views it moved went. A change
    /// costs the subtree of the view it names.
    static func placedViews(_ described: [SceneDescription.View], trace: Trace) -> [View] {
        let added = trace.events.reduce(0) { count, event in
            if case .addView = event.action { count + 1 } else { count }
        }
        let initial = max(0, described.count - added)
        var scene = Scene()
        var children: [[Int]] = Array(repeating: [], count: described.count)
        var parents: [Int?] = described.map(\.parent)
        var views: [View] = []
        func place(_ index: Int, appears: Double?) {
            let view = described[index]
            let at = scene.add(parent: view.parent, frame: view.frame, properties: view.properties)
            if let parent = view.parent, parent < children.count { children[parent].append(at) }
            views.append(View(id: view.id, frame: scene.windowFrame(of: at) ?? view.frame, appears: appears))
        }
        for index in 0..<initial { place(index, appears: nil) }
        /// Records where the view and the views in it are now, those that moved.
        func record(_ root: Int, at time: Double) {
            var walk = [root]
            while let view = walk.popLast() {
                guard view < views.count else { continue }
                let now = scene.windowFrame(of: view)
                let last = views[view].placements.last.map(\.frame) ?? views[view].frame
                if now != last { views[view].placements.append(Placement(time: time, frame: now)) }
                walk += children[view]
            }
        }
        for event in trace.events {
            switch event.action {
            case .addView:
                if views.count < described.count { place(views.count, appears: event.time) }
            case .removeView(let view):
                guard view < views.count else { continue }
                scene.remove(view)
                record(view, at: event.time)
            case .setFrame(let view, let frame):
                guard view < views.count else { continue }
                scene.setFrame(frame, of: view)
                record(view, at: event.time)
            case .scroll(let view, let origin):
                guard view < views.count else { continue }
                scene.setBoundsOrigin(origin, of: view)
                record(view, at: event.time)
            case .setParent(let view, let parent, let frame):
                guard view < views.count, parent < views.count else { continue }
                if let old = parents[view] { children[old].removeAll { $0 == view } }
                children[parent].append(view)
                parents[view] = parent
                scene.setParent(parent, of: view, frame: frame)
                record(view, at: event.time)
            case .touches, .setEnabled, .setHook, .setProperties, .interrupt, .saw:
                break
            }
        }
        return views
    }

    /// The lanes of a run: views in the scene's order, each followed by the
    /// recognizers on it in declaration order; a view or recognizer with no entry in
    /// `timeline` (the simulation's, by default) has no lane.
    public init(simulation: Simulation, trace: Trace, timeline: [TimelineEntry]? = nil) {
        let program = simulation.program
        let timeline = timeline ?? simulation.timeline

        views = Self.placedViews(simulation.scene.views, trace: trace)

        // Touch paths: a new one at every down, so a reused id starts afresh.
        var paths: [TouchPath] = []
        var open: [Int: Int] = [:]
        for event in trace.events {
            guard case .touches(let changes) = event.action else { continue }
            for change in changes.map(\.change) {
                if change.phase == .down {
                    open[change.id] = paths.count
                    paths.append(TouchPath(id: change.id, points: [], times: []))
                }
                guard let path = open[change.id] else { continue }
                // A cancel's location is not used: the path ends where it was.
                let point = change.phase == .cancel ? (paths[path].points.last ?? change.location) : change.location
                paths[path].points.append(point)
                paths[path].times.append(event.time)
                if change.phase == .up || change.phase == .cancel {
                    paths[path].ended = true
                    open[change.id] = nil
                }
            }
        }
        touches = paths

        // Lanes by subject, in order of first entry; sorted at the end.
        var laneIndex: [String: Int] = [:]
        var lanes: [Lane] = []
        var touchesDown: [Int: Set<Int>] = [:]
        for entry in timeline {
            // The input has the page's scene and scrubber; it is no lane of its own.
            if case .input = entry.kind { continue }
            let name = TimelineRenderer.subject(entry)
            let lane: Int
            if let known = laneIndex[name] {
                lane = known
            } else {
                lane = lanes.count
                laneIndex[name] = lane
                lanes.append(Lane(name: name, subject: entry.recognizer == nil ? .view : .recognizer, steps: [], marks: []))
            }
            var mark = Mark(time: entry.time, text: TimelineRenderer.summary(entry), source: nil, type: "action")
            var state: String?
            switch entry.kind {
            case .action(let action, _):
                state = action.rawValue
            case .touches(let phase, let delivered):
                mark.type = "touches"
                var down = touchesDown[lane] ?? []
                for touch in delivered {
                    if phase == .began { down.insert(touch.id) }
                    if phase == .ended || phase == .cancelled { down.remove(touch.id) }
                }
                touchesDown[lane] = down
                state = down.isEmpty ? "no touches" : "touches " + down.sorted().map(String.init).joined(separator: ", ")
            case .control:
                mark.type = "control"
            case .decision(let decision, _, let source):
                mark.type = "decision"
                mark.source = source
                state = Self.state(after: decision, from: lanes[lane].steps.last?.state ?? "possible")
            case .input:
                continue
            }
            lanes[lane].marks.append(mark)
            if let state, state != (lanes[lane].steps.last?.state ?? lanes[lane].initialState) {
                lanes[lane].steps.append(Step(time: entry.time, state: state))
            }
        }
        let viewOrder = Dictionary(simulation.scene.views.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let declarationOrder = Dictionary(program.recognizers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        func key(_ lane: Lane) -> (Int, Int) {
            let parts = lane.name.split(separator: "@", maxSplits: 1).map(String.init)
            guard lane.subject == .recognizer, parts.count == 2 else { return (viewOrder[lane.name] ?? .max, -1) }
            return (viewOrder[parts[1]] ?? .max, declarationOrder[parts[0]] ?? .max)
        }
        self.lanes = lanes.sorted { key($0) < key($1) }

        let times = timeline.map(\.time) + trace.events.map(\.time)
        start = min(times.min() ?? 0, 0)
        // The axis runs a little past the last entry, so a final `recognized` or
        // `ended` is drawn with its state's colour, not at the very edge.
        let last = times.max() ?? 0
        end = last + max(0.1, (last - start) * 0.05)
    }

    /// A recognizer's state after a decision: held while it waits, failed when it
    /// lost, possible again when released or reset; other decisions leave it.
    static func state(after decision: TimelineEntry.Decision, from state: String) -> String? {
        switch decision {
        case .held: "held"
        case .released, .reset: "possible"
        case .failed, .excluded, .vetoed, .disabled, .interrupted: state == "cancelled" ? state : "failed"
        case .refused, .simultaneous, .notPrevented, .ignored, .removed, .deferred: nil
        }
    }
}

/// Writes `TimelineLanes` as one self-contained HTML page: the data as JSON in the
/// page, and the script and styles that draw it inline, so it opens from a file with
/// no network (docs/pictures.md).
public enum TimelinePage {
    public static func html(_ lanes: TimelineLanes, title: String) -> String {
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(escapeHTML(title))</title>\n<style>\n\(TimelinePageAssets.style)</style>\n</head>\n<body>\n"
        page += TimelinePageAssets.body
        page += "<script type=\"application/json\" id=\"data\">\n" + data(lanes, title: title) + "\n</script>\n"
        page += "<script>\n\(TimelinePageAssets.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The run as JSON, a member a line (`JSONOutput.Layout.rows`), and every `<`
    /// escaped so that no text can close the script element holding it.
    static func data(_ lanes: TimelineLanes, title: String) -> String {
        func rect(_ frame: Rect) -> [JSONOutput] {
            [.number(frame.x), .number(frame.y), .number(frame.width), .number(frame.height)]
        }
        // Each view: its id, its frame, when it appears (null: from the start), and
        // where it goes at each change ([time] alone: removed).
        let views = lanes.views.map { view in
            let placements = view.placements.map { placement in
                JSONOutput.array([.number(placement.time)] + (placement.frame.map(rect) ?? []))
            }
            return JSONOutput.array(
                [.string(view.id)] + rect(view.frame) + [view.appears.map(JSONOutput.number) ?? .null, .array(placements)])
        }
        let touches = lanes.touches.map { path in
            let points = zip(path.times, path.points).map { JSONOutput.array([.number($0), .number($1.x), .number($1.y)]) }
            return JSONOutput.array([.int(path.id), .array(points), .bool(path.ended)])
        }
        let laneValues = lanes.lanes.map { lane in
            JSONOutput.object([
                ("name", .string(lane.name)), ("subject", .string(lane.subject.rawValue)), ("initial", .string(lane.initialState)),
                ("steps", .array(lane.steps.map { .array([.number($0.time), .string($0.state)]) })),
                (
                    "marks",
                    .array(
                        lane.marks.map { mark in
                            .array([.number(mark.time), .string(mark.type), .string(mark.text), mark.source.map(JSONOutput.string) ?? .null])
                        })
                ),
            ])
        }
        let out = JSONOutput.object([
            ("title", .string(title)), ("start", .number(lanes.start)), ("end", .number(lanes.end)), ("views", .array(views)),
            ("touches", .array(touches)), ("lanes", .array(laneValues)),
        ]).written(.rows)
        var escaped = ""
        escaped.reserveCapacity(out.utf8.count)
        for character in out {
            if character == "<" { escaped += "\\u003c" } else { escaped.append(character) }
        }
        return escaped
    }

    /// `text` safe in HTML or XML text and attribute values.
    public static func escapeHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
