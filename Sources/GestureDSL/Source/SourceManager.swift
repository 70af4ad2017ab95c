/// Owns every source file of one compilation and hands out their ids.
public struct SourceManager: Sendable {
    public private(set) var files: [SourceFile] = []
    /// The first file added with each path.
    private var idsByPath: [String: FileID] = [:]

    public init() {}

    /// Adds a file and returns its id.
    public mutating func add(_ file: SourceFile) -> FileID {
        files.append(file)
        let id = FileID(files.count - 1)
        if idsByPath[file.path] == nil { idsByPath[file.path] = id }
        return id
    }

    public subscript(id: FileID) -> SourceFile { files[id.rawValue] }

    /// The id of the file added with `path`, if any.
    public func id(ofPath path: String) -> FileID? {
        idsByPath[path]
    }
}
