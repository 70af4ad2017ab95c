extension GestureProgram {
    /// A recognizer kind as tables: its states, and for each state and event the rows
    /// to try in order. The first row whose guard holds fires; if none does, nothing
    /// happens.
    public struct Kind: Hashable, Sendable {
        public enum Mode: String, Hashable, Sendable, CaseIterable {
            case discrete, continuous
        }

        public var name: String
        public var mode: Mode
        /// Parameter names; a recognizer's `arguments` hold their values in this order.
        public var parameters: [String]
        /// Each parameter's declared type, in the same order: what its value means
        /// (seconds, points, radians, a count), so listings write it as people do.
        public var parameterTypes: [ParameterType]
        public var variables: [Variable]
        /// Timer names; timer `i` is event `Event.firstTimer + i`.
        public var timers: [String]
        public var reports: [Report]
        /// UIKit's `canPrevent(_:)` and `canBePrevented(by:)` answering false (R49).
        public var preventionRules: [PreventionRule]
        /// Declared states; state 0 is `possible`, the initial state.
        public var states: [State]
        /// `rowStarts[state * eventCount + event] ..< rowStarts[… + 1]` are the rows of
        /// one cell of the table; `rowStarts.count == states.count * eventCount + 1`.
        public var rowStarts: [Int]
        public var rows: [Transition]
        /// Guards, actions, reports and initial values, referenced by index.
        public var routines: [Routine]
        public var location: SourceLocation

        public init(
            name: String, mode: Mode, parameters: [String], parameterTypes: [ParameterType], variables: [Variable], timers: [String],
            reports: [Report], preventionRules: [PreventionRule], states: [State], rowStarts: [Int], rows: [Transition], routines: [Routine],
            location: SourceLocation
        ) {
            self.name = name
            self.mode = mode
            self.parameters = parameters
            self.parameterTypes = parameterTypes
            self.variables = variables
            self.timers = timers
            self.reports = reports
            self.preventionRules = preventionRules
            self.states = states
            self.rowStarts = rowStarts
            self.rows = rows
            self.routines = routines
            self.location = location
        }

        /// The number of event columns: the four touch phases and one per timer.
        public var eventCount: Int { Event.firstTimer + timers.count }

        /// The rows to try when `event` arrives in `state`.
        public func rows(state: Int, event: Int) -> ArraySlice<Transition> {
            let cell = state * eventCount + event
            return rows[rowStarts[cell]..<rowStarts[cell + 1]]
        }
    }

    /// Event columns of a kind's table.
    public enum Event {
        public static let down = 0
        public static let move = 1
        public static let up = 2
        public static let cancel = 3
        /// Timer `i` of a kind is event `firstTimer + i`.
        public static let firstTimer = 4

        /// The touch phases by column, as the language spells them.
        public static let phaseNames = ["down", "move", "up", "cancel"]
    }
}

extension GestureProgram.Kind {
    /// A state of the kind's machine and the UIKit state it shows (R27).
    public struct State: Hashable, Sendable {
        public enum Outward: String, Hashable, Sendable, CaseIterable {
            case possible, began, changed
        }

        public var name: String
        public var outward: Outward

        public init(name: String, outward: Outward) {
            self.name = name
            self.outward = outward
        }
    }

    /// Where a row leads.
    public enum Target: Hashable, Sendable {
        /// No state change (`on down { ignore }`).
        case stay
        /// A declared state, by index; entering `changed` again is an update (R30).
        case state(Int)
        /// `ended`, which is also `recognized` (R27).
        case ended
        case cancelled
        case failed
    }

    /// One row of the table: `on event [where guard] [-> target] [{ actions }]`.
    public struct Transition: Hashable, Sendable {
        /// A routine of the kind giving a bool; nil always holds.
        public var guardRoutine: Int?
        public var target: Target
        /// A routine of the kind run for its effects; nil does nothing.
        public var actions: Int?
        public var location: SourceLocation

        public init(guardRoutine: Int?, target: Target, actions: Int?, location: SourceLocation) {
            self.guardRoutine = guardRoutine
            self.target = target
            self.actions = actions
            self.location = location
        }
    }

    /// `var name: type = initial`, set to its initial value when the recognizer resets.
    public struct Variable: Hashable, Sendable {
        public var name: String
        /// A routine of the kind giving one value, over the parameters.
        public var initialValue: Int

        public init(name: String, initialValue: Int) {
            self.name = name
            self.initialValue = initialValue
        }
    }

    /// `cannot prevent K [where …]` or `cannot be prevented by K [where …]`: when this
    /// kind's recognizer and one of kind `otherKind` would exclude each other, the rule
    /// lets the loser go on. The condition reads this recognizer's arguments
    /// (`parameter`) and the other's (`otherParameter`).
    public struct PreventionRule: Hashable, Sendable {
        public enum Direction: String, Hashable, Sendable, CaseIterable {
            /// This recognizer, winning, does not exclude the other.
            case cannotPrevent
            /// The other recognizer, winning, does not exclude this one.
            case cannotBePrevented
        }

        public var direction: Direction
        /// A kind of the program, by index.
        public var otherKind: Int
        /// A routine of the kind giving a bool; nil always holds.
        public var condition: Int?
        public var location: SourceLocation

        public init(direction: Direction, otherKind: Int, condition: Int?, location: SourceLocation) {
            self.direction = direction
            self.otherKind = otherKind
            self.condition = condition
            self.location = location
        }
    }

    /// `report name = value`, sent with every action.
    public struct Report: Hashable, Sendable {
        public var name: String
        public var type: ValueShape
        /// A routine of the kind giving a value of `type`.
        public var value: Int

        public init(name: String, type: ValueShape, value: Int) {
            self.name = name
            self.type = type
            self.value = value
        }
    }
}

extension GestureProgram.Kind {
    /// A parameter's declared type (Grammar.md, "Types"): its values are in the base
    /// unit of its dimension (seconds, points, radians).
    public enum ParameterType: String, Hashable, Sendable, CaseIterable {
        case int, number, bool, duration, distance, angle, direction
        /// A distance per time, in points per second (after the others: the binary
        /// format numbers the types in this order).
        case speed
    }
}

/// What a value is, as far as the runtime needs to know to store and show it. Every
/// value is one `Double` on the routine stack, except points and vectors, which are two.
public enum ValueShape: String, Hashable, Sendable, CaseIterable {
    case bool
    /// A number: counts, scalars in base units.
    case number
    /// A point or vector (two slots: x, then y).
    case vector
    /// A set of directions as bits: left 1, right 2, up 4, down 8.
    case directions
    /// A view role id.
    case view
    /// A recognizer id.
    case recognizer

    /// Stack slots a value of this shape takes.
    public var width: Int { self == .vector ? 2 : 1 }
}
