import Foundation
import GestureCompiler
import GestureRuntime
import TestSupport
import Testing

/// Every example built in every form, compared byte for byte with golden files:
/// `Golden/Programs/<example>.json` and `.gdlb`, and the Swift in
/// `Tests/GeneratedSets/<example>.swift`, which that target compiles against the
/// runtime alone, as an app's module does. Run with `RECORD=1` to write them anew, then review
/// the diff before committing.
@Suite("Golden programs")
struct GoldenProgramTests {
    static let programsDirectory = repositoryRoot.appendingPathComponent("Tests/GestureCompilerTests/Golden/Programs")
    static let swiftDirectory = repositoryRoot.appendingPathComponent("Tests/GeneratedSets")

    /// The example app's specs are compiled by its own build, through the plugin, and
    /// its tests check what they do (`Examples/PhotoApp`).
    static func specsWithGoldens() throws -> [String] {
        try exampleSpecs().filter { !$0.hasPrefix("Examples/PhotoApp/") }
    }

    @Test("built programs match the golden files", arguments: try specsWithGoldens())
    func golden(path: String) throws {
        let sets = try buildExample(path)
        let stem = String(path.split(separator: "/").last?.dropLast(".gdl".count) ?? "")
        try compare(Array(SwiftEmitter.emit(sets, sources: [path]).utf8), with: Self.swiftDirectory.appendingPathComponent(stem + ".swift"))
        try compare(Array(JSONEmitter.emit(sets.map(\.program)).utf8), with: Self.programsDirectory.appendingPathComponent(stem + ".json"))
        try compare(BinaryEmitter.emit(sets.map(\.program)), with: Self.programsDirectory.appendingPathComponent(stem + ".gdlb"))
    }

    private func compare(_ actual: [UInt8], with url: URL) throws {
        try expectGolden(actual, at: url)
    }
}
