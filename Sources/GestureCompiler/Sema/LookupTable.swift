import GestureDSL

/// A table from keys to values for the compiler's busiest lookups: the names in reach
/// (`Scope`), the kinds, the recognizers and roles of a set (`RelationGraph`), and in
/// lowering the declarations by range and the slots by declaration.
///
/// A `Dictionary` hashes each key with SipHash through `Hasher`: about 250
/// instructions for a short name, about 90 for an integer, and the checker and lowering
/// look one up for nearly every identifier of a spec. This table mixes a key into a
/// word with multiplications (`LookupKey`: about 75 instructions for a short name with
/// the calls, 10 for an integer) and probes linearly; two short names compare as two
/// words.
///
/// The mix starts from a seed drawn once per process from `Hasher` (fixed when
/// `SWIFT_DETERMINISTIC_HASHING` is set), so that keys chosen to collide in one run do
/// not collide in another, as with `Dictionary`. Entries are kept in the order they
/// were first inserted, and that is the order of `keys` and of iteration: what
/// the compiler reports does not depend on the seed either way.
struct LookupTable<Key: LookupKey, Value> {
    /// Entries in insertion order (one list, not a list of keys beside one of values:
    /// a copy of the table, as of a `Scope`, retains each list).
    private var entries: [(key: Key, value: Value)] = []
    /// Open addressing: an entry's position plus one, 0 for an empty slot. The count is
    /// zero or a power of two at least twice the entries. (An `Int32` a slot: 2^31 entries
    /// would be at least 32 GiB of keys and values, far past any spec held in memory.)
    private var slots: [Int32] = []

    init() {}

    init(minimumCapacity: Int) { reserveCapacity(minimumCapacity) }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var keys: [Key] { entries.map(\.key) }

    subscript(key: Key) -> Value? {
        get {
            guard let entry = entry(of: key, hash: key.tableHash) else { return nil }
            return entries[entry].value
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            updateValue(newValue, forKey: key)
        }
    }

    /// Sets the value of `key`, returning the value it replaced, as `Dictionary` does.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        let hash = key.tableHash
        if let entry = entry(of: key, hash: hash) {
            let old = entries[entry].value
            entries[entry].value = value
            return old
        }
        reserveCapacity(entries.count + 1)
        entries.append((key, value))
        place(entries.count - 1, hash: hash)
        return nil
    }

    /// Removes `key` and its value (`table[key] = nil`); the later entries move down one
    /// place. Each removal rebuilds the slots, a pass over the table: nothing in the
    /// compiler removes from a table in a loop.
    private mutating func removeValue(forKey key: Key) {
        guard let entry = entry(of: key, hash: key.tableHash) else { return }
        entries.remove(at: entry)
        rebuildSlots(count: slots.count)
    }

    /// Makes room for `capacity` entries without rebuilding the slots again.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity * 2 > slots.count else { return }
        var size = Swift.max(8, slots.count)
        while size < capacity * 2 { size *= 2 }
        entries.reserveCapacity(capacity)
        rebuildSlots(count: size)
    }

    func mapValues<Mapped>(_ transform: (Value) throws -> Mapped) rethrows -> [Key: Mapped] where Key: Hashable {
        var mapped: [Key: Mapped] = [:]
        for (key, value) in entries { mapped[key] = try transform(value) }
        return mapped
    }

    func filter(_ isIncluded: ((key: Key, value: Value)) throws -> Bool) rethrows -> [Key: Value] where Key: Hashable {
        var kept: [Key: Value] = [:]
        for entry in entries where try isIncluded(entry) { kept[entry.key] = entry.value }
        return kept
    }

    // MARK: - Slots

    private func entry(of key: Key, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        // At most half the slots are full, so the probe meets an empty one.
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if entries[stored - 1].key == key { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: entry + 1)
    }

    private mutating func rebuildSlots(count: Int) {
        slots = [Int32](repeating: 0, count: count)
        for entry in entries.indices { place(entry, hash: entries[entry].key.tableHash) }
    }
}

extension LookupTable: Sequence {
    func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> { entries.makeIterator() }
}

extension LookupTable: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { updateValue(value, forKey: key) }
    }
}

extension LookupTable: Sendable where Key: Sendable, Value: Sendable {}

/// A table of names (`String` keys), the checker's most common table.
typealias NameTable<Value> = LookupTable<String, Value>

/// A key of a `LookupTable`: equal keys have equal `tableHash`, whose low bits depend on
/// every part of the key (they pick the slot).
protocol LookupKey: Equatable {
    var tableHash: UInt64 { get }
}

extension String: LookupKey {
    var tableHash: UInt64 { NameHash.hash(self) }
}

extension Int: LookupKey {
    var tableHash: UInt64 { NameHash.mix(UInt64(bitPattern: Int64(self))) }
}

extension SourceRange: LookupKey {
    /// Its three numbers folded into one word, as its `hash(into:)` does.
    var tableHash: UInt64 {
        let (start, end, file) = (UInt64(truncatingIfNeeded: start), UInt64(truncatingIfNeeded: end), UInt64(truncatingIfNeeded: file.rawValue))
        return NameHash.mix(start | end << 32 ^ file.byteSwapped)
    }
}

/// `LookupKey`'s hashes: of a name, and of a word.
enum NameHash {
    /// Drawn once per process (see the type's comment).
    static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6E61_6D65)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()

    /// The name's bytes, eight at a time, then the tail, each word mixed in by a
    /// multiplication; the length is mixed in last, and the result folded so that the
    /// low bits, which pick the slot, depend on every byte.
    static func hash(_ key: String) -> UInt64 {
        let seed = Self.seed
        let mixed = key.utf8.withContiguousStorageIfAvailable { hash(bytes: UnsafeRawBufferPointer($0), seed: seed) }
        return mixed ?? hash(bytes: Array(key.utf8), seed: seed)
    }

    private static func hash(bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { hash(bytes: $0, seed: seed) }
    }

    private static func hash(bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state = seed
        var offset = 0
        // Whole words, each read only where all eight bytes lie inside the buffer (as
        // are the four and two below): one of the front end's few unsafe reads.
        while offset + 8 <= bytes.count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            state ^= state >> 29
            offset += 8
        }
        // The last 0 to 7 bytes in at most three reads (a byte at a time costs a short
        // name most of its hash).
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if offset + 4 <= bytes.count {
            tail = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            shift = 32
            offset += 4
        }
        if offset + 2 <= bytes.count {
            tail |= UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
            shift += 16
            offset += 2
        }
        if offset < bytes.count { tail |= UInt64(bytes[offset]) << shift }
        state = (state ^ tail ^ UInt64(truncatingIfNeeded: bytes.count) << 56) &* multiplier
        state ^= state >> 32
        state = state &* 0xD6E8_FEB8_6659_FD93
        return state ^ (state >> 32)
    }

    /// A word's hash: seeded, then two multiply-and-fold rounds, so that keys differing
    /// only in high bits (a range's end) land in different slots.
    static func mix(_ word: UInt64) -> UInt64 {
        var state = (word ^ seed) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 32
        state = state &* 0xD6E8_FEB8_6659_FD93
        return state ^ (state >> 32)
    }
}
