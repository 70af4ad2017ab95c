extension GestureProgram {
    /// Decodes the single program of a binary file, or the one named `name` when the
    /// file holds several gesture sets. Every count, id and offset is checked, and the
    /// result is validated: damaged or hostile input throws, it never traps.
    public init(decoding bytes: [UInt8], named name: String? = nil) throws(ProgramError) {
        self = try Self.select(try Self.programs(decoding: bytes), named: name)
    }

    /// Decodes every program of a binary file.
    public static func programs(decoding bytes: [UInt8]) throws(ProgramError) -> [GestureProgram] {
        var header = BinaryReader(bytes, from: 0, to: bytes.count)
        guard bytes.count >= BinaryFormat.magic.count, bytes.prefix(BinaryFormat.magic.count).elementsEqual(BinaryFormat.magic)
        else { throw .notAProgram("the file does not start with 'GDLP'") }
        for _ in BinaryFormat.magic { _ = try header.byte() }
        let version = Int(try header.fixedWidth(UInt16.self))
        guard version == TableFormat.version else {
            throw .unsupportedVersion(found: version, supported: TableFormat.version)
        }
        guard try header.fixedWidth(UInt16.self) == 0 else { throw .malformed(offset: 6, "reserved header bits are set") }
        let length = Int(try header.fixedWidth(UInt32.self))
        let expected = try header.fixedWidth(UInt32.self)
        guard length <= bytes.count - BinaryFormat.headerSize else { throw .truncated(offset: bytes.count) }
        guard length == bytes.count - BinaryFormat.headerSize else {
            throw .malformed(offset: BinaryFormat.headerSize + length, "\(bytes.count - BinaryFormat.headerSize - length) bytes follow the payload")
        }
        let found = CRC32.checksum(bytes[BinaryFormat.headerSize...])
        guard found == expected else { throw .checksumMismatch(expected: expected, found: found) }

        var decoder = BinaryProgramDecoder(reader: BinaryReader(bytes, from: BinaryFormat.headerSize, to: bytes.count))
        let programs = try decoder.decodePayload()
        for program in programs { try program.validate() }
        return programs
    }

    /// The program named `name`, or the only one when `name` is nil.
    static func select(_ programs: [GestureProgram], named name: String?) throws(ProgramError) -> GestureProgram {
        if let name {
            guard let program = programs.first(where: { $0.name == name }) else {
                throw .noSuchProgram(name: name, available: programs.map(\.name))
            }
            return program
        }
        guard programs.count == 1 else {
            throw .notAProgram("the file holds \(programs.count) gesture sets; name the one to load")
        }
        return programs[0]
    }
}

/// Reads the payload in the order `BinaryEmitter` writes it.
private struct BinaryProgramDecoder {
    var reader: BinaryReader
    var constants: [Double] = []

    mutating func decodePayload() throws(ProgramError) -> [GestureProgram] {
        constants = try list { (r: inout Self) throws(ProgramError) in try r.reader.double() }
        let programs = try list { (r: inout Self) throws(ProgramError) in try r.program() }
        guard reader.isAtEnd else { throw .malformed(offset: reader.offset, "bytes follow the last program") }
        return programs
    }

    private mutating func list<T>(_ element: (inout Self) throws(ProgramError) -> T) throws(ProgramError) -> [T] {
        let count = try reader.count()
        var items: [T] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try element(&self)) }
        return items
    }

    private mutating func constant() throws(ProgramError) -> Double {
        let start = reader.offset
        let index = try reader.varint()
        guard index < constants.count else {
            throw .malformed(offset: start, "constant \(index) does not exist (the pool has \(constants.count))")
        }
        return constants[index]
    }

    private mutating func optionalID() throws(ProgramError) -> Int? {
        let value = try reader.varint()
        return value == 0 ? nil : value - 1
    }

    private mutating func ids() throws(ProgramError) -> [Int] {
        try list { (r: inout Self) throws(ProgramError) in try r.reader.varint() }
    }

    private mutating func strings() throws(ProgramError) -> [String] {
        try list { (r: inout Self) throws(ProgramError) in try r.reader.string() }
    }

    private mutating func location() throws(ProgramError) -> SourceLocation {
        SourceLocation(file: try reader.varint(), line: try reader.varint(), column: try reader.varint())
    }

    private mutating func program() throws(ProgramError) -> GestureProgram {
        let name = try reader.string()
        let files = try strings()
        let views = try list { (r: inout Self) throws(ProgramError) in try r.view() }
        let hooks = try list { (r: inout Self) throws(ProgramError) in
            GestureProgram.Hook(name: try r.reader.string(), defaultValue: try r.reader.flags(1, "hook") == 1, location: try r.location())
        }
        let kinds = try list { (r: inout Self) throws(ProgramError) in try r.kind() }
        let recognizers = try list { (r: inout Self) throws(ProgramError) in try r.recognizer() }
        let requirements = try list { (r: inout Self) throws(ProgramError) in
            GestureProgram.FailureRequirement(
                dependent: try r.reader.varint(), required: try r.reader.varint(), condition: try r.optionalID(),
                location: try r.location())
        }
        let groups = try list { (r: inout Self) throws(ProgramError) in
            GestureProgram.SimultaneityGroup(members: try r.ids(), condition: try r.optionalID(), location: try r.location())
        }
        let exemptions = try list { (r: inout Self) throws(ProgramError) in
            GestureProgram.PreventionExemption(
                preventer: try r.reader.varint(), prevented: try r.reader.varint(), location: try r.location())
        }
        let routines = try list { (r: inout Self) throws(ProgramError) in try r.routine() }
        return GestureProgram(
            name: name, files: files, views: views, recognizers: recognizers, hooks: hooks, kinds: kinds,
            failureRequirements: requirements, simultaneityGroups: groups, preventionExemptions: exemptions,
            routines: routines)
    }

    private mutating func view() throws(ProgramError) -> GestureProgram.ViewRole {
        typealias Flag = BinaryFormat.ViewFlag
        let name = try reader.string()
        let parents = try ids()
        let flags = try reader.flags(Flag.all, "view role")
        let more = try reader.flags(BinaryFormat.ViewFlag2.all, "view role")
        let alpha = try constant()
        let hitSlop = try constant()
        let minimumTarget = try constant()
        return GestureProgram.ViewRole(
            name: name, parents: parents, interactive: flags & Flag.interactive != 0, hidden: flags & Flag.hidden != 0,
            alpha: alpha, hitSlop: hitSlop, minimumTarget: minimumTarget,
            transparentWhenEmpty: flags & Flag.transparentWhenEmpty != 0, multipleTouch: flags & Flag.multipleTouch != 0,
            exclusiveTouch: flags & Flag.exclusiveTouch != 0,
            shouldBegin: flags & Flag.shouldBegin != 0 ? try reader.varint() : nil,
            defersSystemGestures: flags & Flag.defersSystemGestures != 0
                ? GestureDirections(rawValue: Int(try reader.flags(UInt8(GestureDirections.all.rawValue), "deferred edges"))) : [],
            excludesSystemGestures: flags & Flag.excludesSystemGestures != 0,
            control: more & BinaryFormat.ViewFlag2.control != 0 ? try control() : nil,
            touchesShouldCancel: more & BinaryFormat.ViewFlag2.touchesShouldCancel != 0,
            accessibilityLabel: more & BinaryFormat.ViewFlag2.accessibilityLabel != 0 ? try reader.string() : nil,
            location: try location())
    }

    private mutating func control() throws(ProgramError) -> GestureProgram.Control {
        let kind = BinaryFormat.controlKinds[try reader.code(below: BinaryFormat.controlKinds.count, "control kind")]
        let axis = GestureDirections(rawValue: Int(try reader.flags(UInt8(GestureDirections.all.rawValue), "control axis")))
        let margin = try constant()
        let claims = try list { (r: inout Self) throws(ProgramError) in
            GestureProgram.Claim(recognizer: try r.reader.varint(), alongAxis: try r.reader.flags(1, "claim") != 0)
        }
        return GestureProgram.Control(kind: kind, axis: axis, trackingMargin: margin, claims: claims)
    }

    private mutating func recognizer() throws(ProgramError) -> GestureProgram.Recognizer {
        typealias Flag = BinaryFormat.RecognizerFlag
        let name = try reader.string()
        let kind = try reader.varint()
        let role = try reader.varint()
        let arguments = try list { (r: inout Self) throws(ProgramError) in try r.constant() }
        let flags = try reader.flags(Flag.all, "recognizer")
        let accessibility = try accessibility()
        let touchTypes = try reader.flags(BinaryFormat.TouchTypeByte.all, "touch types")
        let pointer = try reader.flags(BinaryFormat.PointerByte.all, "pointer inputs")
        return GestureProgram.Recognizer(
            name: name, kind: kind, role: role, arguments: arguments, enabled: flags & Flag.enabled != 0,
            cancelsTouchesInView: flags & Flag.cancelsTouchesInView != 0,
            delaysTouchesBegan: flags & Flag.delaysTouchesBegan != 0, delaysTouchesEnded: flags & Flag.delaysTouchesEnded != 0,
            ignoresStationaryTouches: flags & Flag.ignoresStationaryTouches != 0,
            shouldBegin: try optionalID(), shouldReceiveTouch: try optionalID(),
            shouldRecognizeSimultaneously: try optionalID(), backSwipe: flags & Flag.backSwipe != 0,
            scrollPan: flags & Flag.scrollPan != 0, foreign: flags & Flag.foreign != 0, accessibility: accessibility,
            allowedTouchTypes: TouchTypes(rawValue: touchTypes & BinaryFormat.TouchTypeByte.allowed),
            requiresExclusiveTouchType: touchTypes & BinaryFormat.TouchTypeByte.requiresExclusiveTouchType != 0,
            allowedScrollTypes: ScrollTypes(rawValue: pointer & BinaryFormat.PointerByte.scrollTypes),
            receivesTransform: pointer & BinaryFormat.PointerByte.receivesTransform != 0,
            receivesHover: pointer & BinaryFormat.PointerByte.receivesHover != 0,
            location: try location())
    }

    private mutating func accessibility() throws(ProgramError) -> GestureProgram.Accessibility? {
        typealias Code = BinaryFormat.AccessibilityCode
        switch UInt8(try reader.code(below: Code.count, "accessibility")) {
        case Code.activate: return .activate
        case Code.custom: return .custom(label: try reader.string())
        case Code.escape: return .escape
        case Code.scroll: return .scroll
        case Code.magicTap: return .magicTap
        case Code.control: return .control(role: try reader.varint())
        default: return nil
        }
    }

    private mutating func kind() throws(ProgramError) -> GestureProgram.Kind {
        typealias Kind = GestureProgram.Kind
        let name = try reader.string()
        let mode = BinaryFormat.modes[try reader.code(below: BinaryFormat.modes.count, "kind mode")]
        let parameters = try strings()
        let parameterTypes = try list { (r: inout Self) throws(ProgramError) in
            BinaryFormat.parameterTypes[try r.reader.code(below: BinaryFormat.parameterTypes.count, "parameter type")]
        }
        let variables = try list { (r: inout Self) throws(ProgramError) in
            Kind.Variable(name: try r.reader.string(), initialValue: try r.reader.varint())
        }
        let timers = try strings()
        let reports = try list { (r: inout Self) throws(ProgramError) in
            Kind.Report(
                name: try r.reader.string(), type: BinaryFormat.shapes[try r.reader.code(below: BinaryFormat.shapes.count, "value type")],
                value: try r.reader.varint())
        }
        let preventionRules = try list { (r: inout Self) throws(ProgramError) in
            Kind.PreventionRule(
                direction: BinaryFormat.preventionDirections[
                    try r.reader.code(below: BinaryFormat.preventionDirections.count, "prevention direction")],
                otherKind: try r.reader.varint(), condition: try r.optionalID(), location: try r.location())
        }
        let states = try list { (r: inout Self) throws(ProgramError) in
            Kind.State(
                name: try r.reader.string(),
                outward: BinaryFormat.outwardStates[try r.reader.code(below: BinaryFormat.outwardStates.count, "outward state")])
        }
        let rowStarts = try ids()
        let rows = try list { (r: inout Self) throws(ProgramError) in try r.row() }
        let routines = try list { (r: inout Self) throws(ProgramError) in try r.routine() }
        return Kind(
            name: name, mode: mode, parameters: parameters, parameterTypes: parameterTypes, variables: variables, timers: timers, reports: reports,
            preventionRules: preventionRules, states: states, rowStarts: rowStarts, rows: rows, routines: routines, location: try location())
    }

    private mutating func row() throws(ProgramError) -> GestureProgram.Kind.Transition {
        typealias Code = BinaryFormat.TargetCode
        let target: GestureProgram.Kind.Target =
            switch UInt8(try reader.code(below: 5, "transition target")) {
            case Code.stay: .stay
            case Code.state: .state(try reader.varint())
            case Code.ended: .ended
            case Code.cancelled: .cancelled
            default: .failed
            }
        return GestureProgram.Kind.Transition(
            guardRoutine: try optionalID(), target: target, actions: try optionalID(), location: try location())
    }

    private mutating func routine() throws(ProgramError) -> Routine {
        Routine(try list { (r: inout Self) throws(ProgramError) in try r.instruction() })
    }

    private mutating func instruction() throws(ProgramError) -> Instruction {
        let start = reader.offset
        guard let opcode = Instruction.Opcode(rawValue: try reader.byte()) else {
            throw .malformed(offset: start, "unknown opcode")
        }
        switch opcode.operand {
        case .number:
            return .constant(try constant())
        case .feature:
            let at = reader.offset
            guard let feature = Feature(rawValue: try reader.byte()) else { throw .malformed(offset: at, "unknown feature") }
            return .feature(feature)
        case .index, .offset, .none:
            let operand = opcode.operand == .none ? 0 : try reader.varint()
            guard let instruction = Instruction(opcode, index: operand) else {
                throw .malformed(offset: start, "opcode \(opcode.name) takes another operand")
            }
            return instruction
        }
    }
}
