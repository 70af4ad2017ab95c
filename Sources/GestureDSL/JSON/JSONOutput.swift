/// A JSON document as a tree, and the one way the tools write JSON: diagnostics, lint's
/// and diff's findings, SARIF logs, timelines and their pages, counterexamples, and the
/// language server's messages are each built as a `JSONOutput` and written in one of
/// three layouts. Members keep the order given, so the same value is the same bytes.
///
/// Compiled programs, which can be large, are written by a streaming writer instead
/// (`JSONWriter` in the compiler) in the `canonical` layout; a test holds the two to
/// the same bytes.
public indirect enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// Written as `NumberText` writes numbers: whole ones without a fraction (`45`),
    /// others in Swift's shortest round-tripping form (`0.35`). JSON has no infinity
    /// or NaN: they are written `null`.
    case number(Double)
    case string(String)
    case array([JSONOutput])
    /// Members in the order written; a key given twice is written twice.
    case object([(String, JSONOutput)])

    public enum Layout: Sendable {
        /// No spaces, one line: `{"a":1,"b":[1,2]}`. Messages and JSON lines.
        case compact
        /// The arrays and objects of the outer `depth` levels take a line per element
        /// or member, indented two spaces a level; deeper ones stay on one line, with a
        /// space after each `,` and `:`. A trace is `lines(depth: 2)`: its object, its
        /// events a line each.
        case lines(depth: Int)
        /// The layout of compiled programs: an array of scalars stays on one line, and
        /// so does an object whose members are all scalars or arrays of scalars while it
        /// is narrower than `inlineWidth` bytes (its closing brace not counted);
        /// anything else takes a line per member or element, indented two spaces a level.
        case canonical

        /// One line, spaced: `{"a": 1, "b": [1, 2]}`.
        public static let line = Layout.lines(depth: 0)
        /// The outer array's elements, or the outer object's members, a line each: the
        /// JSON timeline.
        public static let rows = Layout.lines(depth: 1)
    }

    /// The widest object `canonical` keeps on one line.
    public static let inlineWidth = 96

    /// The value as text in `layout`, without a final newline.
    public func written(_ layout: Layout) -> String {
        var out = ""
        switch layout {
        case .compact: writeLine(into: &out, spaced: false)
        case .lines(let depth): writeLines(into: &out, levels: depth, depth: 0)
        case .canonical: writeCanonical(into: &out, depth: 0)
        }
        return out
    }

    /// A number as every output writes it (the rule of `NumberText.format`, which the
    /// runtime keeps without this module: `JSONOutputTests` holds them together).
    public static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if abs(value) < 9.0e15, Double(Int64(value)) == value, !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        return value.description
    }

    // MARK: - Writing

    private var isScalar: Bool {
        switch self {
        case .null, .bool, .int, .number, .string: true
        case .array, .object: false
        }
    }

    /// A scalar, or an array of scalars: what a one-line object may hold.
    private var isFlat: Bool {
        switch self {
        case .array(let elements): elements.allSatisfy(\.isScalar)
        case .object: false
        default: true
        }
    }

    private func writeLine(into out: inout String, spaced: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value): out += Self.numberText(value)
        case .string(let value): out += JSON.quote(value)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += spaced ? ", " : "," }
                element.writeLine(into: &out, spaced: spaced)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += spaced ? ", " : "," }
                out += JSON.quote(key)
                out += spaced ? ": " : ":"
                value.writeLine(into: &out, spaced: spaced)
            }
            out += "}"
        }
    }

    /// `levels` more levels break their lines; `depth` is the current indentation.
    private func writeLines(into out: inout String, levels: Int, depth: Int) {
        switch self {
        case .array(let elements) where levels > 0 && !elements.isEmpty:
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                Self.newline(into: &out, depth: depth + 1)
                element.writeLines(into: &out, levels: levels - 1, depth: depth + 1)
            }
            Self.newline(into: &out, depth: depth)
            out += "]"
        case .object(let members) where levels > 0 && !members.isEmpty:
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.newline(into: &out, depth: depth + 1)
                out += JSON.quote(key) + ": "
                value.writeLines(into: &out, levels: levels - 1, depth: depth + 1)
            }
            Self.newline(into: &out, depth: depth)
            out += "}"
        default:
            writeLine(into: &out, spaced: true)
        }
    }

    private func writeCanonical(into out: inout String, depth: Int) {
        switch self {
        case .array(let elements) where !isFlat:
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                Self.newline(into: &out, depth: depth + 1)
                element.writeCanonical(into: &out, depth: depth + 1)
            }
            Self.newline(into: &out, depth: depth)
            out += "]"
        case .object(let members):
            if members.allSatisfy(\.1.isFlat) {
                var inline = ""
                writeLine(into: &inline, spaced: true)
                // The width as the streaming writer measures it: without the brace.
                if inline.utf8.count - 1 < Self.inlineWidth {
                    out += inline
                    return
                }
            }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.newline(into: &out, depth: depth + 1)
                out += JSON.quote(key) + ": "
                value.writeCanonical(into: &out, depth: depth + 1)
            }
            Self.newline(into: &out, depth: depth)
            out += "}"
        default:
            writeLine(into: &out, spaced: true)
        }
    }

    private static func newline(into out: inout String, depth: Int) {
        out += "\n"
        out += String(repeating: " ", count: 2 * depth)
    }
}

extension JSONOutput: Equatable {
    /// Values are equal when they are written the same.
    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.written(.compact) == rhs.written(.compact)
    }
}

/// The escaping every JSON the project writes shares.
public enum JSON {
    /// `text` as a JSON string literal, escaped per RFC 8259.
    public static func quote(_ text: String) -> String {
        // Most names need no escaping: skip the scalar-by-scalar copy for them.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
