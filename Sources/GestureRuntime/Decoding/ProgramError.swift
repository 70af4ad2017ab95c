/// Why a program could not be loaded: a damaged or hostile file, or tables whose ids
/// do not fit together. Decoders throw it; they never trap.
public enum ProgramError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes or text are not a gesture program at all (wrong magic, not JSON).
    case notAProgram(String)
    /// Written for a table format this runtime does not read.
    case unsupportedVersion(found: Int, supported: Int)
    /// The data ends before a value it announces.
    case truncated(offset: Int)
    /// The payload does not match its checksum.
    case checksumMismatch(expected: UInt32, found: UInt32)
    /// Bytes or text that cannot be read as the format says, at an offset.
    case malformed(offset: Int, String)
    /// Readable tables that contradict each other, at a path such as
    /// `recognizers[2].kind`.
    case invalid(path: String, String)
    /// The file holds no program of this name.
    case noSuchProgram(name: String, available: [String])
    /// A program of the right name whose recognizers, view roles or hooks are not
    /// the ones the app was compiled with (`GestureSet.decodeUpdate`).
    case interfaceMismatch(String)

    public var description: String {
        switch self {
        case .notAProgram(let reason):
            "not a gesture program: \(reason)"
        case .unsupportedVersion(let found, let supported):
            "table format \(found) is not supported (this runtime reads format \(supported))"
        case .truncated(let offset):
            "truncated at byte \(offset)"
        case .checksumMismatch(let expected, let found):
            "checksum mismatch: the header says \(NumberText.hex(expected)), the payload gives \(NumberText.hex(found))"
        case .malformed(let offset, let reason):
            "malformed at offset \(offset): \(reason)"
        case .invalid(let path, let reason):
            "invalid tables at \(path): \(reason)"
        case .noSuchProgram(let name, let available):
            available.isEmpty
                ? "no gesture set named '\(name)': the file holds none"
                : "no gesture set named '\(name)' (the file holds \(available.map { "'\($0)'" }.joined(separator: ", ")))"
        case .interfaceMismatch(let reason):
            "the program does not fit the app's compiled names: \(reason)"
        }
    }
}
