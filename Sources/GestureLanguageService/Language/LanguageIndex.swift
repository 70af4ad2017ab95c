import GestureCompiler
import GestureDSL

/// What an editor asks of a spec: every declaration, and every place a name refers to
/// one. `gesturec lsp` answers hover, go to definition, rename, document symbols and
/// semantic tokens from it.
///
/// The checker resolved the names (`Compilation.model`); the index adds what an editor
/// shows of each declaration (its signature) and orders the occurrences for lookup.
public struct LanguageIndex: Sendable {
    public struct Symbol: Sendable {
        public typealias Kind = SemanticModel.Declaration.Kind

        public var name: String
        public var kind: Kind
        /// The name where it is declared.
        public var nameRange: SourceRange
        /// The whole declaration.
        public var range: SourceRange
        /// The set or kind the symbol belongs to, as an index into `symbols`.
        public var container: Int?
        public var doc: DocComment?
        /// The declaration in one line of source: `recognizer drag = pan on window`.
        public var signature: String
    }

    /// A name in the source and the symbol it refers to (declarations included).
    public struct Occurrence: Sendable {
        public var range: SourceRange
        public var symbol: Int
        public var isDeclaration: Bool
    }

    public private(set) var symbols: [Symbol] = []
    /// Sorted by file, then start.
    public private(set) var occurrences: [Occurrence] = []

    public init(_ compilation: Compilation) {
        let model = compilation.model
        let signatures = Signatures(compilation)
        symbols = model.declarations.map { declaration in
            Symbol(
                name: declaration.name, kind: declaration.kind, nameRange: declaration.nameRange, range: declaration.range,
                container: declaration.container, doc: signatures.doc(of: declaration), signature: signatures.signature(of: declaration))
        }
        var found: [Occurrence] = []
        for (index, declaration) in model.declarations.enumerated() where declaration.isWritten {
            found.append(Occurrence(range: declaration.nameRange, symbol: index, isDeclaration: true))
        }
        for reference in model.references {
            found.append(Occurrence(range: reference.range, symbol: reference.declaration, isDeclaration: false))
        }
        // One occurrence a place: a declaration where a name is both.
        found.sort {
            ($0.range.file, $0.range.start, $0.isDeclaration ? 0 : 1) < ($1.range.file, $1.range.start, $1.isDeclaration ? 0 : 1)
        }
        for occurrence in found where occurrences.last?.range != occurrence.range {
            occurrences.append(occurrence)
        }
    }

    /// The occurrence whose name covers `offset` in `file` (its end included, where an
    /// editor's cursor sits after typing a name).
    public func occurrence(in file: FileID, at offset: Int) -> Occurrence? {
        // The first occurrence that does not end before the offset, by binary search.
        var low = 0
        var high = occurrences.count
        while low < high {
            let mid = (low + high) / 2
            let range = occurrences[mid].range
            if (range.file, range.end) < (file, offset) { low = mid + 1 } else { high = mid }
        }
        guard low < occurrences.count else { return nil }
        let found = occurrences[low]
        return found.range.file == file && found.range.start <= offset ? found : nil
    }

    /// Every place `symbol` is named, its declaration first.
    public func occurrences(of symbol: Int) -> [Occurrence] {
        occurrences.filter { $0.symbol == symbol }.sorted { $0.isDeclaration && !$1.isDeclaration }
    }

    /// The symbols declared in `file`, in source order.
    public func symbols(in file: FileID) -> [Int] {
        symbols.indices.filter { symbols[$0].nameRange.file == file }.sorted {
            (symbols[$0].nameRange.start, $0) < (symbols[$1].nameRange.start, $1)
        }
    }
}

/// What an editor shows of each declaration beyond the model: its doc comment, and its
/// one-line signature from the syntax where the declaration alone does not say it (a
/// kind's parameters and mode, a component's view, where a recognizer a use brings
/// comes from).
private struct Signatures {
    let sources: SourceManager
    /// By the name's range: each kind's and parameter's signature.
    var written: [SourceRange: String] = [:]
    /// By the use's range and the name it makes: a brought recognizer's.
    var brought: [SourceRange: [String: String]] = [:]
    /// By the name's range (a brought recognizer's: the use's range and its name).
    var docs: [SourceRange: DocComment] = [:]
    var broughtDocs: [SourceRange: [String: DocComment]] = [:]

    init(_ compilation: Compilation) {
        sources = compilation.sources
        let files = [compilation.prelude] + compilation.files
        for file in files {
            for kind in file.kinds {
                let parameters = kind.parameters.map { parameter in
                    parameter.name.name + ": " + parameter.type.name
                        + (parameter.defaultValue.map { " = " + $0.sourceText(in: compilation.sources) } ?? "")
                }
                written[kind.name.range] = "kind \(kind.name.name)(\(parameters.joined(separator: ", "))) \(kind.mode.rawValue)"
                docs[kind.name.range] = kind.doc
                for (parameter, text) in zip(kind.parameters, parameters) { written[parameter.name.range] = text }
            }
            for component in file.components {
                written[component.name.range] = "component \(component.name.name)(\(component.view.name))"
                docs[component.name.range] = component.doc
                for case .recognizer(let recognizer) in component.members { docs[recognizer.name.range] = recognizer.doc }
            }
            for set in file.gestureSets {
                written[set.name.range] = "gestures " + set.name.name
                docs[set.name.range] = set.doc
                for member in set.members {
                    switch member {
                    case .view(let view): collectDocs(view)
                    case .recognizer(let recognizer): docs[recognizer.name.range] = recognizer.doc
                    case .hook(let hook): docs[hook.name.range] = hook.doc
                    case .use(let use):
                        for case .recognizer(let recognizer) in use.members {
                            brought[use.range, default: [:]][recognizer.name.name] =
                                "recognizer \(recognizer.name.name) = \(recognizer.kind.name) on \(use.role.name), from component \(use.component.name)"
                            broughtDocs[use.range, default: [:]][recognizer.name.name] = recognizer.doc
                        }
                    case .requirement, .simultaneity, .prevention, .propertyAssignment:
                        break
                    }
                }
            }
        }
    }

    private mutating func collectDocs(_ view: ViewDecl) {
        docs[view.name.range] = view.doc
        for subview in view.subviews { collectDocs(subview) }
    }

    func doc(of declaration: SemanticModel.Declaration) -> DocComment? {
        declaration.isWritten ? docs[declaration.nameRange] : broughtDocs[declaration.range]?[declaration.name]
    }

    func signature(of declaration: SemanticModel.Declaration) -> String {
        if !declaration.isWritten, let text = brought[declaration.range]?[declaration.name] { return text }
        if let text = written[declaration.nameRange] { return text }
        switch declaration.kind {
        case .state: return "state " + declaration.name
        case .timer: return "timer " + declaration.name
        default: return firstLine(of: declaration.range)
        }
    }

    /// The declaration up to its body or the end of its line, spaces collapsed:
    /// `recognizer zoom = tap(taps: 2) on photo`.
    private func firstLine(of range: SourceRange) -> String {
        let file = sources[range.file]
        var end = range.start
        while end < range.end, file.bytes[end] != UInt8(ascii: "\n"), file.bytes[end] != UInt8(ascii: "{") { end += 1 }
        return file.text(range.start..<end).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

extension Expr {
    /// The expression as written.
    func sourceText(in sources: SourceManager) -> String {
        sources[range.file].text(range.start..<range.end)
    }
}
