/// The text of one `.gdl` file, as bytes, with a table of where each line starts.
///
/// Everything downstream refers to text by byte offsets into `bytes`; line and column
/// are computed on demand, only when a diagnostic is rendered.
public struct SourceFile: Sendable {
    /// The path as the user wrote it (or a name such as `<prelude>`), used in messages.
    public let path: String
    /// The raw bytes of the file. Not required to be valid UTF-8: the lexer reports
    /// invalid sequences.
    public let bytes: [UInt8]
    /// Offset of the first byte of every line, in increasing order; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    private init(path: String, bytes: [UInt8], lineStarts: [Int]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The same text under another path, sharing the bytes and the line table.
    public func renamed(to path: String) -> SourceFile {
        SourceFile(path: path, bytes: bytes, lineStarts: lineStarts)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based line and column (in bytes) of `offset`, which is clamped to the file.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The byte range of the 1-based `line`, without its line terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The text of `range`, with invalid UTF-8 replaced by U+FFFD.
    public func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
