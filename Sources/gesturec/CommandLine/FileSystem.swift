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
struct FileSystem: FileStore {
    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        guard let handle = fopen(path, "rb") else { return .failure(lastError()) }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            bytes.append(contentsOf: buffer[0..<count])
            if count < buffer.count {
                if ferror(handle) != 0 { return .failure(lastError()) }
                return .success(bytes)
            }
        }
    }

    func write(_ bytes: [UInt8], to path: String) -> Result<Void, SourceLoadError> {
        guard let handle = fopen(path, "wb") else { return .failure(lastError()) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        let failed = written != bytes.count || fflush(handle) != 0
        let error = failed ? lastError() : nil
        fclose(handle)
        return error.map { .failure($0) } ?? .success(())
    }

    func createDirectory(_ path: String) -> Result<Void, SourceLoadError> {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return .failure(lastError()) }
        }
        return .success(())
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

/// Writes every byte to the file descriptor, retrying short writes.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var bytes = bytes
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
            write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written <= 0 {
            if written < 0, errno == EINTR { continue }
            return
        }
        offset += written
    }
}
