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
    /// The 0-based lines that hold a byte outside ASCII, where a UTF-16 position (an
    /// editor's) is not the byte column: each with checkpoints, every 256 bytes or so,
    /// of a byte offset and the UTF-16 units before it on the line, so that converting a
    /// position costs at most a checkpoint's stretch, not the line (`utf16Position`).
    let utf16Checkpoints: [Int: [(byte: Int, units: Int)]]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        var wide: [Int] = []
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                starts.append(offset + 1)
            } else if byte >= 0x80, wide.last != starts.count - 1 {
                wide.append(starts.count - 1)
            }
        }
        self.lineStarts = starts
        var checkpoints: [Int: [(byte: Int, units: Int)]] = [:]
        for line in wide {
            let start = starts[line]
            let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
            var marks = [(byte: start, units: 0)]
            var units = 0
            for offset in start..<end {
                // A checkpoint where a character starts, every 256 bytes or so.
                if offset - (marks.last?.byte ?? start) >= 256, bytes[offset] & 0xC0 != 0x80 { marks.append((offset, units)) }
                units += Self.utf16Units(bytes[offset])
            }
            checkpoints[line] = marks
        }
        utf16Checkpoints = checkpoints
    }

    /// The last checkpoint that `isAtOrBefore` accepts (the first always is): a binary
    /// search, as checkpoints grow in both bytes and units.
    private static func lastMark(in marks: [(byte: Int, units: Int)], _ isAtOrBefore: ((byte: Int, units: Int)) -> Bool) -> Int {
        var low = 0
        var high = marks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if isAtOrBefore(marks[mid]) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The UTF-16 units a byte of UTF-8 adds: one where a character starts, two where a
    /// four-byte one does (a surrogate pair), none for a continuation byte.
    @inline(__always)
    static func utf16Units(_ byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
    }

    /// The 0-based line and UTF-16 units before `offset` on it: an editor's position
    /// (the Language Server Protocol's), from the checkpoint table.
    public func utf16Position(of offset: Int) -> (line: Int, character: Int) {
        let (line, column) = lineAndColumn(of: offset)
        let offset = lineStarts[line - 1] + column - 1
        guard let marks = utf16Checkpoints[line - 1] else { return (line - 1, column - 1) }
        // The last checkpoint at or before the offset, then the bytes after it.
        let mark = marks[Self.lastMark(in: marks) { $0.byte <= offset }]
        var units = mark.units
        for index in mark.byte..<offset { units += Self.utf16Units(bytes[index]) }
        return (line - 1, units)
    }

    /// The byte offset of an editor's position (a 0-based line and UTF-16 units on it),
    /// clamped to its line and to the file.
    public func offset(utf16Line line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        let character = max(0, character)
        guard let marks = utf16Checkpoints[line] else { return min(start + character, end) }
        let mark = marks[Self.lastMark(in: marks) { $0.units <= character }]
        var units = mark.units
        var offset = mark.byte
        while offset < end {
            let width = Self.utf16Units(bytes[offset])
            if width > 0, units + width > character { break }
            units += width
            offset += 1
        }
        // Not inside a character: past its continuation bytes.
        while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        return min(offset, end)
    }

    private init(path: String, bytes: [UInt8], lineStarts: [Int], utf16Checkpoints: [Int: [(byte: Int, units: Int)]]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.utf16Checkpoints = utf16Checkpoints
    }

    /// The same text under another path, sharing the bytes and the line tables.
    public func renamed(to path: String) -> SourceFile {
        SourceFile(path: path, bytes: bytes, lineStarts: lineStarts, utf16Checkpoints: utf16Checkpoints)
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

extension SourceFile {
    /// The end of the word that starts at `start`: letters, digits and underscores, and
    /// at least one byte where the file has one, so that what a finding underlines is
    /// never empty. A program location points at such a word (a declaration's name, a
    /// relation's or a transition's first word), which lowering records as its anchor
    /// and lint underlines.
    package func wordEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        return max(end, min(start + 1, bytes.count))
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
