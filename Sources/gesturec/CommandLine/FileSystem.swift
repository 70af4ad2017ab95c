#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureCompiler

/// Reads files from disk with POSIX calls, so errors carry the system's reason.
struct FileSystem: SourceLoader {
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

    private func lastError() -> SourceLoadError {
        SourceLoadError(reason: String(cString: strerror(errno)).lowercased())
    }
}

/// The process's standard streams and environment, as the tool sees them.
struct Terminal {
    var write: (String) -> Void
    var writeError: (String) -> Void
    var environment: [String: String]
    var errorIsTerminal: Bool

    static var process: Terminal {
        var environment: [String: String] = [:]
        if let value = getenv("NO_COLOR") { environment["NO_COLOR"] = String(cString: value) }
        return Terminal(
            write: { writeAll($0, to: STDOUT_FILENO) },
            writeError: { writeAll($0, to: STDERR_FILENO) },
            environment: environment,
            errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything.
    var usesColor: Bool { errorIsTerminal && environment["NO_COLOR"] == nil }
}

/// Writes every byte of `text` to the file descriptor, retrying short writes.
private func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
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
