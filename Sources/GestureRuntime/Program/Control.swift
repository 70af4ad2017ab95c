extension GestureProgram {
    /// What a view role is when it is a control (`UIControl`): it tracks the touch it
    /// receives and sends control events by where that touch goes (docs/controls.md).
    ///
    /// A control acts on the touches its view is delivered, so everything that decides
    /// deliveries (cancelling, delaying, exclusive touch) decides its events too: a
    /// recognizer that takes the touch sends it `touchCancel`, one that holds the
    /// touch's `began` back holds its `touchDown`.
    public struct Control: Hashable, Sendable {
        /// UIKit's controls, and `custom` for a `UIControl` subclass of the app's.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case button, `switch`, slider, stepper, segmentedControl, pageControl, custom
        }

        public var kind: Kind
        /// The axis a slider's track lies along and a switch's knob moves along:
        /// `[left, right]` or `[up, down]`.
        public var axis: GestureDirections
        /// How far outside its bounds, in points on every side, a finger still counts
        /// as inside for `touchDragExit`, `touchDragEnter` and `touchUpInside`.
        public var trackingMargin: Double
        /// The recognizers on other views whose gesture overlaps the control's default
        /// action, which the control therefore keeps from beginning on a touch that
        /// began on it (R44). The compiler finds them from their kinds and arguments.
        public var claims: [Claim]

        public init(kind: Kind, axis: GestureDirections = [.left, .right], trackingMargin: Double, claims: [Claim] = []) {
            self.kind = kind
            self.axis = axis
            self.trackingMargin = trackingMargin
            self.claims = claims
        }
    }

    /// A recognizer a control keeps from beginning on its touches (R44).
    public struct Claim: Hashable, Sendable {
        /// Its index in `GestureProgram.recognizers`.
        public var recognizer: Int
        /// Only when the recognizer's movement so far lies mostly along the control's
        /// axis (a swipe along a slider's track, a pan of a switch's knob); otherwise
        /// whatever it did (a single tap on a button).
        public var alongAxis: Bool

        public init(recognizer: Int, alongAxis: Bool) {
            self.recognizer = recognizer
            self.alongAxis = alongAxis
        }
    }
}

/// A control event (`UIControl.Event`): what a view of a control role sent its
/// targets, from the touch it tracks (docs/controls.md).
public struct ControlEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The view was delivered the touch's `began`.
        case touchDown
        /// The touch moved from inside the control (with its tracking margin) to outside.
        case touchDragExit
        /// The touch moved back inside.
        case touchDragEnter
        /// The touch lifted inside: a button's action.
        case touchUpInside
        /// The touch lifted outside.
        case touchUpOutside
        /// The view was delivered the touch's `cancelled`: a recognizer took it, the
        /// system cancelled it, or the view left the window.
        case touchCancel
        /// The control's value changed: a switch toggled, a slider's thumb moved, a
        /// stepper stepped, a segment or a page was chosen.
        case valueChanged
    }

    public var view: ViewInstance
    public var kind: Kind
    /// The host's id of the touch the control tracks.
    public var touch: Int
    /// Where that touch is, in window coordinates.
    public var location: Point
    /// When it happened: the delivery's time.
    public var time: Double
    /// The engine call that produced it (`GestureEngine.generation`).
    public var generation: UInt64
}
