import Foundation
import GeneratedSets
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

/// The Swift that `gesturec build` emits for every example, compiled into this target
/// (with warnings as errors) against `GestureRuntime`. `Generated/` holds the golden
/// files that `GoldenProgramTests` keeps up to date; these tests check that the
/// compiled static data is the program lowering produces and that the typed names
/// match the ids.
@Suite("Generated Swift")
struct GeneratedCodeTests {
    @Test("each generated program equals the lowered one")
    func programsMatch() throws {
        #expect(PhotoBrowser.program == (try lowered("Examples/PhotoBrowser.gdl", set: "PhotoBrowser")))
        #expect(Pieces.program == (try lowered("Examples/Pieces.gdl", set: "Pieces")))
        #expect(DotsDrawer.program == (try lowered("Examples/DotsDrawer.gdl", set: "DotsDrawer")))
        #expect(BrowserPage.program == (try lowered("Examples/BrowserPage.gdl", set: "BrowserPage")))
        #expect(TabOverview.program == (try lowered("Examples/BrowserPage.gdl", set: "TabOverview")))
        #expect(Sketchbook.program == (try lowered("Examples/Sketchbook.gdl", set: "Sketchbook")))
    }

    @Test("typed names are the program's names, in id order")
    func typedNames() {
        func names<T: RawRepresentable & CaseIterable>(_: T.Type) -> [String] where T.RawValue == Int {
            T.allCases.map { String(describing: $0) }
        }
        #expect(names(PhotoBrowser.Recognizer.self) == PhotoBrowser.program.recognizers.map(\.name))
        #expect(names(PhotoBrowser.View.self) == PhotoBrowser.program.views.map(\.name))
        #expect(names(PhotoBrowser.Hook.self) == PhotoBrowser.program.hooks.map(\.name))
        #expect(PhotoBrowser.Recognizer.allCases.map(\.rawValue) == Array(PhotoBrowser.program.recognizers.indices))
        #expect(names(BrowserPage.Recognizer.self) == BrowserPage.program.recognizers.map(\.name))
        #expect(names(Pieces.View.self) == Pieces.program.views.map(\.name))
    }

    @Test("generated programs validate")
    func validate() throws {
        for program in [
            PhotoBrowser.program, Pieces.program, DotsDrawer.program, BrowserPage.program, TabOverview.program, Sketchbook.program,
        ] {
            try program.validate()
        }
    }

    /// Builds an example from the repository root, as `gesturec build` does.
    private func lowered(_ path: String, set: String) throws -> GestureProgram {
        let compilation = Compilation.check(roots: [try read(path)], loader: Loader())
        let build = compilation.lowered()
        let sets = build.sets
        try #require(build.succeeded)
        return try #require(sets.first { $0.program.name == set }).program
    }

    private func read(_ path: String) throws -> SourceFile {
        SourceFile(path: path, bytes: try Loader().load(path).get())
    }

    private struct Loader: SourceLoader {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
            guard let data = FileManager.default.contents(atPath: Self.root.path + "/" + path) else {
                return .failure(SourceLoadError(reason: "no such file or directory"))
            }
            return .success(Array(data))
        }
    }
}
