import GestureCompiler

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool reads sources and programs and writes its output.
protocol FileStore: SourceLoader {
    /// Writes `bytes` to `path`; a read-only file is refused unless `replacingReadOnly`
    /// (`--force` of the commands that rewrite a user's files).
    func write(_ bytes: [UInt8], to path: String, replacingReadOnly: Bool) -> Result<Void, SourceLoadError>
    /// Creates a directory (and its parents) unless it exists.
    func createDirectory(_ path: String) -> Result<Void, SourceLoadError>
    /// The names in a directory, sorted; nil when `path` is not a directory.
    func directoryEntries(_ path: String) -> [String]?
    /// What the folder at `path` is, whatever the path that reaches it (through
    /// symbolic links, `..` or `.`): two paths to one folder give the same identity.
    func folderIdentity(_ path: String) -> String?
    /// The directory relative paths start from, absolute; nil when unknown.
    var currentDirectory: String? { get }
}

extension FileStore {
    /// A store with no links: each path is its own folder.
    func folderIdentity(_ path: String) -> String? { path }

    func write(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError> {
        write(bytes, to: path, replacingReadOnly: false)
    }

    /// `path` as a user types it here: relative to the current directory when it lies
    /// under it (a counterexample folder given as an absolute path), as given otherwise.
    func displayed(_ path: String) -> String {
        BuildCommand.path(path, relativeTo: currentDirectory)
    }
}

/// Reads and writes files on disk with POSIX calls, so errors carry the system's reason.
///
/// Reading is bounded: only regular files are read (a FIFO or a device is refused
/// before anything blocks or grows), and none larger than `maximumSize`.
///
/// Writing treats a file that exists as the user's own (docs/limits.md, "Writing
/// files"): a symbolic link is followed and its target written; the file keeps its
/// mode and, where the system allows, its owner; a file with other hard links is
/// written into its own inode, so every link sees the new content; a read-only file is
/// refused unless the caller says to replace it. The write is whole or not at all: the bytes go
/// to a temporary file beside the target, which then replaces it, so a failed or
/// interrupted write never leaves a truncated file where the last good one was (a
/// hard-linked file is the exception: its content is copied from the verified
/// temporary, which is kept, and named, if that copy fails).
struct FileSystem: FileStore {
    var currentDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The largest file read, in bytes: 64 MiB unless `GESTUREC_MAX_FILE_SIZE` says
    /// otherwise (docs/limits.md).
    var maximumSize = FileSystem.defaultMaximumSize
    static let defaultMaximumSize = 64 << 20

    /// The limit the environment sets, or the default when it sets none or nonsense.
    static func maximumSize(environment value: String?) -> Int {
        guard let value, let size = Int(value), size > 0 else { return defaultMaximumSize }
        return size
    }

    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        // Non-blocking, so that opening a FIFO with no writer returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(lastError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(lastError()) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(SourceLoadError(reason: "not a regular file (\(Self.kind(of: status.st_mode)))"))
        }
        guard Int(status.st_size) <= maximumSize else { return .failure(tooLarge(Int(status.st_size))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(lastError())
            }
            if count == 0 { return .success(bytes) }
            // A file that grows while it is read is held to the same limit.
            guard bytes.count + count <= maximumSize else { return .failure(tooLarge(bytes.count + count)) }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    func write(_ bytes: [UInt8], to path: String, replacingReadOnly: Bool) -> Result<Void, SourceLoadError> {
        // A symbolic link stands for its target: that is the file to write, and the
        // link stays a link.
        var target = path
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                return .failure(SourceLoadError(reason: "a symbolic link to a file that does not exist"))
            }
            target = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        guard stat(target, &status) == 0 else {
            guard errno == ENOENT else { return .failure(lastError()) }
            return replace(target, with: bytes, existing: nil)
        }
        // A terminal, `/dev/null` or a FIFO is written as it is: it cannot be replaced,
        // nor need it be.
        guard status.st_mode & S_IFMT == S_IFREG else { return writeInPlace(bytes, to: target) }
        if !replacingReadOnly, status.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
            let mode = String(status.st_mode & 0o7777, radix: 8)
            return .failure(
                SourceLoadError(
                    reason: "the file is read-only (mode \(mode)); make it writable, or pass --force to write it all the same"))
        }
        if status.st_nlink > 1 { return writeThroughLinks(bytes, to: target) }
        return replace(target, with: bytes, existing: status)
    }

    /// Writes a verified temporary file beside `path` and renames it over `path`, with
    /// the mode and owner of the file it replaces (or a new file's mode).
    private func replace(_ path: String, with bytes: [UInt8], existing: stat?) -> Result<Void, SourceLoadError> {
        let temporary: String
        switch temporaryFile(beside: path, holding: bytes, mode: existing.map { $0.st_mode & 0o7777 }) {
        case .success(let name): temporary = name
        case .failure(let error): return .failure(error)
        }
        guard rename(temporary, path) == 0 else {
            let error = lastError()
            unlink(temporary)
            return .failure(error)
        }
        return .success(())
    }

    /// A file with other hard links keeps its inode: the content is first written and
    /// synced to a temporary file (so a full disk fails before the file is touched),
    /// then copied into the file, which is cut to its new length.
    private func writeThroughLinks(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError> {
        let temporary: String
        switch temporaryFile(beside: path, holding: bytes, mode: 0o600) {
        case .success(let name): temporary = name
        case .failure(let error): return .failure(error)
        }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = lastError()
            unlink(temporary)
            return .failure(error)
        }
        defer { close(descriptor) }
        guard writeAll(bytes, to: descriptor), ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
            let error = lastError()
            return .failure(SourceLoadError(reason: "\(error.reason); the new content is in '\(temporary)'"))
        }
        unlink(temporary)
        return .success(())
    }

    /// Creates a temporary file beside `path` holding `bytes`, synced to disk, with
    /// `mode` (a new file's mode when nil) and the owner of `path` where it exists.
    private func temporaryFile(beside path: String, holding bytes: [UInt8], mode: mode_t?) -> Result<String, SourceLoadError> {
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        var template = Array((directory + ".gesturec-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return .failure(lastError()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var original = stat()
        if stat(path, &original) == 0 {
            // Keeping the owner needs privileges a user rarely has; the mode is kept
            // whatever happens here.
            _ = fchown(descriptor, original.st_uid, original.st_gid)
        }
        // mkstemp makes the file private; give it the mode asked for, or the one a new
        // file would have.
        let mask = umask(0)
        umask(mask)
        let failure: SourceLoadError? =
            fchmod(descriptor, mode ?? (0o666 & ~mask)) != 0 || !writeAll(bytes, to: descriptor) || fsync(descriptor) != 0
            ? lastError() : nil
        close(descriptor)
        if let failure {
            unlink(temporary)
            return .failure(failure)
        }
        return .success(temporary)
    }

    private func writeInPlace(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError> {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(lastError()) }
        defer { close(descriptor) }
        return writeAll(bytes, to: descriptor) ? .success(()) : .failure(lastError())
    }

    func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The device and inode the path leads to, links followed.
    func folderIdentity(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino)"
    }

    func createDirectory(_ path: String) -> Result<Void, SourceLoadError> {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return .failure(lastError()) }
        }
        return .success(())
    }

    private func tooLarge(_ size: Int) -> SourceLoadError {
        SourceLoadError(reason: "the file is larger than \(maximumSize) bytes (set GESTUREC_MAX_FILE_SIZE to raise the limit)")
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    private func lastError() -> SourceLoadError {
        SourceLoadError(reason: String(cString: strerror(errno)).lowercased())
    }
}

/// The process's standard streams and environment, as the tool sees them.
struct Terminal {
    /// Standard output, which may carry a binary program.
    var output: ([UInt8]) -> Void
    var errorOutput: ([UInt8]) -> Void
    var environment: [String: String]
    var errorIsTerminal: Bool

    static var process: Terminal {
        var environment: [String: String] = [:]
        if let value = getenv("NO_COLOR") { environment["NO_COLOR"] = String(cString: value) }
        return Terminal(
            output: { writeAll($0, to: STDOUT_FILENO) },
            errorOutput: { writeAll($0, to: STDERR_FILENO) },
            environment: environment,
            errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    func write(_ text: String) { output(Array(text.utf8)) }
    func writeError(_ text: String) { errorOutput(Array(text.utf8)) }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything.
    var usesColor: Bool { errorIsTerminal && environment["NO_COLOR"] == nil }
}

/// Writes every byte to the file descriptor, retrying short and interrupted writes.
/// Returns false when the system refuses (`errno` says why).
@discardableResult
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
            write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written <= 0 {
            if written < 0, errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}
