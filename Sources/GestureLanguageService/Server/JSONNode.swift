import GestureDSL
import GestureRuntime

/// A value of a message the server received, held as its offset in the message's bytes.
///
/// A message is checked whole once (`parse`); its values are then read where they are,
/// a member found by scanning its object, an element by scanning its array. Nothing is
/// built for the values no request reads, so a message costs the server its own bytes
/// and no more (a tree of a 50 MB array of numbers took 27 times its size), and each
/// read costs the size of the value it scans: a request reads a few members, so the
/// cost of a message stays linear in its size.
package struct JSONNode {
    private let bytes: [UInt8]
    private let offset: Int
    /// The depth the whole message was checked to: no value inside is deeper.
    private static let maximumDepth = 64

    /// The message's value, once its text is checked (RFC 8259, UTF-8, at most
    /// `maximumDepth` deep); a mistake is thrown at its byte offset.
    package static func parse(_ bytes: [UInt8]) throws(ProgramError) -> JSONNode {
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        try scanner.skipValue(depth: 0)
        try scanner.expectEnd()
        var start = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        start.skipWhitespace()
        return JSONNode(bytes: bytes, offset: start.offset)
    }

    private init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// A scanner at this value. The message was checked, so reading it again cannot
    /// fail; the reads below still answer nil rather than trap if one did.
    private var scanner: JSONScanner { JSONScanner(bytes: bytes, maximumDepth: Self.maximumDepth, offset: offset) }

    /// The value's first byte, which says what it is.
    private var lead: UInt8 { bytes[offset] }

    /// The member `key` of an object: the first of that name, as JSON-RPC readers take it.
    package subscript(key: String) -> JSONNode? {
        guard lead == UInt8(ascii: "{") else { return nil }
        var scanner = self.scanner
        var found: Int?
        try? scanner.scanMembers(depth: 0) { scanner, name, _ throws(ProgramError) in
            scanner.skipWhitespace()
            if found == nil, name == key { found = scanner.offset }
            try scanner.skipValue(depth: 1)
        }
        return found.map { JSONNode(bytes: bytes, offset: $0) }
    }

    /// The elements of an array, each read as it is reached.
    package var elements: Elements? {
        lead == UInt8(ascii: "[") ? Elements(array: self) : nil
    }

    package var string: String? {
        guard lead == UInt8(ascii: "\"") else { return nil }
        var scanner = self.scanner
        return try? scanner.string()
    }

    package var isNull: Bool { lead == UInt8(ascii: "n") }

    /// A number, if this is one.
    package var number: Double? {
        guard lead == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lead) else { return nil }
        var scanner = self.scanner
        return try? scanner.number()
    }

    /// A whole number that fits an `Int`.
    package var int: Int? {
        guard let value = number, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The elements of an array, in order. A sequence, not a collection: an element's
    /// offset is found by scanning the ones before it.
    package struct Elements: Sequence {
        fileprivate let array: JSONNode

        package func makeIterator() -> Iterator { Iterator(array: array) }

        package var first: JSONNode? {
            var iterator = makeIterator()
            return iterator.next()
        }

        package struct Iterator: IteratorProtocol {
            private let bytes: [UInt8]
            private var scanner: JSONScanner
            private var done = false

            fileprivate init(array: JSONNode) {
                bytes = array.bytes
                scanner = array.scanner
                scanner.offset += 1  // past `[`
            }

            package mutating func next() -> JSONNode? {
                guard !done else { return nil }
                scanner.skipWhitespace()
                // `]` (possibly after a `,` the last element left) ends the array.
                if scanner.offset < bytes.count, bytes[scanner.offset] == UInt8(ascii: ",") {
                    scanner.offset += 1
                    scanner.skipWhitespace()
                }
                guard scanner.offset < bytes.count, bytes[scanner.offset] != UInt8(ascii: "]") else {
                    done = true
                    return nil
                }
                let element = JSONNode(bytes: bytes, offset: scanner.offset)
                do throws(ProgramError) {
                    try scanner.skipValue(depth: 1)
                } catch {
                    done = true
                }
                return element
            }
        }
    }

    /// The value as a message to send back (an id echoed in a response): a string, a
    /// whole number or null; the server answers any other id as invalid first.
    var message: JSONOutput {
        if let string { return .string(string) }
        if let int { return .int(int) }
        return .null
    }

    /// Whether this is an id JSON-RPC allows: a string, a whole number, or null.
    var isValidID: Bool { string != nil || int != nil || isNull }
}
