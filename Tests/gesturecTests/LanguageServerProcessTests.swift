import Foundation
import GestureCompiler
import GestureDSL
import GestureLanguageService
import GestureRuntime
import Testing

@testable import gesturec

/// The real `gesturec lsp` process, driven through pipes as an editor drives it: the
/// framing, the command's loop and the exit status, end to end. (`.ci/run` also runs a
/// session with Neovim's client, which nobody here wrote: scripts/check-lsp-client.sh.)
@Suite("gesturec lsp, the process")
struct LanguageServerProcessTests {
    /// The `gesturec` built beside this test runner.
    static func executable() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("gesturec")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    @Test("a session: initialize, open, change, hover, definition, completion, rename, format, shutdown, exit")
    func session() throws {
        let uri = "file:///virtual/spec.gdl"
        let text =
            "gestures A {\n  view window\n  recognizer drag = pan on window\n  recognizer tap1 = tap on window\n  tap1 requires drag to fail\n}\n"
        func message(_ id: Int?, _ method: String, _ params: JSONOutput) -> [UInt8] {
            var fields: [(String, JSONOutput)] = [("jsonrpc", .string("2.0"))]
            if let id { fields.append(("id", .int(id))) }
            fields += [("method", .string(method)), ("params", params)]
            return MessageReader.frame(JSONOutput.object(fields).bytes)
        }
        func document(_ extra: [(String, JSONOutput)] = []) -> JSONOutput {
            .object([("textDocument", .object([("uri", .string(uri))]))] + extra)
        }
        func position(_ line: Int, _ character: Int) -> (String, JSONOutput) {
            ("position", .object([("line", .int(line)), ("character", .int(character))]))
        }
        var input: [UInt8] = []
        input += message(1, "initialize", .object([("processId", .null), ("capabilities", .object([]))]))
        input += message(nil, "initialized", .object([]))
        input += message(
            nil, "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri)), ("languageId", .string("gdl")), ("version", .int(1)), ("text", .string(text)),
                    ])
                )
            ]))
        // `pan` becomes `pann`: an error, then the hover and the rest see the new text.
        input += message(
            nil, "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            (
                                "range",
                                .object([
                                    ("start", .object([("line", .int(2)), ("character", .int(23))])),
                                    ("end", .object([("line", .int(2)), ("character", .int(23))])),
                                ])
                            ),
                            ("text", .string("n")),
                        ])
                    ])
                ),
            ]))
        input += message(2, "textDocument/hover", document([position(4, 18)]))
        input += message(3, "textDocument/definition", document([position(4, 18)]))
        input += message(4, "textDocument/completion", document([position(3, 27)]))
        input += message(5, "textDocument/rename", document([position(2, 14), ("newName", .string("scroll"))]))
        input += message(6, "textDocument/formatting", document([("options", .object([]))]))
        input += message(7, "shutdown", .null)
        input += message(nil, "exit", .null)

        let (status, messages) = try serve(input)
        #expect(status == 0)

        var responses: [Int: JSONNode] = [:]
        var diagnostics: [JSONNode] = []
        for value in messages {
            if let id = value["id"]?.int { responses[id] = value }
            if value["method"]?.string == "textDocument/publishDiagnostics" { diagnostics.append(value) }
        }
        #expect(responses[1]?["result"]?["capabilities"]?["renameProvider"] != nil)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.last?["params"]?["diagnostics"]?.elements?.first?["code"]?.string == "GDL103")
        #expect(responses[2]?["result"]?["contents"]?["value"]?.string?.hasPrefix("```gdl\nrecognizer drag = pann on window") == true)
        #expect(responses[3]?["result"]?["range"]?["start"]?["line"]?.int == 2)
        let labels = responses[4]?["result"]?.elements?.compactMap { $0["label"]?.string } ?? []
        #expect(labels == ["window"])
        #expect(responses[5]?["result"]?["changes"]?[uri]?.elements.map(Array.init)?.count == 2)
        #expect(responses[6]?["result"]?.elements?.first?["newText"]?.string == text.replacingOccurrences(of: "pan ", with: "pann "))
        #expect(responses[7]?["result"]?.isNull == true)
    }
}

extension LanguageServerProcessTests {
    /// Runs `gesturec lsp` on `input` (with TMPDIR set to `temporary` if given) and
    /// returns its exit status and the messages it wrote.
    private func serve(_ input: [UInt8], temporary: String? = nil) throws -> (Int32, [JSONNode]) {
        let binary = try #require(Self.executable(), "gesturec is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["lsp"]
        if let temporary { process.environment = ["TMPDIR": temporary] }
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var chunks = [Array(output)]
        var reader = MessageReader { chunks.popLast() }
        var messages: [JSONNode] = []
        while let body = try reader.next() { messages.append(try JSONNode.parse(body)) }
        return (process.terminationStatus, messages)
    }

    @Test("a message that cannot be framed gets a JSON-RPC parse error with a null id before the server stops")
    func framingError() throws {
        let (status, messages) = try serve(Array("Content-Length: 12\r\nContent-Length: x\r\n\r\n{}".utf8))
        #expect(status == 1)
        #expect(messages.count == 1)
        #expect(messages.first?["error"]?["code"]?.int == -32700)
        #expect(messages.first?["id"]?.isNull == true)
    }

    @Test("the prelude goes to a folder of the user's own, never through a folder or link someone else made")
    func preludeFolder() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("gesturec-prelude-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let initialize =
            MessageReader.frame(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
            + MessageReader.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8))
        let folder = temporary.appendingPathComponent("gesturec-\(getuid())")

        // Made by the server: private, holding the prelude.
        _ = try serve(initialize, temporary: temporary.path)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/prelude-\(Usage.version).gdl"))
        try FileManager.default.removeItem(at: folder)

        // A link by that name (to a folder anyone can write): not followed, nothing written.
        let elsewhere = temporary.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        _ = try serve(initialize, temporary: temporary.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        try FileManager.default.removeItem(at: folder)

        // A folder others can write: not used.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        _ = try serve(initialize, temporary: temporary.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
