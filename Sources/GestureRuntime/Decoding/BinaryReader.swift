/// Reads the primitive values of the binary format with a bounds check on every byte.
struct BinaryReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    init(_ bytes: [UInt8], from offset: Int, to end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
    }

    var isAtEnd: Bool { offset == end }

    mutating func byte() throws(ProgramError) -> UInt8 {
        guard offset < end else { throw .truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// An unsigned LEB128 varint of at most `BinaryFormat.maximumVarint`.
    mutating func varint() throws(ProgramError) -> Int {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            value |= UInt64(byte & 0x7F) << shift
            guard value <= BinaryFormat.maximumVarint else {
                throw .malformed(offset: start, "a count or id is larger than \(BinaryFormat.maximumVarint)")
            }
            if byte & 0x80 == 0 { return Int(value) }
            shift += 7
        }
    }

    /// A count of items that each take at least one byte, so it cannot exceed what is
    /// left: a hostile count cannot make the decoder allocate or loop for long.
    mutating func count() throws(ProgramError) -> Int {
        let start = offset
        let count = try varint()
        guard count <= end - offset else {
            throw .malformed(offset: start, "a count of \(count) exceeds the \(end - offset) bytes left")
        }
        return count
    }

    mutating func fixedWidth<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws(ProgramError) -> T {
        guard end - offset >= MemoryLayout<T>.size else { throw .truncated(offset: offset) }
        var value: T = 0
        for i in 0..<MemoryLayout<T>.size { value |= T(bytes[offset + i]) << (8 * i) }
        offset += MemoryLayout<T>.size
        return value
    }

    mutating func double() throws(ProgramError) -> Double {
        Double(bitPattern: try fixedWidth(UInt64.self))
    }

    /// A varint length and that many bytes of valid UTF-8.
    mutating func string() throws(ProgramError) -> String {
        let start = offset
        let length = try varint()
        guard length <= end - offset else { throw .truncated(offset: offset) }
        let slice = bytes[offset..<offset + length]
        let text = String(decoding: slice, as: UTF8.self)
        guard text.utf8.elementsEqual(slice) else { throw .malformed(offset: start, "a string is not valid UTF-8") }
        offset += length
        return text
    }

    /// A byte that must be one of `count` codes.
    mutating func code(below count: Int, _ what: String) throws(ProgramError) -> Int {
        let start = offset
        let value = Int(try byte())
        guard value < count else { throw .malformed(offset: start, "\(value) is not a valid \(what)") }
        return value
    }

    /// A flags byte with no bits outside `allowed`.
    mutating func flags(_ allowed: UInt8, _ what: String) throws(ProgramError) -> UInt8 {
        let start = offset
        let value = try byte()
        guard value & ~allowed == 0 else { throw .malformed(offset: start, "unknown bits in \(what) flags") }
        return value
    }
}
