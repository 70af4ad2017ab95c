import GestureCompiler
import GestureDSL
import GestureRuntime

/// Mistakes in a scene or a trace given to `gesturec simulate` (GDL500–GDL599).
public enum SimulationProblem: DiagnosticMessage, Hashable {
    case malformedJSON(reason: String)
    case malformedText(reason: String)
    case wrongType(what: String, expected: String, found: String)
    case unknownField(owner: String, name: String)
    case missingField(owner: String, name: String)
    case unknownName(what: String, name: String)
    /// A recognizer named with a view of another role than the one it is attached to.
    case recognizerNotOnView(recognizer: String, role: String, view: String, viewRole: String)
    case duplicateView(id: String)
    case parentNotDeclared(id: String, parent: String)
    case parentCycle(path: [String])
    case invalidParent(view: String, role: String, parentRole: String)
    case timeWentBackwards(now: Double, given: Double)
    case notFinite(what: String)
    case touchNotDown(id: Int)
    case touchAlreadyDown(id: Int)
    case touchTwiceInEvent(id: Int)
    case tooManyTouches(limit: Int)
    case unknownPhase(name: String)
    case eventWithoutAction
    /// A recognizer's timer came due again at the instant it fired (the engine's
    /// `timerDoesNotAdvance`).
    case timerDoesNotAdvance(recognizer: String, time: Double)
    /// A number outside its documented range: a time, a frame.
    case outOfRange(what: String, range: String, found: Double)
    /// An event names a view the trace removed before it (or one in a view removed).
    case viewRemoved(id: String)
    /// A touch went down where no view takes it (R10): nothing sees it. A warning,
    /// reported once per run at the first such touch, with how many more there were.
    case touchOnNoView(id: Int, x: Double, y: Double, more: Int)
    /// A touch went down on a scene with no view at all: the run cannot show anything.
    case sceneHasNoViews(id: Int)

    public var id: DiagnosticID {
        switch self {
        case .malformedJSON, .malformedText: "GDL500"
        case .wrongType: "GDL501"
        case .unknownField: "GDL502"
        case .missingField: "GDL503"
        case .unknownName, .recognizerNotOnView: "GDL504"
        case .duplicateView: "GDL505"
        case .parentNotDeclared, .parentCycle: "GDL506"
        case .invalidParent: "GDL507"
        case .timeWentBackwards: "GDL508"
        case .notFinite: "GDL509"
        case .touchNotDown: "GDL510"
        case .touchAlreadyDown: "GDL511"
        case .touchTwiceInEvent: "GDL512"
        case .tooManyTouches: "GDL513"
        case .unknownPhase: "GDL514"
        case .eventWithoutAction: "GDL515"
        case .timerDoesNotAdvance: "GDL516"
        case .outOfRange: "GDL517"
        case .viewRemoved: "GDL518"
        case .touchOnNoView: "GDL519"
        case .sceneHasNoViews: "GDL520"
        }
    }

    public var severity: Severity {
        if case .touchOnNoView = self { return .warning }
        return .error
    }

    public var message: String {
        switch self {
        case .malformedJSON(let reason): "malformed JSON: \(reason)"
        case .malformedText(let reason): reason
        case .wrongType(let what, let expected, let found): "\(what) must be \(expected), found \(found)"
        case .unknownField(let owner, let name): "\(owner) has no field '\(name)'"
        case .missingField(let owner, let name): "\(owner) needs a field '\(name)'"
        case .unknownName(let what, let name): "unknown \(what) '\(name)'"
        case .recognizerNotOnView(let recognizer, let role, let view, let viewRole):
            "recognizer '\(recognizer)' is attached to '\(role)' views, and view '\(view)' is a '\(viewRole)'"
        case .duplicateView(let id): "view '\(id)' is declared twice"
        case .parentNotDeclared(let id, let parent): "view '\(id)' names parent '\(parent)', which is not declared before it"
        case .parentCycle(let path): "views form a parent cycle: " + path.joined(separator: " → ")
        case .invalidParent(let view, let role, let parentRole):
            "view '\(view)' of role '\(role)' cannot sit in a view of role '\(parentRole)'"
        case .timeWentBackwards(let now, let given): "time goes backwards: \(Self.format(given))s after \(Self.format(now))s"
        case .notFinite(let what): "\(what) must be a finite number"
        case .touchNotDown(let id): "touch \(id) is not down"
        case .touchAlreadyDown(let id): "touch \(id) is already down"
        case .touchTwiceInEvent(let id): "touch \(id) changes twice in one event"
        case .tooManyTouches(let limit): "more than \(limit) touches down at once"
        case .unknownPhase(let name): "unknown touch phase '\(name)'"
        case .eventWithoutAction:
            "an event needs one of "
                + SimulationInputReader.actions.dropLast().map { "'\($0)'" }.joined(separator: ", ")
                + " or '\(SimulationInputReader.actions.last ?? "")'"
        case .outOfRange(let what, let range, let found): "\(what) must be \(range), found \(Self.format(found))"
        case .viewRemoved(let id): "view '\(id)' was removed earlier in the trace"
        case .timerDoesNotAdvance(let recognizer, let time):
            "a timer of \(recognizer) fired again at \(Self.format(time))s, the instant it fired: its kind restarts it with no delay; the simulation stops here"
        case .touchOnNoView(let id, let x, let y, let more):
            "touch \(id) lands on no view at (\(NumberText.format(x)), \(NumberText.format(y))), so nothing sees it (R10)"
                + (more > 0 ? "; \(more) later touch\(more == 1 ? "" : "es") land\(more == 1 ? "s" : "") on none too" : "")
        case .sceneHasNoViews(let id):
            "touch \(id) goes down on a scene with no views, so nothing can see it; the simulation stops here"
        }
    }

    /// What to do about it, written as a note at the same place.
    var help: String? {
        switch self {
        case .sceneHasNoViews:
            "give the scene its views: 'gesturec simulate --scene FILE', 'view ID: ROLE …' lines before the events, or a 'scene' line in a test file"
        case .touchOnNoView:
            "a touch lands on the frontmost view under it that is shown and interactive (R1–R4); check the scene's frames and the touch's location"
        default:
            nil
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
