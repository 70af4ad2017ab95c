/// The register form of the most common routine: a condition that is a chain of
/// comparisons (or direction-set tests, `in`) joined by `&&`, each between two plain operands (a constant, a
/// parameter, a variable, a feature or the length of a vector feature), or a plain
/// operand alone, true when it is not 0 (`scrolling`, a bool feature). Nearly every
/// guard of the prelude's kinds has this form (`touchCount >= minimumTouches &&
/// length(translation) >= hysteresis`).
///
/// The stack machine spends most of such a guard setting up and dispatching; here it
/// is two operand reads and a compare per term. `EngineTables` recognizes the form
/// once, from the routine's code, and keeps the stack machine for every other routine,
/// so the two always agree: the form is a reading of the same instructions, with the
/// same short circuit (a false term decides, the rest are not read).
struct Comparison {
    enum Operand {
        case constant(Double)
        case parameter(Int)
        case variable(Int)
        /// A feature of one slot.
        case feature(Feature)
        /// The length of a vector feature (`length(translation)`).
        case length(Feature)
    }

    enum Relation {
        case less, lessEqual, greater, greaterEqual, equal, notEqual
        /// `a in b` for direction sets (`dominantDirection in direction`).
        case contains
    }

    var left: Operand
    var relation: Relation
    var right: Operand

    func holds(_ a: Double, _ b: Double) -> Bool {
        switch relation {
        case .less: a < b
        case .lessEqual: a <= b
        case .greater: a > b
        case .greaterEqual: a >= b
        case .equal: a == b
        case .notEqual: a != b
        case .contains: GestureEngine.Core.directionBits(a) & ~GestureEngine.Core.directionBits(b) == 0
        }
    }

    /// The routine's comparisons, when its code is exactly such a chain; nil otherwise.
    static func chain(_ code: ArraySlice<Instruction>) -> [Comparison]? {
        var comparisons: [Comparison] = []
        var jumpTargets: [Int] = []
        var jumps = Set<Int>()
        var pc = code.startIndex
        while pc < code.endIndex {
            if !comparisons.isEmpty {
                // Between two terms, `&&`'s jump.
                guard case .jumpIfFalse(let offset) = code[pc] else { return nil }
                jumps.insert(pc)
                jumpTargets.append(pc + offset + 1)
                pc += 1
            }
            guard let (left, afterLeft) = operand(code, at: pc) else { return nil }
            if afterLeft == code.endIndex || { if case .jumpIfFalse = code[afterLeft] { true } else { false } }() {
                // A term that is an operand alone holds when it is not 0, as the stack
                // machine's jump and result read it.
                comparisons.append(Comparison(left: left, relation: .notEqual, right: .constant(0)))
                pc = afterLeft
                continue
            }
            guard let (right, afterRight) = operand(code, at: afterLeft), afterRight < code.endIndex,
                let relation = relation(code[afterRight])
            else { return nil }
            comparisons.append(Comparison(left: left, relation: relation, right: right))
            pc = afterRight + 1
        }
        // A false term must decide: every jump lands on a later jump, which keeps the
        // false, or at the end.
        for target in jumpTargets where target != code.endIndex && !jumps.contains(target) { return nil }
        return comparisons.isEmpty ? nil : comparisons
    }

    private static func operand(_ code: ArraySlice<Instruction>, at pc: Int) -> (Operand, Int)? {
        guard pc < code.endIndex else { return nil }
        switch code[pc] {
        case .constant(let value): return (.constant(value), pc + 1)
        case .parameter(let index): return (.parameter(index), pc + 1)
        case .variable(let index): return (.variable(index), pc + 1)
        case .feature(let feature) where feature.width == 1: return (.feature(feature), pc + 1)
        case .feature(let feature):
            guard pc + 1 < code.endIndex, code[pc + 1] == .vectorLength else { return nil }
            return (.length(feature), pc + 2)
        default: return nil
        }
    }

    private static func relation(_ instruction: Instruction) -> Relation? {
        switch instruction {
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        case .equal: .equal
        case .notEqual: .notEqual
        case .contains: .contains
        default: nil
        }
    }
}
