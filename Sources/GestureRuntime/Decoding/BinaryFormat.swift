/// The layout of binary programs, shared by the compiler's writer and the runtime's
/// reader. `docs/table-format.md` describes it field by field.
///
/// A file is a 16-byte header and a payload:
///
///     magic "GDLP" · format version (u16) · reserved (u16, 0) · payload length (u32)
///     · CRC-32 of the payload (u32)            (integers little-endian)
///
/// The payload holds a constant pool of doubles and the programs. Counts, ids and
/// lengths are unsigned LEB128 varints; numbers are indices into the pool; an optional
/// id is written as id + 1, with 0 for none.
package enum BinaryFormat {
    package static let magic: [UInt8] = Array("GDLP".utf8)
    package static let headerSize = 16
    /// The largest count, id or length a varint may hold: ids stay far from `Int`'s
    /// limits, so arithmetic on them cannot overflow.
    package static let maximumVarint: UInt64 = UInt64(Int32.max)

    /// Bits of a view role's flags byte.
    package enum ViewFlag {
        package static let interactive: UInt8 = 1 << 0
        package static let hidden: UInt8 = 1 << 1
        package static let transparentWhenEmpty: UInt8 = 1 << 2
        package static let multipleTouch: UInt8 = 1 << 3
        package static let exclusiveTouch: UInt8 = 1 << 4
        /// A `shouldBegin` routine id follows the hit-test values.
        package static let shouldBegin: UInt8 = 1 << 5
        package static let excludesSystemGestures: UInt8 = 1 << 6
        /// A byte of deferred edges (directions: left 1, right 2, up 4, down 8) follows.
        package static let defersSystemGestures: UInt8 = 1 << 7
        package static let all: UInt8 = 0xFF
    }

    /// Bits of a view role's second flags byte (format 6).
    package enum ViewFlag2 {
        /// The role is a control: its kind's code, its axis (a directions byte), its
        /// tracking margin and its claims (recognizer id, along-axis byte) follow.
        package static let control: UInt8 = 1 << 0
        /// `touchesShouldCancel` is true.
        package static let touchesShouldCancel: UInt8 = 1 << 1
        /// The role's accessibility label, a string, follows its control (format 8).
        package static let accessibilityLabel: UInt8 = 1 << 2
        package static let all: UInt8 = (1 << 3) - 1
    }

    /// Bits of a recognizer's flags byte.
    package enum RecognizerFlag {
        package static let enabled: UInt8 = 1 << 0
        package static let cancelsTouchesInView: UInt8 = 1 << 1
        package static let delaysTouchesBegan: UInt8 = 1 << 2
        package static let delaysTouchesEnded: UInt8 = 1 << 3
        package static let ignoresStationaryTouches: UInt8 = 1 << 4
        package static let backSwipe: UInt8 = 1 << 5
        package static let scrollPan: UInt8 = 1 << 6
        package static let foreign: UInt8 = 1 << 7
        package static let all: UInt8 = 0xFF
    }

    /// A recognizer's accessibility byte, after its flags (format 8): what reaches its
    /// action without its gesture. `custom` is followed by its label, `control` by the
    /// control role's id.
    package enum AccessibilityCode {
        package static let none: UInt8 = 0
        package static let activate: UInt8 = 1
        package static let custom: UInt8 = 2
        package static let escape: UInt8 = 3
        package static let scroll: UInt8 = 4
        package static let magicTap: UInt8 = 5
        package static let control: UInt8 = 6
        package static let count = 7
    }

    /// A recognizer's touch-types byte, after its accessibility (format 9): the types
    /// it receives in the low bits (`TouchTypes`), and whether it requires one type.
    package enum TouchTypeByte {
        package static let allowed: UInt8 = 0x0F
        package static let requiresExclusiveTouchType: UInt8 = 1 << 7
        package static let all: UInt8 = allowed | requiresExclusiveTouchType
    }

    /// A recognizer's pointer byte, after its touch types (format 10): the scroll types
    /// it receives in the low bits (`ScrollTypes`), whether it receives transforms and
    /// hovers (R88–R90).
    package enum PointerByte {
        package static let scrollTypes: UInt8 = 0x03
        package static let receivesTransform: UInt8 = 1 << 2
        package static let receivesHover: UInt8 = 1 << 3
        package static let all: UInt8 = scrollTypes | receivesTransform | receivesHover
    }

    /// A table row's target codes; `state` is followed by the state's index.
    package enum TargetCode {
        package static let stay: UInt8 = 0
        package static let state: UInt8 = 1
        package static let ended: UInt8 = 2
        package static let cancelled: UInt8 = 3
        package static let failed: UInt8 = 4
    }

    package static let controlKinds = GestureProgram.Control.Kind.allCases
    package static let modes = GestureProgram.Kind.Mode.allCases
    package static let outwardStates = GestureProgram.Kind.State.Outward.allCases
    package static let preventionDirections = GestureProgram.Kind.PreventionRule.Direction.allCases
    package static let shapes: [ValueShape] = ValueShape.allCases
    package static let parameterTypes: [GestureProgram.Kind.ParameterType] = GestureProgram.Kind.ParameterType.allCases
}

/// CRC-32 (IEEE 802.3, reflected, as zlib computes it).
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { byte in
        var value = UInt32(byte)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }

    /// The checksum of the bytes, read in place when they are contiguous: a generic
    /// function called from another module runs unspecialized, at hundreds of
    /// instructions a byte, so the loop itself takes a buffer.
    package static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) { return crc }
        return Array(bytes).withUnsafeBytes { checksum($0) }
    }

    private static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
