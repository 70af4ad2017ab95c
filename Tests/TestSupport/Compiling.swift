import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

/// Checks `text` as `main.gdl`, with `others` available to import.
package func check(_ text: String, others: [String: String] = [:]) -> Compilation {
    Compilation.check(
        roots: [SourceFile(path: "main.gdl", text: text)], loader: InMemorySourceLoader(others),
        errorLimit: nil)
}

/// The messages of a compilation's diagnostics.
package func messages(_ compilation: Compilation) -> [String] {
    compilation.diagnostics.diagnostics.map(\.message)
}

/// "path:line:col: message" for every diagnostic.
package func located(_ compilation: Compilation) -> [String] {
    compilation.diagnostics.diagnostics.map {
        let file = compilation.sources[$0.range.file]
        let (line, column) = file.lineAndColumn(of: $0.range.start)
        return "\(file.path):\(line):\(column): \($0.message)"
    }
}

/// Wraps set members in a gesture set with a window role.
package func inSet(_ members: String) -> String {
    "gestures Test {\n  view window\n\(members)\n}\n"
}

/// Checks and lowers `text` as `main.gdl`; records an issue for any diagnostic.
package func build(_ text: String, others: [String: String] = [:]) -> [CompiledSet] {
    let build = check(text, others: others).lowered()
    for message in located(build.compilation) { Issue.record("unexpected diagnostic: \(message)") }
    return build.sets
}

/// The program of the only gesture set of `text`.
package func program(_ text: String) throws -> GestureProgram {
    let sets = build(text)
    try #require(sets.count == 1)
    return sets[0].program
}

/// Checks a spec of the repository by its path from the repository root, its imports
/// read from disk.
package func checkRepositorySpec(_ path: String) throws -> Compilation {
    let bytes = try RootedLoader().load(path).get()
    return Compilation.check(roots: [SourceFile(path: path, bytes: bytes)], loader: RootedLoader(), errorLimit: nil)
}

/// Builds an example spec by its path from the repository root, as the CLI would.
package func buildExample(_ path: String) throws -> [CompiledSet] {
    let bytes = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))
    let compilation = Compilation.check(
        roots: [SourceFile(path: path, bytes: Array(bytes))], loader: RootedLoader(), errorLimit: nil)
    let build = compilation.lowered()
    let sets = build.sets
    try #require(build.succeeded)
    return sets
}

/// Compiles an example spec of the repository (`Examples/…`), which must not import.
package func compileExample(_ name: String) throws -> GestureProgram {
    let path = repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    let data = try #require(FileManager.default.contents(atPath: path), "no \(path)")
    let compilation = Compilation.check(
        roots: [SourceFile(path: name, bytes: Array(data))], loader: InMemorySourceLoader([:]), errorLimit: nil)
    let build = compilation.lowered()
    let sets = build.sets
    return try #require(sets.first).program
}

/// Compiles the members of one gesture set (with the prelude, and `kinds` declared
/// before the set) to a program.
package func compileSet(_ members: String, kinds: String = "") throws -> GestureProgram {
    let source = kinds + "\ngestures Test {\n\(members)\n}\n"
    let compilation = Compilation.check(
        roots: [SourceFile(path: "test.gdl", text: source)], loader: InMemorySourceLoader([:]), errorLimit: nil)
    let build = compilation.lowered()
    let sets = build.sets
    for diagnostic in build.compilation.diagnostics.diagnostics where diagnostic.severity == .error {
        Issue.record("unexpected diagnostic: \(diagnostic.message)")
    }
    return try #require(sets.first).program
}
