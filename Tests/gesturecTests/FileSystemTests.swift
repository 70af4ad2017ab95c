import Foundation
import GestureCompiler
import Testing

@testable import gesturec

/// The tool's disk access: only regular files are read, none past the size limit, and
/// output files are replaced whole or not at all.
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

    /// The file's permission bits.
    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test("a symbolic link is followed: its target is written and the link stays a link")
    func symbolicLinks() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.gdl").path
        let link = folder.appendingPathComponent("link.gdl").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink("real.gdl", link) == 0)
        #expect(throws: Never.self) { try FileSystem().write(Array("new".utf8), to: link).get() }
        #expect(FileManager.default.contents(atPath: target) == Data("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.gdl")
        // A link to nothing is refused rather than replaced by a file.
        let dangling = folder.appendingPathComponent("dangling.gdl").path
        #expect(symlink("nowhere.gdl", dangling) == 0)
        #expect(reason(FileSystem().write(Array("x".utf8), to: dangling)) == "a symbolic link to a file that does not exist")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dangling.gdl", "link.gdl", "real.gdl"])
    }

    @Test("a rewritten file keeps its mode; a new file gets the usual one")
    func modes() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("private.gdl").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        #expect(throws: Never.self) { try FileSystem().write(Array("new".utf8), to: path).get() }
        #expect(mode(path) == 0o600)
        #expect(chmod(path, 0o750) == 0)
        #expect(throws: Never.self) { try FileSystem().write(Array("newer".utf8), to: path).get() }
        #expect(mode(path) == 0o750)
        let fresh = folder.appendingPathComponent("fresh.gdl").path
        let mask = umask(0)
        umask(mask)
        #expect(throws: Never.self) { try FileSystem().write(Array("x".utf8), to: fresh).get() }
        #expect(mode(fresh) == 0o666 & ~mask)
    }

    @Test("a read-only file is refused with the reason, unless forced; forced, it keeps its mode")
    func readOnly() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("locked.gdl").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o444) == 0)
        #expect(
            reason(FileSystem().write(Array("new".utf8), to: path))
                == "the file is read-only (mode 444); make it writable, or pass --force to write it all the same")
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(throws: Never.self) { try FileSystem().write(Array("new".utf8), to: path, replacingReadOnly: true).get() }
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        #expect(mode(path) == 0o444)
    }

    @Test("a file with hard links is written in its own inode: every link sees the new content")
    func hardLinks() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("spec.gdl").path
        let other = folder.appendingPathComponent("other.gdl").path
        try Data("a longer old content".utf8).write(to: URL(fileURLWithPath: path))
        #expect(link(path, other) == 0)
        var before = stat()
        #expect(stat(path, &before) == 0)
        #expect(throws: Never.self) { try FileSystem().write(Array("short".utf8), to: path).get() }
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
        #expect(FileManager.default.contents(atPath: other) == Data("short".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["other.gdl", "spec.gdl"])
    }

    @Test("format --in-place and check --fix write through the same rules, --force for read-only files")
    func commands() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("spec.gdl").path
        let link = folder.appendingPathComponent("link.gdl").path
        try Data("gestures S {\nview window\n}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o444) == 0)
        #expect(symlink("spec.gdl", link) == 0)
        var errors = ""
        let tool = Tool(
            terminal: Terminal(
                output: { _ in }, errorOutput: { errors += String(decoding: $0, as: UTF8.self) },
                environment: [:], errorIsTerminal: false),
            fileSystem: FileSystem())
        #expect(tool.run(["format", "--in-place", link]) == .usageOrIO)
        #expect(errors.contains("the file is read-only (mode 444)"))
        #expect(tool.run(["format", "--force", link]) == .usageOrIO)
        #expect(tool.run(["format", "--in-place", "--force", link]) == .success)
        #expect(FileManager.default.contents(atPath: path) == Data("gestures S {\n  view window\n}\n".utf8))
        #expect(mode(path) == 0o444)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "spec.gdl")
    }

    @Test("a write to a device goes to the device")
    func devices() {
        #expect(throws: Never.self) { try FileSystem().write(Array("ignored".utf8), to: "/dev/null").get() }
    }

    @Test("test DIR searches each real folder once: links back to a folder above end the walk")
    func symbolicLinkLoops() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = "gestures A {\n  view window\n  recognizer t = tap on window\n}\n"
        let test = "view w: window [0 0 400 800]\ntest \"tap\"\n  0  down 1 at (5, 5)\n  0.05  up 1 at (5, 5)\n  expect t recognized\n"
        try Data(spec.utf8).write(to: folder.appendingPathComponent("a.gdl"))
        try Data(test.utf8).write(to: folder.appendingPathComponent("a.gdltest"))
        // Two links to the folder itself: followed blindly, 2^32 paths.
        #expect(symlink(folder.path, folder.appendingPathComponent("loop1").path) == 0)
        #expect(symlink(".", folder.appendingPathComponent("loop2").path) == 0)
        var out: [UInt8] = []
        let terminal = Terminal(output: { out += $0 }, errorOutput: { _ in }, environment: [:], errorIsTerminal: false)
        let tool = Tool(terminal: terminal, fileSystem: FileSystem())
        #expect(tool.run(["test", folder.path]) == .success)
        #expect(String(decoding: out, as: UTF8.self) == "1 passed, 0 failed\n")
    }
}
