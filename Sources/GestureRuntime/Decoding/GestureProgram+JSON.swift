extension GestureProgram {
    /// Decodes the single program of a JSON document (the `--emit json` form), or the
    /// one named `name`. The result is validated like a binary program's.
    public init(json: some Collection<UInt8>, named name: String? = nil) throws(ProgramError) {
        self = try Self.select(try Self.programs(json: json), named: name)
    }

    /// Decodes every program of a JSON document. `docs/table-format.md` has the schema.
    public static func programs(json: some Collection<UInt8>) throws(ProgramError) -> [GestureProgram] {
        let document = JSONField(value: try JSONValue.parse(Array(json)), path: "")
        guard case .object = document.value.kind else { throw .notAProgram("the document is not a JSON object") }
        let version = try document["formatVersion"].int()
        guard version == TableFormat.version else {
            throw .unsupportedVersion(found: version, supported: TableFormat.version)
        }
        let programs = try document["programs"].array { (field) throws(ProgramError) in try field.program() }
        for program in programs { try program.validate() }
        return programs
    }
}

/// A JSON value with the path that leads to it, for messages such as
/// `programs[0].recognizers[2].kind: expected an integer`.
private struct JSONField {
    let value: JSONValue
    let path: String

    private func fail(_ reason: String) -> ProgramError { .invalid(path: path.isEmpty ? "(document)" : path, reason) }

    subscript(key: String) -> JSONField {
        get throws(ProgramError) {
            guard case .object(let members) = value.kind else { throw fail("expected an object") }
            let childPath = path.isEmpty ? key : path + "." + key
            guard let member = members.first(where: { $0.key == key }) else {
                throw .invalid(path: childPath, "missing")
            }
            return JSONField(value: member.value, path: childPath)
        }
    }

    /// The member `key`, or nil when it is absent or null.
    func optional(_ key: String) throws(ProgramError) -> JSONField? {
        guard case .object(let members) = value.kind else { throw fail("expected an object") }
        guard let member = members.first(where: { $0.key == key }), !member.value.isNull else { return nil }
        return JSONField(value: member.value, path: path + "." + key)
    }

    func array<T>(_ element: (JSONField) throws(ProgramError) -> T) throws(ProgramError) -> [T] {
        guard case .array(let elements) = value.kind else { throw fail("expected an array") }
        var items: [T] = []
        items.reserveCapacity(elements.count)
        for (i, item) in elements.enumerated() { items.append(try element(JSONField(value: item, path: "\(path)[\(i)]"))) }
        return items
    }

    func int() throws(ProgramError) -> Int {
        guard case .number(let number) = value.kind, number >= 0, number < Double(Int32.max), Double(Int(number)) == number
        else { throw fail("expected a non-negative integer") }
        return Int(number)
    }

    func double() throws(ProgramError) -> Double {
        guard case .number(let number) = value.kind else { throw fail("expected a number") }
        return number
    }

    func bool() throws(ProgramError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw fail("expected true or false") }
        return flag
    }

    func string() throws(ProgramError) -> String {
        guard case .string(let text) = value.kind else { throw fail("expected a string") }
        return text
    }

    func ints() throws(ProgramError) -> [Int] { try array { (f) throws(ProgramError) in try f.int() } }
    func strings() throws(ProgramError) -> [String] { try array { (f) throws(ProgramError) in try f.string() } }

    /// A string that must be the raw value of `T`.
    func enumeration<T: RawRepresentable<String> & CaseIterable>(_: T.Type) throws(ProgramError) -> T {
        let text = try string()
        guard let value = T(rawValue: text) else {
            throw fail("'\(text)' is not one of \(T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
        }
        return value
    }

    /// `[file, line, column]`.
    func location() throws(ProgramError) -> SourceLocation {
        let parts = try ints()
        guard parts.count == 3 else { throw fail("expected [file, line, column]") }
        return SourceLocation(file: parts[0], line: parts[1], column: parts[2])
    }

    func program() throws(ProgramError) -> GestureProgram {
        GestureProgram(
            name: try self["name"].string(),
            files: try self["files"].strings(),
            views: try self["views"].array { (f) throws(ProgramError) in try f.view() },
            recognizers: try self["recognizers"].array { (f) throws(ProgramError) in try f.recognizer() },
            hooks: try self["hooks"].array { (f) throws(ProgramError) in
                GestureProgram.Hook(
                    name: try f["name"].string(), defaultValue: try f["default"].bool(), location: try f["source"].location())
            },
            kinds: try self["kinds"].array { (f) throws(ProgramError) in try f.kind() },
            failureRequirements: try self["failureRequirements"].array { (f) throws(ProgramError) in
                GestureProgram.FailureRequirement(
                    dependent: try f["dependent"].int(), required: try f["required"].int(),
                    condition: try f.optional("condition")?.int(), location: try f["source"].location())
            },
            simultaneityGroups: try self["simultaneityGroups"].array { (f) throws(ProgramError) in
                GestureProgram.SimultaneityGroup(
                    members: try f["members"].ints(), condition: try f.optional("condition")?.int(),
                    location: try f["source"].location())
            },
            preventionExemptions: try self["preventionExemptions"].array { (f) throws(ProgramError) in
                GestureProgram.PreventionExemption(
                    preventer: try f["preventer"].int(), prevented: try f["prevented"].int(),
                    location: try f["source"].location())
            },
            routines: try self["routines"].array { (f) throws(ProgramError) in try f.routine() })
    }

    func view() throws(ProgramError) -> GestureProgram.ViewRole {
        GestureProgram.ViewRole(
            name: try self["name"].string(), parents: try self["parents"].ints(),
            interactive: try self["interactive"].bool(), hidden: try self["hidden"].bool(),
            alpha: try self["alpha"].double(), hitSlop: try self["hitSlop"].double(),
            minimumTarget: try self["minimumTarget"].double(),
            transparentWhenEmpty: try self["transparentWhenEmpty"].bool(),
            multipleTouch: try self["multipleTouch"].bool(), exclusiveTouch: try self["exclusiveTouch"].bool(),
            shouldBegin: try optional("shouldBegin")?.int(),
            defersSystemGestures: try optional("defersSystemGestures")?.edges() ?? [],
            excludesSystemGestures: try optional("excludesSystemGestures")?.bool() ?? false,
            control: try optional("control")?.control(),
            touchesShouldCancel: try optional("touchesShouldCancel")?.bool() ?? true,
            accessibilityLabel: try optional("accessibilityLabel")?.string(), location: try self["source"].location())
    }

    func control() throws(ProgramError) -> GestureProgram.Control {
        GestureProgram.Control(
            kind: try self["kind"].enumeration(GestureProgram.Control.Kind.self), axis: try self["axis"].edges(),
            trackingMargin: try self["trackingMargin"].double(),
            claims: try self["claims"].array { (f) throws(ProgramError) in
                GestureProgram.Claim(recognizer: try f["recognizer"].int(), alongAxis: try f["alongAxis"].bool())
            })
    }

    /// Screen edges, by the directions they face: `["left", "down"]`.
    func edges() throws(ProgramError) -> GestureDirections {
        var edges: GestureDirections = []
        for name in try strings() {
            switch name {
            case "left": edges.insert(.left)
            case "right": edges.insert(.right)
            case "up": edges.insert(.up)
            case "down": edges.insert(.down)
            default: throw .invalid(path: path, "'\(name)' is not an edge: left, right, up or down")
            }
        }
        return edges
    }

    func recognizer() throws(ProgramError) -> GestureProgram.Recognizer {
        GestureProgram.Recognizer(
            name: try self["name"].string(), kind: try self["kind"].int(), role: try self["role"].int(),
            arguments: try self["arguments"].array { (f) throws(ProgramError) in try f.double() },
            enabled: try self["enabled"].bool(), cancelsTouchesInView: try self["cancelsTouchesInView"].bool(),
            delaysTouchesBegan: try self["delaysTouchesBegan"].bool(),
            delaysTouchesEnded: try self["delaysTouchesEnded"].bool(),
            ignoresStationaryTouches: try optional("ignoresStationaryTouches")?.bool() ?? false,
            shouldBegin: try optional("shouldBegin")?.int(), shouldReceiveTouch: try optional("shouldReceiveTouch")?.int(),
            shouldRecognizeSimultaneously: try optional("shouldRecognizeSimultaneously")?.int(),
            backSwipe: try optional("backSwipe")?.bool() ?? false, scrollPan: try optional("scrollPan")?.bool() ?? false,
            foreign: try optional("foreign")?.bool() ?? false, accessibility: try optional("accessibility")?.accessibility(),
            allowedTouchTypes: try optional("allowedTouchTypes")?.touchTypes() ?? .all,
            requiresExclusiveTouchType: try optional("requiresExclusiveTouchType")?.bool() ?? true,
            allowedScrollTypes: try optional("allowedScrollTypes")?.scrollTypes() ?? [],
            receivesTransform: try optional("receivesTransform")?.bool() ?? false,
            receivesHover: try optional("receivesHover")?.bool() ?? false,
            location: try self["source"].location())
    }

    /// Touch types by name: `["pencil"]`.
    func touchTypes() throws(ProgramError) -> TouchTypes {
        var types: TouchTypes = []
        for name in try strings() {
            guard let type = TouchType(name: name) else {
                throw .invalid(path: path, "'\(name)' is not a touch type: direct, indirect, pencil or indirectPointer")
            }
            types.insert(TouchTypes(type))
        }
        return types
    }

    /// Scroll types by name: `["discrete", "continuous"]`.
    func scrollTypes() throws(ProgramError) -> ScrollTypes {
        var types: ScrollTypes = []
        for name in try strings() {
            guard let type = ScrollType(name: name) else {
                throw .invalid(path: path, "'\(name)' is not a scroll type: discrete or continuous")
            }
            types.insert(ScrollTypes(type))
        }
        return types
    }

    /// `{"action": "custom", "label": "Like"}`, `{"action": "control", "role": 3}`, or
    /// an action alone: `activate`, `escape`, `scroll`, `magicTap`.
    func accessibility() throws(ProgramError) -> GestureProgram.Accessibility {
        switch try self["action"].string() {
        case "activate": return .activate
        case "custom": return .custom(label: try self["label"].string())
        case "escape": return .escape
        case "scroll": return .scroll
        case "magicTap": return .magicTap
        case "control": return .control(role: try self["role"].int())
        case let other:
            throw .invalid(
                path: path + ".action", "'\(other)' is not an accessibility action: activate, custom, escape, scroll, magicTap or control")
        }
    }

    func kind() throws(ProgramError) -> GestureProgram.Kind {
        typealias Kind = GestureProgram.Kind
        return Kind(
            name: try self["name"].string(), mode: try self["mode"].enumeration(Kind.Mode.self),
            parameters: try self["parameters"].strings(),
            parameterTypes: try self["parameterTypes"].array { (f) throws(ProgramError) in
                try f.enumeration(GestureProgram.Kind.ParameterType.self)
            },
            variables: try self["variables"].array { (f) throws(ProgramError) in
                Kind.Variable(name: try f["name"].string(), initialValue: try f["initialValue"].int())
            },
            timers: try self["timers"].strings(),
            reports: try self["reports"].array { (f) throws(ProgramError) in
                Kind.Report(name: try f["name"].string(), type: try f["type"].enumeration(ValueShape.self), value: try f["value"].int())
            },
            preventionRules: try self["preventionRules"].array { (f) throws(ProgramError) in
                Kind.PreventionRule(
                    direction: try f["direction"].enumeration(Kind.PreventionRule.Direction.self),
                    otherKind: try f["otherKind"].int(), condition: try f.optional("condition")?.int(),
                    location: try f["source"].location())
            },
            states: try self["states"].array { (f) throws(ProgramError) in
                Kind.State(name: try f["name"].string(), outward: try f["outward"].enumeration(Kind.State.Outward.self))
            },
            rowStarts: try self["rowStarts"].ints(),
            rows: try self["rows"].array { (f) throws(ProgramError) in
                Kind.Transition(
                    guardRoutine: try f.optional("guard")?.int(), target: try f["target"].target(),
                    actions: try f.optional("actions")?.int(), location: try f["source"].location())
            },
            routines: try self["routines"].array { (f) throws(ProgramError) in try f.routine() },
            location: try self["source"].location())
    }

    /// `"stay"`, `"ended"`, `"cancelled"`, `"failed"`, or a state's index.
    func target() throws(ProgramError) -> GestureProgram.Kind.Target {
        if case .number = value.kind { return .state(try int()) }
        switch try string() {
        case "stay": return .stay
        case "ended": return .ended
        case "cancelled": return .cancelled
        case "failed": return .failed
        case let other: throw fail("'\(other)' is not a target (use a state's index, 'stay', 'ended', 'cancelled' or 'failed')")
        }
    }

    /// An array of instructions in text form.
    func routine() throws(ProgramError) -> Routine {
        Routine(
            try array { (f) throws(ProgramError) in
                let text = try f.string()
                guard let instruction = Instruction(text: Substring(text)) else {
                    throw f.fail("'\(text)' is not an instruction")
                }
                return instruction
            })
    }
}
