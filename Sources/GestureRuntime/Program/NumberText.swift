/// Number formatting shared by the JSON form and listings, so that the same value is
/// always spelled the same way and reads back exactly.
package enum NumberText {
    /// Whole numbers without a fraction (`45`, not `45.0`); others in Swift's shortest
    /// round-tripping form (`0.35`). (Integer conversion rather than `rounded()`: the same digits on every platform.)
    package static func format(_ value: Double) -> String {
        if abs(value) < 9.0e15, Double(Int64(value)) == value, !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        return value.description
    }

    /// `0x1a2b3c4d`.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
