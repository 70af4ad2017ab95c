import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// What the checker records in the semantic model for lowering to read, so that
/// lowering resolves no name and evaluates no argument again.
@Suite("Semantic model records")
struct SemanticModelRecordTests {
    /// The declarations of `kind` named `name`, in the order the checker declared them.
    static func declarations(
        _ kind: SemanticModel.Declaration.Kind, named name: String, in model: SemanticModel
    ) -> [Int] {
        model.declarations.indices.filter { model.declarations[$0].kind == kind && model.declarations[$0].name == name }
    }

    @Test("a recognizer's arguments are recorded in the kind's parameter order, defaults filled in")
    func argumentsInParameterOrder() throws {
        let compilation = check(
            """
            kind press(hold: duration = 300ms, slop: distance, fingers: int = 1, sides: direction = left) discrete {
              possible { on down -> recognized }
            }
            gestures G {
              view window
              recognizer written = press(sides: [left, up], slop: 2 * 5pt, hold: 1s) on window
              recognizer defaulted = press(slop: 4pt) on window
            }
            """)
        #expect(messages(compilation) == [])
        let model = compilation.model
        let written = try #require(Self.declarations(.recognizer, named: "written", in: model).first)
        let defaulted = try #require(Self.declarations(.recognizer, named: "defaulted", in: model).first)
        // In base units (seconds, points), directions as bits: left 1, up 4.
        #expect(model.arguments(ofRecognizer: written)?.map { $0?.bits } == [1, 10, 1, 5])
        #expect(model.arguments(ofRecognizer: defaulted)?.map { $0?.bits } == [0.3, 4, 1, 1])
        // Only recognizers have arguments.
        let window = try #require(Self.declarations(.view, named: "window", in: model).first)
        #expect(model.arguments(ofRecognizer: window) == nil)
    }

    @Test("each recognizer a use brings has its own arguments, and a repeated label keeps its first value")
    func broughtAndRepeated() throws {
        let compilation = check(
            inSet(
                """
                  view photo
                  use zoomingScrollView on photo
                  recognizer twice = tap(taps: 2, taps: 3) on window
                """))
        #expect(messages(compilation) == ["argument 'taps' is given more than once"])
        let model = compilation.model
        let pan = try #require(Self.declarations(.recognizer, named: "photoPan", in: model).first)
        #expect(model.arguments(ofRecognizer: pan)?.count == 4)  // minimumTouches, maximumTouches, hysteresis, direction
        let twice = try #require(Self.declarations(.recognizer, named: "twice", in: model).first)
        #expect(model.arguments(ofRecognizer: twice)?.first??.bits == 2)
    }

    @Test("a recognizer of an unknown kind records no arguments")
    func unknownKind() throws {
        let compilation = check(inSet("  recognizer lost = nothing(taps: 2) on window"))
        let lost = try #require(Self.declarations(.recognizer, named: "lost", in: compilation.model).first)
        #expect(compilation.model.arguments(ofRecognizer: lost) == nil)
    }

    /// The values lowering put in the tables are the checker's, for every recognizer
    /// of every example.
    @Test("every example's recorded arguments are its programs' arguments", arguments: try exampleSpecs())
    func examplesAgree(path: String) throws {
        let bytes = try RootedLoader().load(path).get()
        let build = Compilation.check(
            roots: [SourceFile(path: path, bytes: bytes)], loader: RootedLoader(), errorLimit: nil
        ).lowered()
        try #require(build.succeeded)
        let model = build.compilation.model
        for set in build.sets {
            guard
                let setDeclaration = model.declarations.indices.first(where: {
                    model.declarations[$0].kind == .gestureSet && model.declarations[$0].name == set.program.name
                })
            else {
                Issue.record("\(path): no declaration of set \(set.program.name)")
                continue
            }
            for recognizer in set.program.recognizers {
                let declaration = model.declarations.indices.first {
                    model.declarations[$0].kind == .recognizer && model.declarations[$0].container == setDeclaration
                        && model.declarations[$0].name == recognizer.name
                }
                let values = try #require(declaration.flatMap(model.arguments(ofRecognizer:)), "\(path): \(recognizer.name)")
                #expect(values.map { $0.map(\.bits) } == recognizer.arguments, "\(path): \(recognizer.name)")
            }
        }
    }
}
