import GestureDSL
import GestureRuntime

/// Device profiles as JSON (docs/devices.md): what `--device path.json` and a scene's
/// `device` object hold, and what `json` writes for the built-in ones, which read back
/// equal (`DeviceProfileTests`).
extension DeviceProfile {
    /// The largest figure a profile may give, in points or seconds.
    static let largestFigure = 100_000.0

    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(name)), ("platform", .string(platform.rawValue)),
            ("window", .array([.number(window.x), .number(window.y)])),
            (
                "safeArea",
                .object([
                    ("top", .number(safeArea.top)), ("left", .number(safeArea.left)), ("bottom", .number(safeArea.bottom)),
                    ("right", .number(safeArea.right)),
                ])
            ),
            ("systemGestures", .array(systemGestures.map(\.json))),
        ]
        if let exclusionLimit { members.append(("exclusionLimit", .number(exclusionLimit))) }
        return .object(members)
    }
}

extension SystemGesture {
    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(name)), ("edge", .string(edge.rawValue)), ("depth", .number(depth)),
            ("span", .array([.number(span.lowerBound), .number(span.upperBound)])), ("distance", .number(distance)),
        ]
        if let delay { members.append(("delay", .number(delay))) }
        if let hold { members.append(("hold", .number(hold))) }
        if deferrable { members.append(("deferrable", .bool(true))) }
        if let secondSwipe { members.append(("secondSwipe", .number(secondSwipe))) }
        if excludable { members.append(("excludable", .bool(true))) }
        if navigatesBack { members.append(("navigatesBack", .bool(true))) }
        return .object(members)
    }
}

extension SimulationInputReader {
    /// A profile's JSON file (`--device path.json`); nil, with diagnostics, when it has
    /// mistakes.
    public mutating func device(file: SourceFile, sources: inout SourceManager) -> DeviceProfile? {
        let id = sources.add(file)
        do throws(LocatedJSONError) {
            return device(try LocatedJSON.parse(sources[id], id: id))
        } catch {
            report(.malformedJSON(reason: error.reason), at: error.range)
            return nil
        }
    }

    /// A scene's or `--device`'s device: a built-in profile's name, or a profile as an
    /// object. Nil, with a diagnostic, when it is neither.
    public mutating func device(_ value: LocatedJSON) -> DeviceProfile? {
        if case .string(let name) = value.value {
            if let profile = DeviceProfile.named(name) { return profile }
            report(
                .unknownName(what: "device", name: name), at: value.range,
                suggestion: (name, DeviceProfile.builtIn.map(\.name)))
            return nil
        }
        let allowed = ["name", "platform", "window", "safeArea", "systemGestures", "exclusionLimit"]
        guard let fields = object(value, "a device", allowed: allowed),
            let nameValue = required(fields, "name"), let name = string(nameValue, "'name'"),
            let platformValue = required(fields, "platform"), let platformName = string(platformValue, "'platform'"),
            let windowValue = required(fields, "window"), let window = pair(windowValue, "'window'", positive: true),
            let gestures = array(fields.field("systemGestures"), "'systemGestures'", in: fields)
        else { return nil }
        guard let platform = DeviceProfile.Platform(rawValue: platformName) else {
            report(
                .unknownName(what: "platform", name: platformName), at: platformValue.range,
                suggestion: (platformName, DeviceProfile.Platform.allCases.map(\.rawValue)))
            return nil
        }
        var safeArea = DeviceProfile.Insets()
        if let area = fields.field("safeArea") {
            guard let insets = object(area, "a safe area", allowed: ["top", "left", "bottom", "right"]) else { return nil }
            for member in insets.members {
                guard let inset = figure(member.value, "'\(member.key)'") else { return nil }
                switch member.key {
                case "top": safeArea.top = inset
                case "left": safeArea.left = inset
                case "bottom": safeArea.bottom = inset
                default: safeArea.right = inset
                }
            }
        }
        var systemGestures: [SystemGesture] = []
        for element in gestures {
            guard let gesture = systemGesture(element) else { return nil }
            systemGestures.append(gesture)
        }
        var exclusionLimit: Double?
        if let limit = fields.field("exclusionLimit") {
            guard let figure = figure(limit, "'exclusionLimit'") else { return nil }
            exclusionLimit = figure
        }
        return DeviceProfile(
            name: name, platform: platform, window: window, safeArea: safeArea, systemGestures: systemGestures,
            exclusionLimit: exclusionLimit)
    }

    private mutating func systemGesture(_ value: LocatedJSON) -> SystemGesture? {
        let allowed = [
            "name", "edge", "depth", "span", "distance", "delay", "hold", "deferrable", "secondSwipe", "excludable",
            "navigatesBack",
        ]
        guard let fields = object(value, "a system gesture", allowed: allowed),
            let nameValue = required(fields, "name"), let name = string(nameValue, "'name'"),
            let edgeValue = required(fields, "edge"), let edgeName = string(edgeValue, "'edge'"),
            let depthValue = required(fields, "depth"), let depth = figure(depthValue, "'depth'"),
            let distanceValue = required(fields, "distance"), let distance = figure(distanceValue, "'distance'")
        else { return nil }
        guard let edge = SystemGesture.Edge(rawValue: edgeName) else {
            report(
                .unknownName(what: "edge", name: edgeName), at: edgeValue.range,
                suggestion: (edgeName, SystemGesture.Edge.allCases.map(\.rawValue)))
            return nil
        }
        var gesture = SystemGesture(name: name, edge: edge, depth: depth, distance: distance)
        if let spanValue = fields.field("span") {
            guard let span = pair(spanValue, "'span'", positive: false) else { return nil }
            guard span.x >= 0, span.x <= span.y, span.y <= 1 else {
                report(.outOfRange(what: "'span'", range: "two fractions of the edge, 0 ≤ from ≤ to ≤ 1", found: span.x), at: spanValue.range)
                return nil
            }
            gesture.span = span.x...span.y
        }
        for (key, apply) in [
            ("delay", { (g: inout SystemGesture, v: Double) in g.delay = v }),
            ("hold", { (g: inout SystemGesture, v: Double) in g.hold = v }),
            ("secondSwipe", { (g: inout SystemGesture, v: Double) in g.secondSwipe = v }),
        ] {
            guard let value = fields.field(key) else { continue }
            guard let seconds = figure(value, "'\(key)'") else { return nil }
            apply(&gesture, seconds)
        }
        for (key, apply) in [
            ("deferrable", { (g: inout SystemGesture, v: Bool) in g.deferrable = v }),
            ("excludable", { (g: inout SystemGesture, v: Bool) in g.excludable = v }),
            ("navigatesBack", { (g: inout SystemGesture, v: Bool) in g.navigatesBack = v }),
        ] {
            guard let value = fields.field(key) else { continue }
            guard let flag = bool(value, "'\(key)'") else { return nil }
            apply(&gesture, flag)
        }
        return gesture
    }

    /// A number from 0 to `DeviceProfile.largestFigure`.
    private mutating func figure(_ value: LocatedJSON, _ what: String) -> Double? {
        guard let number = number(value, what) else { return nil }
        guard number >= 0, number <= DeviceProfile.largestFigure else {
            report(.outOfRange(what: what, range: "from 0 to 100000", found: number), at: value.range)
            return nil
        }
        return number
    }

    /// `[a, b]`: two figures; with `positive`, both above 0.
    private mutating func pair(_ value: LocatedJSON, _ what: String, positive: Bool) -> Point? {
        guard case .array(let elements) = value.value, elements.count == 2 else {
            report(.wrongType(what: what, expected: "an array of two numbers", found: value.description), at: value.range)
            return nil
        }
        guard let a = figure(elements[0], what), let b = figure(elements[1], what) else { return nil }
        if positive, a <= 0 || b <= 0 {
            report(.outOfRange(what: what, range: "above 0", found: min(a, b)), at: value.range)
            return nil
        }
        return Point(x: a, y: b)
    }
}
