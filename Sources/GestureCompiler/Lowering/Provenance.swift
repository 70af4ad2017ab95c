import GestureDSL
import GestureRuntime

/// The way back from a compiled set to its source: for each program element (a view
/// role, a recognizer, a hook, a relation, a kind, its timers and prevention rules, a
/// transition and each of its rows, a guard's comparisons) the declaration and the
/// source range it came from, filled by lowering as it makes the element.
///
/// Every array is indexed by the program's own ids (`program.views[i]` is `views[i]`),
/// so a tool reads the map and never walks the syntax again in lowering's order.
/// `declaration` indexes `compilation.model.declarations`; every range is in
/// `compilation.sources`. Only the compilation that lowered the set can read it.
public struct Provenance: Hashable, Sendable {
    /// Where one declared element is written.
    public struct Origin: Hashable, Sendable {
        /// Its declaration in the semantic model; nil for an element no declaration
        /// makes (a relation, a transition).
        public var declaration: Int?
        /// The whole element as written.
        public var range: SourceRange
        /// The word a finding about it underlines: a declaration's name, a relation's or
        /// a transition's first word. It starts at the element's program `location`.
        public var anchor: SourceRange
    }

    /// A view role and the properties written for it.
    public struct View: Hashable, Sendable {
        public var origin: Origin
        public var properties: [Property]
    }

    /// A recognizer: its origin, the `use` that brought it (nil for one written in the
    /// set, whose name is then written at `origin.anchor`), its kind and arguments as
    /// written, and its properties.
    public struct Recognizer: Hashable, Sendable {
        public var origin: Origin
        public var use: SourceRange?
        /// The kind's name where the recognizer applies it (`tap` in `= tap(taps: 2)`).
        public var kindName: SourceRange
        /// The arguments written, in the order written; a parameter left out takes the
        /// kind's default, which is in the program, not here.
        public var arguments: [Argument]
        /// The properties written for it, in its body and then in `name.property:`
        /// lines, in the order written (the last of a name is the one lowered); not its
        /// kind's.
        public var properties: [Property]
    }

    /// `label: value` in a kind application.
    public struct Argument: Hashable, Sendable {
        public var label: String
        public var value: SourceRange
    }

    /// `name: value`, a property as written.
    public struct Property: Hashable, Sendable {
        public var name: String
        public var range: SourceRange
        public var value: SourceRange
        /// The hooks its value asks, by hook id, in the order its routine first asks
        /// them; empty for a value folded to a constant.
        public var reads: [Int]
    }

    /// A hook and its default as written.
    public struct Hook: Hashable, Sendable {
        public var origin: Origin
        public var defaultValue: SourceRange?
    }

    /// A failure requirement, a simultaneity group, a prevention exemption, or a kind's
    /// prevention rule, as written (`a requires b to fail where c`).
    public struct Relation: Hashable, Sendable {
        public var origin: Origin
        /// Its `where` condition, when it has one.
        public var condition: SourceRange?
        /// The `use` that brought it, nil for one written in the set or kind.
        public var use: SourceRange?
        /// The hooks its condition asks, by hook id, in the order its routine first
        /// asks them.
        public var reads: [Int] = []
    }

    /// One side of a guard's comparison.
    public struct Side: Hashable, Sendable {
        public var range: SourceRange
        /// A number or a flag written as such (`0`, `true`), which has no value to show
        /// beside its text.
        public var isLiteral: Bool
        /// An operation (`tapsDone + 1`), which reads as one value in parentheses.
        public var isCompound: Bool
        /// The type the checker gave it.
        package var type: ValueType?
    }

    /// A comparison instruction of a guard routine, in the order the code generator
    /// emits them, which is the ordinal the engine records (`FiredRow.Comparison`); a
    /// vector `==` or `!=` counts, as the engine counts it.
    public struct Comparison: Hashable, Sendable {
        public var op: BinaryOperator
        public var left: Side
        public var right: Side
    }

    /// A transition of a kind, written once and lowered to a row in every cell of its
    /// states and events.
    public struct Transition: Hashable, Sendable {
        /// `on … -> target` as written; `anchor` is its `on`.
        public var origin: Origin
        public var guardRange: SourceRange?
        public var targetRange: SourceRange?
        /// Its first event is a timer's (`on timer hold`), not a touch phase.
        public var firstEventIsTimer: Bool
        /// Its guard's comparisons, by their ordinal.
        public var comparisons: [Comparison]
    }

    /// A kind the set uses, by kind id.
    public struct Kind: Hashable, Sendable {
        public var origin: Origin
        /// By timer id: the first `start` of each, which declares it.
        public var timers: [Origin]
        /// By the kind's prevention rule index.
        public var preventionRules: [Relation]
        /// In source order.
        public var transitions: [Transition]
        /// By row index (`program.kinds[k].rows[r]`): the transition it was lowered from.
        public var rows: [Int]
    }

    public var set: Origin
    public var views: [View]
    public var recognizers: [Recognizer]
    public var hooks: [Hook]
    public var kinds: [Kind]
    public var failureRequirements: [Relation]
    public var simultaneityGroups: [Relation]
    public var preventionExemptions: [Relation]

    public init(
        set: Origin, views: [View] = [], recognizers: [Recognizer] = [], hooks: [Hook] = [], kinds: [Kind] = [],
        failureRequirements: [Relation] = [], simultaneityGroups: [Relation] = [], preventionExemptions: [Relation] = []
    ) {
        self.set = set
        self.views = views
        self.recognizers = recognizers
        self.hooks = hooks
        self.kinds = kinds
        self.failureRequirements = failureRequirements
        self.simultaneityGroups = simultaneityGroups
        self.preventionExemptions = preventionExemptions
    }
}

extension Provenance.Kind {
    /// The transition whose rows carry `location` in `kind` (each row carries its
    /// transition's location, and no two transitions start at one place); nil for a
    /// location no row of the kind has, such as a recognizer's.
    public func transition(at location: SourceLocation, in kind: GestureProgram.Kind) -> Int? {
        kind.rows.indices.first { kind.rows[$0].location == location }.map { rows[$0] }
    }
}
