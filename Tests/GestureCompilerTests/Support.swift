import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

/// The repository's root directory, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads files from disk for tests.
struct DiskLoader: SourceLoader {
    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SourceLoadError(reason: "no such file or directory"))
        }
        return .success(Array(data))
    }
}

/// Checks `text` as `main.gdl`, with `others` available to import.
func check(_ text: String, others: [String: String] = [:]) -> Compilation {
    Compilation.check(
        roots: [SourceFile(path: "main.gdl", text: text)], loader: InMemorySourceLoader(others),
        errorLimit: nil)
}

/// The messages of a compilation's diagnostics.
func messages(_ compilation: Compilation) -> [String] {
    compilation.diagnostics.diagnostics.map(\.message)
}

/// "path:line:col: message" for every diagnostic.
func located(_ compilation: Compilation) -> [String] {
    compilation.diagnostics.diagnostics.map {
        let file = compilation.sources[$0.range.file]
        let (line, column) = file.lineAndColumn(of: $0.range.start)
        return "\(file.path):\(line):\(column): \($0.message)"
    }
}

/// Wraps set members in a gesture set with a window role.
func inSet(_ members: String) -> String {
    "gestures Test {\n  view window\n\(members)\n}\n"
}

/// The paths of the valid example specs, relative to the repository root. The drafts
/// under Examples/Import are `gesturec import`'s output, not written specs: they show
/// their app's conflicts, and GestureImportTests holds them to their sources.
func exampleSpecs() throws -> [String] {
    let examples = repositoryRoot.appendingPathComponent("Examples")
    let enumerator = FileManager.default.enumerator(atPath: examples.path)
    var specs: [String] = []
    while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".gdl"), !path.hasPrefix("Invalid/"), !path.hasPrefix("Import/"), !path.contains(".build") {
            specs.append("Examples/" + path)
        }
    }
    return specs.sorted()
}

/// Checks and lowers `text` as `main.gdl`; records an issue for any diagnostic.
func build(_ text: String, others: [String: String] = [:]) -> [CompiledSet] {
    let build = check(text, others: others).lowered()
    for message in located(build.compilation) { Issue.record("unexpected diagnostic: \(message)") }
    return build.sets
}

/// The program of the only gesture set of `text`.
func program(_ text: String) throws -> GestureProgram {
    let sets = build(text)
    try #require(sets.count == 1)
    return sets[0].program
}

/// Builds an example spec by its path from the repository root, as the CLI would.
func buildExample(_ path: String) throws -> [CompiledSet] {
    let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))
    let compilation = Compilation.check(
        roots: [SourceFile(path: path, bytes: Array(bytes))], loader: RootedLoader(), errorLimit: nil)
    let build = compilation.lowered()
    let sets = build.sets
    try #require(build.succeeded)
    return sets
}

/// The one comparison with a golden file: `actual` must be byte for byte what `url`
/// holds. With the environment's record switch (`RECORD=1`, or the one a suite names)
/// the file is written anew where it differs, and the test fails all the same, naming
/// the file, so that a record run never passes: review the diff, then run again
/// without the switch. A missing file is a failure, never an empty expectation.
func expectGolden(
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
/// `bytes` to `url` if they differ from what is there. The test fails either way, so a
/// record run never passes: what it wrote is reviewed, and only a run without the
/// switch can pass. Returns whether recording was asked.
func recordIfAsked(
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
    Issue.record("\(url.lastPathComponent) recorded anew: review the diff, then run again without \(name)=1", sourceLocation: sourceLocation)
    return true
}

/// Where two outputs part: the byte offset, and for text the line of each.
func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
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
