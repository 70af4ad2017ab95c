import Foundation
import GestureCompiler
import Testing

@testable import gesturec

/// Text from the command line and the spec that reaches generated code is escaped by
/// one function per context, so no path or doc comment can end a comment or a string
/// early and become code.
@Suite("Generated text")
struct GeneratedTextTests {
    static let hostilePaths = [
        "a\nfatalError(\"injected\")\n.gdl", "a\r\npublic let injected = 1 //.gdl", "a\"quote\".gdl",
        "a*/ /*.gdl", "back\\slash\\.gdl", "noël \u{2028}line\u{2029}para\u{85}.gdl", "tab\there\u{7F}.gdl",
    ]

    @Test("hostile spec paths stay inside the header comment and the files array", arguments: hostilePaths)
    func hostilePath(path: String) throws {
        let spec = """
            /// A set whose doc comment has a carriage return\r public let alsoInjected = 1
            gestures A {
              view window
              recognizer t = tap on window
            }
            """
        let harness = Harness(files: [path: spec])
        #expect(harness.run("build", path) == .success, "\(harness.err)")
        let swift = harness.out
        #expect(!swift.contains("\ninjected") && !swift.contains("\nfatalError") && !swift.contains("\npublic let injected"))
        #expect(!swift.contains("\r"), "no raw carriage return reaches the file")
        for line in swift.split(separator: "\n") where line.contains("injected") {
            #expect(line.hasPrefix("// ") || line.hasPrefix("/// ") || line.contains("\"a"), "\(line)")
        }
        try Self.expectParses(swift)
    }

    /// `swiftc -parse` reads the file as Swift: a comment or literal that ended early
    /// would leave text that does not parse.
    static func expectParses(_ swift: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesturec-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Generated.swift")
        try Data(swift.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swiftc -parse: \(message)")
    }
}
