import GestureDSL

/// Writes JSON text in the canonical layout straight into a `TextBuffer`, with no tree
/// in between: the programs' writer, which can be large. Every other JSON is a
/// `JSONOutput` tree; its `canonical` layout is this one, byte for byte
/// (`JSONOutputTests`).
///
/// The layout: an array of scalars stays on one line; an object whose members are all
/// scalars or arrays of scalars stays on one line while it is under `inlineWidth`
/// bytes; everything else takes one member or element per line, indented by two
/// spaces. Absent optionals are left out of their object.
///
/// An object does not know its width before it is written, so it is first written on
/// one line and, when it turns out to hold a nested value or to grow too wide, cut
/// back and written again a line per member. The attempt stops at the first member
/// that rules it out, so a large object costs at most `inlineWidth` bytes twice.
struct JSONWriter: ~Copyable {
    private(set) var out = TextBuffer()
    private var depth = 0
    private var layout = Layout.lines
    /// Whether the current object has had a member written yet.
    private var first = true

    private enum Layout {
        /// One member or element per line.
        case lines
        /// Trying one line; `start` is where the object began.
        case inline(start: Int)
        /// The one-line attempt failed; further members are skipped until the object
        /// is written again, a member per line.
        case abandoned
    }

    /// The widest object kept on one line, in bytes, not counting its closing brace.
    static let inlineWidth = 96

    // MARK: Objects

    /// Writes an object; `members` writes its members and is called a second time
    /// when the object does not fit on one line.
    mutating func object(_ members: (inout JSONWriter) -> Void) {
        // Objects only ever start where values go a line each: a nested member has
        // already failed any enclosing one-line attempt (`nestedKey`).
        let start = out.count
        layout = .inline(start: start)
        first = true
        out.append("{")
        members(&self)
        if case .abandoned = layout {
            out.truncate(to: start)
            objectOnLines(members)
            return
        }
        out.append("}")
        layout = .lines
    }

    /// Writes an object a member per line without trying one line first: for an
    /// object whose members are always wider than `inlineWidth` together, where the
    /// attempt would write them twice to the same result.
    mutating func objectOnLines(_ members: (inout JSONWriter) -> Void) {
        layout = .lines
        first = true
        out.append("{")
        depth += 1
        members(&self)
        depth -= 1
        newline()
        out.append("}")
        layout = .lines
    }

    /// Starts a member: the separator and the key. Returns false when the member is to
    /// be skipped because the one-line attempt has already failed.
    private mutating func key(_ name: StaticString) -> Bool {
        if case .abandoned = layout { return false }
        if first {
            first = false
        } else if case .inline = layout {
            out.append(", ")
        } else {
            out.append(",")
        }
        if case .lines = layout { newline() }
        out.append(quotedKey: name)
        return true
    }

    /// A member whose value is nested (an object, or an array that is not all
    /// scalars): on one line, the attempt fails before the key is written.
    private mutating func nestedKey(_ name: StaticString) -> Bool {
        if case .inline = layout {
            layout = .abandoned
            return false
        }
        return key(name)
    }

    /// Ends a scalar member: on one line, gives up once the object is too wide.
    private mutating func endScalarMember() {
        if case .inline(let start) = layout, out.count - start >= Self.inlineWidth {
            layout = .abandoned
        }
    }

    mutating func member(_ name: StaticString, _ value: String) {
        guard key(name) else { return }
        string(value)
        endScalarMember()
    }

    mutating func member(_ name: StaticString, _ value: Bool) {
        guard key(name) else { return }
        out.append(value)
        endScalarMember()
    }

    mutating func member(_ name: StaticString, _ value: Double) {
        guard key(name) else { return }
        out.append(number: value)
        endScalarMember()
    }

    mutating func member(_ name: StaticString, _ value: Int) {
        guard key(name) else { return }
        out.append(value)
        endScalarMember()
    }

    /// A scalar, or an array of scalars, that `write` spells.
    mutating func member(_ name: StaticString, scalar write: (inout JSONWriter) -> Void) {
        guard key(name) else { return }
        write(&self)
        endScalarMember()
    }

    /// Left out when absent.
    mutating func member(_ name: StaticString, _ value: Int?) {
        if let value { member(name, value) }
    }

    /// An array of scalars, on one line.
    mutating func member<Element>(_ name: StaticString, scalars: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        guard key(name) else { return }
        scalarArray(scalars, write)
        endScalarMember()
    }

    /// A nested object, which puts the enclosing one on several lines.
    mutating func member(_ name: StaticString, object members: (inout JSONWriter) -> Void) {
        guard nestedKey(name) else { return }
        object(members)
    }

    /// An array of nested values (objects or arrays), an element per line; `[]` when
    /// empty, which counts as a scalar.
    mutating func member<Element>(_ name: StaticString, nested: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        if nested.isEmpty {
            guard key(name) else { return }
            out.append("[]")
            endScalarMember()
            return
        }
        guard nestedKey(name) else { return }
        out.append("[")
        depth += 1
        for (position, element) in nested.enumerated() {
            if position > 0 { out.append(",") }
            newline()
            write(&self, element)
        }
        depth -= 1
        newline()
        out.append("]")
    }

    // MARK: Scalars

    mutating func scalarArray<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        out.append("[")
        for (position, element) in elements.enumerated() {
            if position > 0 { out.append(", ") }
            write(&self, element)
        }
        out.append("]")
    }

    mutating func string(_ value: String) {
        if value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(text: JSON.quote(value))
            return
        }
        out.append("\"")
        out.append(text: value)
        out.append("\"")
    }

    mutating func number(_ value: Double) {
        out.append(number: value)
    }

    mutating func integer(_ value: Int) {
        out.append(value)
    }

    /// Raw text, outside any value.
    mutating func append(_ text: StaticString) {
        out.append(text)
    }

    private mutating func newline() {
        out.append(lineBreakIndentedBy: 2 * depth)
    }
}
