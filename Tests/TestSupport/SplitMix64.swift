/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), shared by
/// the test targets, so that a seed names the same stream in every test and every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`, for `n` above zero.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A number in `0..<1`, with the 53 bits a `Double` holds.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
