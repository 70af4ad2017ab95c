/// A quick "certainly not one of them" for a fixed set of names, by length and first
/// byte, then by last byte too, so that a name outside the set costs a few comparisons
/// rather than a hash.
///
/// The checker and lowering look many names up in the built-in tables and find
/// nothing there: a spec's own names (`allow`, `r12`, `role3`) are far more common
/// than built-in ones. A name that passes the filter is looked up as before.
struct SpellingFilter {
    private static let words = 64
    /// One bit for each (length, first byte), then one for each (length, first byte,
    /// last byte), each folded into `words` words: two spellings sharing a bit only
    /// make the filter pass more often.
    private var byFirst = [UInt64](repeating: 0, count: words)
    private var byFirstAndLast = [UInt64](repeating: 0, count: words)

    init(_ names: some Sequence<String>) {
        for name in names {
            let (length, first) = (name.utf8.count, Int(name.utf8.first ?? 0))
            Self.set(Self.key(length, first, 0), in: &byFirst)
            Self.set(Self.key(length, first, Int(name.utf8.last ?? 0)), in: &byFirstAndLast)
        }
    }

    /// False when `name` is certainly not in the set.
    func mayContain(_ name: String) -> Bool {
        let (length, first) = (name.utf8.count, Int(name.utf8.first ?? 0))
        // The last byte costs an index step back: read only when the first pass.
        return Self.test(Self.key(length, first, 0), in: byFirst)
            && Self.test(Self.key(length, first, Int(name.utf8.last ?? 0)), in: byFirstAndLast)
    }

    private static func key(_ length: Int, _ first: Int, _ last: Int) -> Int {
        (min(length, 255) &* 40_503 ^ first &* 257 ^ last &* 8_191) & (words * 64 - 1)
    }

    private static func set(_ key: Int, in bits: inout [UInt64]) {
        bits[key >> 6] |= 1 << UInt64(key & 63)
    }

    private static func test(_ key: Int, in bits: [UInt64]) -> Bool {
        bits[key >> 6] & (1 << UInt64(key & 63)) != 0
    }
}
