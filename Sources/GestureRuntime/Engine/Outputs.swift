/// A view instance the host registered: a slot of the engine's views, and which of
/// the views that took that slot it is.
///
/// A removed view's slot is taken again by a view of the same role once nothing in
/// the engine refers to it any more (docs/engine.md, "Handles and reused slots"), with the next
/// generation: a handle kept from before names a removed view, never the one in its
/// place.
public struct ViewInstance: Hashable, Comparable, Sendable {
    /// The slot, dense from 0 in the order slots were first taken.
    public let index: Int
    /// How many views had the slot before this one.
    public let generation: UInt32

    /// The first view of the slot `index` (generation 0).
    public init(_ index: Int) {
        self.init(index, generation: 0)
    }

    package init(_ index: Int, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    public static func < (a: ViewInstance, b: ViewInstance) -> Bool {
        (a.index, a.generation) < (b.index, b.generation)
    }
}

/// A recognizer attached to a view instance: a slot of the engine's recognizers, and
/// which of the recognizers that took that slot it is (its view's generation: a view
/// that takes a removed view's slot takes its recognizers' slots too).
public struct RecognizerInstance: Hashable, Comparable, Sendable {
    /// The slot, dense from 0 in the order slots were first taken.
    public let index: Int
    /// How many recognizers had the slot before this one.
    public let generation: UInt32

    /// The first recognizer of the slot `index` (generation 0).
    public init(_ index: Int) {
        self.init(index, generation: 0)
    }

    package init(_ index: Int, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    public static func < (a: RecognizerInstance, b: RecognizerInstance) -> Bool {
        (a.index, a.generation) < (b.index, b.generation)
    }
}

/// One touch's change in an input event (`GestureEngine.handle(_:time:)`).
public struct TouchChange: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    /// The host's id for the touch, unique among the touches down.
    public var id: Int
    public var phase: Phase
    /// In window coordinates; ignored for a cancel.
    public var location: Point
    /// For a down: its hit-test view, or nil for the engine's scene to find it.
    public var view: ViewInstance?
    /// For a down: what made the touch (R87); it keeps its type until it ends.
    public var touchType: TouchType
    /// For a down: the pointer's scroll or transform this sequence is, or nil for a
    /// touch (R88, R89). It keeps it until it ends. A scroll's `location` is where a
    /// finger dragging the content would be: the pointer, moved by the scroll so far.
    public var pointer: PointerInput?
    /// A transform's scale and rotation (radians, positive clockwise) since it began,
    /// as the trackpad reports them; 1 and 0 for every other change.
    public var scale: Double
    public var rotation: Double

    public init(
        id: Int, phase: Phase, location: Point, view: ViewInstance? = nil, touchType: TouchType = .direct,
        pointer: PointerInput? = nil, scale: Double = 1, rotation: Double = 0
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.view = view
        self.touchType = touchType
        self.pointer = pointer
        self.scale = scale
        self.rotation = rotation
    }
}

/// What the engine tells the host after each call, in order: recognizer actions for
/// the app, touch phases for the views, and decisions that explain them for tools.
public enum GestureOutput: Hashable, Sendable {
    case action(GestureAction)
    case touches(TouchDelivery)
    /// A control's event, right after the delivery it comes of (docs/controls.md).
    case control(ControlEvent)
    case decision(GestureDecision)
}

/// Touch phases a view receives: `touchesBegan`, `touchesMoved`, `touchesEnded` or
/// `touchesCancelled` with every touch of that view that changed together (R11, R12).
/// The touch ids are `engine.touchIDs(of: delivery)`.
public struct TouchDelivery: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case began, moved, ended, cancelled
    }

    public var view: ViewInstance
    public var phase: Phase
    /// Where the touches are in `GestureEngine.deliveredTouches`.
    public var touches: Range<Int>
    /// When it happened: the event's timestamp, or the deadline of the timer whose
    /// firing released it.
    public var time: Double
    /// The engine call that produced it (`GestureEngine.generation`).
    public var generation: UInt64
}

/// A touch as a view receives it (`UITouch`): where it is, when it last changed, its
/// tap count (R65) and its type (R87). A `began` held back and released later still carries where
/// and when the touch went down, and its catch-up `moved` where it is now (R17, R41).
public struct DeliveredTouch: Hashable, Sendable {
    /// The host's id for the touch.
    public var id: Int
    /// In window coordinates.
    public var location: Point
    public var timestamp: Double
    public var tapCount: Int
    /// What made it (`UITouch.type`, R87): a view receives every type.
    public var touchType: TouchType

    public init(id: Int, location: Point, timestamp: Double, tapCount: Int, touchType: TouchType = .direct) {
        self.id = id
        self.location = location
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.touchType = touchType
    }
}

/// An action message (R29): a recognizer began, changed, ended (recognized, for a
/// discrete kind) or was cancelled. The reported values are
/// `engine.values(of: action)`, in the order of the kind's `reports`.
public struct GestureAction: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case began, changed, ended, cancelled

        /// A discrete recognizer's one action, as the tools name it: UIKit's
        /// `.recognized`, which is `.ended` (docs/glossary.md).
        public static var recognized: Phase { .ended }
    }

    public var recognizer: RecognizerInstance
    public var phase: Phase
    /// When it happened: the event's timestamp, or a timer's deadline.
    public var time: Double
    /// Where the values are in `GestureEngine.reportedValues`. Two actions of one call
    /// may name the same range: recognizers of one kind and arguments that report the
    /// same measurements (twins, docs/engine.md) share one block of values.
    public var values: Range<Int>
    /// The table row whose transition sent it.
    public var location: SourceLocation
    /// The engine call that produced it (`GestureEngine.generation`).
    public var generation: UInt64
}

/// Why something happened to a recognizer; every decision names the program element
/// that caused it (a table row, a relation, a recognizer declaration).
public struct GestureDecision: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// A row of the kind's table sent it to `failed` (its location is the row).
        case failedByTransition
        /// Every touch is over and no timer runs, yet it is still `possible`: it fails so
        /// that nothing waits on it forever (R33).
        case failedIdle
        /// Another recognizer left `possible` first (R46, R47); the location is the
        /// winner's declaration.
        case excluded(by: RecognizerInstance)
        /// A recognizer it requires to fail began or recognized (R53); the location is
        /// the requirement.
        case requiredRecognized(RecognizerInstance)
        /// `shouldBegin` answered false (R59).
        case vetoedShouldBegin
        /// The `shouldBegin` of a view answered false: the recognizer's own view, or
        /// the hit-test view of one of its touches (R45, Decision 6). The location is
        /// the view role.
        case vetoedByView(ViewInstance)
        /// The hit-test view of one of its touches is a control whose default action
        /// it would take over: a single tap above a button, a swipe along a slider
        /// (R44). The location is the control's view role.
        case claimedByControl(ViewInstance)
        /// It is a scroll view's pan, and the hit-test view of one of its touches
        /// already tracks that touch and keeps it: `touchesShouldCancel(in:)` said no
        /// (a control), or the pan may not cancel content touches (R79). The location
        /// is the view role.
        case keptByView(ViewInstance)
        /// `shouldReceiveTouch` answered false for the touch (R20).
        case refusedTouch(id: Int)
        /// The touch's type is not one it takes: not among its `allowedTouchTypes`, or
        /// not its sequence's type where it requires one (R87).
        case otherTouchType(id: Int, type: TouchType)
        /// It asked to leave `possible` while a recognizer it requires to fail is
        /// still possible (R53); the location is the requirement.
        case held(waitingFor: RecognizerInstance)
        /// Every recognizer it waited for failed; it proceeds (R53, R54).
        case released
        /// It and the winner may recognize together (R48): a simultaneity group or
        /// a predicate said so.
        case simultaneous(with: RecognizerInstance)
        /// The winner cannot prevent it (R48, R49): a prevention rule or exemption.
        case notPrevented(by: RecognizerInstance)
        /// The app disabled it (R60).
        case disabled
        /// It ignored a touch (R25, R74).
        case ignoredTouch(id: Int)
        /// Its sequence is over; it is `possible` again (R32, R34).
        case reset
        /// The system interrupted every touch in progress (R16): it fails, or, if it
        /// had begun, is cancelled.
        case interrupted
        /// Its view left the window: the host removed it, or a view it is in (R16, as
        /// UIKit ends the recognizers of a view removed from its window). It fails, or,
        /// if it had begun, is cancelled. The instance is the view the host removed.
        case viewRemoved(ViewInstance)
    }

    public var recognizer: RecognizerInstance
    public var reason: Reason
    public var time: Double
    public var location: SourceLocation
}

/// What the engine tells a hook about the question it answers: which recognizer asks
/// (its `shouldBegin`, `shouldReceiveTouch`, a relation's condition), on which view,
/// when, and where its touches are: a hook can answer "is there a link under the
/// finger" from `location` and `touchedView`. A hook must not read the engine itself,
/// which is being changed while it runs (`GestureEngine.bind(hook:_:)`).
public struct HookQuery: Hashable, Sendable {
    /// The recognizer instance whose predicate or relation asks.
    public var recognizer: RecognizerInstance
    /// Its declaration, `program.recognizers[declaration]`; the generated code's
    /// `Recognizer(rawValue:)` names it.
    public var declaration: Int
    /// The view instance it is attached to.
    public var view: ViewInstance
    /// The time of the event being processed.
    public var time: Double
    /// Where the recognizer's touches are, in window coordinates: the `location`
    /// feature, their centroid (the new touch itself, for `shouldReceiveTouch`).
    public var location: Point
    /// `location` in the asking recognizer's view's own coordinates: from the view's
    /// top-left corner plus its bounds origin, as `UIGestureRecognizer.location(in:)`
    /// gives it for that view, from the scene as the host last placed it.
    public var locationInView: Point
    /// The hit-test view of the touch that changed last (the `touchedView` feature's
    /// view): the view under the finger. Nil before any touch, or when that view was
    /// removed.
    public var touchedView: ViewInstance?

    public init(
        recognizer: RecognizerInstance, declaration: Int, view: ViewInstance, time: Double, location: Point = .zero,
        locationInView: Point? = nil, touchedView: ViewInstance? = nil
    ) {
        self.recognizer = recognizer
        self.declaration = declaration
        self.view = view
        self.time = time
        self.location = location
        self.locationInView = locationInView ?? location
        self.touchedView = touchedView
    }
}

/// A mistake of the host's, reported instead of trapping.
public enum EngineError: Error, Hashable, Sendable {
    case unknownRole(Int)
    /// The parent's role is not one the role may sit in (or a root role was given a
    /// parent, or a nested one none).
    case invalidParent(role: Int, parent: ViewInstance?)
    case unknownView(ViewInstance)
    /// The view was removed (`GestureEngine.removeView`), with its subtree: it can be
    /// neither changed, nor given a touch or a subview.
    case viewRemoved(ViewInstance)
    case unknownRecognizer(RecognizerInstance)
    case unknownHook(Int)
    /// A typed name (`GestureName`) of a gesture set other than the engine's program.
    case nameOfAnotherSet(name: String, program: String)
    /// A touch went down with an id that is already down.
    case touchAlreadyDown(id: Int)
    /// More touches down at once than the engine tracks (`GestureEngine.maximumTouches`,
    /// far beyond what a screen reports).
    case tooManyTouches
    /// One event changed the same touch twice.
    case touchTwiceInEvent(id: Int)
    /// A move, lift or cancel for a touch that is not down.
    case touchNotDown(id: Int)
    /// Times must not go backwards.
    case timeWentBackwards(now: Double, given: Double)
    /// Coordinates, frames, sizes, view properties and times must be finite numbers.
    case notFinite
    /// A call made while another is in progress: a hook that calls its engine back.
    /// The engine is in the middle of the first call; nothing changed (docs/engine.md,
    /// "Hooks").
    case reentrantCall
    /// A timer of this recognizer was due again at the instant it fired, in the same
    /// call: its kind restarts it with no delay, or with one too small for the clock
    /// to move. The timer was stopped (docs/engine.md).
    case timerDoesNotAdvance(RecognizerInstance)
}

/// A table row that fired, and the values its guard compared (`GestureEngine.firedRows`,
/// recorded while `tracesComparisons` is on): what `simulate` shows as the values that
/// decided a transition (`movement 12.3pt >= hysteresis 10pt`).
package struct FiredRow: Hashable, Sendable {
    /// A scalar comparison the guard ran: the `ordinal`-th comparison instruction of
    /// the routine (in the order the compiler emits a guard's comparisons, left to
    /// right, innermost first), with its two operands.
    package struct Comparison: Hashable, Sendable {
        package var ordinal: Int
        package var left: Double
        package var right: Double
    }

    package var recognizer: RecognizerInstance
    /// The row's location: an action or failure it caused carries the same one.
    package var location: SourceLocation
    package var time: Double
    package var comparisons: [Comparison]
}
