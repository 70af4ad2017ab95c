#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureCompiler
import GestureLanguageService

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
    /// version; nil when it cannot be written.
    private func writePrelude(with tool: Tool) -> String? {
        let directory = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/gesturec-\(getuid())"
        let path = directory + "/prelude-\(Usage.version).gdl"
        guard case .success = tool.fileSystem.createDirectory(directory),
              case .success = tool.fileSystem.write(Array(Prelude.source.utf8), to: path)
        else { return nil }
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
