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
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw .malformed(offset: parser.offset, "text follows the JSON value") }
        return value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private func fail(_ reason: String) -> ProgramError { .malformed(offset: offset, reason) }

    private mutating func expect(_ byte: UInt8) throws(ProgramError) {
        guard offset < bytes.count, bytes[offset] == byte else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        offset += 1
    }

    mutating func value(depth: Int) throws(ProgramError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw .truncated(offset: offset) }
        guard depth < maximumDepth else { throw fail("nested more than \(maximumDepth) deep") }
        let start = offset
        func located(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, range: start..<offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [JSONValue.Member] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return located(.object(members))
            }
            while true {
                skipWhitespace()
                let keyStart = offset
                let key = try string()
                let keyRange = keyStart..<offset
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                members.append(JSONValue.Member(key: key, keyRange: keyRange, value: try value(depth: depth + 1)))
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                return located(.object(members))
            }
        case UInt8(ascii: "["):
            offset += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return located(.array(elements))
            }
            while true {
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect(UInt8(ascii: "]"))
                return located(.array(elements))
            }
        case UInt8(ascii: "\""):
            return located(.string(try string()))
        case UInt8(ascii: "t"):
            try literal("true")
            return located(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return located(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return located(.null)
        default:
            return located(.number(try number()))
        }
    }

    private mutating func literal(_ word: String) throws(ProgramError) {
        for byte in word.utf8 { try expect(byte) }
    }

    private mutating func number() throws(ProgramError) -> Double {
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
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw fail("'\(text)' is out of range")
        }
        return value
    }

    private mutating func string() throws(ProgramError) -> String {
        try expect(UInt8(ascii: "\""))
        var scalars = String.UnicodeScalarView()
        let start = offset
        var runStart = offset
        var escaped = false
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard offset < bytes.count else { throw .truncated(offset: offset) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                // Most strings have no escape: their bytes are their text.
                guard escaped else {
                    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
                    offset += 1
                    return text
                }
                flush(offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(offset)
                escaped = true
                offset += 1
                guard offset < bytes.count else { throw .truncated(offset: offset) }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default: throw .malformed(offset: offset - 1, "unknown escape")
                }
                runStart = offset
            case 0..<0x20:
                throw fail("a control character in a string")
            default:
                offset += 1
            }
        }
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
