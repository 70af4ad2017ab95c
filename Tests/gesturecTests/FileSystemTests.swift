import Foundation
import GestureCompiler
import Testing

@testable import gesturec

/// The tool's disk access: only regular files are read, none past the size limit, and
/// output files are replaced whole or not at all (issue 24).
@Suite("File system")
struct FileSystemTests {
    /// A fresh directory for one test.
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesturec-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func reason<T>(_ result: Result<T, SourceLoadError>) -> String? {
        if case .failure(let error) = result { return error.reason }
        return nil
    }

    @Test("a FIFO, a device or a directory is refused before anything is read")
    func nonRegularFiles() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("spec.gdl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // With no writer, a blocking read would never return.
        #expect(reason(FileSystem().load(fifo)) == "not a regular file (a FIFO)")
        #expect(reason(FileSystem().load("/dev/zero")) == "not a regular file (a character device)")
        #expect(reason(FileSystem().load(folder.path)) == "not a regular file (a directory)")
    }

    @Test("a file over the size limit is refused; the environment sets the limit")
    func sizeLimit() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.gdl").path
        try Data(repeating: 0x20, count: 1000).write(to: URL(fileURLWithPath: path))
        #expect(try FileSystem(maximumSize: 1000).load(path).get().count == 1000)
        #expect(reason(FileSystem(maximumSize: 999).load(path))?.hasPrefix("the file is larger than 999 bytes") == true)
        #expect(FileSystem.maximumSize(environment: nil) == 64 << 20)
        #expect(FileSystem.maximumSize(environment: "4096") == 4096)
        #expect(FileSystem.maximumSize(environment: "-1") == 64 << 20)
        #expect(FileSystem.maximumSize(environment: "lots") == 64 << 20)
    }

    @Test("a write replaces the file whole and leaves no temporary file; a failed one leaves the old file")
    func atomicWrites() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.swift").path
        #expect(throws: Never.self) { try FileSystem().write(Array("first".utf8), to: path).get() }
        #expect(throws: Never.self) { try FileSystem().write(Array("second".utf8), to: path).get() }
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.swift"])

        // A directory in the target's place cannot be replaced by a file: the write
        // fails, and nothing is left behind.
        let blocked = folder.appendingPathComponent("blocked").path
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        #expect(reason(FileSystem().write(Array("x".utf8), to: blocked)) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["blocked", "out.swift"])
        #expect(reason(FileSystem().write(Array("x".utf8), to: folder.path + "/missing/out.swift")) != nil)
    }

    @Test("a write to a device goes to the device")
    func devices() {
        #expect(throws: Never.self) { try FileSystem().write(Array("ignored".utf8), to: "/dev/null").get() }
    }
}
