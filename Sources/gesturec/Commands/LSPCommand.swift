import GestureCompiler
import GestureLanguageService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gesturec lsp`: the language server over standard input and output
/// (`LanguageServer`; docs/editors.md). This command only moves bytes: it reads
/// framed messages, hands each to the server and writes back what it answers.
struct LSPCommand {
    init(arguments: [String]) throws(UsageError) {
        _ = try Arguments(arguments, flags: [], options: [])
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        var server = LanguageServer(loader: tool.fileSystem, preludePath: writePrelude(with: tool))
        var reader = MessageReader { readChunk() }
        while true {
            let body: [UInt8]
            do throws(MessageReader.FramingError) {
                guard let next = try reader.next() else { return .inputErrors }  // input closed without `exit`
                body = next
            } catch {
                // The stream cannot be followed past a framing mistake: the client is
                // told, as JSON-RPC tells a message it cannot parse (an error with a
                // null id), before the server ends.
                tool.terminal.output(
                    MessageReader.frame(
                        LanguageServer.error(
                            id: .null, code: .parseError, "cannot read a message: \(error); the server stops"
                        ).bytes))
                tool.terminal.writeError("gesturec lsp: cannot read a message: \(error)\n")
                return .inputErrors
            }
            for message in server.handle(body) {
                tool.terminal.output(MessageReader.frame(message.bytes))
            }
            if let status = server.exitStatus { return status == 0 ? .success : .inputErrors }
        }
    }

    /// Writes the prelude where go-to-definition can open it, once per user and
    /// version; nil when it cannot be written safely.
    ///
    /// The folder's name in the shared temporary directory can be guessed, so another
    /// user could have made it first, or a link by that name: it is used only if it is
    /// a real directory (not a link), the user's own, that no one else can write or
    /// read (mode 0700, which it is made with). Otherwise go-to-definition on a
    /// built-in kind finds nothing, and nothing is written.
    private func writePrelude(with tool: Tool) -> String? {
        let directory = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/gesturec-\(getuid())"
        let path = directory + "/prelude-\(Usage.version).gdl"
        if mkdir(directory, 0o700) != 0, errno != EEXIST { return nil }
        var status = stat()
        guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
            status.st_mode & 0o077 == 0
        else { return nil }
        guard case .success = tool.fileSystem.write(Array(Prelude.source.utf8), to: path) else { return nil }
        return path
    }
}

/// The next chunk of standard input, or nil at its end or on an error.
private func readChunk() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0, errno == EINTR { continue }
        return nil
    }
}
