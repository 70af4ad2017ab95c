import Foundation
import Testing

/// The one comparison with a golden file: `actual` must be byte for byte what `url`
/// holds. With the environment's record switch (`RECORD=1`, or the one a suite names)
/// the file is written anew where it differs, its diff is printed on standard error,
/// and the test fails all the same, naming the file, so that a record run never
/// passes: review the diff, then run again without the switch. A missing file is a
/// failure, never an empty expectation.
package func expectGolden(
    _ actual: [UInt8], at url: URL, switch name: String = "RECORD", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    if try recordIfAsked(actual, to: url, switch: name, sourceLocation: sourceLocation) { return }
    guard let expected = FileManager.default.contents(atPath: url.path).map(Array.init) else {
        Issue.record("missing \(url.lastPathComponent); run with \(name)=1, then review it", sourceLocation: sourceLocation)
        return
    }
    guard actual != expected else { return }
    Issue.record(
        "\(url.lastPathComponent) differs: \(firstDifference(actual, expected)); run with \(name)=1 to update it, then review the diff",
        sourceLocation: sourceLocation)
}

/// Records a golden file anew when the environment asks (`expectGolden`): writes
/// `bytes` to `url` if they differ from what is there, and prints on standard error
/// the file's path and what changed (`recordedChange`). The test fails either way, so
/// a record run never passes: what it wrote is reviewed, and only a run without the
/// switch can pass. Returns whether recording was asked.
package func recordIfAsked(
    _ bytes: [UInt8], to url: URL, switch name: String = "RECORD", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Bool {
    guard ProcessInfo.processInfo.environment[name] == "1" else { return false }
    let old = FileManager.default.contents(atPath: url.path).map { Array($0) }
    guard old != bytes else {
        Issue.record("\(url.lastPathComponent) is unchanged; run again without \(name)=1", sourceLocation: sourceLocation)
        return true
    }
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    FileHandle.standardError.write(Data(recordedChange(at: url, from: old, to: bytes).utf8))
    Issue.record(
        "\(url.lastPathComponent) recorded anew (its diff is on standard error): review it, then run again without \(name)=1",
        sourceLocation: sourceLocation)
    return true
}

/// What a record run prints for one file it wrote: its path from the repository root,
/// then a unified diff of its lines (`LineDiff`), or for a binary file its sizes and
/// where the two first part.
package func recordedChange(at url: URL, from old: [UInt8]?, to new: [UInt8]) -> String {
    let root = repositoryRoot.path + "/"
    let path = url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    func text(_ bytes: [UInt8]) -> String? {
        bytes.contains(0) ? nil : String(bytes: bytes, encoding: .utf8)
    }
    // No file before reads as an empty text; a binary file on either side has no lines.
    let oldText: String? = if let old { text(old) } else { "" }
    guard let newText = text(new), let oldText else {
        let before = old.map { "\($0.count) bytes" } ?? "no file"
        let part = old.map { firstDifference(new, $0) } ?? "byte 0"
        return "recorded \(path) (binary): \(before) before, \(new.count) bytes now; they part at \(part)\n"
    }
    let header = "recorded \(path)\n--- \(old == nil ? "/dev/null" : path) (before)\n+++ \(path) (recorded)\n"
    return header + LineDiff.unified(old: oldText, new: newText)
}

/// Where two outputs part: the byte offset, and for text the line of each.
package func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
    let offset = actual.indices.first { $0 >= expected.count || actual[$0] != expected[$0] } ?? actual.count
    let lineStart = actual[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = actual[..<offset].count { $0 == UInt8(ascii: "\n") } + 1
    func text(_ bytes: [UInt8]) -> String {
        let rest = bytes.dropFirst(lineStart)
        let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        return String(decoding: rest[..<end].prefix(200), as: UTF8.self)
    }
    return "byte \(offset), line \(line)\n  actual:   \(text(actual))\n  expected: \(text(expected))"
}
