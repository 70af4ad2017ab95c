/// Reads the files that `import` declarations name.
///
/// The compiler reads no files itself: the command-line tool passes one that reads
/// the file system, tests pass `InMemorySourceLoader`.
public protocol SourceLoader {
    /// The bytes of the file at `path`, or a short reason it cannot be read
    /// ("no such file or directory").
    func load(_ path: String) -> Result<[UInt8], SourceLoadError>
}

/// Why a file could not be read, in words fit for a diagnostic.
public struct SourceLoadError: Error, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}

/// Serves files from a dictionary of paths to contents.
public struct InMemorySourceLoader: SourceLoader {
    public var files: [String: String]

    public init(_ files: [String: String]) { self.files = files }

    public func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        guard let text = files[path] else { return .failure(SourceLoadError(reason: "no such file")) }
        return .success(Array(text.utf8))
    }
}

/// Path arithmetic for imports, on `/`-separated paths, without Foundation.
package enum ImportPath {
    /// `path` resolved against the directory of `importer`, then normalised.
    package static func resolve(_ path: String, from importer: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        let directory = importer.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return normalize(directory.isEmpty ? path : directory + "/" + path)
    }

    /// Removes `.` components and folds `dir/..`; keeps leading `..` of relative paths.
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
