import GestureDSL

/// Every problem the checker reports, with its id and message.
///
/// Ids GDL100–GDL199 are names and structure, GDL300–GDL399 types, ranges, relations
/// and state machines; `docs/diagnostics.md` lists them.
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
    case notAComponentMember(what: String)
    case componentRecognizerOffItsView(view: String)
    case controlPropertyMisplaced(name: String, controls: String, view: String)
    /// A recognizer's `accessibility` names a view role that is not a control.
    case accessibilityRoleNotControl(name: String)
    /// `accessibility: action` on a recognizer with no doc comment to label it.
    case accessibilityActionUnlabelled(recognizer: String)

    case wrongType(context: String, expected: String, found: String)
    case missingUnit(context: String, expected: String)
    case incompatibleOperands(op: String, left: String, right: String)
    case dimensionOutOfRange(op: String, limit: Int)
    case requirementBroken(kind: String, requirement: String, values: String)
    case propertyOutOfRange(name: String, range: String, found: String)
    case requirementCycle(path: [String])
    case requiresItself(name: String)
    case simultaneousWithItself(name: String)
    case relationNeverApplies(first: String, firstRole: String, second: String, secondRole: String)
    case discreteEntersContinuousState(target: String)
    case continuousRecognizesWithoutBeginning(target: String)
    case continuousFailsAfterBeginning(from: String, target: String)
    case beginsTwice(from: String)
    case unhandledTimer(name: String)
    /// A hook that no predicate or condition reads.
    case unreadHook(name: String)
    /// A constant argument beyond what the tables can hold: not finite, larger than
    /// `Constant.largest`, or an `int` that is not whole.
    case argumentOutOfRange(what: String, found: String)
    /// A timer row starts a timer that does not move forward in time: it would fire
    /// again at the same instant, forever.
    case timerDoesNotAdvance(name: String, delay: String)

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
        case .notAComponentMember: "GDL122"
        case .componentRecognizerOffItsView: "GDL123"
        case .controlPropertyMisplaced: "GDL124"
        case .accessibilityRoleNotControl: "GDL125"
        case .accessibilityActionUnlabelled: "GDL126"
        case .wrongType: "GDL300"
        case .missingUnit: "GDL301"
        case .incompatibleOperands: "GDL302"
        case .requirementBroken: "GDL303"
        case .propertyOutOfRange: "GDL305"
        case .requirementCycle: "GDL310"
        case .requiresItself: "GDL311"
        case .simultaneousWithItself: "GDL312"
        case .relationNeverApplies: "GDL313"
        case .discreteEntersContinuousState: "GDL320"
        case .continuousRecognizesWithoutBeginning: "GDL321"
        case .continuousFailsAfterBeginning: "GDL322"
        case .beginsTwice: "GDL323"
        case .unhandledTimer: "GDL324"
        case .unreadHook: "GDL326"
        case .argumentOutOfRange: "GDL306"
        case .dimensionOutOfRange: "GDL307"
        case .timerDoesNotAdvance: "GDL325"
        }
    }

    public var severity: Severity {
        switch self {
        case .relationNeverApplies, .unhandledTimer, .unreadHook: .warning
        default: .error
        }
    }

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
            "'other' is only available in prevention rules, shouldRecognizeSimultaneously and a view's shouldBegin"
        case .unknownMember(let base, let member): "\(base) has no member '\(member)'"
        case .notCallable(let name): "'\(name)' is not a function"
        case .notAComponentMember(let what): "a component holds recognizers and their relations, not \(what)"
        case .componentRecognizerOffItsView(let view): "a component's recognizers are on its view '\(view)'"
        case .controlPropertyMisplaced(let name, let controls, let view):
            "'\(name)' is a property of \(controls), and '\(view)' is not one"
        case .accessibilityRoleNotControl(let name):
            "'\(name)' is not a control, so it cannot stand for a gesture with VoiceOver"
        case .accessibilityActionUnlabelled(let recognizer):
            "'accessibility: action' takes its label from the doc comment, and '\(recognizer)' has none"
        case .wrongType(let context, let expected, let found): "\(context) must be \(expected), found \(found)"
        case .missingUnit(let context, let expected):
            "\(context) is \(expected.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(expected) and needs a unit"
        case .incompatibleOperands(let op, let left, let right):
            "'\(op)' cannot combine \(left) and \(right)"
        case .dimensionOutOfRange(let op, let limit):
            "the unit of this '\(op)' has a power of time, length or angle beyond \(limit)"
        case .requirementBroken(let kind, let requirement, let values):
            "kind '\(kind)' requires \(requirement), but \(values)"
        case .propertyOutOfRange(let name, let range, let found): "'\(name)' must be \(range), found \(found)"
        case .requirementCycle(let path):
            "failure requirements form a cycle: \(path.joined(separator: " -> ")); none of them could ever recognize"
        case .requiresItself(let name): "'\(name)' cannot require itself to fail"
        case .simultaneousWithItself(let name): "'\(name)' appears twice in one simultaneity group"
        case .relationNeverApplies(let first, let firstRole, let second, let secondRole):
            // Built by the thousand in a spec of many relations between unrelated views.
            String(
                concatenating: "'", first, "' (on '", firstRole, "') and '", second, "' (on '", secondRole,
                "') never see the same touch, so this relation never applies")
        case .discreteEntersContinuousState(let target):
            "a discrete kind cannot enter '\(target)'; it goes from possible to recognized or failed (R28)"
        case .continuousRecognizesWithoutBeginning(let target):
            "a continuous kind must begin before it can enter '\(target)' (R28)"
        case .continuousFailsAfterBeginning(let from, let target):
            "a continuous kind cannot enter '\(target)' from '\(from)': once begun it ends or is cancelled (R28)"
        case .beginsTwice(let from):
            "a recognizer cannot begin twice: in '\(from)' it has already begun (R28)"
        case .unhandledTimer(let name): "timer '\(name)' is started but no transition handles it"
        case .unreadHook(let name): "hook '\(name)' is declared, but nothing reads it"
        case .argumentOutOfRange(let what, let found):
            "\(what) is out of range: \(found) is beyond the largest value the tables hold, 2147483647"
        case .timerDoesNotAdvance(let name, let delay):
            "timer '\(name)' is started after \(delay) when a timer fires, so it would fire again at the same instant, forever"
        }
    }
}
