/// Owns every source file of one compilation and hands out their ids.
public struct SourceManager: Sendable {
    public private(set) var files: [SourceFile] = []

    public init() {}

    /// Adds a file and returns its id.
    public mutating func add(_ file: SourceFile) -> FileID {
        files.append(file)
        return FileID(files.count - 1)
    }

    public subscript(id: FileID) -> SourceFile { files[id.rawValue] }

    /// The id of the file added with `path`, if any.
    public func id(ofPath path: String) -> FileID? {
        files.firstIndex(where: { $0.path == path }).map(FileID.init)
    }
}
