/// The Language Server Protocol's base framing: each message is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ending in `\r\n`, then
/// an empty line) followed by N bytes of JSON.
///
/// The reader is bounded whatever arrives: a header line is at most
/// `maximumHeaderLine` bytes, a block at most `maximumHeaderLines` lines, a body at most
/// `maximumBodySize` bytes, and it holds no more than one message and one chunk of
/// input at a time. A stream it cannot frame is an error; the server then stops, since
/// no later byte can be trusted to start a message.
public struct MessageReader {
    public static let maximumHeaderLine = 1024
    public static let maximumHeaderLines = 16
    /// The largest message body, as large as the largest file `gesturec` reads.
    public static let maximumBodySize = 64 << 20

    public enum FramingError: Error, Equatable, Sendable {
        case headerLineTooLong
        case tooManyHeaderLines
        case malformedHeader(String)
        case missingContentLength
        case bodyTooLarge(Int)
        /// The input ended inside a message.
        case truncated
    }

    /// Returns the next chunk of input, or nil at its end.
    private let read: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    public init(read: @escaping () -> [UInt8]?) {
        self.read = read
    }

    /// The next message's body, or nil when the input ended between messages.
    public mutating func next() throws(FramingError) -> [UInt8]? {
        var length: Int?
        var lines = 0
        while true {
            guard let line = try headerLine() else {
                if lines == 0 { return nil }
                throw .truncated
            }
            if line.isEmpty {
                // Blank lines between messages are tolerated, as several clients send them.
                if lines == 0 { continue }
                break
            }
            lines += 1
            guard lines <= Self.maximumHeaderLines else { throw .tooManyHeaderLines }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { throw .malformedHeader(text) }
            let name = text[..<colon].lowercased()
            let value = text[text.index(after: colon)...].trimmingCharacters(in: " \t")
            if name == "content-length" {
                guard let size = Int(value), size >= 0 else { throw .malformedHeader(text) }
                guard size <= Self.maximumBodySize else { throw .bodyTooLarge(size) }
                length = size
            }
        }
        guard let length else { throw .missingContentLength }
        return try body(length)
    }

    /// One header line without its line ending, or nil at the end of the input.
    private mutating func headerLine() throws(FramingError) -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            guard let byte = nextByte() else {
                if line.isEmpty { return nil }
                throw .truncated
            }
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return line
            }
            line.append(byte)
            guard line.count <= Self.maximumHeaderLine else { throw .headerLineTooLong }
        }
    }

    private mutating func body(_ length: Int) throws(FramingError) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(min(length, 1 << 20))
        while body.count < length {
            if position == buffer.count, !refill() { throw .truncated }
            let take = min(length - body.count, buffer.count - position)
            body += buffer[position..<(position + take)]
            position += take
        }
        return body
    }

    private mutating func nextByte() -> UInt8? {
        if position == buffer.count, !refill() { return nil }
        defer { position += 1 }
        return buffer[position]
    }

    /// Reads the next non-empty chunk; false at the end of the input.
    private mutating func refill() -> Bool {
        while !ended {
            guard let chunk = read() else {
                ended = true
                return false
            }
            if !chunk.isEmpty {
                buffer = chunk
                position = 0
                return true
            }
        }
        return false
    }

    /// `body` framed for the wire.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
