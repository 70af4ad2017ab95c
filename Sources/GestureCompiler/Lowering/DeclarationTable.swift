import GestureDSL

/// The one join between the syntax lowering walks and the checker's declarations
/// (`SemanticModel`): which declaration a declared name is, which one a name written
/// elsewhere refers to, and a kind declaration's syntax. Lowering numbers its slots by
/// declaration, so it never looks a name up by its spelling.
package struct DeclarationTable {
    /// A declaration's name where it is declared. The range alone does not tell the
    /// recognizers a use brings apart: they are all declared at the use's prefix.
    private struct DeclaredName: LookupKey {
        var range: SourceRange
        var name: String

        var tableHash: UInt64 { NameHash.mix(range.tableHash ^ name.tableHash) }
    }

    private var declared = LookupTable<DeclaredName, Int>()
    private var referred = LookupTable<SourceRange, Int>()
    private let unlisted: [SemanticModel.UnlistedReference: Int]
    private var kinds = LookupTable<Int, KindDecl>()

    /// The table of `model`, with the syntax of `kinds` (every kind of the compilation,
    /// the prelude's among them).
    package init(model: SemanticModel, kinds: some Sequence<KindDecl>) {
        declared.reserveCapacity(model.declarations.count)
        for (index, declaration) in model.declarations.enumerated() {
            // A repeated declaration is an error, and a spec with one is not lowered:
            // the first stays, as it does in reach (put back over a repeat, so that the
            // usual name costs one hash).
            let key = DeclaredName(range: declaration.nameRange, name: declaration.name)
            if let first = declared.updateValue(index, forKey: key) { declared[key] = first }
        }
        referred.reserveCapacity(model.references.count)
        for reference in model.references { referred[reference.range] = reference.declaration }
        unlisted = model.unlistedReferences
        for kind in kinds {
            if let declaration = declaration(of: kind.name) { self.kinds[declaration] = kind }
        }
    }

    /// The declaration `name`, where it is declared, makes; nil for a name that declares
    /// nothing there.
    package func declaration(of name: Identifier) -> Int? {
        declared[DeclaredName(range: name.range, name: name.name)]
    }

    /// The declaration the name written at `range` refers to, in the lines `use` brings
    /// into a set (nil for lines written where they are); nil when it refers to none:
    /// a built-in, or a name the checker did not resolve. A name the checker resolved
    /// once, wherever it stands (a use's own role), is found for any `use`.
    package func declaration(referredToAt range: SourceRange, broughtBy use: SourceRange?) -> Int? {
        // Most specs use no component, and a lookup in an empty table still hashes.
        (unlisted.isEmpty ? nil : unlisted[SemanticModel.UnlistedReference(use: use, range: range)]) ?? referred[range]
    }

    /// The timer a `start timer` or `stop timer` names: the first start of a timer
    /// declares it, and every other names it.
    package func timer(named name: Identifier) -> Int? {
        declaration(of: name) ?? declaration(referredToAt: name.range, broughtBy: nil)
    }

    /// The syntax of the kind `declaration` declares.
    package func kind(_ declaration: Int) -> KindDecl? {
        kinds[declaration]
    }
}
