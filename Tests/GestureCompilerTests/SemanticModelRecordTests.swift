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
        let build = try checkRepositorySpec(path).lowered()
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

extension SemanticModelRecordTests {
    /// The range of the `occurrence`-th `word` (from 0) in `compilation`'s file `path`.
    static func range(of word: String, occurrence: Int = 0, in path: String, of compilation: Compilation) throws -> SourceRange {
        let id = try #require(compilation.sources.files.firstIndex { $0.path == path })
        let bytes = compilation.sources.files[id].bytes
        let needle = Array(word.utf8)
        var ranges: [SourceRange] = []
        for start in bytes.indices where bytes[start...].starts(with: needle) {
            ranges.append(SourceRange(file: FileID(id), start: start, end: start + needle.count))
        }
        try #require(occurrence < ranges.count, "no \(word) #\(occurrence) in \(path)")
        return ranges[occurrence]
    }

    @Test("what a use brings refers, for that use, to the recognizers it brings; the index still lists the component's own")
    func broughtReferencesPerUse() throws {
        let compilation = check(
            """
            import "parts.gdl"
            gestures G {
              view window { view left_ { view right_ } }
              hook allowed = true
              use twoTaps on left_
              use twoTaps on right_ as other
            }
            """,
            others: [
                "parts.gdl": """
                component twoTaps(host) {
                  recognizer single = tap on host { shouldBegin: allowed }
                  recognizer double = tap(taps: 2) on host
                  single requires double to fail
                }
                """
            ])
        #expect(messages(compilation) == [])
        let model = compilation.model
        let main = { (word: String, occurrence: Int) in try Self.range(of: word, occurrence: occurrence, in: "main.gdl", of: compilation) }
        let parts = { (word: String, occurrence: Int) in try Self.range(of: word, occurrence: occurrence, in: "parts.gdl", of: compilation) }
        let firstUse = try #require(model.declarations.indices.first { model.declarations[$0].name == "left_Single" })
        let secondUse = try #require(model.declarations.indices.first { model.declarations[$0].name == "otherSingle" })
        let firstDouble = try #require(model.declarations.indices.first { model.declarations[$0].name == "left_Double" })
        let secondDouble = try #require(model.declarations.indices.first { model.declarations[$0].name == "otherDouble" })
        let hook = try #require(Self.declarations(.hook, named: "allowed", in: model).first)
        let tap = try #require(Self.declarations(.kind, named: "tap", in: model).first)
        let uses = (first: try main("use twoTaps on left_", 0), second: try main("use twoTaps on right_ as other", 0))

        // `single requires double to fail`, written once, refers to each use's pair.
        let single = try parts("single", 1)
        let double = try parts("double", 1)
        func unlisted(_ range: SourceRange, _ use: SourceRange?) -> Int? {
            model.unlistedReferences[.init(use: use, range: range)]
        }
        #expect(unlisted(single, uses.first) == firstUse)
        #expect(unlisted(double, uses.first) == firstDouble)
        #expect(unlisted(single, uses.second) == secondUse)
        #expect(unlisted(double, uses.second) == secondDouble)
        // The kind and the hook a brought line names, for each use.
        for use in [uses.first, uses.second] {
            #expect(unlisted(try parts("tap", 0), use) == tap)
            #expect(unlisted(try parts("allowed", 0), use) == hook)
        }

        // What the language index lists is unchanged: the component's line names its
        // own recognizers, once; no listed reference is to a brought recognizer.
        let componentSingle = try #require(
            model.declarations.indices.first {
                model.declarations[$0].name == "single" && model.declarations[$0].kind == .recognizer
            })
        #expect(model.references.filter { $0.range == single }.map(\.declaration) == [componentSingle])
        let allowed = try parts("allowed", 0)
        #expect(!model.references.contains { $0.range == allowed })
        #expect(!model.references.contains { [firstUse, secondUse, firstDouble, secondDouble].contains($0.declaration) })
    }

    @Test("'report moves' names the report and reads the variable, unlisted")
    func reportOfAVariable() throws {
        let compilation = check(
            """
            kind counting discrete {
              var moves: int = 0
              report moves
              possible { on move { moves += 1 } on up -> recognized }
            }
            """)
        #expect(messages(compilation) == [])
        let model = compilation.model
        let moves = try #require(Self.declarations(.variable, named: "moves", in: model).first)
        let reported = try Self.range(of: "moves", occurrence: 1, in: "main.gdl", of: compilation)
        #expect(model.unlistedReferences[.init(use: nil, range: reported)] == moves)
        #expect(!model.references.contains { $0.range == reported })
    }
}
