import GestureCompiler
import GestureDSL
import GestureRuntime

/// A JSON value and where it is in its file: scenes and traces are read with it, so
/// that every mistake in them is reported at its line and column. The runtime's reader
/// parses it; this is its view in source ranges.
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

    /// Parses a whole document with the runtime's JSON reader (RFC 8259), nesting at
    /// most `maximumDepth` deep. Malformed input is an error at the first wrong byte.
    public static func parse(_ file: SourceFile, id: FileID, maximumDepth: Int = 64) throws(LocatedJSONError)
        -> LocatedJSON
    {
        func range(_ bytes: Range<Int>) -> SourceRange {
            SourceRange(file: id, start: bytes.lowerBound, end: bytes.upperBound)
        }
        func located(_ json: JSONValue) -> LocatedJSON {
            let value: Value =
                switch json.kind {
                case .null: .null
                case .bool(let flag): .bool(flag)
                case .number(let number): .number(number)
                case .string(let text): .string(text)
                case .array(let elements): .array(elements.map(located))
                case .object(let members):
                    .object(members.map { Member(key: $0.key, keyRange: range($0.keyRange), value: located($0.value)) })
                }
            return LocatedJSON(value: value, range: range(json.range))
        }
        do throws(ProgramError) {
            return located(try JSONValue.parse(file.bytes, maximumDepth: maximumDepth))
        } catch {
            let (offset, reason): (Int, String) =
                switch error {
                case .malformed(let offset, let reason): (offset, reason)
                case .truncated(let offset): (offset, "the document ends too early")
                default: (0, "\(error)")
                }
            // One byte at the mistake, none at the end of the file: a range never
            // leaves its file.
            let start = min(max(offset, 0), file.bytes.count)
            throw LocatedJSONError(
                reason: reason, range: SourceRange(file: id, start: start, end: min(start + 1, file.bytes.count)))
        }
    }
}

/// Malformed JSON, at the first byte that is wrong.
public struct LocatedJSONError: Error, Sendable {
    public var reason: String
    public var range: SourceRange

    public init(reason: String, range: SourceRange) {
        self.reason = reason
        self.range = range
    }
}
