import GestureDSL

/// A JSON value and where it is in its file: scenes and traces are read with it, so
/// that every mistake in them is reported at its line and column.
public struct LocatedJSON: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyRange: SourceRange
        public var value: LocatedJSON
    }

    public var value: Value
    public var range: SourceRange

    /// What the value is, for messages: "a number", "an object".
    public var description: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses a whole document (RFC 8259), nesting at most `maximumDepth` deep.
    /// Malformed input is a diagnostic at the first byte that is wrong.
    public static func parse(_ file: SourceFile, id: FileID, maximumDepth: Int = 64) throws(LocatedJSONError)
        -> LocatedJSON
    {
        var parser = Parser(bytes: file.bytes, file: id, maximumDepth: maximumDepth)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == file.bytes.count else { throw parser.fail("text follows the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        let file: FileID
        let maximumDepth: Int
        var offset = 0

        init(bytes: [UInt8], file: FileID, maximumDepth: Int) {
            self.bytes = bytes
            self.file = file
            self.maximumDepth = maximumDepth
        }

        func fail(_ reason: String) -> LocatedJSONError {
            LocatedJSONError(reason: reason, range: SourceRange(file: file, start: offset, end: offset + 1))
        }

        mutating func skipWhitespace() {
            while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        }

        private func range(from start: Int) -> SourceRange { SourceRange(file: file, start: start, end: offset) }

        private mutating func expect(_ byte: UInt8, _ what: String) throws(LocatedJSONError) {
            guard offset < bytes.count, bytes[offset] == byte else { throw fail("expected \(what)") }
            offset += 1
        }

        mutating func value(depth: Int) throws(LocatedJSONError) -> LocatedJSON {
            skipWhitespace()
            guard offset < bytes.count else { throw fail("the document ends before a value") }
            guard depth < maximumDepth else { throw fail("nested more than \(maximumDepth) deep") }
            let start = offset
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var members: [Member] = []
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return LocatedJSON(value: .object([]), range: range(from: start))
                }
                while true {
                    skipWhitespace()
                    let keyStart = offset
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    let keyRange = range(from: keyStart)
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':'")
                    members.append(Member(key: key, keyRange: keyRange, value: try value(depth: depth + 1)))
                    skipWhitespace()
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        continue
                    }
                    try expect(UInt8(ascii: "}"), "',' or '}'")
                    return LocatedJSON(value: .object(members), range: range(from: start))
                }
            case UInt8(ascii: "["):
                offset += 1
                var elements: [LocatedJSON] = []
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return LocatedJSON(value: .array([]), range: range(from: start))
                }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        continue
                    }
                    try expect(UInt8(ascii: "]"), "',' or ']'")
                    return LocatedJSON(value: .array(elements), range: range(from: start))
                }
            case UInt8(ascii: "\""):
                let text = try string()
                return LocatedJSON(value: .string(text), range: range(from: start))
            case UInt8(ascii: "t"):
                try literal("true")
                return LocatedJSON(value: .bool(true), range: range(from: start))
            case UInt8(ascii: "f"):
                try literal("false")
                return LocatedJSON(value: .bool(false), range: range(from: start))
            case UInt8(ascii: "n"):
                try literal("null")
                return LocatedJSON(value: .null, range: range(from: start))
            default:
                let number = try self.number()
                return LocatedJSON(value: .number(number), range: range(from: start))
            }
        }

        private mutating func literal(_ word: String) throws(LocatedJSONError) {
            for byte in word.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { throw fail("expected '\(word)'") }
                offset += 1
            }
        }

        /// RFC 8259's number grammar, converted by the standard library.
        private mutating func number() throws(LocatedJSONError) -> Double {
            let start = offset
            func digits() -> Int {
                let first = offset
                while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 { offset += 1 }
                return offset - first
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else {
                offset = start
                throw fail("expected a value")
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw fail("expected a digit after '.'") }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                    offset += 1
                }
                guard digits() > 0 else { throw fail("expected a digit in the exponent") }
            }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            guard let value = Double(text) else {
                offset = start
                throw fail("'\(text)' is not a number")
            }
            return value
        }

        private mutating func string() throws(LocatedJSONError) -> String {
            offset += 1
            var scalars = String.UnicodeScalarView()
            var runStart = offset
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "\""):
                    flush(offset)
                    offset += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(offset)
                    offset += 1
                    guard offset < bytes.count else { throw fail("the string is not closed") }
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
                    case UInt8(ascii: "u"):
                        guard offset + 4 <= bytes.count,
                            let code = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16)
                        else { throw fail("expected four hexadecimal digits") }
                        offset += 4
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default:
                        offset -= 1
                        throw fail("unknown escape")
                    }
                    runStart = offset
                case 0..<0x20:
                    throw fail("control characters must be escaped in strings")
                default:
                    offset += 1
                }
            }
            throw fail("the string is not closed")
        }
    }
}

/// Malformed JSON, at the first byte that is wrong.
public struct LocatedJSONError: Error, Sendable {
    public var reason: String
    public var range: SourceRange
}
