import GestureDSL

/// A kind as the checker uses it when checking recognizers: its declaration and the
/// facts derived from it once (parameter types, folded defaults).
///
/// A class so that resolving a kind for each of thousands of recognizers hands out a
/// reference instead of copying the whole declaration.
final class KindInfo: Sendable {
    let decl: KindDecl
    /// The kind's declaration in the semantic model.
    let declaration: Int
    /// The type of each parameter whose declared type is known.
    let parameterTypes: [String: ValueType]
    /// The constant default of each parameter that has one.
    let defaults: [String: Constant]
    /// The same defaults by parameter, in the kind's order (nil: none): a recognizer's
    /// argument values start from them without hashing a name per parameter.
    let defaultValues: [Constant?]
    /// Each `require` line with the parameters it reads, in order of first use.
    let requirements: [(decl: KindRequirementDecl, reads: [String])]

    init(_ decl: KindDecl, declaration: Int) {
        self.decl = decl
        self.declaration = declaration
        var types: [String: ValueType] = [:]
        for parameter in decl.parameters {
            if let type = ValueType.declarable[parameter.type.name] { types[parameter.name.name] = type }
        }
        self.parameterTypes = types
        let defaults = Self.defaults(of: decl)
        self.defaults = defaults
        self.defaultValues = decl.parameters.map { defaults[$0.name.name] }
        self.requirements = decl.requirements.map { ($0, $0.condition.names) }
    }

    package var name: String { decl.name.name }

    /// The constant default of each parameter of `decl` that has one.
    static func defaults(of decl: KindDecl) -> [String: Constant] {
        var defaults: [String: Constant] = [:]
        let evaluator = ConstantEvaluator()
        for parameter in decl.parameters {
            if let value = parameter.defaultValue.flatMap(evaluator.evaluate) { defaults[parameter.name.name] = value }
        }
        return defaults
    }
}
