import GestureDSL
import GestureRuntime

/// `--emit json`: the programs as one JSON document in the schema of
/// `docs/table-format.md`. The text is canonical (fixed key order, fixed layout,
/// numbers in their shortest exact form), so the same programs always give the same
/// bytes and `GestureProgram(json:)` reads back exactly what was written.
public enum JSONEmitter {
    public static func emit(_ programs: [GestureProgram]) -> String {
        let document = JSONNode.object([
            ("formatVersion", .number(Double(TableFormat.version))),
            ("programs", .array(programs.map(node))),
        ])
        var text = ""
        document.write(to: &text, indent: "")
        return text + "\n"
    }

    private static func node(_ program: GestureProgram) -> JSONNode {
        .object([
            ("name", .string(program.name)),
            ("files", .array(program.files.map(JSONNode.string))),
            ("views", .array(program.views.map(node))),
            ("recognizers", .array(program.recognizers.map(node))),
            ("hooks", .array(program.hooks.map { hook in
                .object([("name", .string(hook.name)), ("default", .bool(hook.defaultValue)), ("source", node(hook.location))])
            })),
            ("kinds", .array(program.kinds.map(node))),
            ("failureRequirements", .array(program.failureRequirements.map { edge in
                .object([
                    ("dependent", .int(edge.dependent)), ("required", .int(edge.required)),
                    ("condition", .optional(edge.condition)), ("source", node(edge.location)),
                ])
            })),
            ("simultaneityGroups", .array(program.simultaneityGroups.map { group in
                .object([
                    ("members", .array(group.members.map(JSONNode.int))), ("condition", .optional(group.condition)),
                    ("source", node(group.location)),
                ])
            })),
            ("preventionExemptions", .array(program.preventionExemptions.map { pair in
                .object([("preventer", .int(pair.preventer)), ("prevented", .int(pair.prevented)), ("source", node(pair.location))])
            })),
            ("routines", .array(program.routines.map(node))),
        ])
    }

    private static func node(_ view: GestureProgram.ViewRole) -> JSONNode {
        .object([
            ("name", .string(view.name)), ("parents", .array(view.parents.map(JSONNode.int))),
            ("interactive", .bool(view.interactive)), ("hidden", .bool(view.hidden)), ("alpha", .number(view.alpha)),
            ("hitSlop", .number(view.hitSlop)), ("minimumTarget", .number(view.minimumTarget)),
            ("transparentWhenEmpty", .bool(view.transparentWhenEmpty)), ("multipleTouch", .bool(view.multipleTouch)),
            ("exclusiveTouch", .bool(view.exclusiveTouch)), ("source", node(view.location)),
        ])
    }

    private static func node(_ recognizer: GestureProgram.Recognizer) -> JSONNode {
        .object([
            ("name", .string(recognizer.name)), ("kind", .int(recognizer.kind)), ("role", .int(recognizer.role)),
            ("arguments", .array(recognizer.arguments.map(JSONNode.number))), ("enabled", .bool(recognizer.enabled)),
            ("cancelsTouchesInView", .bool(recognizer.cancelsTouchesInView)),
            ("delaysTouchesBegan", .bool(recognizer.delaysTouchesBegan)),
            ("delaysTouchesEnded", .bool(recognizer.delaysTouchesEnded)),
            ("shouldBegin", .optional(recognizer.shouldBegin)),
            ("shouldReceiveTouch", .optional(recognizer.shouldReceiveTouch)),
            ("shouldRecognizeSimultaneously", .optional(recognizer.shouldRecognizeSimultaneously)),
            ("source", node(recognizer.location)),
        ])
    }

    private static func node(_ kind: GestureProgram.Kind) -> JSONNode {
        .object([
            ("name", .string(kind.name)), ("mode", .string(kind.mode.rawValue)),
            ("parameters", .array(kind.parameters.map(JSONNode.string))),
            ("variables", .array(kind.variables.map { .object([("name", .string($0.name)), ("initialValue", .int($0.initialValue))]) })),
            ("timers", .array(kind.timers.map(JSONNode.string))),
            ("reports", .array(kind.reports.map {
                .object([("name", .string($0.name)), ("type", .string($0.type.rawValue)), ("value", .int($0.value))])
            })),
            ("preventionRules", .array(kind.preventionRules.map {
                .object([
                    ("direction", .string($0.direction.rawValue)), ("otherKind", .int($0.otherKind)),
                    ("condition", .optional($0.condition)), ("source", node($0.location)),
                ])
            })),
            ("states", .array(kind.states.map { .object([("name", .string($0.name)), ("outward", .string($0.outward.rawValue))]) })),
            ("rowStarts", .array(kind.rowStarts.map(JSONNode.int))),
            ("rows", .array(kind.rows.map { row in
                .object([
                    ("guard", .optional(row.guardRoutine)), ("target", target(row.target)), ("actions", .optional(row.actions)),
                    ("source", node(row.location)),
                ])
            })),
            ("routines", .array(kind.routines.map(node))),
            ("source", node(kind.location)),
        ])
    }

    private static func target(_ target: GestureProgram.Kind.Target) -> JSONNode {
        switch target {
        case .stay: .string("stay")
        case .state(let index): .int(index)
        case .ended: .string("ended")
        case .cancelled: .string("cancelled")
        case .failed: .string("failed")
        }
    }

    private static func node(_ routine: Routine) -> JSONNode {
        .array(routine.code.map { .string($0.description) })
    }

    private static func node(_ location: SourceLocation) -> JSONNode {
        .array([.int(location.file), .int(location.line), .int(location.column)])
    }
}

/// A JSON value to write. Absent optionals are left out of their object.
private indirect enum JSONNode {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(String, JSONNode)])

    static func int(_ value: Int) -> JSONNode { .number(Double(value)) }
    static func optional(_ value: Int?) -> JSONNode { value.map(int) ?? .null }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// The widest object kept on one line, in bytes.
    private static let inlineWidth = 96

    /// Short objects of scalars, and arrays of scalars, stay on one line. Gives up as
    /// soon as an object grows too wide, so large nodes cost little to reject.
    private var inlineText: String? {
        switch self {
        case .array(let elements):
            guard elements.allSatisfy(\.isScalar) else { return nil }
            return "[" + elements.map { $0.scalarText }.joined(separator: ", ") + "]"
        case .object(let members):
            var text = "{"
            for (key, value) in members where !value.isNull {
                guard value.isScalar || value.isScalarArray else { return nil }
                if text.utf8.count > 1 { text += ", " }
                text += JSON.quote(key) + ": " + (value.isScalar ? value.scalarText : value.inlineText ?? "")
                if text.utf8.count >= Self.inlineWidth { return nil }
            }
            return text + "}"
        default:
            return scalarText
        }
    }

    private var isScalarArray: Bool {
        if case .array(let elements) = self { return elements.allSatisfy(\.isScalar) }
        return false
    }

    private var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    private var scalarText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): NumberText.format(value)
        case .string(let value): JSON.quote(value)
        case .array, .object: ""
        }
    }

    func write(to text: inout String, indent: String) {
        if let inline = inlineText {
            text += inline
            return
        }
        let inner = indent + "  "
        switch self {
        case .array(let elements):
            text += "[\n"
            for (position, element) in elements.enumerated() {
                text += inner
                element.write(to: &text, indent: inner)
                text += position + 1 < elements.count ? ",\n" : "\n"
            }
            text += indent + "]"
        case .object(let members):
            let present = members.filter { !$0.1.isNull }
            text += "{\n"
            for (position, (key, value)) in present.enumerated() {
                text += inner + JSON.quote(key) + ": "
                value.write(to: &text, indent: inner)
                text += position + 1 < present.count ? ",\n" : "\n"
            }
            text += indent + "}"
        default:
            text += scalarText
        }
    }
}
