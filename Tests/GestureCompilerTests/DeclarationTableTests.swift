import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// The join lowering reads between the syntax and the checker's declarations.
@Suite("Declaration table")
struct DeclarationTableTests {
    @Test("every declaration, reference and kind of every spec of the corpora round-trips", arguments: try specCorpus())
    func roundTrip(path: String) throws {
        let compilation = try checkRepositorySpec(path)
        // A spec with errors is not lowered (Examples/Invalid).
        guard !compilation.diagnostics.hasErrors else { return }
        let model = compilation.model
        let table = DeclarationTable(model: model, kinds: ([compilation.prelude] + compilation.files).flatMap(\.kinds))
        for (index, declaration) in model.declarations.enumerated() {
            let name = Identifier(declaration.name, range: declaration.nameRange)
            #expect(table.declaration(of: name) == index, "\(path): \(declaration.kind.rawValue) \(declaration.name)")
            if declaration.kind == .kind {
                #expect(table.kind(index)?.name.range == declaration.nameRange, "\(path): kind \(declaration.name)")
            }
        }
        for reference in model.references {
            #expect(table.declaration(referredToAt: reference.range, broughtBy: nil) == reference.declaration)
        }
        for (reference, declaration) in model.unlistedReferences {
            #expect(table.declaration(referredToAt: reference.range, broughtBy: reference.use) == declaration)
        }
    }

    @Test("a name a use brings is found for that use; a name written in the set for any")
    func perUse() throws {
        let compilation = check(
            inSet(
                """
                  view left_
                  view right_
                  use zoomingScrollView on left_
                  use zoomingScrollView on right_
                """))
        #expect(messages(compilation) == [])
        let model = compilation.model
        let table = DeclarationTable(model: model, kinds: compilation.prelude.kinds)
        let uses = compilation.files[0].gestureSets[0].members.compactMap { member -> UseDecl? in
            if case .use(let use) = member { use } else { nil }
        }
        try #require(uses.count == 2)
        // `simultaneous pan, zoom`, written once in the prelude, names each use's pan.
        let groups = uses.map { use in
            use.members.compactMap { member -> SimultaneityDecl? in if case .simultaneity(let group) = member { group } else { nil } }
        }
        let pan = try #require(groups[0].first?.members.first)
        let found = uses.map { table.declaration(referredToAt: pan.range, broughtBy: $0.range).map { model.declarations[$0].name } }
        #expect(found == ["left_Pan", "right_Pan"])
        // Each use's role, written in the set, whichever use asks.
        let role = uses[1].role
        #expect(table.declaration(referredToAt: role.range, broughtBy: uses[0].range).map { model.declarations[$0].name } == "right_")
        // A kind declares itself; a recognizer's kind name does not.
        let tap = try #require(compilation.prelude.kinds.first { $0.name.name == "tap" })
        #expect(table.declaration(of: tap.name).flatMap(table.kind)?.name.name == "tap")
        #expect(table.declaration(of: Identifier("tap", range: pan.range)) == nil)
    }
}
