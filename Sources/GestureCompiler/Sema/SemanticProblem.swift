import GestureDSL

/// Every problem the checker reports, with its id and message.
///
/// Ids GDL100–GDL199 are names and structure; `docs/diagnostics.md` lists them.
public enum SemanticProblem: DiagnosticMessage, Hashable {
    case missingImport(path: String, reason: String)
    case importCycle(path: [String])
    case duplicateDeclaration(what: String, name: String)
    case unknownName(what: String, name: String)
    case unknownProperty(owner: String, name: String)
    case duplicateProperty(name: String)
    case unknownArgument(kind: String, name: String)
    case duplicateArgument(name: String)
    case missingArgument(kind: String, name: String)
    case reservedName(name: String)
    case wrongDeclarationKind(name: String, isA: String, expected: String)
    case viewCycle(path: [String])
    case viewIsOwnParent(name: String)
    case noInitialState(kind: String)
    case terminalStateBlock(name: String)
    case invalidOutwardState(name: String)
    case standardStateRenamed(name: String)
    case assignToNonVariable(name: String, isA: String)
    case wrongArgumentCount(function: String, expected: Int, found: Int)
    case otherOutsideRelation
    case unknownMember(base: String, member: String)
    case notCallable(name: String)

    public var id: DiagnosticID {
        switch self {
        case .missingImport: "GDL100"
        case .importCycle: "GDL101"
        case .duplicateDeclaration: "GDL102"
        case .unknownName: "GDL103"
        case .unknownProperty: "GDL104"
        case .duplicateProperty: "GDL105"
        case .unknownArgument: "GDL106"
        case .duplicateArgument: "GDL107"
        case .missingArgument: "GDL108"
        case .reservedName: "GDL109"
        case .wrongDeclarationKind: "GDL110"
        case .viewCycle: "GDL111"
        case .viewIsOwnParent: "GDL112"
        case .noInitialState: "GDL113"
        case .terminalStateBlock: "GDL114"
        case .invalidOutwardState: "GDL115"
        case .standardStateRenamed: "GDL116"
        case .assignToNonVariable: "GDL117"
        case .wrongArgumentCount: "GDL118"
        case .otherOutsideRelation: "GDL119"
        case .unknownMember: "GDL120"
        case .notCallable: "GDL121"
        }
    }

    public var severity: Severity { .error }

    public var message: String {
        switch self {
        case .missingImport(let path, let reason): "cannot import '\(path)': \(reason)"
        case .importCycle(let path): "import cycle: \(path.joined(separator: " -> "))"
        case .duplicateDeclaration(let what, let name): "invalid redeclaration of \(what) '\(name)'"
        case .unknownName(let what, let name): "unknown \(what) '\(name)'"
        case .unknownProperty(let owner, let name): "\(owner) has no property '\(name)'"
        case .duplicateProperty(let name): "property '\(name)' is set more than once"
        case .unknownArgument(let kind, let name): "kind '\(kind)' has no parameter '\(name)'"
        case .duplicateArgument(let name): "argument '\(name)' is given more than once"
        case .missingArgument(let kind, let name): "missing argument '\(name)' for kind '\(kind)'"
        case .reservedName(let name): "'\(name)' is a built-in name and cannot be declared"
        case .wrongDeclarationKind(let name, let isA, let expected):
            "'\(name)' is \(isA), not \(expected)"
        case .viewCycle(let path): "view roles contain each other: \(path.joined(separator: " -> "))"
        case .viewIsOwnParent(let name): "view role '\(name)' cannot be its own parent"
        case .noInitialState(let kind): "kind '\(kind)' has no 'possible' state"
        case .terminalStateBlock(let name): "'\(name)' is a final state and cannot have transitions"
        case .invalidOutwardState(let name):
            "'\(name)' is not a state a recognizer can show while running"
        case .standardStateRenamed(let name):
            "'\(name)' is a UIKit state and cannot be shown as another"
        case .assignToNonVariable(let name, let isA): "cannot assign to \(isA) '\(name)'"
        case .wrongArgumentCount(let function, let expected, let found):
            "'\(function)' takes \(expected) argument\(expected == 1 ? "" : "s"), found \(found)"
        case .otherOutsideRelation:
            "'other' is only available in prevention rules and shouldRecognizeSimultaneously"
        case .unknownMember(let base, let member): "\(base) has no member '\(member)'"
        case .notCallable(let name): "'\(name)' is not a function"
        }
    }
}
