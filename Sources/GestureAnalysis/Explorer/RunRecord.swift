import GestureRuntime

/// Something that can act on a touch, and so takes part in the analysis: a recognizer
/// (a declaration, on each view of its role), or a view that acts on its own touches (a
/// role with no recognizer of its own that a touch lands on: a button, a cell that
/// selects).
enum Participant: Hashable, Comparable {
    case recognizer(Int)
    case view(Int)

    /// A number for each participant, the same in every process (unlike `hashValue`).
    var code: Int {
        switch self {
        case .recognizer(let declaration): 2 * declaration
        case .view(let role): 2 * role + 1
        }
    }
}

/// What caused the engine's outputs of one call on a run.
enum Cause: Hashable {
    /// A finger went down.
    case fingerDown
    /// Fingers moved: a drag, a pinch, a twist.
    case movement
    /// A finger lifted, in a gesture or at the input's end.
    case lift
    /// Time passed: a timer fired while the fingers rested, or after they lifted.
    case timer

    var code: Int {
        switch self {
        case .fingerDown: 0
        case .movement: 1
        case .lift: 2
        case .timer: 3
        }
    }
}

/// A participant acting: a recognizer's first `began` or `recognized`.
struct Act: Hashable {
    var time: Double
    var cause: Cause
    /// The fingers down at that moment.
    var fingers: Int

    /// Acting by moving one finger: the gesture of a scroll or a swipe, which a user
    /// starts anywhere on the view, as opposed to one aimed at the view under the
    /// finger (a tap, a press, fingers landing on an object).
    var drivenByOneMovingFinger: Bool { cause == .movement && fingers <= 1 }
}

/// A recognizer losing what it would have done alone: excluded by a winner (R46), or
/// failed because a recognizer it requires to fail recognized (R53).
struct Loss: Hashable {
    enum How: Hashable {
        case excluded
        case requirement
    }

    /// The winner's declaration, and its instance's slot in the run (`Recorder.acts`
    /// has when and how it acted, in the same step or before).
    var winner: Int
    var winnerSlot: Int
    var how: How
    var time: Double
    /// The loser was held by its own failure requirements when it lost (R58): it had
    /// asked to act, and the spec made it wait.
    var whileHeld: Bool
}

/// A recognizer held by its failure requirements (R53) and then acting.
struct Hold: Hashable {
    var since: Double
    var until: Double
    /// Released by a finger lifting: the recognizers it waited for failed only then.
    var endedByLift: Bool
    /// The declarations it requires to fail that failed while it waited, in order.
    var waitedFor: [Int]
    /// For each failure requirement of it (an index into `program.failureRequirements`)
    /// whose required recognizer failed while it waited: how long it had waited then.
    var waits: [Int: Double] = [:]
    /// A timer of what it waited for was running until the release: the wait had a
    /// bound of its own, whatever the fingers did.
    var bounded: Bool
    var seconds: Double { until - since }
}

/// Two participants acting on one touch sequence.
struct Doubling: Hashable {
    enum Shape: Hashable {
        /// One acted while the other was active (began, not yet ended).
        case together
        /// One recognized while the other was still undecided in the same sequence, and
        /// the other acted later in it (R55).
        case stacked
        /// Both recognized in one step.
        case sameStep
        /// A view's touch ended as a tap while a recognizer acted on it.
        case viewTap

        var code: Int {
            switch self {
            case .together: 0
            case .stacked: 1
            case .sameStep: 2
            case .viewTap: 3
            }
        }
    }

    /// The one that acted first, and the later one.
    var first: Participant
    var second: Participant
    var shape: Shape
    var time: Double
    /// The fingers down when the second acted.
    var fingers: Int
}

/// What one touch that landed on a view acting on its own touches received.
struct ViewTouch: Hashable {
    /// The view instance and its role.
    var view: Int
    var role: Int
    var touch: Int
    var down: Double
    var up: Double?
    /// Deliveries: when `began`, `ended` and `cancelled` reached the view.
    var began: Double?
    var ended: Double?
    var cancelled: Double?
    /// `began` reached the view as the touch went down, not held back.
    var beganAtOnce = false
    /// Another finger went down after this one lifted and before its end reached the
    /// view: the rest of any wait for that end was the user's doing (GDL222, `Late`).
    var followedByAnotherTouch = false
    /// The declarations that acted in the call that cancelled the touch.
    var takers: [Int] = []
    /// The finger moved, or rested a while, before it lifted: not a plain tap.
    var plainTap = true
    /// The fingers down at most while it was down.
    var fingers = 1
    /// Continuous recognizers that began from this one finger moving (a scroll that
    /// began with the touch), before it ended (GDL221, `DeliveryChanged`).
    var begunByItsMovement: [Int] = []
    /// The recognizers that failed in the call that delivered `ended`: those whose
    /// failure released an end held back (R40; GDL222, `Late`).
    var releasers: [Int] = []
}

/// The features of an input that its classes are told apart by: where the first
/// finger moved, how long it rested first, how many fingers, whether a finger landed
/// while others were already moving, where it started.
struct InputFeatures: Hashable {
    /// The direction of the first drag, if one.
    var direction: Probe.Direction?
    /// How long the fingers rested before the first drag (0 without a pause first).
    var restBeforeMoving: Double
    /// Whether the input ever rested before a drag at all (a still hold, then a drag).
    var heldBeforeMoving: Bool
    var fingers: Int
    /// A finger went down after another had moved: it joined a gesture in progress.
    var fingerJoinedAMovingGesture: Bool
    /// The start's name when not the middle of the place ("5 pt from the left edge").
    var start: String?
    /// When the last finger lifted (the input's lift), and when the first went down.
    var lift: Double
    var firstDown: Double
}
