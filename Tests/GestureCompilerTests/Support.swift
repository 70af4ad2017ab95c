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

/// The paths of the valid example specs, relative to the repository root.
func exampleSpecs() throws -> [String] {
    let examples = repositoryRoot.appendingPathComponent("Examples")
    let enumerator = FileManager.default.enumerator(atPath: examples.path)
    var specs: [String] = []
    while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".gdl"), !path.hasPrefix("Invalid/"), !path.contains(".build") {
            specs.append("Examples/" + path)
        }
    }
    return specs.sorted()
}

/// Checks and lowers `text` as `main.gdl`; records an issue for any diagnostic.
func build(_ text: String, others: [String: String] = [:]) -> [CompiledSet] {
    var compilation = check(text, others: others)
    var lowering = DiagnosticBag()
    let sets = compilation.diagnostics.hasErrors ? [] : Lowering.lower(compilation, diagnostics: &lowering)
    compilation.diagnostics.append(contentsOf: lowering)
    for message in located(compilation) { Issue.record("unexpected diagnostic: \(message)") }
    return sets
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
    var diagnostics = DiagnosticBag()
    let sets = Lowering.lower(compilation, diagnostics: &diagnostics)
    try #require(!compilation.diagnostics.hasErrors && !diagnostics.hasErrors)
    return sets
}

/// Records a golden file anew when the environment asks (`RECORD=1`, or the switch a
/// suite names): writes `bytes` to `url` if they differ from what is there, and then
/// fails the test, naming the file, so that a record run that changed anything never
/// passes unnoticed: review the diff, then run again without the switch. Returns
/// whether recording was asked, for the caller to skip its comparison.
func recordIfAsked(_ bytes: [UInt8], to url: URL, switch name: String = "RECORD") throws -> Bool {
    guard ProcessInfo.processInfo.environment[name] == "1" else { return false }
    let old = FileManager.default.contents(atPath: url.path).map { Array($0) }
    guard old != bytes else { return true }
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    Issue.record("\(url.lastPathComponent) recorded anew: review the diff, then run again without \(name)=1")
    return true
}
