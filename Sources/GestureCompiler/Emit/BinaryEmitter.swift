import GestureRuntime

/// `--emit binary`: the programs in the compact format of `docs/table-format.md`,
/// written in the order `GestureProgram(decoding:)` reads it. Numbers go through one
/// constant pool, in order of first use, so a recognizer's arguments cost a byte each.
public enum BinaryEmitter {
    public static func emit(_ programs: [GestureProgram]) -> [UInt8] {
        var body = BinaryWriter()
        for program in programs { body.program(program) }
        var payload = BinaryWriter()
        payload.varint(body.constants.count)
        for value in body.constants { payload.fixed(value.bitPattern, bytes: 8) }
        payload.varint(programs.count)
        payload.bytes += body.bytes

        var file = BinaryWriter()
        file.bytes = BinaryFormat.magic
        file.fixed(UInt64(TableFormat.version), bytes: 2)
        file.fixed(0, bytes: 2)
        file.fixed(UInt64(payload.bytes.count), bytes: 4)
        file.fixed(UInt64(CRC32.checksum(payload.bytes)), bytes: 4)
        return file.bytes + payload.bytes
    }
}

private struct BinaryWriter {
    var bytes: [UInt8] = []
    private(set) var constants: [Double] = []
    /// By bit pattern, so that 0 and -0 stay apart.
    private var constantIDs: [UInt64: Int] = [:]

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func varint(_ value: Int) {
        // Lowering validates ids, so none is negative; if one were, the reader would
        // reject the huge varint this writes rather than the writer trapping.
        var rest = UInt64(truncatingIfNeeded: value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func fixed(_ value: UInt64, bytes count: Int) {
        for i in 0..<count { bytes.append(UInt8((value >> (8 * UInt64(i))) & 0xFF)) }
    }

    mutating func optionalID(_ value: Int?) { varint(value.map { $0 + 1 } ?? 0) }

    mutating func string(_ text: String) {
        varint(text.utf8.count)
        bytes += text.utf8
    }

    mutating func constant(_ value: Double) {
        if let id = constantIDs[value.bitPattern] {
            varint(id)
            return
        }
        constantIDs[value.bitPattern] = constants.count
        varint(constants.count)
        constants.append(value)
    }

    mutating func list<T>(_ items: [T], _ element: (inout Self, T) -> Void) {
        varint(items.count)
        for item in items { element(&self, item) }
    }

    mutating func location(_ location: SourceLocation) {
        varint(location.file)
        varint(location.line)
        varint(location.column)
    }

    mutating func program(_ program: GestureProgram) {
        string(program.name)
        list(program.files) { $0.string($1) }
        list(program.views) { $0.view($1) }
        list(program.hooks) { w, hook in
            w.string(hook.name)
            w.byte(hook.defaultValue ? 1 : 0)
            w.location(hook.location)
        }
        list(program.kinds) { $0.kind($1) }
        list(program.recognizers) { $0.recognizer($1) }
        list(program.failureRequirements) { w, edge in
            w.varint(edge.dependent)
            w.varint(edge.required)
            w.optionalID(edge.condition)
            w.location(edge.location)
        }
        list(program.simultaneityGroups) { w, group in
            w.list(group.members) { $0.varint($1) }
            w.optionalID(group.condition)
            w.location(group.location)
        }
        list(program.preventionExemptions) { w, pair in
            w.varint(pair.preventer)
            w.varint(pair.prevented)
            w.location(pair.location)
        }
        list(program.routines) { $0.routine($1) }
    }

    mutating func view(_ view: GestureProgram.ViewRole) {
        typealias Flag = BinaryFormat.ViewFlag
        string(view.name)
        list(view.parents) { $0.varint($1) }
        var flags: UInt8 = 0
        if view.interactive { flags |= Flag.interactive }
        if view.hidden { flags |= Flag.hidden }
        if view.transparentWhenEmpty { flags |= Flag.transparentWhenEmpty }
        if view.multipleTouch { flags |= Flag.multipleTouch }
        if view.exclusiveTouch { flags |= Flag.exclusiveTouch }
        if view.shouldBegin != nil { flags |= Flag.shouldBegin }
        if view.excludesSystemGestures { flags |= Flag.excludesSystemGestures }
        if !view.defersSystemGestures.isEmpty { flags |= Flag.defersSystemGestures }
        byte(flags)
        var more: UInt8 = 0
        if view.control != nil { more |= BinaryFormat.ViewFlag2.control }
        if view.touchesShouldCancel { more |= BinaryFormat.ViewFlag2.touchesShouldCancel }
        if view.accessibilityLabel != nil { more |= BinaryFormat.ViewFlag2.accessibilityLabel }
        byte(more)
        constant(view.alpha)
        constant(view.hitSlop)
        constant(view.minimumTarget)
        if let id = view.shouldBegin { varint(id) }
        if !view.defersSystemGestures.isEmpty { byte(UInt8(truncatingIfNeeded: view.defersSystemGestures.rawValue)) }
        if let control = view.control {
            byte(UInt8(BinaryFormat.controlKinds.firstIndex(of: control.kind) ?? 0))
            byte(UInt8(truncatingIfNeeded: control.axis.rawValue))
            constant(control.trackingMargin)
            list(control.claims) { w, claim in
                w.varint(claim.recognizer)
                w.byte(claim.alongAxis ? 1 : 0)
            }
        }
        if let label = view.accessibilityLabel { string(label) }
        location(view.location)
    }

    mutating func recognizer(_ recognizer: GestureProgram.Recognizer) {
        typealias Flag = BinaryFormat.RecognizerFlag
        string(recognizer.name)
        varint(recognizer.kind)
        varint(recognizer.role)
        list(recognizer.arguments) { $0.constant($1) }
        var flags: UInt8 = 0
        if recognizer.enabled { flags |= Flag.enabled }
        if recognizer.cancelsTouchesInView { flags |= Flag.cancelsTouchesInView }
        if recognizer.delaysTouchesBegan { flags |= Flag.delaysTouchesBegan }
        if recognizer.delaysTouchesEnded { flags |= Flag.delaysTouchesEnded }
        if recognizer.ignoresStationaryTouches { flags |= Flag.ignoresStationaryTouches }
        if recognizer.backSwipe { flags |= Flag.backSwipe }
        if recognizer.scrollPan { flags |= Flag.scrollPan }
        if recognizer.foreign { flags |= Flag.foreign }
        byte(flags)
        typealias Code = BinaryFormat.AccessibilityCode
        switch recognizer.accessibility {
        case nil: byte(Code.none)
        case .activate?: byte(Code.activate)
        case .custom(let label)?:
            byte(Code.custom)
            string(label)
        case .escape?: byte(Code.escape)
        case .scroll?: byte(Code.scroll)
        case .magicTap?: byte(Code.magicTap)
        case .control(let role)?:
            byte(Code.control)
            varint(role)
        }
        byte(
            recognizer.allowedTouchTypes.rawValue & BinaryFormat.TouchTypeByte.allowed
                | (recognizer.requiresExclusiveTouchType ? BinaryFormat.TouchTypeByte.requiresExclusiveTouchType : 0))
        byte(
            recognizer.allowedScrollTypes.rawValue & BinaryFormat.PointerByte.scrollTypes
                | (recognizer.receivesTransform ? BinaryFormat.PointerByte.receivesTransform : 0)
                | (recognizer.receivesHover ? BinaryFormat.PointerByte.receivesHover : 0))
        optionalID(recognizer.shouldBegin)
        optionalID(recognizer.shouldReceiveTouch)
        optionalID(recognizer.shouldRecognizeSimultaneously)
        location(recognizer.location)
    }

    mutating func kind(_ kind: GestureProgram.Kind) {
        string(kind.name)
        byte(UInt8(BinaryFormat.modes.firstIndex(of: kind.mode) ?? 0))
        list(kind.parameters) { $0.string($1) }
        list(kind.parameterTypes) { w, type in w.byte(UInt8(BinaryFormat.parameterTypes.firstIndex(of: type) ?? 0)) }
        list(kind.variables) { w, variable in
            w.string(variable.name)
            w.varint(variable.initialValue)
        }
        list(kind.timers) { $0.string($1) }
        list(kind.reports) { w, report in
            w.string(report.name)
            w.byte(UInt8(BinaryFormat.shapes.firstIndex(of: report.type) ?? 0))
            w.varint(report.value)
        }
        list(kind.preventionRules) { w, rule in
            w.byte(UInt8(BinaryFormat.preventionDirections.firstIndex(of: rule.direction) ?? 0))
            w.varint(rule.otherKind)
            w.optionalID(rule.condition)
            w.location(rule.location)
        }
        list(kind.states) { w, state in
            w.string(state.name)
            w.byte(UInt8(BinaryFormat.outwardStates.firstIndex(of: state.outward) ?? 0))
        }
        list(kind.rowStarts) { $0.varint($1) }
        list(kind.rows) { $0.row($1) }
        list(kind.routines) { $0.routine($1) }
        location(kind.location)
    }

    mutating func row(_ row: GestureProgram.Kind.Transition) {
        typealias Code = BinaryFormat.TargetCode
        switch row.target {
        case .stay: byte(Code.stay)
        case .state(let index):
            byte(Code.state)
            varint(index)
        case .ended: byte(Code.ended)
        case .cancelled: byte(Code.cancelled)
        case .failed: byte(Code.failed)
        }
        optionalID(row.guardRoutine)
        optionalID(row.actions)
        location(row.location)
    }

    mutating func routine(_ routine: Routine) {
        list(routine.code) { w, instruction in
            w.byte(instruction.opcode.rawValue)
            switch instruction {
            case .constant(let value): w.constant(value)
            case .feature(let feature): w.byte(feature.rawValue)
            default: if let operand = instruction.index { w.varint(operand) }
            }
        }
    }
}
