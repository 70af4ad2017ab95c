/// A name as written in the source, with where it was written.
public struct Identifier: Hashable, Sendable {
    public var name: String
    public var range: SourceRange

    public init(_ name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}
