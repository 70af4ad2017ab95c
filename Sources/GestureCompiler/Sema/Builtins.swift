import GestureDSL
import GestureRuntime

/// The names the language knows without declarations: types, properties, functions,
/// constants and UIKit's states. Checks and suggestions read them from here.
package enum Builtins {
    /// The properties of a view role (docs/semantics.md §A, §B).
    package static let viewProperties = PropertyTable([
        ("interactive", .bool), ("hidden", .bool), ("alpha", .number), ("hitSlop", .distance),
        ("minimumTarget", .distance), ("transparentWhenEmpty", .bool), ("multipleTouch", .bool),
        ("exclusiveTouch", .bool), ("shouldBegin", .bool), ("defersSystemGestures", .direction),
        ("excludesSystemGestures", .bool), ("control", .control), ("axis", .direction), ("trackingMargin", .distance),
        ("touchesShouldCancel", .bool), ("accessibilityLabel", .text),
    ])

    /// The valid range of the numeric view properties that have one.
    static let viewPropertyRanges: [String: ClosedRange<Double>] = [
        "alpha": 0...1, "minimumTarget": 0...Double.infinity, "trackingMargin": 0...Double.infinity,
    ]

    /// The properties that only a control's view role may set, and the controls that
    /// take each (docs/controls.md).
    static let controlProperties: [String: Set<GestureProgram.Control.Kind>] = [
        "axis": [.slider, .switch], "trackingMargin": Set(GestureProgram.Control.Kind.allCases),
    ]

    /// A control's tracking margin unless its role sets one: how far a finger may
    /// stray outside the control and still lift inside (chosen: 70pt, as third parties
    /// measured UIKit's, docs/controls.md).
    package static let defaultTrackingMargin = 70.0

    /// The type of each engine feature (see `Feature` for what each measures).
    package static func type(of feature: Feature) -> ValueType {
        switch feature {
        case .touchCount, .tapCount: .int
        case .location, .startLocation, .translation, .windowSize: .point
        case .velocity: .vector(Dimension.length / .time)
        case .movement, .spread: .distance
        case .scale: .number
        case .scaleVelocity: .scalar(Dimension.dimensionless / .time)
        case .rotation: .angle
        case .rotationVelocity: .scalar(Dimension.angle / .time)
        case .elapsed: .duration
        case .dominantDirection, .cannotScroll: .direction
        case .touchedView: .view
        case .gliding, .scrolling, .transforming, .pointerInside: .bool
        case .touchType: .touchTypes
        }
    }

    /// The type of a named constant.
    package static func type(ofConstant name: String) -> ValueType {
        if name == "unlimited" { return .int }
        return TouchType(name: name) != nil ? .touchTypes : .direction
    }

    /// Delivery flags, and whether stationary touches count: a kind gives defaults, a
    /// recognizer may override them (R38–R43, R80).
    static let deliveryFlags = PropertyTable([
        ("cancelsTouchesInView", .bool), ("delaysTouchesBegan", .bool), ("delaysTouchesEnded", .bool),
        ("ignoresStationaryTouches", .bool), ("receivesTransform", .bool), ("receivesHover", .bool),
    ])

    /// Everything a recognizer's body (or `name.property:`) may set: `enabled`, the
    /// delivery flags and the delegate predicates (R20, R48, R59), all booleans.
    package static let recognizerProperties = PropertyTable(
        [("enabled", .bool)] + deliveryFlags.entries
            + [
                ("shouldBegin", .bool), ("shouldReceiveTouch", .bool), ("shouldRecognizeSimultaneously", .bool),
                ("backSwipe", .bool), ("scrollPan", .bool), ("foreign", .bool), ("accessibility", .accessibility),
                ("allowedTouchTypes", .touchTypes), ("requiresExclusiveTouchType", .bool),
                ("allowedScrollTypes", .scrollTypes),
            ])

    /// The words a recognizer's `accessibility` may name besides a label and a control
    /// role: what VoiceOver and Switch Control reach it by (docs/accessibility.md).
    /// `action` is a custom action labelled by the recognizer's doc comment.
    package static let accessibilityWords = ["activate", "action", "escape", "scroll", "magicTap"]

    /// The touch types an `allowedTouchTypes` value names (a name, or a list of names),
    /// or nil when one is not a touch type's name; the checker says which.
    package static func touchTypes(_ value: Expr) -> TouchTypes? {
        let elements: [Expr]
        switch value.kind {
        case .name: elements = [value]
        case .list(let items): elements = items
        default: return nil
        }
        var types: TouchTypes = []
        for element in elements {
            guard case .name(let name) = element.kind, let type = TouchType(name: name) else { return nil }
            types.insert(TouchTypes(type))
        }
        return types
    }

    /// The scroll types an `allowedScrollTypes` value names (a name, `all`, or a list of
    /// names; `[]` is none), or nil when one is not a scroll type's name.
    package static func scrollTypes(_ value: Expr) -> ScrollTypes? {
        let elements: [Expr]
        switch value.kind {
        case .name("all"): return .all
        case .name: elements = [value]
        case .list(let items): elements = items
        default: return nil
        }
        var types: ScrollTypes = []
        for element in elements {
            guard case .name(let name) = element.kind, let type = ScrollType(name: name) else { return nil }
            types.insert(ScrollTypes(type))
        }
        return types
    }

    /// Functions usable in expressions, with their number of arguments.
    package static let functions: [String: Int] = ["abs": 1, "min": 2, "max": 2, "length": 1]

    /// Named constants: the four directions, the two axes (`horizontal` is
    /// `[left, right]`, `vertical` `[up, down]`) and `unlimited` (an int larger than
    /// any touch count, which a parameter of any quantity also takes: a duration, a
    /// distance or an angle without a bound).
    /// The touch types' names (R87) are constants too, for `touchType == pencil`; a
    /// role or hook of the same name is the spec's, as with every constant.
    package static let constants: Set<String> = [
        "left", "right", "up", "down", "horizontal", "vertical", "unlimited", "direct", "indirect", "pencil", "indirectPointer",
    ]

    /// Members of points and vectors (`velocity.x`).
    package static let pointMembers = ["x", "y"]

    /// The state every kind starts in, and the states a state block may show outwardly.
    static let initialState = "possible"
    static let outwardStates = ["possible", "began", "changed"]

    /// States only a continuous kind can enter (R28).
    static let continuousOnlyStates = ["began", "changed", "cancelled"]

    /// Final states a transition can enter without declaring them.
    static let terminalStates = ["recognized", "ended", "cancelled", "failed"]

    /// What a built-in name in an expression is.
    enum Name {
        case feature(Feature)
        case constant
        case function(arity: Int)
        case other
    }

    /// Every built-in name, in one table so that resolving a name costs one lookup.
    static let names: NameTable<Name> = {
        var names: NameTable<Name> = ["other": .other]
        for feature in Feature.allCases { names[feature.name] = .feature(feature) }
        for constant in constants { names[constant] = .constant }
        for (function, arity) in functions { names[function] = .function(arity: arity) }
        return names
    }()

    /// What the built-in name `name` is, or nil when it is none.
    static func builtin(named name: String) -> Name? { names[name] }

    /// Names a declaration may not take, because expressions already use them.
    static func isReserved(_ name: String) -> Bool {
        switch builtin(named: name) {
        case .feature, .constant, .other: true
        case .function, nil: false
        }
    }
}

/// The properties one kind of declaration accepts, with their types.
///
/// A short list searched in order: for a handful of names, comparing small strings
/// costs less than hashing them.
package struct PropertyTable {
    package let entries: [(name: String, type: ValueType)]

    init(_ entries: [(name: String, type: ValueType)]) {
        self.entries = entries
    }

    package func type(of name: String) -> ValueType? {
        // Lengths first: strings of different lengths compare on the slow path.
        let length = name.utf8.count
        return entries.first { $0.name.utf8.count == length && $0.name == name }?.type
    }

    var names: [String] { entries.map(\.name) }
}
