/// One gesture set compiled to tables: what `gesturec build` produces and
/// `GestureEngine` runs.
///
/// Everything is referenced by dense integer ids, which are indices into the arrays
/// here: a recognizer's `kind` indexes `kinds`, its `role` indexes `views`, a routine
/// id indexes `routines` (set-level predicates) or the kind's own `routines`. Values are
/// in base units: seconds, points, radians. `validate()` checks every id, and the
/// decoders run it, so an engine given a decoded program never indexes out of range.
public struct GestureProgram: Hashable, Sendable {
    /// The gesture set's name.
    public var name: String
    /// Source paths as given to the compiler; `SourceLocation.file` indexes this.
    public var files: [String]
    /// View roles in declaration order (depth-first, as written).
    public var views: [ViewRole]
    /// Recognizers in declaration order, which is the order they are added to a view.
    public var recognizers: [Recognizer]
    public var hooks: [Hook]
    /// The kinds the recognizers use, in order of first use.
    public var kinds: [Kind]
    /// `a requires b to fail` edges (R53).
    public var failureRequirements: [FailureRequirement]
    /// `simultaneous a, b, …` groups (R48).
    public var simultaneityGroups: [SimultaneityGroup]
    /// `a cannot prevent b` lines: ordered pairs where the first, winning, does not
    /// exclude the second (R48). Kinds' own rules are in `Kind.preventionRules`.
    public var preventionExemptions: [PreventionExemption]
    /// Predicates of the set: delegate answers and relation conditions.
    public var routines: [Routine]

    public init(
        name: String, files: [String], views: [ViewRole], recognizers: [Recognizer], hooks: [Hook],
        kinds: [Kind], failureRequirements: [FailureRequirement], simultaneityGroups: [SimultaneityGroup],
        preventionExemptions: [PreventionExemption], routines: [Routine]
    ) {
        self.name = name
        self.files = files
        self.views = views
        self.recognizers = recognizers
        self.hooks = hooks
        self.kinds = kinds
        self.failureRequirements = failureRequirements
        self.simultaneityGroups = simultaneityGroups
        self.preventionExemptions = preventionExemptions
        self.routines = routines
    }
}

extension GestureProgram {
    /// A view role and its hit-testing properties (docs/semantics.md §A, §B). A scene's view
    /// instances take these unless they override them.
    public struct ViewRole: Hashable, Sendable {
        public var name: String
        /// The roles this one may sit in; empty for a root.
        public var parents: [Int]
        public var interactive: Bool
        public var hidden: Bool
        public var alpha: Double
        /// Points added to the hit area on every side (R7).
        public var hitSlop: Double
        /// The smallest width and height of the hit area, centred on the view (R7).
        public var minimumTarget: Double
        /// Hit only where a subview is hit (R6).
        public var transparentWhenEmpty: Bool
        public var multipleTouch: Bool
        public var exclusiveTouch: Bool
        /// `UIView.gestureRecognizerShouldBegin(_:)`: a routine id in
        /// `GestureProgram.routines`, asked about a recognizer leaving `possible` on a view
        /// of this role or holding a touch bound to one; nil answers true (R45).
        public var shouldBegin: Int?
        /// The screen edges whose system gestures a view of this role defers while it is on
        /// screen (`preferredScreenEdgesDeferringSystemGestures`): the first swipe from such
        /// an edge goes to the app, a second to the system (docs/semantics.md §K).
        public var defersSystemGestures: GestureDirections
        /// Whether a view of this role claims its frame from the system's back gesture
        /// (Android's `setSystemGestureExclusionRects` with the view's bounds).
        public var excludesSystemGestures: Bool
        /// The control a view of this role is, or nil (docs/controls.md).
        public var control: Control?
        /// `UIScrollView.touchesShouldCancel(in:)` asked about a view of this role: whether
        /// a scroll view's pan may begin, and take the touch, once the view tracks it.
        /// True by default; a control's default is false (R79).
        public var touchesShouldCancel: Bool
        /// The label of a view of this role as an accessibility element, unless the app
        /// gives the view one of its own (docs/accessibility.md).
        public var accessibilityLabel: String?
        public var location: SourceLocation

        public init(
            name: String, parents: [Int], interactive: Bool = true, hidden: Bool = false, alpha: Double = 1,
            hitSlop: Double = 0, minimumTarget: Double = 0, transparentWhenEmpty: Bool = false,
            multipleTouch: Bool = false, exclusiveTouch: Bool = false, shouldBegin: Int? = nil,
            defersSystemGestures: GestureDirections = [], excludesSystemGestures: Bool = false,
            control: Control? = nil, touchesShouldCancel: Bool = true, accessibilityLabel: String? = nil,
            location: SourceLocation
        ) {
            self.name = name
            self.parents = parents
            self.interactive = interactive
            self.hidden = hidden
            self.alpha = alpha
            self.hitSlop = hitSlop
            self.minimumTarget = minimumTarget
            self.transparentWhenEmpty = transparentWhenEmpty
            self.multipleTouch = multipleTouch
            self.exclusiveTouch = exclusiveTouch
            self.shouldBegin = shouldBegin
            self.defersSystemGestures = defersSystemGestures
            self.excludesSystemGestures = excludesSystemGestures
            self.control = control
            self.touchesShouldCancel = touchesShouldCancel
            self.accessibilityLabel = accessibilityLabel
            self.location = location
        }
    }

    /// A recognizer: a kind applied to arguments, attached to a view role.
    public struct Recognizer: Hashable, Sendable {
        public var name: String
        public var kind: Int
        public var role: Int
        /// One value per parameter of the kind, defaults filled in, in base units.
        public var arguments: [Double]
        public var enabled: Bool
        public var cancelsTouchesInView: Bool
        public var delaysTouchesBegan: Bool
        public var delaysTouchesEnded: Bool
        /// Counts a touch only once it has moved: a resting finger does not hold the
        /// recognizer back (a scroll view's pan, R80).
        public var ignoresStationaryTouches: Bool
        /// Routine ids in `GestureProgram.routines`; nil gives UIKit's default answer
        /// (true, true, false).
        public var shouldBegin: Int?
        public var shouldReceiveTouch: Int?
        public var shouldRecognizeSimultaneously: Int?
        /// The recognizer stands for a navigation controller's back swipe
        /// (`interactivePopGestureRecognizer`): a host binds it to that recognizer instead of
        /// making one, and where the system owns the back swipe (Android's gesture
        /// navigation) the system's gesture takes its place (docs/semantics.md §K).
        public var backSwipe: Bool
        /// The recognizer is a scroll view's pan: before it begins it asks each view
        /// already tracking one of its touches `touchesShouldCancel(in:)`, and fails if
        /// one says no, or if it may not take touches at all (`cancelsTouchesInView`
        /// false, UIKit's `canCancelContentTouches`) (R79).
        public var scrollPan: Bool
        /// The recognizer is not the app's: UIKit or a framework makes it (a context
        /// menu's press, a text view's selection, a sheet's dismiss pan, a web view's
        /// taps, the navigation's back swipe). The spec declares what is known of it so
        /// that relations can name it; lint says whose it is (docs/controls.md).
        public var foreign: Bool
        /// What the spec says reaches the recognizer's action without its gesture, for
        /// VoiceOver and Switch Control; nil when it says nothing
        /// (`GestureProgram.accessibility(ofRecognizer:)` adds what is implied).
        public var accessibility: Accessibility?
        /// The touch types the recognizer receives (UIKit's `allowedTouchTypes`): a
        /// touch of another type passes it by, as if it were not there, before
        /// `shouldReceiveTouch` is asked.
        public var allowedTouchTypes: TouchTypes
        /// Once the recognizer has a touch, it receives no touch of another type until
        /// it resets (UIKit's `requiresExclusiveTouchType`, true by default).
        public var requiresExclusiveTouchType: Bool
        /// The pointer scrolls the recognizer receives (UIKit's `allowedScrollTypesMask`,
        /// none by default; a scroll view's pan takes both), whatever its touch types (R88).
        public var allowedScrollTypes: ScrollTypes
        /// The recognizer receives a trackpad's pinches and rotations (R89): UIKit's pinch
        /// and rotation recognizers do, which the prelude's kinds say.
        public var receivesTransform: Bool
        /// The recognizer receives the pointer's hover, and Apple Pencil's, of the touch
        /// types it takes (R90): UIKit's hover recognizer does, which the prelude's
        /// `hover` says.
        public var receivesHover: Bool
        public var location: SourceLocation

        public init(
            name: String, kind: Int, role: Int, arguments: [Double], enabled: Bool = true,
            cancelsTouchesInView: Bool = true, delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true,
            ignoresStationaryTouches: Bool = false, shouldBegin: Int? = nil, shouldReceiveTouch: Int? = nil,
            shouldRecognizeSimultaneously: Int? = nil, backSwipe: Bool = false, scrollPan: Bool = false,
            foreign: Bool = false, accessibility: Accessibility? = nil, allowedTouchTypes: TouchTypes = .all,
            requiresExclusiveTouchType: Bool = true, allowedScrollTypes: ScrollTypes = [], receivesTransform: Bool = false,
            receivesHover: Bool = false, location: SourceLocation
        ) {
            self.name = name
            self.kind = kind
            self.role = role
            self.arguments = arguments
            self.enabled = enabled
            self.cancelsTouchesInView = cancelsTouchesInView
            self.delaysTouchesBegan = delaysTouchesBegan
            self.delaysTouchesEnded = delaysTouchesEnded
            self.ignoresStationaryTouches = ignoresStationaryTouches
            self.shouldBegin = shouldBegin
            self.shouldReceiveTouch = shouldReceiveTouch
            self.shouldRecognizeSimultaneously = shouldRecognizeSimultaneously
            self.backSwipe = backSwipe
            self.scrollPan = scrollPan
            self.foreign = foreign
            self.accessibility = accessibility
            self.allowedTouchTypes = allowedTouchTypes
            self.requiresExclusiveTouchType = requiresExclusiveTouchType
            self.allowedScrollTypes = allowedScrollTypes
            self.receivesTransform = receivesTransform
            self.receivesHover = receivesHover
            self.location = location
        }
    }

    /// A boolean the app answers at run time; `defaultValue` until it does.
    public struct Hook: Hashable, Sendable {
        public var name: String
        public var defaultValue: Bool
        public var location: SourceLocation

        public init(name: String, defaultValue: Bool, location: SourceLocation) {
            self.name = name
            self.defaultValue = defaultValue
            self.location = location
        }
    }

    /// `dependent requires required to fail [where condition]`.
    public struct FailureRequirement: Hashable, Sendable {
        public var dependent: Int
        public var required: Int
        /// A routine id in `GestureProgram.routines`; nil when the edge always holds.
        public var condition: Int?
        public var location: SourceLocation

        public init(dependent: Int, required: Int, condition: Int? = nil, location: SourceLocation) {
            self.dependent = dependent
            self.required = required
            self.condition = condition
            self.location = location
        }
    }

    /// `simultaneous a, b, … [where condition]`: every pair may recognize together.
    public struct SimultaneityGroup: Hashable, Sendable {
        public var members: [Int]
        public var condition: Int?
        public var location: SourceLocation

        public init(members: [Int], condition: Int? = nil, location: SourceLocation) {
            self.members = members
            self.condition = condition
            self.location = location
        }
    }

    /// When `preventer` recognizes, it does not exclude `prevented`.
    public struct PreventionExemption: Hashable, Sendable {
        public var preventer: Int
        public var prevented: Int
        public var location: SourceLocation

        public init(preventer: Int, prevented: Int, location: SourceLocation) {
            self.preventer = preventer
            self.prevented = prevented
            self.location = location
        }
    }
}
