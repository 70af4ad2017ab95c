import GestureRuntime

/// UTF-8 output built from many small pieces, for the emitters.
///
/// Emitting a large program appends millions of pieces of a few bytes each, where
/// `String` interpolation, and even `Array.append`'s uniqueness and capacity checks,
/// cost more than the bytes themselves. So the buffer owns its storage: it cannot be
/// copied, an append is one capacity check and a store, and the text becomes a
/// `String` once at the end. It is one of the front end's few places of unsafe memory
/// (with the syntax trees' `ChunkedRows`, `String(concatenating:)` and the reads of
/// `NameHash`, which only loads whole words it has checked lie inside), so every write
/// gets its place from one function, `room`, which grows the storage first: no write
/// can pass its end (the fuzz build runs the front end without AddressSanitizer).
struct TextBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    var text: String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// Where `length` more bytes go, the storage grown first if they do not fit: the
    /// only way to the storage, so that no write can pass its end.
    @inline(__always)
    private mutating func room(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if length > capacity - count { grow(toHold: count + length) }
        return storage + count
    }

    private mutating func grow(toHold needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    mutating func append(byte: UInt8) {
        room(1).initialize(to: byte)
        count += 1
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        Self.copy(bytes, to: room(bytes.count))
        count += bytes.count
    }

    /// Writes `bytes` at `destination`, which `room` gave for at least that many.
    @inline(__always)
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        // Most pieces are a few bytes (`": "`, `,`): a loop costs less than a call to
        // `memmove`.
        if bytes.count <= 8 {
            for offset in 0..<bytes.count { destination[offset] = base[offset] }
        } else {
            destination.update(from: base, count: bytes.count)
        }
    }

    /// Inlined: the emitters append a literal for nearly every value they write.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { append($0) }
        }
    }

    /// A line break and `spaces` spaces of indentation, in one write.
    mutating func append(lineBreakIndentedBy spaces: Int) {
        let spaces = max(0, spaces)
        let destination = room(1 + spaces)
        destination[0] = UInt8(ascii: "\n")
        (destination + 1).update(repeating: UInt8(ascii: " "), count: spaces)
        count += 1 + spaces
    }

    /// `"name": `, a JSON member's key, in one write (the JSON writer starts a member
    /// with one for every value it writes).
    mutating func append(quotedKey name: StaticString) {
        name.withUTF8Buffer { spelling in
            let destination = room(spelling.count + 4)
            destination[0] = UInt8(ascii: "\"")
            Self.copy(spelling, to: destination + 1)
            destination[spelling.count + 1] = UInt8(ascii: "\"")
            destination[spelling.count + 2] = UInt8(ascii: ":")
            destination[spelling.count + 3] = UInt8(ascii: " ")
            count += spelling.count + 4
        }
    }

    /// `label: `, after `, ` when `separated`: a Swift argument's start, in one write
    /// (the Swift writer starts one for every value it writes).
    mutating func append(argumentLabel label: StaticString, separated: Bool) {
        label.withUTF8Buffer { spelling in
            let separator = separated ? 2 : 0
            let destination = room(separator + spelling.count + 2)
            if separated {
                destination[0] = UInt8(ascii: ",")
                destination[1] = UInt8(ascii: " ")
            }
            Self.copy(spelling, to: destination + separator)
            destination[separator + spelling.count] = UInt8(ascii: ":")
            destination[separator + spelling.count + 1] = UInt8(ascii: " ")
            count += separator + spelling.count + 2
        }
    }

    /// Named apart from `append(_: StaticString)` so that literals take the cheaper
    /// path: an unlabelled literal would otherwise become a `String`.
    mutating func append(text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func append(text: Substring) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        room(repeats).update(repeating: byte, count: repeats)
        count += repeats
    }

    /// Decimal digits, with a minus sign when negative.
    mutating func append(_ value: Int) {
        // Most numbers the tables hold are one digit (a kind, a flag, a small index).
        if value >= 0 && value < 10 {
            append(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        // Division by the constant 10 compiles to a multiplication; dividing by a
        // power of ten held in a variable was a hardware division for every digit.
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let digitStorage = room(digits)
        var position = digits
        repeat {
            position -= 1
            digitStorage[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while position > 0
        count += digits
    }

    /// A number as `NumberText.format` spells it (`45`, `0.35`), without making a
    /// string for the common whole numbers.
    mutating func append(number value: Double) {
        if abs(value) < 9.0e15, Double(Int64(value)) == value, !(value == 0 && value.sign == .minus) {
            append(Int(Int64(value)))
        } else {
            append(text: NumberText.format(value))
        }
    }

    mutating func append(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Drops everything from `position` on.
    mutating func truncate(to position: Int) {
        count = min(count, max(0, position))
    }
}
