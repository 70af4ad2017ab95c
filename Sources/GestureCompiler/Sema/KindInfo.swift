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
    /// Each `require` line with the names it reads, in order of first use, and the
    /// parameters among them by index (`parameterIndex(of:)`).
    let requirements: [(decl: KindRequirementDecl, reads: [String], parameters: [Int])]
    /// The type a name's `parameterTypes` entry gives, by parameter.
    let typeByParameter: [ValueType?]
    /// The parameters' names in order, searched in place while there are few of them.
    private let parameterNames: [String]
    /// The first parameter of each name, for a kind of many parameters.
    private let parameterIndices: [String: Int]

    init(_ decl: KindDecl, declaration: Int) {
        self.decl = decl
        self.declaration = declaration
        var types: [String: ValueType] = [:]
        for parameter in decl.parameters {
            if let type = ValueType.declarable[parameter.type.name] { types[parameter.name.name] = type }
        }
        self.parameterTypes = types
        self.typeByParameter = decl.parameters.map { types[$0.name.name] }
        let defaults = Self.defaults(of: decl)
        self.defaults = defaults
        self.defaultValues = decl.parameters.map { defaults[$0.name.name] }
        let names = decl.parameters.map(\.name.name)
        self.parameterNames = names
        var indices: [String: Int] = [:]
        if names.count > Self.parametersSearchedInPlace {
            for (index, name) in names.enumerated() where indices[name] == nil { indices[name] = index }
        }
        self.parameterIndices = indices
        self.requirements = decl.requirements.map { requirement in
            let reads = requirement.condition.names
            return (requirement, reads, reads.compactMap { Self.index(of: $0, in: names, indices) })
        }
    }

    /// Up to this many parameters, a name is compared with each (a kind has a handful).
    private static let parametersSearchedInPlace = 16

    /// The index of the first parameter named `name`.
    func parameterIndex(of name: String) -> Int? {
        Self.index(of: name, in: parameterNames, parameterIndices)
    }

    private static func index(of name: String, in names: [String], _ indices: [String: Int]) -> Int? {
        guard names.count > parametersSearchedInPlace else {
            // Lengths first: comparing strings of different lengths takes the slow path.
            let length = name.utf8.count
            return names.firstIndex { $0.utf8.count == length && $0 == name }
        }
        return indices[name]
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
