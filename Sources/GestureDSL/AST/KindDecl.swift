/// `kind name(parameters) discrete|continuous { … }`: a recognizer kind as a state
/// machine.
public final class KindDecl: Sendable {
    public enum Mode: String, Sendable {
        case discrete, continuous
    }

    public let doc: DocComment?
    public let name: Identifier
    public let parameters: [ParameterDecl]
    public let mode: Mode
    public let modeRange: SourceRange
    public let properties: [PropertyDecl]
    public let variables: [VariableDecl]
    public let reports: [ReportDecl]
    public let preventionRules: [PreventionRuleDecl]
    public let requirements: [KindRequirementDecl]
    public let states: [StateBlockDecl]
    public let range: SourceRange

    public init(
        doc: DocComment?, name: Identifier, parameters: [ParameterDecl], mode: Mode, modeRange: SourceRange, properties: [PropertyDecl],
        variables: [VariableDecl], reports: [ReportDecl], preventionRules: [PreventionRuleDecl], requirements: [KindRequirementDecl],
        states: [StateBlockDecl], range: SourceRange
    ) {
        self.doc = doc
        self.name = name
        self.parameters = parameters
        self.mode = mode
        self.modeRange = modeRange
        self.properties = properties
        self.variables = variables
        self.reports = reports
        self.preventionRules = preventionRules
        self.requirements = requirements
        self.states = states
        self.range = range
    }
}

/// `name: type [= default]`.
public struct ParameterDecl: Sendable {
    public var name: Identifier
    public var type: Identifier
    public var defaultValue: Expr?
    public var range: SourceRange
}

/// `var name: type = initial`: a value the kind keeps between events, set back to its
/// initial value when the recognizer resets.
public struct VariableDecl: Sendable {
    public var name: Identifier
    public var type: Identifier
    public var initialValue: Expr
    public var range: SourceRange
}

/// `report name [= value]`: a value sent with every action; `report translation` is
/// short for `report translation = translation`.
public struct ReportDecl: Sendable {
    public var name: Identifier
    /// The value as written after `=`, if any.
    public var value: Expr?
    /// What the report computes: its value, or its name read as an expression.
    public var computed: Expr
    public var range: SourceRange
}

/// `require condition`: a condition on the kind's parameters that every recognizer's
/// arguments must meet, checked at compile time (`require taps >= 1`).
public struct KindRequirementDecl: Sendable {
    public var condition: Expr
    public var range: SourceRange
}

/// `cannot prevent KIND [where …]` or `cannot be prevented by KIND [where …]` (R49).
/// In the condition, `other` is the other recognizer and `other.param` its arguments.
public struct PreventionRuleDecl: Sendable {
    public enum Direction: Sendable {
        /// UIKit's `canPrevent(_:)` answering false.
        case prevent
        /// UIKit's `canBePrevented(by:)` answering false.
        case bePreventedBy
    }

    public var direction: Direction
    public var otherKind: Identifier
    public var condition: Expr?
    public var range: SourceRange
}

/// `head, head { transitions }`: the transitions of one or more states.
public struct StateBlockDecl: Sendable {
    public var heads: [StateHead]
    public var transitions: [TransitionDecl]
    public var range: SourceRange
}

/// A state name, optionally with the UIKit state it shows outwardly: `holding as possible`.
public struct StateHead: Sendable {
    public var name: Identifier
    public var outward: Identifier?
}

/// `on events [where guard] [-> target] [{ actions }]`.
public struct TransitionDecl: Sendable {
    public var events: [EventRef]
    public var guardExpr: Expr?
    public var target: Identifier?
    public var actions: [ActionDecl]
    public var range: SourceRange
}

/// What a transition reacts to.
public enum EventRef: Sendable {
    public enum Phase: String, CaseIterable, Sendable {
        case down, move, up, cancel
    }

    case touch(Phase, SourceRange)
    case timer(Identifier)

    public var range: SourceRange {
        switch self {
        case .touch(_, let range): range
        case .timer(let name): name.range
        }
    }
}

/// A step a transition performs.
public enum ActionDecl: Sendable {
    public enum AssignmentOperator: String, Sendable {
        case set = "="
        case add = "+="
        case subtract = "-="
    }

    /// `start timer name after duration`: starts (or restarts) a timer.
    case startTimer(name: Identifier, after: Expr, range: SourceRange)
    /// `stop timer name`.
    case stopTimer(name: Identifier, range: SourceRange)
    /// `ignore [beyond count]`: stop receiving the row's touches, except those among
    /// the first `count` the recognizer tracks (R25, R74).
    case ignore(beyond: Expr?, range: SourceRange)
    /// `restart`: the recognizer's sequence starts over at this event (a bounce, a
    /// new first tap).
    case restart(range: SourceRange)
    /// `variable = value`, `+=`, `-=`.
    case assign(variable: Identifier, op: AssignmentOperator, value: Expr, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .startTimer(_, _, let range), .stopTimer(_, let range), .ignore(_, let range), .restart(let range),
            .assign(_, _, _, let range):
            range
        }
    }
}
