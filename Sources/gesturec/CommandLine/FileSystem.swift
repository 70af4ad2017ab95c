#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureCompiler

/// Where the tool reads sources and programs and writes its output.
protocol FileStore: SourceLoader {
    func write(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError>
    /// Creates a directory (and its parents) unless it exists.
    func createDirectory(_ path: String) -> Result<Void, SourceLoadError>
}

/// Reads and writes files on disk with POSIX calls, so errors carry the system's reason.
///
/// Reading is bounded: only regular files are read (a FIFO or a device is refused
/// before anything blocks or grows), and none larger than `maximumSize`. Writing is
/// whole or not at all: the bytes go to a temporary file beside the target, which
/// then replaces it, so a failed or interrupted write never leaves a truncated file
/// where the last good one was.
struct FileSystem: FileStore {
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

    func write(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError> {
        // A target that exists and is not a regular file (a terminal, `/dev/null`, a
        // FIFO) is written in place: it cannot be replaced, nor need it be.
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return writeInPlace(bytes, to: path) }
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        var template = Array((directory + ".gesturec-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return .failure(lastError()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file private; give it the mode a new file would have.
        let mask = umask(0)
        umask(mask)
        let failure: SourceLoadError? =
            fchmod(descriptor, 0o666 & ~mask) != 0 || !writeAll(bytes, to: descriptor) || fsync(descriptor) != 0
            ? lastError() : nil
        close(descriptor)
        if let failure {
            unlink(temporary)
            return .failure(failure)
        }
        guard rename(temporary, path) == 0 else {
            let error = lastError()
            unlink(temporary)
            return .failure(error)
        }
        return .success(())
    }

    private func writeInPlace(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError> {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(lastError()) }
        defer { close(descriptor) }
        return writeAll(bytes, to: descriptor) ? .success(()) : .failure(lastError())
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
