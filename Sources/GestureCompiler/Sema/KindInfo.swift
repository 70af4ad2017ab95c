import GestureDSL

/// A kind as the checker uses it when checking recognizers: its declaration and the
/// facts derived from it once (parameter types, folded defaults).
///
/// A class so that resolving a kind for each of thousands of recognizers hands out a
/// reference instead of copying the whole declaration.
final class KindInfo: Sendable {
    let decl: KindDecl
    /// The type of each parameter whose declared type is known.
    let parameterTypes: [String: ValueType]
    /// The constant default of each parameter that has one.
    let defaults: [String: Constant]
    /// Each `require` line with the parameters it reads, in order of first use.
    let requirements: [(decl: KindRequirementDecl, reads: [String])]

    init(_ decl: KindDecl) {
        self.decl = decl
        var types: [String: ValueType] = [:]
        var defaults: [String: Constant] = [:]
        let evaluator = ConstantEvaluator()
        for parameter in decl.parameters {
            if let type = ValueType.declarable[parameter.type.name] { types[parameter.name.name] = type }
            if let value = parameter.defaultValue.flatMap(evaluator.evaluate) { defaults[parameter.name.name] = value }
        }
        self.parameterTypes = types
        self.defaults = defaults
        self.requirements = decl.requirements.map { ($0, $0.condition.names) }
    }

    package var name: String { decl.name.name }
}
