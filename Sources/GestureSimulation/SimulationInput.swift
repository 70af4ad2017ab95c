import GestureCompiler
import GestureDSL
import GestureRuntime

/// A scene for `gesturec simulate`: view instances of the program's roles, with
/// frames and property overrides (docs/traces.md).
public struct SceneDescription: Sendable {
    public struct View: Sendable {
        public var id: String
        public var role: Int
        /// Index of the parent in `views`, which comes before it.
        public var parent: Int?
        public var frame: Rect
        public var properties: ViewProperties
        public var range: SourceRange

        public init(id: String, role: Int, parent: Int?, frame: Rect, properties: ViewProperties, range: SourceRange) {
            self.id = id
            self.role = role
            self.parent = parent
            self.frame = frame
            self.properties = properties
            self.range = range
        }
    }

    public var views: [View]
    /// The device the scene is on (its `device`, or `--device`): its window and the
    /// system's edge gestures around the app (docs/devices.md). Nil: a window as large
    /// as the root views reach, and no system.
    public var device: DeviceProfile?

    public init(views: [View], device: DeviceProfile? = nil) {
        self.views = views
        self.device = device
    }

    /// The properties in which `properties` differ from its role's, each a name and a
    /// flag or a number: what a scene file says of a view, both in JSON (`"alpha": 0.5`)
    /// and in the text form (`alpha=0.5`, the value written `compact`).
    public static func overrides(_ properties: ViewProperties, of role: GestureProgram.ViewRole) -> [(String, JSONOutput)] {
        let declared = ViewProperties(role)
        let flags: [(String, Bool, Bool)] = [
            ("interactive", properties.interactive, declared.interactive), ("hidden", properties.hidden, declared.hidden),
            ("transparentWhenEmpty", properties.transparentWhenEmpty, declared.transparentWhenEmpty),
            ("multipleTouch", properties.multipleTouch, declared.multipleTouch),
            ("exclusiveTouch", properties.exclusiveTouch, declared.exclusiveTouch),
            ("animating", properties.animating, declared.animating),
            ("animationAllowsInteraction", properties.animationAllowsInteraction, declared.animationAllowsInteraction),
        ]
        let numbers: [(String, Double, Double)] = [
            ("alpha", properties.alpha, declared.alpha), ("hitSlop", properties.hitSlop, declared.hitSlop),
            ("minimumTarget", properties.minimumTarget, declared.minimumTarget),
            ("contentWidth", properties.contentWidth, declared.contentWidth),
            ("contentHeight", properties.contentHeight, declared.contentHeight),
        ]
        return flags.compactMap { $1 != $2 ? ($0, .bool($1)) : nil }
            + numbers.compactMap { $1 != $2 ? ($0, .number($1)) : nil }
    }
}

/// A touch trace: input events in time order (docs/traces.md).
public struct Trace: Sendable {
    /// A touch's change in an event, where it is written, and, for a touch going down
    /// in a recording, the view the platform hit-tested (an index of the scene's views
    /// and those the trace added): replay gives the touch to that view, as
    /// `GestureHost.handle` gives a platform's hit view to the engine, instead of
    /// hit-testing the scene.
    public struct Touch: Sendable {
        public var change: TouchChange
        public var range: SourceRange
        public var view: Int?

        public init(_ change: TouchChange, range: SourceRange, view: Int? = nil) {
            self.change = change
            self.range = range
            self.view = view
        }
    }

    public enum Action: Sendable {
        /// Touches that changed together.
        case touches([Touch])
        /// A recognizer of the program on a view of the scene (by index).
        case setEnabled(recognizer: Int, view: Int, value: Bool)
        case setHook(hook: Int, value: Bool)
        /// A view of the scene (by index) takes these properties from now on: it is
        /// hidden, faded or not interactive while it animates (R9).
        case setProperties(view: Int, properties: ViewProperties)
        /// A view joins the scene, in front of its siblings; its index is the next one
        /// after the scene's views and those added before it, and its parent one of them.
        case addView(SceneDescription.View)
        /// A view (by index) leaves the scene with its subtree.
        case removeView(view: Int)
        /// A view (by index) moves or is resized: its frame in its parent's coordinates.
        case setFrame(view: Int, frame: Rect)
        /// A view (by index) moves, with its subtree, to another parent (by index), in
        /// front of its new siblings, at a frame in the new parent's coordinates.
        case setParent(view: Int, parent: Int, frame: Rect)
        /// A view's content scrolls: its bounds origin (a scroll view's content offset).
        case scroll(view: Int, to: Point)
        case interrupt
        /// What an app's own recognizer (by index, on a view by index) told its targets
        /// at this time, as a recording observed it (docs/recording.md): not an input,
        /// so a run passes over it; `gesturec verify` compares it with the engine's.
        case saw(recognizer: Int, view: Int, state: TimelineEntry.ActionState)
    }

    public struct Event: Sendable {
        public var time: Double
        public var action: Action
        public var range: SourceRange

        public init(time: Double, action: Action, range: SourceRange) {
            self.time = time
            self.action = action
            self.range = range
        }
    }

    public var events: [Event]

    public init(events: [Event]) { self.events = events }
}

/// Reads scenes and traces, in JSON or in the text form (`TraceText`), both as located
/// trees, reporting every mistake it finds with its location. A scene and a trace may
/// share one file (`views` and `events`).
public struct SimulationInputReader {
    public let program: GestureProgram
    public private(set) var diagnostics: DiagnosticBag
    /// Views of a parent cycle already reported.
    private var reportedCycles: Set<String> = []
    /// The views of the scene read, by id, for the trace's events; then those the
    /// trace adds, as it adds them.
    private var viewIndices: [String: Int] = [:]
    /// The scene's views and those the trace added so far, each with its subviews, and
    /// where the trace removed each view it removed (the view itself, or one it is in).
    private var viewsSoFar: [SceneDescription.View] = []
    private var subviews: [[Int]] = []
    private var removedAt: [Int: SourceRange] = [:]
    /// Each view's properties after the trace's `setProperties` events read so far,
    /// which change only the properties they name.
    private var propertiesSoFar: [Int: ViewProperties] = [:]

    /// The latest time a trace may give, in seconds (about 31 years): far beyond any
    /// recording, and small enough that a millisecond still adds to it exactly.
    public static let latestTime = 1e9
    /// The largest coordinate or size in a scene, in points.
    public static let largestCoordinate = 1e9

    /// `errorLimit` as for `check` (`--all-errors` gives nil): past it, mistakes are
    /// counted, not stored, and no suggestion is looked for.
    /// The program's roles, recognizers and hooks by name, so that reading a scene or a
    /// trace costs what it holds, whatever the program declares.
    private let roleIndices: [String: Int]
    private let recognizerIndices: [String: Int]
    private let hookIndices: [String: Int]

    public init(program: GestureProgram, errorLimit: Int? = nil) {
        self.program = program
        diagnostics = DiagnosticBag(errorLimit: errorLimit)
        roleIndices = Self.firstIndices(program.views.map(\.name))
        recognizerIndices = Self.firstIndices(program.recognizers.map(\.name))
        hookIndices = Self.firstIndices(program.hooks.map(\.name))
    }

    /// Each name's first index.
    private static func firstIndices(_ names: [String]) -> [String: Int] {
        var indices: [String: Int] = [:]
        for (index, name) in names.enumerated() where indices[name] == nil { indices[name] = index }
        return indices
    }

    /// Reads a scene and a trace from their files, which may be one (`scene` nil):
    /// adds them to `sources` for diagnostics, and returns nil after reporting every
    /// mistake found.
    public mutating func read(scene sceneFile: SourceFile?, trace traceFile: SourceFile, sources: inout SourceManager)
        -> (scene: SceneDescription, trace: Trace)?
    {
        let traceID = sources.add(traceFile)
        let sceneID = sceneFile.map { sources.add($0) } ?? traceID
        var documents: [FileID: LocatedJSON] = [:]
        for id in sceneID == traceID ? [traceID] : [sceneID, traceID] {
            // JSON starts with '{'; anything else is the text form.
            let file = sources[id]
            let isJSON = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
            do throws(LocatedJSONError) {
                documents[id] = isJSON ? try LocatedJSON.parse(file, id: id) : try TraceText.parse(file, id: id)
            } catch {
                report(isJSON ? .malformedJSON(reason: error.reason) : .malformedText(reason: error.reason), at: error.range)
            }
        }
        guard let sceneDocument = documents[sceneID], let scene = scene(sceneDocument),
            let traceDocument = documents[traceID], let trace = trace(traceDocument, scene: scene),
            !diagnostics.hasErrors
        else { return nil }
        return (scene, trace)
    }

    /// A scene alone, in JSON or the text form (`gesturec lint --scene`); nil, with
    /// diagnostics, when it has mistakes.
    public mutating func read(scene file: SourceFile, sources: inout SourceManager) -> SceneDescription? {
        let id = sources.add(file)
        let isJSON = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
        do throws(LocatedJSONError) {
            let document = isJSON ? try LocatedJSON.parse(sources[id], id: id) : try TraceText.parse(sources[id], id: id)
            guard let scene = scene(document), !diagnostics.hasErrors else { return nil }
            return scene
        } catch {
            report(isJSON ? .malformedJSON(reason: error.reason) : .malformedText(reason: error.reason), at: error.range)
            return nil
        }
    }

    /// The scene written as `view` lines among other lines of a text file (a
    /// `.gdltest`); nil, with diagnostics, when it has mistakes.
    public mutating func scene(lines: [Int], of file: SourceFile, id: FileID) -> SceneDescription? {
        do throws(LocatedJSONError) {
            let scene = scene(try TraceText.parse(file, id: id, lines: lines))
            return diagnostics.hasErrors ? nil : scene
        } catch {
            report(.malformedText(reason: error.reason), at: error.range)
            return nil
        }
    }

    /// A trace written as some lines of a text file (a `.gdltest`'s test), over a scene
    /// already read. When the scene is the file's `sceneLines` and the trace names a
    /// device, the scene is read again with it, as one file holding both would be.
    public mutating func read(lines: [Int], of file: SourceFile, id: FileID, scene: SceneDescription, sceneLines: [Int]?)
        -> (scene: SceneDescription, trace: Trace)?
    {
        do throws(LocatedJSONError) {
            let document = try TraceText.parse(file, id: id, lines: lines)
            var scene = scene
            if let sceneLines, case .object(let members) = document.value, members.contains(where: { $0.key == "device" }) {
                let both = (sceneLines + lines).sorted()
                guard let onDevice = self.scene(try TraceText.parse(file, id: id, lines: both)) else { return nil }
                scene = onDevice
            }
            guard let trace = trace(document, scene: scene), !diagnostics.hasErrors else { return nil }
            return (scene, trace)
        } catch {
            report(.malformedText(reason: error.reason), at: error.range)
            return nil
        }
    }

    // MARK: - Scene

    public mutating func scene(_ document: LocatedJSON) -> SceneDescription? {
        guard let top = object(document, "a scene", allowed: ["views", "events", "device"]),
            let list = array(top.field("views"), "'views'", in: top)
        else { return nil }
        let errorsBefore = diagnostics.errorCount
        var views: [SceneDescription.View] = []
        var indices: [String: Int] = [:]
        // Each view's parent as written, to tell a parent declared late from a cycle.
        let written = list.compactMap { element -> (String, String?)? in
            guard case .object(let members) = element.value,
                case .string(let id)? = members.first(where: { $0.key == "id" })?.value.value
            else { return nil }
            if case .string(let parent)? = members.first(where: { $0.key == "parent" })?.value.value {
                return (id, parent)
            }
            return (id, nil)
        }
        let declared = Dictionary(written, uniquingKeysWith: { first, _ in first })
        let cycles = Self.parentCycles(declared, order: written.map(\.0))
        for element in list {
            guard let view = self.view(element, indices: indices, declared: declared, cycles: cycles, views: views)
            else { continue }
            if indices[view.id] != nil {
                report(.duplicateView(id: view.id), at: view.range)
                continue
            }
            indices[view.id] = views.count
            views.append(view)
        }
        viewIndices = indices
        let device = top.field("device").flatMap { self.device($0) }
        return diagnostics.errorCount == errorsBefore ? SceneDescription(views: views, device: device) : nil
    }

    /// The cycles of the parent relation: each cycle's views in parent order, and for
    /// each view on one, its cycle and place in it. Each view has at most one parent,
    /// so one walk from each view that stops at a view already walked finds every
    /// cycle: the cost grows with the views, whatever their order or shape.
    struct ParentCycles {
        var cycles: [[String]] = []
        var place: [String: (cycle: Int, position: Int)] = [:]

        /// Whether `id` is on a cycle whose next view is `parent`.
        func leads(from id: String, to parent: String) -> Bool {
            guard let (cycle, position) = place[id] else { return false }
            let members = cycles[cycle]
            return members[(position + 1) % members.count] == parent
        }

        /// The cycle through `id`, from it round to it.
        func path(from id: String) -> [String] {
            guard let (cycle, position) = place[id] else { return [] }
            let members = cycles[cycle]
            return Array(members[position...] + members[..<position]) + [id]
        }
    }

    /// `order` is the views in the order written, which makes the walks deterministic.
    static func parentCycles(_ declared: [String: String?], order: [String]) -> ParentCycles {
        var found = ParentCycles()
        // 1: on the walk in progress; 2: walked before.
        var state: [String: Int] = [:]
        for start in order where state[start] == nil {
            var walk: [String] = []
            var current: String? = start
            while let id = current, declared[id] != nil, state[id] == nil {
                state[id] = 1
                walk.append(id)
                current = declared[id] ?? nil
            }
            if let id = current, state[id] == 1, let entry = walk.firstIndex(of: id) {
                let cycle = Array(walk[entry...])
                for (offset, member) in cycle.enumerated() { found.place[member] = (found.cycles.count, offset) }
                found.cycles.append(cycle)
            }
            for id in walk { state[id] = 2 }
        }
        return found
    }

    private static let viewFlags = [
        "interactive", "hidden", "transparentWhenEmpty", "multipleTouch", "exclusiveTouch", "animating",
        "animationAllowsInteraction",
    ]
    private static let viewNumbers = ["alpha", "hitSlop", "minimumTarget", "contentWidth", "contentHeight"]
    private static let viewFields = ["id", "role", "parent", "frame"] + viewFlags + viewNumbers

    private mutating func view(
        _ element: LocatedJSON, indices: [String: Int], declared: [String: String?], cycles: ParentCycles,
        views: [SceneDescription.View]
    ) -> SceneDescription.View? {
        guard let fields = object(element, "a view", allowed: Self.viewFields),
            let id = string(required(fields, "id"), "'id'"),
            let roleName = required(fields, "role").flatMap({ string($0, "'role'") })
        else { return nil }
        guard let role = roleIndices[roleName] else {
            report(
                .unknownName(what: "view role", name: roleName), at: fields.field("role")?.range ?? element.range,
                suggestion: suggest(roleName, program.views.map(\.name)))
            return nil
        }
        var parent: Int?
        if let parentValue = fields.field("parent"), let parentID = string(parentValue, "'parent'") {
            if let index = indices[parentID] {
                parent = index
            } else if declared[parentID] != nil {
                if cycles.leads(from: id, to: parentID) {
                    // One report per cycle, at its first view.
                    if !reportedCycles.contains(id) {
                        let path = cycles.path(from: id)
                        report(.parentCycle(path: path), at: parentValue.range)
                        reportedCycles.formUnion(path)
                    }
                } else {
                    report(.parentNotDeclared(id: id, parent: parentID), at: parentValue.range)
                }
                return nil
            } else {
                report(
                    .unknownName(what: "view", name: parentID), at: parentValue.range,
                    suggestion: suggest(parentID, views.map(\.id)))
                return nil
            }
        }
        let parentRole = parent.map { views[$0].role }
        let allowedParents = program.views[role].parents
        if parentRole.map({ !allowedParents.contains($0) }) ?? !allowedParents.isEmpty {
            report(
                .invalidParent(
                    view: id, role: roleName, parentRole: parentRole.map { program.views[$0].name } ?? "none (a root)"),
                at: fields.field("parent")?.range ?? element.range)
            return nil
        }
        guard let frameValue = required(fields, "frame"), let frame = rect(frameValue) else { return nil }
        var properties = ViewProperties(program.views[role])
        readProperties(fields, into: &properties)
        return SceneDescription.View(
            id: id, role: role, parent: parent, frame: frame, properties: properties, range: element.range)
    }

    /// Sets the view properties `fields` names, booleans and numbers, reporting each
    /// of the wrong type; the others keep their values.
    private mutating func readProperties(_ fields: Fields, into properties: inout ViewProperties) {
        for name in Self.viewFlags {
            guard let value = fields.field(name) else { continue }
            guard case .bool(let flag) = value.value else {
                report(.wrongType(what: "'\(name)'", expected: "a boolean", found: value.description), at: value.range)
                continue
            }
            switch name {
            case "interactive": properties.interactive = flag
            case "hidden": properties.hidden = flag
            case "transparentWhenEmpty": properties.transparentWhenEmpty = flag
            case "multipleTouch": properties.multipleTouch = flag
            case "animating": properties.animating = flag
            case "animationAllowsInteraction": properties.animationAllowsInteraction = flag
            default: properties.exclusiveTouch = flag
            }
        }
        for name in Self.viewNumbers {
            guard let value = fields.field(name), let number = number(value, "'\(name)'") else { continue }
            switch name {
            case "alpha": properties.alpha = number
            case "hitSlop": properties.hitSlop = number
            case "contentWidth": properties.contentWidth = number
            case "contentHeight": properties.contentHeight = number
            default: properties.minimumTarget = number
            }
        }
    }

    private mutating func rect(_ value: LocatedJSON) -> Rect? {
        guard case .array(let elements) = value.value, elements.count == 4 else {
            report(
                .wrongType(what: "'frame'", expected: "[x, y, width, height]", found: value.description),
                at: value.range)
            return nil
        }
        let numbers = elements.compactMap { number($0, "a frame's value") }
        guard numbers.count == 4 else { return nil }
        for (element, value) in zip(elements, numbers) where abs(value) > Self.largestCoordinate {
            report(.outOfRange(what: "a frame's value", range: "between -1e9 and 1e9 points", found: value), at: element.range)
            return nil
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    // MARK: - Trace

    /// The trace's events. Times must not go backwards; touch ids and phases are
    /// checked as the trace runs (`Simulation`), where the state is known.
    public mutating func trace(_ document: LocatedJSON, scene: SceneDescription) -> Trace? {
        guard let top = object(document, "a trace", allowed: ["views", "events", "device"]),
            let list = array(top.field("events"), "'events'", in: top)
        else { return nil }
        let errorsBefore = diagnostics.errorCount
        var events: [Trace.Event] = []
        var lastTime = -Double.infinity
        propertiesSoFar = [:]
        viewsSoFar = scene.views
        subviews = Array(repeating: [], count: scene.views.count)
        for (index, view) in scene.views.enumerated() {
            if let parent = view.parent { subviews[parent].append(index) }
        }
        removedAt = [:]
        for element in list {
            guard let event = self.event(element, scene: scene) else { continue }
            if event.time < lastTime {
                report(.timeWentBackwards(now: lastTime, given: event.time), at: event.range)
            }
            lastTime = max(lastTime, event.time)
            events.append(event)
        }
        return diagnostics.errorCount == errorsBefore ? Trace(events: events) : nil
    }

    /// An event's actions, one of which it has.
    static let actions = [
        "touches", "setEnabled", "setHook", "setProperties", "addView", "removeView", "setFrame", "setParent", "scroll",
        "interrupt", "saw",
    ]

    private mutating func event(_ element: LocatedJSON, scene: SceneDescription) -> Trace.Event? {
        guard
            let fields = object(
                element, "an event", allowed: ["t"] + Self.actions),
            let timeValue = required(fields, "t"), let time = number(timeValue, "'t'")
        else { return nil }
        guard abs(time) <= Self.latestTime else {
            report(.outOfRange(what: "'t'", range: "between -1e9 and 1e9 seconds", found: time), at: timeValue.range)
            return nil
        }
        if let list = fields.field("touches") {
            guard let elements = array(list, "'touches'", in: fields) else { return nil }
            var changes: [Trace.Touch] = []
            for element in elements {
                guard let touch = touch(element) else { return nil }
                changes.append(touch)
            }
            return Trace.Event(time: time, action: .touches(changes), range: element.range)
        }
        if let value = fields.field("setEnabled") {
            guard let body = object(value, "'setEnabled'", allowed: ["recognizer", "view", "value"]),
                let (recognizer, view) = recognizerOnView(body, in: value),
                let flag = required(body, "value").flatMap({ bool($0, "'value'") })
            else { return nil }
            return Trace.Event(
                time: time, action: .setEnabled(recognizer: recognizer, view: view, value: flag),
                range: element.range)
        }
        if let value = fields.field("setHook") {
            guard let body = object(value, "'setHook'", allowed: ["hook", "value"]),
                let name = required(body, "hook").flatMap({ string($0, "'hook'") }),
                let flag = required(body, "value").flatMap({ bool($0, "'value'") })
            else { return nil }
            guard let hook = hookIndices[name] else {
                report(
                    .unknownName(what: "hook", name: name), at: body.field("hook")?.range ?? value.range,
                    suggestion: suggest(name, program.hooks.map(\.name)))
                return nil
            }
            return Trace.Event(time: time, action: .setHook(hook: hook, value: flag), range: element.range)
        }
        if let value = fields.field("setProperties") {
            guard let body = object(value, "'setProperties'", allowed: ["view"] + Self.viewFlags + Self.viewNumbers),
                let viewID = required(body, "view").flatMap({ string($0, "'view'") }),
                let view = existingView(viewID, at: body.field("view") ?? value)
            else { return nil }
            var properties = propertiesSoFar[view] ?? viewsSoFar[view].properties
            let errors = diagnostics.errorCount
            readProperties(body, into: &properties)
            guard diagnostics.errorCount == errors else { return nil }
            propertiesSoFar[view] = properties
            return Trace.Event(time: time, action: .setProperties(view: view, properties: properties), range: element.range)
        }
        if let value = fields.field("addView") {
            guard let view = self.view(value, indices: viewIndices, declared: [:], cycles: ParentCycles(), views: viewsSoFar)
            else { return nil }
            guard viewIndices[view.id] == nil else {
                report(.duplicateView(id: view.id), at: value.range)
                return nil
            }
            if let parent = view.parent, let removal = removedAt[parent] {
                reportRemoved(viewsSoFar[parent].id, at: Self.parentRange(value), removedAt: removal)
                return nil
            }
            let index = viewsSoFar.count
            viewIndices[view.id] = index
            viewsSoFar.append(view)
            subviews.append([])
            if let parent = view.parent { subviews[parent].append(index) }
            return Trace.Event(time: time, action: .addView(view), range: element.range)
        }
        if let value = fields.field("removeView") {
            guard let body = object(value, "'removeView'", allowed: ["view"]),
                let viewID = required(body, "view").flatMap({ string($0, "'view'") }),
                let view = existingView(viewID, at: body.field("view") ?? value)
            else { return nil }
            // Each view is marked once: a removed view cannot be removed again, so the
            // walks of a whole trace cost what its views are.
            var walk = [view]
            while let next = walk.popLast() {
                removedAt[next] = element.range
                walk += subviews[next]
            }
            return Trace.Event(time: time, action: .removeView(view: view), range: element.range)
        }
        if let value = fields.field("setFrame") {
            guard let body = object(value, "'setFrame'", allowed: ["view", "frame"]),
                let viewID = required(body, "view").flatMap({ string($0, "'view'") }),
                let view = existingView(viewID, at: body.field("view") ?? value),
                let frame = required(body, "frame").flatMap({ rect($0) })
            else { return nil }
            return Trace.Event(time: time, action: .setFrame(view: view, frame: frame), range: element.range)
        }
        if let value = fields.field("setParent") {
            guard let body = object(value, "'setParent'", allowed: ["view", "parent", "frame"]),
                let viewID = required(body, "view").flatMap({ string($0, "'view'") }),
                let view = existingView(viewID, at: body.field("view") ?? value),
                let parentValue = required(body, "parent"), let parentID = string(parentValue, "'parent'"),
                let parent = existingView(parentID, at: parentValue),
                let frame = required(body, "frame").flatMap({ rect($0) })
            else { return nil }
            let role = viewsSoFar[view].role
            guard program.views[role].parents.contains(viewsSoFar[parent].role) else {
                report(
                    .invalidParent(
                        view: viewID, role: program.views[role].name, parentRole: program.views[viewsSoFar[parent].role].name),
                    at: parentValue.range)
                return nil
            }
            // The new parent may not be the view or inside it: that would close a cycle.
            var chain: [String] = []
            var ancestor: Int? = parent
            while let current = ancestor {
                chain.append(viewsSoFar[current].id)
                if current == view {
                    report(.parentCycle(path: [viewID] + chain.reversed()), at: parentValue.range)
                    return nil
                }
                ancestor = viewsSoFar[current].parent
            }
            if let old = viewsSoFar[view].parent { subviews[old].removeAll { $0 == view } }
            subviews[parent].append(view)
            viewsSoFar[view].parent = parent
            return Trace.Event(time: time, action: .setParent(view: view, parent: parent, frame: frame), range: element.range)
        }
        if let value = fields.field("scroll") {
            guard let body = object(value, "'scroll'", allowed: ["view", "x", "y"]),
                let viewID = required(body, "view").flatMap({ string($0, "'view'") }),
                let view = existingView(viewID, at: body.field("view") ?? value),
                let x = required(body, "x").flatMap({ coordinate($0, "'x'") }),
                let y = required(body, "y").flatMap({ coordinate($0, "'y'") })
            else { return nil }
            return Trace.Event(time: time, action: .scroll(view: view, to: Point(x: x, y: y)), range: element.range)
        }
        if let value = fields.field("interrupt") {
            guard object(value, "'interrupt'", allowed: []) != nil else { return nil }
            return Trace.Event(time: time, action: .interrupt, range: element.range)
        }
        if let value = fields.field("saw") {
            guard let body = object(value, "'saw'", allowed: ["recognizer", "view", "state"]),
                let (recognizer, view) = recognizerOnView(body, in: value),
                let stateValue = required(body, "state"), let stateName = string(stateValue, "'state'")
            else { return nil }
            guard let state = TimelineEntry.ActionState(rawValue: stateName) else {
                report(
                    .unknownName(what: "recognizer state", name: stateName), at: stateValue.range,
                    suggestion: suggest(stateName, TimelineEntry.ActionState.allCases.map(\.rawValue)))
                return nil
            }
            return Trace.Event(time: time, action: .saw(recognizer: recognizer, view: view, state: state), range: element.range)
        }
        report(.eventWithoutAction, at: element.range)
        return nil
    }

    /// The recognizer and the view an event's `recognizer` and `view` name (`setEnabled`,
    /// `saw`): a recognizer of the program, on a view of its role that is in the scene.
    private mutating func recognizerOnView(_ body: Fields, in value: LocatedJSON) -> (recognizer: Int, view: Int)? {
        guard let name = required(body, "recognizer").flatMap({ string($0, "'recognizer'") }),
            let viewID = required(body, "view").flatMap({ string($0, "'view'") })
        else { return nil }
        guard let recognizer = recognizerIndices[name] else {
            report(
                .unknownName(what: "recognizer", name: name), at: body.field("recognizer")?.range ?? value.range,
                suggestion: suggest(name, program.recognizers.map(\.name)))
            return nil
        }
        guard let view = existingView(viewID, at: body.field("view") ?? value) else { return nil }
        let role = program.recognizers[recognizer].role
        guard viewsSoFar[view].role == role else {
            // The views it is on, as candidates for the one meant.
            let onRole = viewsSoFar.filter { $0.role == role }.map(\.id)
            var notes: [Note] = []
            if !diagnostics.isFull, let guess = Suggestions.closest(to: viewID, among: onRole) ?? onRole.first {
                notes.append(Note("'\(guess)' is a '\(program.views[role].name)'", at: body.field("view")?.range ?? value.range))
            }
            diagnostics.report(
                Diagnostic(
                    SimulationProblem.recognizerNotOnView(
                        recognizer: name, role: program.views[role].name, view: viewID,
                        viewRole: program.views[viewsSoFar[view].role].name),
                    at: body.field("view")?.range ?? value.range, notes: notes))
            return nil
        }
        return (recognizer, view)
    }

    /// The index of a view of the scene, or added by the trace, that the trace has not
    /// removed; a diagnostic at `value` otherwise.
    private mutating func existingView(_ id: String, at value: LocatedJSON) -> Int? {
        guard let view = viewIndices[id] else {
            report(.unknownName(what: "view", name: id), at: value.range, suggestion: suggest(id, viewsSoFar.map(\.id)))
            return nil
        }
        if let removal = removedAt[view] {
            reportRemoved(id, at: value.range, removedAt: removal)
            return nil
        }
        return view
    }

    private mutating func reportRemoved(_ id: String, at range: SourceRange, removedAt removal: SourceRange) {
        diagnostics.report(
            Diagnostic(
                SimulationProblem.viewRemoved(id: id), at: range,
                notes: [Note("removed here, with the views in it", at: removal)]))
    }

    /// Where a view's `parent` is written, or the view's own range.
    private static func parentRange(_ value: LocatedJSON) -> SourceRange {
        guard case .object(let members) = value.value, let parent = members.first(where: { $0.key == "parent" })
        else { return value.range }
        return parent.value.range
    }

    /// A number within the scene's coordinates (`largestCoordinate`).
    private mutating func coordinate(_ value: LocatedJSON, _ what: String) -> Double? {
        guard let number = number(value, what) else { return nil }
        guard abs(number) <= Self.largestCoordinate else {
            report(.outOfRange(what: what, range: "between -1e9 and 1e9 points", found: number), at: value.range)
            return nil
        }
        return number
    }

    private mutating func touch(_ element: LocatedJSON) -> Trace.Touch? {
        guard let fields = object(element, "a touch", allowed: ["id", "phase", "x", "y", "view", "touchType", "pointer", "scale", "rotation"]),
            let idValue = required(fields, "id"), let idNumber = number(idValue, "'id'"),
            let phaseName = required(fields, "phase").flatMap({ string($0, "'phase'") })
        else { return nil }
        guard idNumber == idNumber.rounded(), abs(idNumber) < 1e15 else {
            report(.wrongType(what: "'id'", expected: "a whole number", found: "\(idNumber)"), at: idValue.range)
            return nil
        }
        guard let phase = TouchChange.Phase(rawValue: phaseName) else {
            report(
                .unknownPhase(name: phaseName), at: fields.field("phase")?.range ?? element.range,
                suggestion: suggest(phaseName, TouchChange.Phase.allCases.map(\.rawValue)))
            return nil
        }
        // A cancel needs no location; every other phase does.
        var location = Point.zero
        if phase != .cancel || fields.field("x") != nil || fields.field("y") != nil {
            guard let x = required(fields, "x").flatMap({ number($0, "'x'") }),
                let y = required(fields, "y").flatMap({ number($0, "'y'") })
            else { return nil }
            location = Point(x: x, y: y)
        }
        // The view a platform hit-tested, for a touch going down in a recording.
        var view: Int?
        if let viewValue = fields.field("view") {
            guard let viewID = string(viewValue, "'view'") else { return nil }
            guard phase == .down else {
                report(.unknownField(owner: "a touch that is not going down", name: "view"), at: viewValue.range)
                return nil
            }
            guard let index = existingView(viewID, at: viewValue) else { return nil }
            view = index
        }
        // What made the touch (R87), said when it goes down.
        var type = TouchType.direct
        if let typeValue = fields.field("touchType") {
            guard let name = string(typeValue, "'touchType'") else { return nil }
            guard phase == .down else {
                report(.unknownField(owner: "a touch that is not going down", name: "touchType"), at: typeValue.range)
                return nil
            }
            guard let named = TouchType(name: name) else {
                // The text form writes a pointer's input in the same place.
                report(
                    .unknownName(what: "touch type", name: name), at: typeValue.range,
                    suggestion: suggest(name, TouchType.allCases.map(\.name) + PointerInput.allCases.map(\.name)))
                return nil
            }
            type = named
        }
        // The pointer's scroll or transform the sequence is (R88, R89), said when it begins.
        var pointer: PointerInput?
        if let pointerValue = fields.field("pointer") {
            guard let name = string(pointerValue, "'pointer'") else { return nil }
            guard phase == .down else {
                report(.unknownField(owner: "a touch that is not going down", name: "pointer"), at: pointerValue.range)
                return nil
            }
            guard let named = PointerInput(name: name) else {
                report(
                    .unknownName(what: "pointer input", name: name), at: pointerValue.range,
                    suggestion: suggest(name, PointerInput.allCases.map(\.name)))
                return nil
            }
            // A hover is the pointer's, or the Pencil's if it says so (R90); a scroll or a
            // transform has no touch type.
            guard named == .hover || fields.field("touchType") == nil else {
                report(.unknownField(owner: "a pointer's scroll or transform", name: "touchType"), at: pointerValue.range)
                return nil
            }
            if named == .hover && fields.field("touchType") == nil { type = .indirectPointer }
            pointer = named
        }
        // A transform's scale and rotation since it began (R89).
        var scale = 1.0
        var rotation = 0.0
        if let value = fields.field("scale") {
            guard let number = number(value, "'scale'") else { return nil }
            guard number > 0, number <= Self.largestCoordinate else {
                report(.outOfRange(what: "'scale'", range: "above 0 and at most 1e9", found: number), at: value.range)
                return nil
            }
            scale = number
        }
        if let value = fields.field("rotation") {
            guard let number = coordinate(value, "'rotation'") else { return nil }
            rotation = number
        }
        return Trace.Touch(
            TouchChange(
                id: Int(idNumber), phase: phase, location: location, touchType: type, pointer: pointer, scale: scale,
                rotation: rotation),
            range: element.range, view: view)
    }

    // MARK: - Fields

    /// An object's members, with the owner's name for messages.
    struct Fields {
        let owner: String
        let members: [LocatedJSON.Member]
        let range: SourceRange

        func field(_ name: String) -> LocatedJSON? { members.first { $0.key == name }?.value }
    }

    /// The field, or a diagnostic that it is missing.
    mutating func required(_ fields: Fields, _ name: String) -> LocatedJSON? {
        guard let value = fields.field(name) else {
            report(.missingField(owner: fields.owner, name: name), at: fields.range)
            return nil
        }
        return value
    }

    mutating func object(_ value: LocatedJSON, _ owner: String, allowed: [String]) -> Fields? {
        guard case .object(let members) = value.value else {
            report(.wrongType(what: owner, expected: "an object", found: value.description), at: value.range)
            return nil
        }
        var ok = true
        var seen: Set<String> = []
        for member in members {
            if !allowed.contains(member.key) {
                report(
                    .unknownField(owner: owner, name: member.key), at: member.keyRange,
                    suggestion: (member.key, allowed))
                ok = false
            } else if !seen.insert(member.key).inserted {
                report(.wrongType(what: "'\(member.key)'", expected: "given once", found: "it twice"), at: member.keyRange)
                ok = false
            }
        }
        return ok ? Fields(owner: owner, members: members, range: value.range) : nil
    }

    mutating func array(_ value: LocatedJSON?, _ what: String, in fields: Fields) -> [LocatedJSON]? {
        guard let value else {
            report(.missingField(owner: fields.owner, name: what.trimmingQuotes), at: fields.range)
            return nil
        }
        return array(value, what, in: fields)
    }

    mutating func array(_ value: LocatedJSON, _ what: String, in fields: Fields) -> [LocatedJSON]? {
        guard case .array(let elements) = value.value else {
            report(.wrongType(what: what, expected: "an array", found: value.description), at: value.range)
            return nil
        }
        return elements
    }

    mutating func string(_ value: LocatedJSON?, _ what: String) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value.value else {
            report(.wrongType(what: what, expected: "a string", found: value.description), at: value.range)
            return nil
        }
        return text
    }

    mutating func bool(_ value: LocatedJSON, _ what: String) -> Bool? {
        guard case .bool(let flag) = value.value else {
            report(.wrongType(what: what, expected: "a boolean", found: value.description), at: value.range)
            return nil
        }
        return flag
    }

    mutating func number(_ value: LocatedJSON, _ what: String) -> Double? {
        guard case .number(let number) = value.value else {
            report(.wrongType(what: what, expected: "a number", found: value.description), at: value.range)
            return nil
        }
        // The JSON reader has already refused numbers too large to be finite.
        return number
    }

    /// Reports a mistake, with a "did you mean" note when `suggestion` (a name and its
    /// candidates, from `suggest`) has one.
    mutating func report(
        _ problem: SimulationProblem, at range: SourceRange, suggestion: (String, [String])? = nil
    ) {
        var notes: [Note] = []
        if let (name, candidates) = suggestion, let guess = Suggestions.closest(to: name, among: candidates) {
            notes.append(Note("did you mean '\(guess)'?", at: range, fix: FixIt(replacing: range, with: guess)))
        }
        diagnostics.report(Diagnostic(problem, at: range, notes: notes))
    }
}

extension SimulationInputReader {
    /// A name and the candidates to suggest in its place, gathered only while the
    /// diagnostic will be shown: thousands of mistakes past the error limit cost no
    /// search over thousands of names.
    fileprivate func suggest(_ name: String, _ candidates: @autoclosure () -> [String]) -> (String, [String])? {
        diagnostics.isFull ? nil : (name, candidates())
    }
}

extension String {
    /// `'views'` → `views`.
    fileprivate var trimmingQuotes: String { filter { $0 != "'" } }
}
