import Foundation
import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

@testable import GestureSimulation

/// The checker's record of what names and expressions are (`Compilation.model`), which
/// lowering, the language index and the guard explanations read instead of resolving
/// names again.
@Suite("Semantic model")
struct SemanticModelTests {
    @Test("every reference is written as its declaration's name, and every written declaration at its name", arguments: try exampleSpecs())
    func referencesNameTheirDeclarations(path: String) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let compilation = Compilation.check(
            roots: [SourceFile(path: path, text: text)], loader: DiskLoader(), errorLimit: nil)
        let model = compilation.model
        func written(_ range: SourceRange) -> String {
            compilation.sources[range.file].text(range.start..<range.end)
        }
        #expect(!model.references.isEmpty)
        for reference in model.references {
            let declaration = model.declarations[reference.declaration]
            #expect(written(reference.range) == declaration.name, "\(path): a reference to \(declaration.kind.rawValue) \(declaration.name)")
        }
        for declaration in model.declarations where declaration.isWritten {
            #expect(written(declaration.nameRange) == declaration.name)
        }
    }

    static let spec = """
        kind drag(limit: distance = 10pt) continuous {
            var moves: int = 0
            report translation
            possible {
                on move where length(translation) > limit && translation.y < 0 -> began
                on move { moves += 1 }
            }
            began, changed {
                on move -> changed
                on up -> ended
            }
        }
        gestures Board {
            view window { view card }
            hook allowed = true
            recognizer move = drag(limit: 20pt) on card {
                shouldBegin: allowed && touchedView in card
                shouldRecognizeSimultaneously: other.kind == pan || other == move
            }
            recognizer scroll = pan on window
            move requires scroll to fail
        }
        """

    @Test("a name means its declaration, a feature, a constant or 'other'; a member, a component or what 'other' has")
    func meanings() throws {
        let compilation = check(Self.spec)
        #expect(compilation.diagnostics.errorCount == 0)
        let model = compilation.model
        let kind = try #require(compilation.files.first?.kinds.first)
        let guardExpr = try #require(kind.states.first?.transitions.first?.guardExpr)
        // `length(translation) > limit && translation.y < 0`
        guard case .binary(.and, let longEnough, let upward) = guardExpr.kind,
            case .binary(.greater, let length, let limit) = longEnough.kind,
            case .call(_, let arguments) = length.kind,
            case .binary(.less, let y, let zero) = upward.kind,
            case .member(let translation, _) = y.kind
        else {
            Issue.record("the guard is not as written")
            return
        }
        #expect(model.type(of: guardExpr) == .bool)
        #expect(model.meaning(of: arguments[0]) == .feature)
        #expect(model.type(of: arguments[0]) == .vector(.length))
        #expect(model.type(of: length) == .scalar(.length))
        #expect(model.meaning(of: limit) == .parameter)
        #expect(model.meaning(of: y) == .component)
        #expect(model.type(of: y) == .scalar(.length))
        #expect(model.meaning(of: translation) == .feature)
        #expect(model.meaning(of: zero) == nil)
        #expect(model.meaning(of: length) == nil)

        // `report translation` computes its name: a feature, no reference written twice.
        let report = try #require(kind.reports.first)
        #expect(model.meaning(of: report.computed) == .feature)
        #expect(!model.references.contains { $0.range == report.name.range })

        let set = try #require(compilation.files.first?.gestureSets.first)
        let recognizers = set.members.compactMap { member -> RecognizerDecl? in
            if case .recognizer(let recognizer) = member { recognizer } else { nil }
        }
        let move = try #require(recognizers.first)
        let shouldBegin = try #require(move.properties.first?.value)
        guard case .binary(.and, let allowed, let inCard) = shouldBegin.kind, case .binary(.contains, let touched, let card) = inCard.kind
        else {
            Issue.record("shouldBegin is not as written")
            return
        }
        #expect(model.meaning(of: allowed) == .hook)
        #expect(model.meaning(of: touched) == .feature)
        #expect(model.meaning(of: card) == .view)
        #expect(model.type(of: card) == .view)
        let simultaneous = try #require(move.properties.last?.value)
        guard case .binary(.or, let kindTest, let isMove) = simultaneous.kind, case .binary(.equal, let otherKind, let pan) = kindTest.kind,
            case .binary(.equal, let other, let moveName) = isMove.kind
        else {
            Issue.record("shouldRecognizeSimultaneously is not as written")
            return
        }
        #expect(model.meaning(of: otherKind) == .otherKind)
        #expect(model.meaning(of: pan) == .kindName)
        #expect(model.meaning(of: other) == .other)
        #expect(model.meaning(of: moveName) == .recognizer)

        // Names outside expressions: the kind's name, the label, the role, the relation's
        // recognizers, the transition's target and the assignment's variable.
        func declaration(at range: SourceRange) -> SemanticModel.Declaration? {
            model.references.first { $0.range == range }.map { model.declarations[$0.declaration] }
        }
        #expect(declaration(at: move.kind.range)?.kind == .kind)
        #expect(declaration(at: move.arguments[0].label.range).map { ($0.kind, $0.name) } ?? (.hook, "") == (.parameter, "limit"))
        #expect(declaration(at: move.role.range)?.kind == .view)
        #expect(declaration(at: pan.range)?.name == "pan")
        let target = try #require(kind.states.last?.transitions.first?.target)
        #expect(declaration(at: target.range).map { ($0.kind, $0.name) } ?? (.hook, "") == (.state, "changed"))
        guard case .assign(let variable, _, _, _)? = kind.states.first?.transitions.last?.actions.first else {
            Issue.record("the assignment is not as written")
            return
        }
        #expect(declaration(at: variable.range)?.kind == .variable)
        for case .requirement(let requirement) in set.members {
            #expect(declaration(at: requirement.required.range)?.name == "scroll")
        }
    }

    /// Types are coded in the fact word itself: a negative power, a dimensionless
    /// number and a direction come back as they went in.
    @Test("an expression's type comes back whole: negative powers, numbers, directions")
    func typesRoundTrip() throws {
        let compilation = check(
            inSet(
                "  recognizer r = pan on window { shouldBegin: translation.x / elapsed < velocity.x && 1 / elapsed < 2 / 1s && dominantDirection in [left, up] }"
            ))
        #expect(compilation.diagnostics.errorCount == 0)
        let set = try #require(compilation.files.first?.gestureSets.first)
        guard case .recognizer(let recognizer)? = set.members.last, let predicate = recognizer.properties.first?.value,
            case .binary(.and, let speeds, let directions) = predicate.kind, case .binary(.and, let speed, let rate) = speeds.kind,
            case .binary(.less, let quotient, _) = speed.kind, case .binary(.less, let perTime, _) = rate.kind,
            case .binary(.contains, _, let list) = directions.kind
        else {
            Issue.record("the predicate is not as written")
            return
        }
        let model = compilation.model
        #expect(model.type(of: quotient) == .scalar(.length / .time))
        #expect(model.type(of: perTime) == .scalar(Dimension.dimensionless / .time))
        #expect(model.type(of: list) == .direction)
        #expect(model.type(of: directions) == .bool)
    }

    @Test("a component's own lines refer to its declarations; what a use brings is declared at the use, its name written nowhere")
    func components() throws {
        let compilation = check(
            """
            component zoomer(photo) {
                recognizer zoom = pinch on photo
                recognizer spin = rotation on photo
                simultaneous zoom, spin
            }
            gestures Viewer {
                view window
                use zoomer on window as viewer
            }
            """)
        #expect(compilation.diagnostics.errorCount == 0)
        let model = compilation.model
        let component = try #require(compilation.files.first?.components.first)
        guard case .simultaneity(let pair)? = component.members.last else {
            Issue.record("the component's relation is not as written")
            return
        }
        for name in pair.members {
            let references = model.references.filter { $0.range == name.range }
            #expect(references.count == 1)
            #expect(references.first.map { model.declarations[model.declarations[$0.declaration].container ?? 0].kind } == .component)
        }
        let brought = model.declarations.filter { !$0.isWritten }
        #expect(brought.map(\.kind) == [.recognizer, .recognizer])
        #expect(brought.allSatisfy { $0.container.map { model.declarations[$0].kind } == .gestureSet })
    }
}
