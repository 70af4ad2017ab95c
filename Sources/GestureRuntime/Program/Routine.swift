/// Straight-line code for one guard, action list, report, initial value or predicate:
/// a stack machine over `Double`s (booleans are 0 and 1; points take two slots).
///
/// Jumps only go forward, so every routine finishes in at most `code.count` steps.
/// `GestureProgram.validate()` checks each routine's stack use against what its place
/// in the tables needs, so running a valid routine never underflows.
public struct Routine: Hashable, Sendable {
    public var code: [Instruction]

    public init(_ code: [Instruction]) {
        self.code = code
    }
}

/// One step of a routine.
public enum Instruction: Hashable, Sendable {
    // Values
    case constant(Double)
    /// The recognizer's argument for the kind's parameter at this index.
    case parameter(Int)
    case variable(Int)
    /// One slot, or two for points and vectors (`Feature.width`).
    case feature(Feature)
    /// The app's current answer for the hook at this index.
    case hook(Int)
    /// The other recognizer of a simultaneity question, as its id.
    case other
    /// In a kind's prevention rule, the other recognizer's argument for its kind's
    /// parameter at this index.
    case otherParameter(Int)

    // Numbers
    case negate, add, subtract, multiply, divide, absolute, minimum, maximum

    // Points and vectors: `vectorScale` and `vectorDivide` take a vector, then a number.
    case vectorNegate, vectorAdd, vectorSubtract, vectorScale, vectorDivide, vectorLength, vectorX, vectorY

    // Comparisons and logic
    case less, lessEqual, greater, greaterEqual, equal, notEqual, vectorEqual, vectorNotEqual
    /// `a in b` for direction sets: every direction of `a` is in `b`.
    case contains
    /// The union of two direction sets.
    case union
    case not
    /// Short-circuit `&&`: if the top is false, skip `n` instructions keeping it;
    /// otherwise pop it and go on.
    case jumpIfFalse(Int)
    /// Short-circuit `||`: if the top is true, skip `n` instructions keeping it.
    case jumpIfTrue(Int)

    // Effects (action routines only)
    /// Pops a value into the variable at this index.
    case store(Int)
    /// Pops a delay in seconds and (re)starts the timer at this index.
    case startTimer(Int)
    case stopTimer(Int)
    /// Pops a count `n` and stops receiving the touches of the current row, except
    /// those among the first `n` the recognizer tracks (R25, R74). Plain `ignore` is
    /// `n = 0`: all of the row's touches.
    case ignore
    /// The recognizer's sequence starts over at this event: `startLocation` is where
    /// its touches are now (following them until the next lift, as at a first
    /// touch-down), and `elapsed`, `translation` and `movement` count from here.
    case restart

    // Views and kinds (predicates)
    /// The other recognizer's kind, as its id.
    case otherKind
    /// The role of the other recognizer's view, as its id.
    case otherView
    /// Whether the hit-test view of the touch that changed last is a view of the role
    /// at this index, or inside one (`touchedView in scroller`).
    case touchedInside(Int)
    /// Whether the other recognizer's view is a view of the role at this index, or
    /// inside one (`other.view in scroller`).
    case otherInside(Int)
}

extension Feature {
    /// Stack slots the feature's value takes: two for points and vectors.
    public var width: Int {
        switch self {
        case .location, .startLocation, .translation, .velocity, .windowSize: 2
        default: 1
        }
    }
}

extension Instruction {
    /// The instruction's operation without its operand; its raw value is the binary
    /// opcode and its name the text form's mnemonic.
    public enum Opcode: UInt8, CaseIterable, Sendable {
        case constant, parameter, variable, feature, hook, other, otherParameter
        case negate, add, subtract, multiply, divide, absolute, minimum, maximum
        case vectorNegate, vectorAdd, vectorSubtract, vectorScale, vectorDivide, vectorLength, vectorX, vectorY
        case less, lessEqual, greater, greaterEqual, equal, notEqual, vectorEqual, vectorNotEqual
        case contains, union, not, jumpIfFalse, jumpIfTrue
        case store, startTimer, stopTimer, ignore
        // Added after the others, which keeps their binary codes.
        case restart, otherKind, otherView, touchedInside, otherInside

        /// What follows the opcode.
        public enum Operand: Sendable {
            case none, number, index, feature, offset
        }

        public var operand: Operand {
            switch self {
            case .constant: .number
            case .parameter, .otherParameter, .variable, .hook, .store, .startTimer, .stopTimer, .touchedInside,
                .otherInside:
                .index
            case .feature: .feature
            case .jumpIfFalse, .jumpIfTrue: .offset
            default: .none
            }
        }

        /// The mnemonic: the case name.
        public var name: String { Self.names[Int(rawValue)] }

        public init?(name: String) {
            guard let index = Self.names.firstIndex(of: name), let opcode = Opcode(rawValue: UInt8(index)) else {
                return nil
            }
            self = opcode
        }

        private static let names: [String] = [
            "constant", "parameter", "variable", "feature", "hook", "other", "otherParameter",
            "negate", "add", "subtract", "multiply", "divide", "absolute", "minimum", "maximum",
            "vectorNegate", "vectorAdd", "vectorSubtract", "vectorScale", "vectorDivide", "vectorLength",
            "vectorX", "vectorY",
            "less", "lessEqual", "greater", "greaterEqual", "equal", "notEqual", "vectorEqual", "vectorNotEqual",
            "contains", "union", "not", "jumpIfFalse", "jumpIfTrue",
            "store", "startTimer", "stopTimer", "ignore", "restart", "otherKind", "otherView", "touchedInside",
            "otherInside",
        ]
    }

    public var opcode: Opcode {
        switch self {
        case .constant: .constant
        case .parameter: .parameter
        case .variable: .variable
        case .feature: .feature
        case .hook: .hook
        case .other: .other
        case .otherParameter: .otherParameter
        case .negate: .negate
        case .add: .add
        case .subtract: .subtract
        case .multiply: .multiply
        case .divide: .divide
        case .absolute: .absolute
        case .minimum: .minimum
        case .maximum: .maximum
        case .vectorNegate: .vectorNegate
        case .vectorAdd: .vectorAdd
        case .vectorSubtract: .vectorSubtract
        case .vectorScale: .vectorScale
        case .vectorDivide: .vectorDivide
        case .vectorLength: .vectorLength
        case .vectorX: .vectorX
        case .vectorY: .vectorY
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        case .equal: .equal
        case .notEqual: .notEqual
        case .vectorEqual: .vectorEqual
        case .vectorNotEqual: .vectorNotEqual
        case .contains: .contains
        case .union: .union
        case .not: .not
        case .jumpIfFalse: .jumpIfFalse
        case .jumpIfTrue: .jumpIfTrue
        case .store: .store
        case .startTimer: .startTimer
        case .stopTimer: .stopTimer
        case .ignore: .ignore
        case .restart: .restart
        case .otherKind: .otherKind
        case .otherView: .otherView
        case .touchedInside: .touchedInside
        case .otherInside: .otherInside
        }
    }

    /// The integer operand of an index or offset instruction.
    public var index: Int? {
        switch self {
        case .parameter(let i), .otherParameter(let i), .variable(let i), .hook(let i), .store(let i), .startTimer(let i),
            .stopTimer(let i), .jumpIfFalse(let i), .jumpIfTrue(let i), .touchedInside(let i), .otherInside(let i):
            i
        default:
            nil
        }
    }

    /// The instruction with `opcode` and an integer operand (ignored by opcodes without
    /// one); nil for `constant` and `feature`, which take other operands.
    public init?(_ opcode: Opcode, index: Int) {
        switch opcode {
        case .constant, .feature: return nil
        case .parameter: self = .parameter(index)
        case .otherParameter: self = .otherParameter(index)
        case .variable: self = .variable(index)
        case .hook: self = .hook(index)
        case .store: self = .store(index)
        case .startTimer: self = .startTimer(index)
        case .stopTimer: self = .stopTimer(index)
        case .jumpIfFalse: self = .jumpIfFalse(index)
        case .jumpIfTrue: self = .jumpIfTrue(index)
        case .other: self = .other
        case .negate: self = .negate
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .divide: self = .divide
        case .absolute: self = .absolute
        case .minimum: self = .minimum
        case .maximum: self = .maximum
        case .vectorNegate: self = .vectorNegate
        case .vectorAdd: self = .vectorAdd
        case .vectorSubtract: self = .vectorSubtract
        case .vectorScale: self = .vectorScale
        case .vectorDivide: self = .vectorDivide
        case .vectorLength: self = .vectorLength
        case .vectorX: self = .vectorX
        case .vectorY: self = .vectorY
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .vectorEqual: self = .vectorEqual
        case .vectorNotEqual: self = .vectorNotEqual
        case .contains: self = .contains
        case .union: self = .union
        case .not: self = .not
        case .ignore: self = .ignore
        case .restart: self = .restart
        case .otherKind: self = .otherKind
        case .otherView: self = .otherView
        case .touchedInside: self = .touchedInside(index)
        case .otherInside: self = .otherInside(index)
        }
    }

    /// Slots popped and pushed when execution goes on to the next instruction. A jump
    /// that is taken pops nothing instead.
    public var stackEffect: (pops: Int, pushes: Int) {
        switch self {
        case .constant, .parameter, .otherParameter, .variable, .hook, .other, .otherKind, .otherView, .touchedInside,
            .otherInside:
            (0, 1)
        case .feature(let feature): (0, feature.width)
        case .negate, .absolute, .not: (1, 1)
        case .add, .subtract, .multiply, .divide, .minimum, .maximum, .less, .lessEqual, .greater,
            .greaterEqual, .equal, .notEqual, .contains, .union:
            (2, 1)
        case .vectorNegate: (2, 2)
        case .vectorAdd, .vectorSubtract: (4, 2)
        case .vectorScale, .vectorDivide: (3, 2)
        case .vectorLength, .vectorX, .vectorY: (2, 1)
        case .vectorEqual, .vectorNotEqual: (4, 1)
        case .jumpIfFalse, .jumpIfTrue: (1, 0)
        case .store, .startTimer, .ignore: (1, 0)
        case .stopTimer, .restart: (0, 0)
        }
    }
}

extension Instruction {
    /// Whether it compares two values (scalars or vectors).
    var isComparison: Bool {
        switch self {
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual, .vectorEqual, .vectorNotEqual: true
        default: false
        }
    }
}
