/// A view instance the host registered, by dense index in registration order.
public struct ViewInstance: Hashable, Comparable, Sendable {
    public let index: Int

    public init(_ index: Int) {
        self.index = index
    }

    public static func < (a: ViewInstance, b: ViewInstance) -> Bool { a.index < b.index }
}

/// A recognizer attached to a view instance, by dense index in creation order.
public struct RecognizerInstance: Hashable, Comparable, Sendable {
    public let index: Int

    public init(_ index: Int) {
        self.index = index
    }

    public static func < (a: RecognizerInstance, b: RecognizerInstance) -> Bool { a.index < b.index }
}

/// What the engine tells the host after each call, in order: recognizer actions for
/// the app, and decisions that explain them for tools.
public enum GestureOutput: Hashable, Sendable {
    case action(GestureAction)
    case decision(GestureDecision)
}

/// An action message (R29): a recognizer began, changed, ended (recognized, for a
/// discrete kind) or was cancelled. The reported values are
/// `engine.values(of: action)`, in the order of the kind's `reports`.
public struct GestureAction: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case began, changed, ended, cancelled
    }

    public var recognizer: RecognizerInstance
    public var phase: Phase
    /// When it happened: the event's timestamp, or a timer's deadline.
    public var time: Double
    /// Where the values are in `GestureEngine.reportedValues`.
    public var values: Range<Int>
    /// The table row whose transition sent it.
    public var location: SourceLocation
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
        /// `shouldReceiveTouch` answered false for the touch (R20).
        case refusedTouch(id: Int)
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
    }

    public var recognizer: RecognizerInstance
    public var reason: Reason
    public var time: Double
    public var location: SourceLocation
}

/// A mistake of the host's, reported instead of trapping.
public enum EngineError: Error, Hashable, Sendable {
    case unknownRole(Int)
    /// The parent's role is not one the role may sit in (or a root role was given a
    /// parent, or a nested one none).
    case invalidParent(role: Int, parent: ViewInstance?)
    case unknownView(ViewInstance)
    case unknownRecognizer(RecognizerInstance)
    case unknownHook(Int)
    /// A touch went down with an id that is already down.
    case touchAlreadyDown(id: Int)
    /// More touches down at once than the engine tracks (`GestureEngine.maximumTouches`,
    /// far beyond what a screen reports).
    case tooManyTouches
    /// A move, lift or cancel for a touch that is not down.
    case touchNotDown(id: Int)
    /// Times must not go backwards.
    case timeWentBackwards(now: Double, given: Double)
    /// Coordinates and times must be finite numbers.
    case notFinite
}
