/// A parsed JSON value and the bytes it spans. The runtime reads JSON programs without
/// Foundation, so it has its own small reader; objects keep their members in order.
/// The compiler reads scenes and traces with it too (`LocatedJSON`), reporting their
/// mistakes at the ranges it records.
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([Member])
    }

    package struct Member: Sendable {
        package var key: String
        package var keyRange: Range<Int>
        package var value: JSONValue
    }

    package var kind: Kind
    /// Byte offsets in the document.
    package var range: Range<Int>

    package var isNull: Bool {
        if case .null = kind { true } else { false }
    }

    /// Parses a whole document (RFC 8259), nesting at most `maximumDepth` deep.
    /// Numbers must be finite; a mistake is reported at its byte offset.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = 32) throws(ProgramError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        let value = try scanner.value(depth: 0)
        try scanner.expectEnd()
        return value
    }
}

/// The one reader of JSON text (RFC 8259), over bytes it never copies. `value` builds a
/// tree; `skipValue` checks a value as strictly and builds nothing, so that a reader
/// that keeps only offsets (the language server's messages) costs no more memory than
/// its input. Strings must be valid UTF-8; numbers finite.
package struct JSONScanner {
    package let bytes: [UInt8]
    package let maximumDepth: Int
    package var offset: Int

    package init(bytes: [UInt8], maximumDepth: Int, offset: Int = 0) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.offset = offset
    }

    package mutating func skipWhitespace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
            offset += 1
        }
    }

    /// After the document's value: only whitespace is left.
    package mutating func expectEnd() throws(ProgramError) {
        skipWhitespace()
        guard offset == bytes.count else { throw .malformed(offset: offset, "text follows the JSON value") }
    }

    private func fail(_ reason: String) -> ProgramError { .malformed(offset: offset, reason) }

    private mutating func expect(_ byte: UInt8) throws(ProgramError) {
        guard offset < bytes.count, bytes[offset] == byte else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        offset += 1
    }

    /// The next value, as a tree.
    package mutating func value(depth: Int) throws(ProgramError) -> JSONValue {
        let start = try valueStart(depth: depth)
        func located(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, range: start..<offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            var members: [JSONValue.Member] = []
            try scanMembers(depth: depth) { scanner, key, keyRange throws(ProgramError) in
                members.append(JSONValue.Member(key: key, keyRange: keyRange, value: try scanner.value(depth: depth + 1)))
            }
            return located(.object(members))
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try scanElements(depth: depth) { scanner throws(ProgramError) in elements.append(try scanner.value(depth: depth + 1)) }
            return located(.array(elements))
        case UInt8(ascii: "\""): return located(.string(try string()))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let literal = try literal()
            return located(literal.map(JSONValue.Kind.bool) ?? .null)
        default: return located(.number(try number()))
        }
    }

    /// Checks the next value and moves past it, keeping nothing of it.
    package mutating func skipValue(depth: Int) throws(ProgramError) {
        _ = try valueStart(depth: depth)
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            try scanMembers(depth: depth) { scanner, _, _ throws(ProgramError) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try scanElements(depth: depth) { scanner throws(ProgramError) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try literal()
        default:
            // A number of a few digits and no exponent is finite: read only the longer.
            let start = offset
            try scanNumber()
            if offset - start > 15 || bytes[start..<offset].contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
                offset = start
                _ = try number()
            }
        }
    }

    /// Where the next value starts, past whitespace, within the depth allowed.
    private mutating func valueStart(depth: Int) throws(ProgramError) -> Int {
        skipWhitespace()
        guard offset < bytes.count else { throw .truncated(offset: offset) }
        guard depth < maximumDepth else { throw fail("nested more than \(maximumDepth) deep") }
        return offset
    }

    /// An object from its `{`: each member's key, then `member` reads its value.
    package mutating func scanMembers(
        depth: Int, _ member: (inout JSONScanner, String, Range<Int>) throws(ProgramError) -> Void
    ) throws(ProgramError) {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return
        }
        while true {
            skipWhitespace()
            let keyStart = offset
            let key = try string()
            let keyRange = keyStart..<offset
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            try member(&self, key, keyRange)
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// An array from its `[`: `element` reads each element.
    package mutating func scanElements(
        depth: Int, _ element: (inout JSONScanner) throws(ProgramError) -> Void
    ) throws(ProgramError) {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return
        }
        while true {
            try element(&self)
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    /// `true`, `false` or `null` (nil).
    package mutating func literal() throws(ProgramError) -> Bool? {
        let (word, value): (String, Bool?) =
            switch bytes[offset] {
            case UInt8(ascii: "t"): ("true", true)
            case UInt8(ascii: "f"): ("false", false)
            default: ("null", nil)
            }
        for byte in word.utf8 { try expect(byte) }
        return value
    }

    /// Moves past a number's text (RFC 8259 §6), reading no value.
    private mutating func scanNumber() throws(ProgramError) {
        let start = offset
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let whole = offset
        guard digits() > 0, !(bytes[whole] == UInt8(ascii: "0") && offset - whole > 1) else {
            offset = start
            throw fail("expected a value")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
    }

    /// A number, which must be finite.
    package mutating func number() throws(ProgramError) -> Double {
        let start = offset
        try scanNumber()
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw fail("'\(text)' is out of range")
        }
        return value
    }

    /// A string from its opening quote, its escapes decoded.
    package mutating func string() throws(ProgramError) -> String {
        // The text's UTF-8, gathered in one buffer: appending to a string's scalars
        // copied the string at every escape, and a document's text has one a line.
        var utf8: [UInt8] = []
        let start = offset + 1
        let escaped = try scanString { scanner, run, escape throws(ProgramError) in
            try Self.validate(scanner.bytes[run], at: run.lowerBound)
            utf8 += scanner.bytes[run]
            if let escape { utf8 += UTF8.encode(escape).map(Array.init) ?? [] }
        }
        // Most strings have no escape: their bytes are their text.
        return escaped ? String(decoding: utf8, as: UTF8.self) : try Self.text(of: bytes[start..<offset - 1], at: start)
    }

    /// Checks a string from its opening quote and moves past it, keeping nothing.
    package mutating func skipString() throws(ProgramError) {
        let start = offset + 1
        let escaped = try scanString { scanner, run, _ throws(ProgramError) in
            try Self.validate(scanner.bytes[run], at: run.lowerBound)
        }
        if !escaped { try Self.validate(bytes[start..<offset - 1], at: start) }
    }

    /// Moves past a string. If it has escapes, `run` gets each stretch of plain bytes
    /// with the escape that ends it, and the last stretch with nil; a string without
    /// escapes never calls it (its bytes are its text) and returns false.
    private mutating func scanString(
        _ run: (inout JSONScanner, Range<Int>, Unicode.Scalar?) throws(ProgramError) -> Void
    ) throws(ProgramError) -> Bool {
        try expect(UInt8(ascii: "\""))
        var runStart = offset
        var escaped = false
        while true {
            guard offset < bytes.count else { throw .truncated(offset: offset) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                if escaped { try run(&self, runStart..<offset, nil) }
                offset += 1
                return escaped
            case UInt8(ascii: "\\"):
                let end = offset
                escaped = true
                offset += 1
                guard offset < bytes.count else { throw .truncated(offset: offset) }
                let escape = bytes[offset]
                offset += 1
                let scalar: Unicode.Scalar
                switch escape {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{8}"
                case UInt8(ascii: "f"): scalar = "\u{C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"): scalar = try unicodeEscape()
                default: throw .malformed(offset: offset - 1, "unknown escape")
                }
                try run(&self, runStart..<end, scalar)
                runStart = offset
            case 0..<0x20:
                throw fail("a control character in a string")
            default:
                offset += 1
            }
        }
    }

    /// Bytes of a string as text: JSON text is UTF-8 (RFC 8259 §8.1), and bytes that
    /// are not are a mistake, not a replacement character.
    private static func text(of bytes: ArraySlice<UInt8>, at offset: Int) throws(ProgramError) -> String {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .malformed(offset: offset, "a string is not valid UTF-8")
        }
        return text
    }

    /// Checks that bytes of a string are UTF-8, as `text(of:at:)` does, keeping nothing.
    private static func validate(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(ProgramError) {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return }
        _ = try text(of: bytes, at: offset)
    }

    /// The scalar of `\uXXXX`, joining a surrogate pair.
    private mutating func unicodeEscape() throws(ProgramError) -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw fail("an unpaired surrogate")
            }
            offset += 2
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw fail("an unpaired surrogate") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw fail("an unpaired surrogate") }
        return scalar
    }

    private mutating func hexQuad() throws(ProgramError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw .truncated(offset: offset) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Int(String(Unicode.Scalar(bytes[offset])), radix: 16) else { throw fail("expected a hex digit") }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
