import GestureDSL
import GestureRuntime

/// Compiles checked expressions and actions to routines, folding every constant
/// subexpression into one `constant` instruction.
///
/// The checker has resolved names and types (`SemanticModel`): generation reads what
/// each name and member means and each value's type, whose shape (a point takes two
/// stack slots) picks between `add` and `vectorAdd`, and finds the declaration each
/// name refers to (`DeclarationTable`) and its slot (`slots`); only built-ins, and
/// `other.taps` among the other kind's parameters (`otherParameters`), are read by
/// name. As it emits a routine it records what the tools after it read back
/// (`Provenance`): each comparison instruction's operands, in emission order, which is
/// the order the engine counts them in, and each hook asked. Anything it cannot
/// compile is a compiler bug, reported as `LoweringError` rather than trapping.
struct CodeGenerator {
    /// The slot or id a declared name in reach compiles to.
    enum Operand {
        case parameter(Int, ValueShape)
        case variable(Int, ValueShape)
        case hook(Int)
        /// A recognizer or view role name: its id as a constant.
        case id(Int, ValueShape)
    }

    let model: SemanticModel
    /// Where a name written in the syntax finds its declaration.
    let table: DeclarationTable
    /// What each declaration in reach compiles to: the set's view roles, recognizers
    /// and hooks, or the kind's parameters and variables.
    var slots: LookupTable<Int, Operand>
    /// The use whose brought lines are being generated, nil for lines written where
    /// they stand: the same written name refers to another declaration in each use.
    var use: SourceRange?
    /// In a kind's prevention rule: the other kind's parameters (`other.taps`), by
    /// name, since the checker resolves `other.taps` to no declaration.
    var otherParameters: [String: (index: Int, shape: ValueShape)] = [:]
    /// The kind's timers by declaration, for `start timer` and `stop timer`.
    var timers: LookupTable<Int, Int> = [:]
    /// The set's kinds by declaration, for `other.kind == pan`; a kind no recognizer of
    /// the set has is no recognizer's kind.
    var kinds: LookupTable<Int, Int> = [:]

    private var code: [Instruction] = []
    /// The feature named last: predicates repeat a few (`touchCount`), and a repeat
    /// costs a comparison instead of a lookup by name.
    private var lastFeature: (name: String, feature: Feature)?
    /// The comparisons of the last routine generated, in the order their instructions
    /// were emitted (`Provenance.Comparison`), while `recordsComparisons`: read after
    /// each `routine(_:)` call, since two calls may give one interned routine.
    private(set) var comparisons: [Provenance.Comparison] = []
    /// Whether to record `comparisons`: only a guard's are read back (a timeline's
    /// values), and recording costs two type lookups a comparison.
    var recordsComparisons = false
    /// The hooks the last routine generated asks, by id, in the order first asked
    /// (`Provenance.Property.reads`), read as `comparisons` is.
    private(set) var hooksRead: [Int] = []

    init(model: SemanticModel, table: DeclarationTable, slots: LookupTable<Int, Operand>) {
        self.model = model
        self.table = table
        self.slots = slots
    }

    /// A routine computing `expr`, and the shape of its value.
    mutating func routine(_ expr: Expr) throws(LoweringError) -> (Routine, ValueShape) {
        // Room for a usual predicate at once, rather than growing by doubling from one.
        code = []
        code.reserveCapacity(8)
        comparisons = []
        hooksRead = []
        let shape = try emit(expr)
        return (Routine(code), shape)
    }

    /// A routine performing `actions` in order.
    mutating func routine(_ actions: [ActionDecl]) throws(LoweringError) -> Routine {
        code = []
        comparisons = []
        hooksRead = []
        for action in actions {
            switch action {
            case .startTimer(let name, let delay, let range):
                try emit(delay)
                code.append(.startTimer(try timer(name, at: range)))
            case .stopTimer(let name, let range):
                code.append(.stopTimer(try timer(name, at: range)))
            case .ignore(let keeping, _):
                if let keeping { try emit(keeping) } else { code.append(.constant(0)) }
                code.append(.ignore)
            case .restart:
                code.append(.restart)
            case .assign(let variable, let op, let value, let range):
                // The checker allowed only a variable of the kind here.
                guard case .variable(let index, _) = slot(ofNameAt: variable.range) else {
                    throw LoweringError("'\(variable.name)' is not a variable", at: range)
                }
                if op != .set { code.append(.variable(index)) }
                try emit(value)
                switch op {
                case .set: break
                case .add: code.append(.add)
                case .subtract: code.append(.subtract)
                }
                code.append(.store(index))
            }
        }
        return Routine(code)
    }

    private func timer(_ name: Identifier, at range: SourceRange) throws(LoweringError) -> Int {
        guard let index = table.timer(named: name).flatMap({ timers[$0] }) else {
            throw LoweringError("timer '\(name.name)' is not started anywhere", at: range)
        }
        return index
    }

    /// What the declaration the name written at `range` refers to compiles to; nil
    /// when it refers to none in reach.
    private func slot(ofNameAt range: SourceRange) -> Operand? {
        table.declaration(referredToAt: range, broughtBy: use).flatMap { slots[$0] }
    }

    // MARK: - Expressions

    @discardableResult
    private mutating func emit(_ expr: Expr) throws(LoweringError) -> ValueShape {
        let kind = expr.kind
        // A name folds only when it names a built-in constant: one lookup, not a
        // second reading of the node.
        let constant =
            if case .name(let name) = kind { ConstantEvaluator.namedConstant(name) } else { ConstantEvaluator().evaluate(kind: kind) }
        if let constant {
            code.append(.constant(constant.bits))
            return constant.shape
        }
        switch kind {
        case .name(let name):
            return try emitName(name, expr)
        case .list(let elements):
            for (position, element) in elements.enumerated() {
                try emit(element)
                if position > 0 { code.append(.union) }
            }
            return .directions
        case .member(let base, let member):
            switch model.meaning(of: expr) {
            case .otherKind?:
                code.append(.otherKind)
                return .number
            case .otherView?:
                code.append(.otherView)
                return .view
            case .otherParameter?:
                guard let parameter = otherParameters[member.name] else {
                    throw LoweringError("'other.\(member.name)' is not a parameter of the other kind", at: expr.range)
                }
                code.append(.otherParameter(parameter.index))
                return parameter.shape
            case .component?:
                try emitExpecting(.vector, base)
                code.append(member.name == "x" ? .vectorX : .vectorY)
                return .number
            default:
                throw LoweringError("'\(member.name)' was not resolved", at: expr.range)
            }
        case .call(let function, let arguments):
            for argument in arguments { try emit(argument) }
            switch function.name {
            case "length": code.append(.vectorLength)
            case "abs": code.append(.absolute)
            case "min": code.append(.minimum)
            case "max": code.append(.maximum)
            default: throw LoweringError("unknown function '\(function.name)'", at: function.range)
            }
            return .number
        case .unary(.not, let operand):
            try emit(operand)
            code.append(.not)
            return .bool
        case .unary(.negate, let operand):
            let shape = try emit(operand)
            code.append(shape == .vector ? .vectorNegate : .negate)
            return shape
        case .binary(let op, let left, let right):
            return try emitBinary(op, left, right)
        case .string:
            throw LoweringError("a string is not a value a routine computes", at: expr.range)
        case .number, .bool, .bad:
            throw LoweringError("an expression that should be constant is not", at: expr.range)
        }
    }

    private mutating func emitExpecting(_ shape: ValueShape, _ expr: Expr) throws(LoweringError) {
        let found = try emit(expr)
        guard found == shape else {
            throw LoweringError("expected a \(shape.rawValue), found a \(found.rawValue)", at: expr.range)
        }
    }

    private mutating func emitName(_ name: String, _ expr: Expr) throws(LoweringError) -> ValueShape {
        switch model.meaning(of: expr) {
        case .parameter?, .variable?, .hook?, .view?, .recognizer?:
            switch slot(ofNameAt: expr.range) {
            case .parameter(let index, let shape):
                code.append(.parameter(index))
                return shape
            case .variable(let index, let shape):
                code.append(.variable(index))
                return shape
            case .hook(let index):
                code.append(.hook(index))
                if !hooksRead.contains(index) { hooksRead.append(index) }
                return .bool
            case .id(let id, let shape):
                code.append(.constant(Double(id)))
                return shape
            case nil:
                throw LoweringError("'\(name)' is not in reach", at: expr.range)
            }
        case .feature?:
            let known = lastFeature.flatMap { $0.name == name ? $0.feature : nil } ?? Feature(name: name)
            guard let feature = known else { throw LoweringError("'\(name)' is not a feature", at: expr.range) }
            lastFeature = (name, feature)
            code.append(.feature(feature))
            return ValueShape(Builtins.type(of: feature))
        case .other?:
            code.append(.other)
            return .recognizer
        default:
            throw LoweringError("'\(name)' was not resolved", at: expr.range)
        }
    }

    private mutating func emitBinary(_ op: BinaryOperator, _ left: Expr, _ right: Expr) throws(LoweringError) -> ValueShape {
        if let shape = try emitViewOrKindTest(op, left, right) { return shape }
        switch op {
        case .and, .or:
            // Short-circuit: hooks on the right are not asked when the left decides.
            try emit(left)
            let jump = code.count
            code.append(.ignore)  // patched below
            try emit(right)
            let skip = code.count - jump - 1
            code[jump] = op == .and ? .jumpIfFalse(skip) : .jumpIfTrue(skip)
            return .bool
        case .multiply where shape(of: right) == .vector && shape(of: left) != .vector:
            // `2 * v` runs as `v * 2`: operands have no effects, so order is free.
            try emit(right)
            try emit(left)
            code.append(.vectorScale)
            return .vector
        default:
            let vectors = try emit(left) == .vector
            try emit(right)
            switch op {
            case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: noteComparison(op, left, right)
            default: break
            }
            switch op {
            case .equal: code.append(vectors ? .vectorEqual : .equal)
            case .notEqual: code.append(vectors ? .vectorNotEqual : .notEqual)
            case .less: code.append(.less)
            case .lessEqual: code.append(.lessEqual)
            case .greater: code.append(.greater)
            case .greaterEqual: code.append(.greaterEqual)
            case .contains: code.append(.contains)
            case .add: code.append(vectors ? .vectorAdd : .add)
            case .subtract: code.append(vectors ? .vectorSubtract : .subtract)
            case .multiply: code.append(vectors ? .vectorScale : .multiply)
            case .divide: code.append(vectors ? .vectorDivide : .divide)
            case .and, .or: break
            }
            switch op {
            case .add, .subtract, .multiply, .divide: return vectors ? .vector : .number
            default: return .bool
            }
        }
    }

    /// `other.kind == pan` (the kind's id, -1 for one the set does not use) and
    /// `touchedView in R`, `other.view in R` (`touchedInside`, `otherInside`), as the
    /// checker allowed them; nil for any other operation.
    private mutating func emitViewOrKindTest(_ op: BinaryOperator, _ left: Expr, _ right: Expr) throws(LoweringError)
        -> ValueShape?
    {
        switch op {
        case .equal, .notEqual:
            let kindOnLeft = model.meaning(of: left) == .otherKind
            guard kindOnLeft || model.meaning(of: right) == .otherKind else { return nil }
            let name = kindOnLeft ? right : left
            guard case .name(let kind) = name.kind, model.meaning(of: name) == .kindName else {
                throw LoweringError("'other.kind' is compared with a kind's name", at: name.range)
            }
            guard let declaration = table.declaration(referredToAt: name.range, broughtBy: use) else {
                throw LoweringError("'\(kind)' refers to no kind the checker recorded", at: name.range)
            }
            code.append(.otherKind)
            code.append(.constant(Double(kinds[declaration] ?? -1)))
            code.append(op == .equal ? .equal : .notEqual)
            noteComparison(op, left, right)
            return .bool
        case .contains:
            let touched = if case .name("touchedView") = left.kind { model.meaning(of: left) == .feature } else { false }
            guard touched || model.meaning(of: left) == .otherView else { return nil }
            guard case .name = right.kind, case .id(let id, .view) = slot(ofNameAt: right.range) else {
                throw LoweringError("'in' after a view takes a view role's name", at: right.range)
            }
            code.append(touched ? .touchedInside(id) : .otherInside(id))
            return .bool
        default:
            return nil
        }
    }

    /// Records the comparison whose instruction is emitted next or was just emitted.
    private mutating func noteComparison(_ op: BinaryOperator, _ left: Expr, _ right: Expr) {
        guard recordsComparisons else { return }
        comparisons.append(Provenance.Comparison(op: op, left: side(left), right: side(right)))
    }

    private func side(_ expr: Expr) -> Provenance.Side {
        let isLiteral: Bool
        switch expr.kind {
        case .number, .bool: isLiteral = true
        default: isLiteral = false
        }
        let isCompound = if case .binary = expr.kind { true } else { false }
        return Provenance.Side(range: expr.range, isLiteral: isLiteral, isCompound: isCompound, type: model.type(of: expr))
    }

    /// The shape of `expr`'s value, from its type, without generating code.
    private func shape(of expr: Expr) -> ValueShape {
        model.type(of: expr).map(ValueShape.init) ?? .number
    }
}

/// A construct lowering cannot compile. The checker should have rejected it, so this is
/// a compiler bug, reported with its location instead of a crash.
struct LoweringError: Error {
    var detail: String
    var range: SourceRange

    init(_ detail: String, at range: SourceRange) {
        self.detail = detail
        self.range = range
    }
}

extension Constant {
    /// The value on the routine stack: booleans 0 and 1, directions as bits.
    package var bits: Double {
        switch self {
        case .bool(let value): value ? 1 : 0
        case .number(let value, _, _): value
        case .directions(let bits), .touchTypes(let bits): Double(bits)
        }
    }

    var shape: ValueShape {
        switch self {
        case .bool: .bool
        case .number: .number
        case .directions: .directions
        // A touch type reports as its bit, a number (`TouchTypes(rawValue:)`).
        case .touchTypes: .number
        }
    }
}

extension ValueShape {
    init(_ type: ValueType) {
        switch type {
        case .bool: self = .bool
        case .int, .scalar, .touchTypes: self = .number
        case .vector: self = .vector
        case .direction: self = .directions
        case .view: self = .view
        case .recognizer, .kind, .control, .text, .accessibility, .scrollTypes: self = .recognizer
        }
    }
}
