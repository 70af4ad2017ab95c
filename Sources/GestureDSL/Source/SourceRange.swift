/// Identifies a file within a `SourceManager`.
public struct FileID: Hashable, Comparable, Sendable {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A half-open range of bytes in one source file.
///
/// Held in 12 bytes, its file's number and offsets in 32 bits: every syntax node has
/// ranges (an identifier is its name and one), and at 24 bytes they were a third of a
/// large spec's trees. A `.gdl` file is below 2 GiB (`ExprTree.maximumFileSize`), as is
/// any file read under the default limit, and a compilation has fewer files: the
/// clamping changes no number that occurs there. An offset past 4 GiB, in another input
/// read with a raised limit, is held as 4 GiB, as `SemanticModel`'s ranges already were.
public struct SourceRange: Hashable, Sendable {
    private var fileNumber: UInt32
    private var startOffset: UInt32
    private var endOffset: UInt32

    public var file: FileID {
        get { FileID(Int(fileNumber)) }
        set { fileNumber = UInt32(clamping: newValue.rawValue) }
    }

    public var start: Int {
        get { Int(startOffset) }
        set { startOffset = UInt32(clamping: newValue) }
    }

    public var end: Int {
        get { Int(endOffset) }
        set { endOffset = UInt32(clamping: newValue) }
    }

    public init(file: FileID, start: Int, end: Int) {
        fileNumber = UInt32(clamping: file.rawValue)
        startOffset = UInt32(clamping: start)
        endOffset = UInt32(clamping: max(start, end))
    }

    /// The three numbers in one word: lowering finds each name's declaration by its
    /// range, and three words hashed apart cost three rounds of the hasher. (Ranges of
    /// two files that fold alike only share a bucket.)
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(startOffset) | UInt64(endOffset ^ fileNumber.byteSwapped) << 32)
    }

    /// The smallest range covering both `self` and `other` (same file assumed).
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }
}
