import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureReference
import GestureSimulation

/// What an editor asks of a spec: every declaration, and every place a name refers to
/// one, found once from a compilation's syntax. `gesturec lsp` answers hover, go to
/// definition, rename, document symbols and semantic tokens from it.
///
/// Names resolve as the checker resolves them: in a gesture set, its views,
/// recognizers and hooks; in a kind, its parameters, variables, states and timers;
/// kinds everywhere (the file's, its imports' and the prelude's).
public struct LanguageIndex: Sendable {
    public struct Symbol: Sendable {
        public enum Kind: String, Sendable {
            case gestureSet = "gesture set"
            case view = "view role"
            case recognizer, hook, kind, parameter, variable, state,
                timer, report, component
        }

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
        var builder = Builder(sources: compilation.sources)
        let files = [compilation.prelude] + compilation.files
        for file in files {
            for kind in file.kinds { builder.declare(kind) }
            for component in file.components { builder.declare(component) }
        }
        for file in files {
            for kind in file.kinds { builder.resolve(kind) }
            for component in file.components { builder.resolve(component) }
            for set in file.gestureSets { builder.resolve(set) }
        }
        symbols = builder.symbols
        occurrences = builder.occurrences.sorted {
            ($0.range.file, $0.range.start) < ($1.range.file, $1.range.start)
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
        symbols.indices.filter { symbols[$0].nameRange.file == file }
    }
}

/// Walks the syntax, declaring symbols and resolving names to them.
private struct Builder {
    let sources: SourceManager
    var symbols: [LanguageIndex.Symbol] = []
    var occurrences: [LanguageIndex.Occurrence] = []
    /// Kinds by name: the first declaration wins, as in the checker.
    var kinds: [String: Int] = [:]
    /// Each kind's own names (parameters, variables, states, timers).
    var kindScopes: [Int: [String: Int]] = [:]
    /// Every kind, by where its name is declared.
    var kindsByDeclaration: [SourceRange: Int] = [:]
    /// Components by name: the first declaration wins, as in the checker.
    var components: [String: Int] = [:]
    /// Each component's own names (its view and recognizers), by where it is declared.
    var componentScopes: [SourceRange: [String: Int]] = [:]

    init(sources: SourceManager) {
        self.sources = sources
    }

    /// A new symbol. `written`: its name is written where `name.range` is, a
    /// declaration occurrence; false for a recognizer a component's use brings, whose
    /// name is written nowhere (references to it are still found).
    private mutating func add(
        _ name: Identifier, _ kind: LanguageIndex.Symbol.Kind, range: SourceRange, container: Int?,
        doc: DocComment? = nil, signature: String? = nil, written: Bool = true
    ) -> Int {
        symbols.append(
            LanguageIndex.Symbol(
                name: name.name, kind: kind, nameRange: name.range, range: range, container: container, doc: doc,
                signature: signature ?? firstLine(of: range)))
        if written {
            occurrences.append(LanguageIndex.Occurrence(range: name.range, symbol: symbols.count - 1, isDeclaration: true))
        }
        return symbols.count - 1
    }

    private mutating func refer(_ name: Identifier, to symbol: Int?) {
        guard let symbol else { return }
        occurrences.append(LanguageIndex.Occurrence(range: name.range, symbol: symbol, isDeclaration: false))
    }

    /// The declaration up to its body or the end of its line, spaces collapsed:
    /// `recognizer zoom = tap(taps: 2) on photo`.
    private func firstLine(of range: SourceRange) -> String {
        let file = sources[range.file]
        var end = range.start
        while end < range.end, file.bytes[end] != UInt8(ascii: "\n"), file.bytes[end] != UInt8(ascii: "{") { end += 1 }
        return file.text(range.start..<end).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    // MARK: Kinds

    mutating func declare(_ kind: KindDecl) {
        let parameters = kind.parameters.map { parameter in
            parameter.name.name + ": " + parameter.type.name
                + (parameter.defaultValue.map { " = " + $0.sourceText(in: sources) } ?? "")
        }
        let signature = "kind \(kind.name.name)(\(parameters.joined(separator: ", "))) \(kind.mode.rawValue)"
        let index = add(kind.name, .kind, range: kind.range, container: nil, doc: kind.doc, signature: signature)
        if kinds[kind.name.name] == nil { kinds[kind.name.name] = index }
        kindsByDeclaration[kind.name.range] = index
        var scope: [String: Int] = [:]
        for (parameter, text) in zip(kind.parameters, parameters) {
            scope[parameter.name.name] = add(
                parameter.name, .parameter, range: parameter.range, container: index,
                signature: text)
        }
        for variable in kind.variables {
            scope[variable.name.name] = add(variable.name, .variable, range: variable.range, container: index)
        }
        for report in kind.reports where scope[report.name.name] == nil {
            _ = add(report.name, .report, range: report.range, container: index)
        }
        for block in kind.states {
            for head in block.heads where scope[head.name.name] == nil {
                scope[head.name.name] = add(
                    head.name, .state, range: block.range, container: index,
                    signature: "state " + head.name.name)
            }
        }
        // A timer is declared where it is first started.
        for block in kind.states {
            for transition in block.transitions {
                for action in transition.actions {
                    if case .startTimer(let name, _, let range) = action, scope[name.name] == nil {
                        scope[name.name] = add(
                            name, .timer, range: range, container: index,
                            signature: "timer " + name.name)
                    }
                }
            }
        }
        kindScopes[index] = scope
    }

    mutating func resolve(_ kind: KindDecl) {
        guard let index = kindsByDeclaration[kind.name.range] else { return }
        let scope = kindScopes[index] ?? [:]
        for parameter in kind.parameters {
            if let value = parameter.defaultValue { resolve(value, in: scope) }
        }
        for variable in kind.variables { resolve(variable.initialValue, in: scope) }
        for report in kind.reports {
            if let value = report.value { resolve(value, in: scope) }
        }
        for requirement in kind.requirements { resolve(requirement.condition, in: scope) }
        for rule in kind.preventionRules {
            refer(rule.otherKind, to: kinds[rule.otherKind.name])
            if let condition = rule.condition { resolve(condition, in: scope) }
        }
        for property in kind.properties { resolve(property.value, in: scope) }
        for block in kind.states {
            for transition in block.transitions {
                for event in transition.events {
                    if case .timer(let name) = event { refer(name, to: scope[name.name]) }
                }
                if let guardExpr = transition.guardExpr { resolve(guardExpr, in: scope) }
                if let target = transition.target { refer(target, to: scope[target.name]) }
                for action in transition.actions {
                    switch action {
                    case .startTimer(let name, let delay, _):
                        // The first start of a timer is its declaration.
                        if let timer = scope[name.name], symbols[timer].nameRange != name.range { refer(name, to: timer) }
                        resolve(delay, in: scope)
                    case .stopTimer(let name, _):
                        refer(name, to: scope[name.name])
                    case .ignore(let beyond, _):
                        if let beyond { resolve(beyond, in: scope) }
                    case .restart:
                        break
                    case .assign(let variable, _, let value, _):
                        refer(variable, to: scope[variable.name])
                        resolve(value, in: scope)
                    }
                }
            }
        }
    }

    // MARK: Components

    mutating func declare(_ component: ComponentDecl) {
        let index = add(
            component.name, .component, range: component.range, container: nil, doc: component.doc,
            signature: "component \(component.name.name)(\(component.view.name))")
        if components[component.name.name] == nil { components[component.name.name] = index }
        var scope = [component.view.name: add(component.view, .view, range: component.view.range, container: index)]
        for member in component.members {
            if case .recognizer(let recognizer) = member, scope[recognizer.name.name] == nil {
                scope[recognizer.name.name] = add(
                    recognizer.name, .recognizer, range: recognizer.range, container: index,
                    doc: recognizer.doc)
            }
        }
        componentScopes[component.name.range] = scope
    }

    mutating func resolve(_ component: ComponentDecl) {
        resolveMembers(component.members, in: componentScopes[component.name.range] ?? [:])
    }

    // MARK: Gesture sets

    mutating func resolve(_ set: GestureSetDecl) {
        let index = add(
            set.name, .gestureSet, range: set.range, container: nil, doc: set.doc,
            signature: "gestures " + set.name.name)
        var scope: [String: Int] = [:]
        var views: [ViewDecl] = []
        func collect(_ view: ViewDecl) {
            views.append(view)
            view.subviews.forEach(collect)
        }
        for member in set.members {
            if case .view(let view) = member { collect(view) }
        }
        for view in views where scope[view.name.name] == nil {
            scope[view.name.name] = add(view.name, .view, range: view.range, container: index, doc: view.doc)
        }
        for member in set.members {
            switch member {
            case .recognizer(let recognizer) where scope[recognizer.name.name] == nil:
                scope[recognizer.name.name] = add(
                    recognizer.name, .recognizer, range: recognizer.range,
                    container: index, doc: recognizer.doc)
            case .hook(let hook) where scope[hook.name.name] == nil:
                scope[hook.name.name] = add(hook.name, .hook, range: hook.range, container: index, doc: hook.doc)
            case .use(let use):
                // The recognizers a use brings, found where the use names them.
                for case .recognizer(let recognizer) in use.members where scope[recognizer.name.name] == nil {
                    scope[recognizer.name.name] = add(
                        recognizer.name, .recognizer, range: use.range, container: index, doc: recognizer.doc,
                        signature:
                            "recognizer \(recognizer.name.name) = \(recognizer.kind.name) on \(use.role.name), from component \(use.component.name)",
                        written: false)
                }
            default:
                break
            }
        }
        for view in views {
            for parent in view.extraParents { refer(parent, to: scope[parent.name]) }
            for property in view.properties { resolve(property.value, in: scope) }
        }
        resolveMembers(set.members, in: scope)
    }

    /// Resolves the names the members of a set or a component use, in `scope`.
    private mutating func resolveMembers(_ members: [SetMember], in scope: [String: Int]) {
        for member in members {
            switch member {
            case .view:
                break
            case .use(let use):
                refer(use.component, to: components[use.component.name])
                refer(use.role, to: scope[use.role.name])
            case .recognizer(let recognizer):
                let kind = kinds[recognizer.kind.name]
                refer(recognizer.kind, to: kind)
                let parameters = kind.flatMap { kindScopes[$0] } ?? [:]
                for argument in recognizer.arguments {
                    refer(
                        argument.label,
                        to: parameters[argument.label.name].flatMap {
                            symbols[$0].kind == .parameter ? $0 : nil
                        })
                    resolve(argument.value, in: scope)
                }
                refer(recognizer.role, to: scope[recognizer.role.name])
                for property in recognizer.properties { resolve(property.value, in: scope) }
            case .hook(let hook):
                if let value = hook.defaultValue { resolve(value, in: scope) }
            case .requirement(let requirement):
                refer(requirement.dependent, to: scope[requirement.dependent.name])
                refer(requirement.required, to: scope[requirement.required.name])
                if let condition = requirement.condition { resolve(condition, in: scope) }
            case .simultaneity(let simultaneity):
                for name in simultaneity.members { refer(name, to: scope[name.name]) }
                if let condition = simultaneity.condition { resolve(condition, in: scope) }
            case .prevention(let prevention):
                refer(prevention.preventer, to: scope[prevention.preventer.name])
                refer(prevention.prevented, to: scope[prevention.prevented.name])
            case .propertyAssignment(let assignment):
                refer(assignment.recognizer, to: scope[assignment.recognizer.name])
                resolve(assignment.property.value, in: scope)
            }
        }
    }

    /// Resolves the names an expression reads. The walk keeps its own stack: an
    /// expression is as deep as the parser allows (docs/limits.md), and no deeper.
    private mutating func resolve(_ expr: Expr, in scope: [String: Int]) {
        var pending = [expr]
        while let next = pending.popLast() {
            switch next.kind {
            case .name(let name):
                refer(Identifier(name, range: next.range), to: scope[name])
            case .list(let elements): pending += elements
            case .member(let base, _): pending.append(base)
            case .call(_, let arguments): pending += arguments
            case .unary(_, let operand): pending.append(operand)
            case .binary(_, let left, let right): pending += [left, right]
            case .number, .bool, .bad: break
            }
        }
    }
}

extension Expr {
    /// The expression as written.
    func sourceText(in sources: SourceManager) -> String {
        sources[range.file].text(range.start..<range.end)
    }
}
