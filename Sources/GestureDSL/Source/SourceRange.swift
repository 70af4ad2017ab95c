/// Identifies a file within a `SourceManager`.
public struct FileID: Hashable, Comparable, Sendable {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A half-open range of bytes in one source file.
public struct SourceRange: Hashable, Sendable {
    public var file: FileID
    public var start: Int
    public var end: Int

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both `self` and `other` (same file assumed).
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }
}
