/// The routine interpreter: a stack machine over `Double`s (docs/table-format.md). Its
/// stack is the core's `stack`, allocated once: routines do not nest (a hook is the
/// host's code, which cannot call the engine back), and `GestureProgram.validate()`
/// has proved that no routine needs more than `maximumStackDepth` slots or pops an
/// empty stack.
extension GestureEngine.Core {
    /// The routine's single result as a condition: anything but 0 is true.
    mutating func evaluate(condition routine: Int, instance: Int, other: Int) -> Bool {
        let terms = tables.routineComparisons[routine]
        if !terms.isEmpty && !tracesComparisons { return holds(terms, instance: instance) }
        return run(routine, instance: instance, other: other, writes: false).top != 0
    }

    /// A condition in register form (`Comparison`): every term holds, read left to
    /// right until one does not.
    @inline(__always)
    mutating func holds(_ terms: Range<Int>, instance: Int) -> Bool {
        for term in terms {
            let comparison = tables.comparisonsBase[term]
            let left = value(of: comparison.left, instance: instance)
            let right = value(of: comparison.right, instance: instance)
            if !comparison.holds(left, right) { return false }
        }
        return true
    }

    @inline(__always)
    private mutating func value(of operand: Comparison.Operand, instance: Int) -> Double {
        switch operand {
        case .constant(let value):
            return value
        case .parameter(let index):
            return tables.argumentsBase[instances[instance].argumentBase + index]
        case .variable(let index):
            return variables[instances[instance].variableBase + index]
        case .feature(let feature):
            return self.feature(feature, of: instance).x
        case .length(let feature):
            // As the stack machine's `vectorLength` computes it.
            let value = self.feature(feature, of: instance)
            return (value.x * value.x + value.y * value.y).squareRoot()
        }
    }

    /// A set-level relation condition (a routine id of `GestureProgram.routines`),
    /// asked about `instance`.
    mutating func evaluateSet(_ routine: Int, instance: Int) -> Bool {
        evaluate(condition: tables.setRoutineBase + routine, instance: instance, other: -1)
    }

    /// A routine giving one number: a variable's initial value.
    mutating func evaluate(number routine: Int, instance: Int) -> Double {
        run(routine, instance: instance, other: -1, writes: false).top
    }

    /// A report's value, written to its `width` slots at `slots` (x then y for a
    /// vector), which `sendActions` took in `reportedValues`.
    @inline(__always)
    mutating func writeReport(_ report: EngineTables.Report, instance: Int, into slots: UnsafeMutablePointer<Double>) {
        if let feature = report.feature {
            let value = self.feature(feature, of: instance)
            slots[0] = value.x
            if report.width == 2 { slots[1] = value.y }
            return
        }
        // Validation proved that the routine leaves `width` values: for a vector, x is
        // `second` and y `top`.
        let result = run(report.routine, instance: instance, other: -1, writes: false)
        if report.width == 2 {
            slots[0] = result.second
            slots[1] = result.top
        } else {
            slots[0] = result.top
        }
    }

    /// An action routine: stores variables and sets timers. Returns how many of its
    /// first touches it keeps when it ran `ignore` (the row's others are ignored), or
    /// -1 when it did not.
    mutating func execute(_ routine: Int, instance: Int) -> Int {
        // It may stop its timers, which can leave the recognizer idle (R33).
        sequencesMayEnd = true
        let result = run(routine, instance: instance, other: -1, writes: true)
        if instances[instance].timerCount > 0 {
            list(instance, .idle)
            if result.startedTimer { queueTimers(of: instance) }
        }
        return result.ignoreKeeping
    }

    /// What a routine leaves: its top two slots (a routine's result is one value, or
    /// two for a vector: `second` is then x and `top` y), and the count of its last
    /// `ignore` (-1 without one).
    struct Result {
        var top: Double
        var second: Double
        var depth: Int
        var ignoreKeeping: Int
        /// Whether it started a timer (GestureEngine+Passes.swift queues it).
        var startedTimer = false
    }

    /// Runs a routine. Only an action routine (`writes`) may store variables and set
    /// timers: guards, reports and predicates are pure whatever their code says.
    private mutating func run(_ routine: Int, instance: Int, other: Int, writes: Bool) -> Result {
        let range = tables.routineRanges[routine]
        let variableBase = instances[instance].variableBase
        let timerBase = instances[instance].timerBase
        let argumentBase = instances[instance].argumentBase
        // Unchecked: validation proved that jumps stay in the routine, parameters
        // exist, and the stack neither overflows nor underflows.
        let code = tables.codeBase
        let arguments = tables.argumentsBase
        let stack = self.stack.unsafeBase
        var ignoreKeeping = -1
        var startedTimer = false
        do {
            var sp = 0
            var pc = range.lowerBound
            while pc < range.upperBound {
                if tracesComparisons && code[pc].isComparison {
                    noteComparison(code[pc], at: pc, of: range, stack[sp - 2], stack[sp - 1])
                }
                switch code[pc] {
                case .constant(let value):
                    stack[sp] = value
                    sp += 1
                case .parameter(let index):
                    stack[sp] = arguments[argumentBase + index]
                    sp += 1
                case .variable(let index):
                    stack[sp] = variables[variableBase + index]
                    sp += 1
                case .feature(let feature):
                    let value = self.feature(feature, of: instance)
                    stack[sp] = value.x
                    if feature.width == 2 {
                        stack[sp + 1] = value.y
                        sp += 2
                    } else {
                        sp += 1
                    }
                case .hook(let index):
                    stack[sp] = answer(hook: index, instance: instance) ? 1 : 0
                    sp += 1
                case .other:
                    stack[sp] = other >= 0 ? Double(instances[other].declaration) : -1
                    sp += 1
                case .otherKind:
                    stack[sp] = other >= 0 ? Double(instances[other].kind) : -1
                    sp += 1
                case .otherView:
                    stack[sp] = other >= 0 ? Double(views[instances[other].view].role) : -1
                    sp += 1
                case .touchedInside(let role):
                    stack[sp] = isInside(slotKinematics[instances[instance].measurementSlot].lastView, role: role) ? 1 : 0
                    sp += 1
                case .otherInside(let role):
                    stack[sp] = other >= 0 && isInside(instances[other].view, role: role) ? 1 : 0
                    sp += 1
                case .otherParameter(let index):
                    // Another kind's recognizer may have fewer parameters: 0 past its own.
                    let otherArguments = other >= 0 ? tables.recognizers[instances[other].declaration].arguments : 0..<0
                    stack[sp] = index < otherArguments.count ? tables.arguments[otherArguments.lowerBound + index] : 0
                    sp += 1
                case .negate:
                    stack[sp - 1] = -stack[sp - 1]
                case .add:
                    stack[sp - 2] += stack[sp - 1]
                    sp -= 1
                case .subtract:
                    stack[sp - 2] -= stack[sp - 1]
                    sp -= 1
                case .multiply:
                    stack[sp - 2] *= stack[sp - 1]
                    sp -= 1
                case .divide:
                    stack[sp - 2] /= stack[sp - 1]
                    sp -= 1
                case .absolute:
                    stack[sp - 1] = abs(stack[sp - 1])
                case .minimum:
                    stack[sp - 2] = min(stack[sp - 2], stack[sp - 1])
                    sp -= 1
                case .maximum:
                    stack[sp - 2] = max(stack[sp - 2], stack[sp - 1])
                    sp -= 1
                case .vectorNegate:
                    stack[sp - 2] = -stack[sp - 2]
                    stack[sp - 1] = -stack[sp - 1]
                case .vectorAdd:
                    stack[sp - 4] += stack[sp - 2]
                    stack[sp - 3] += stack[sp - 1]
                    sp -= 2
                case .vectorSubtract:
                    stack[sp - 4] -= stack[sp - 2]
                    stack[sp - 3] -= stack[sp - 1]
                    sp -= 2
                case .vectorScale:
                    stack[sp - 3] *= stack[sp - 1]
                    stack[sp - 2] *= stack[sp - 1]
                    sp -= 1
                case .vectorDivide:
                    stack[sp - 3] /= stack[sp - 1]
                    stack[sp - 2] /= stack[sp - 1]
                    sp -= 1
                case .vectorLength:
                    let x = stack[sp - 2]
                    let y = stack[sp - 1]
                    stack[sp - 2] = (x * x + y * y).squareRoot()
                    sp -= 1
                case .vectorX:
                    sp -= 1
                case .vectorY:
                    stack[sp - 2] = stack[sp - 1]
                    sp -= 1
                case .less:
                    stack[sp - 2] = stack[sp - 2] < stack[sp - 1] ? 1 : 0
                    sp -= 1
                case .lessEqual:
                    stack[sp - 2] = stack[sp - 2] <= stack[sp - 1] ? 1 : 0
                    sp -= 1
                case .greater:
                    stack[sp - 2] = stack[sp - 2] > stack[sp - 1] ? 1 : 0
                    sp -= 1
                case .greaterEqual:
                    stack[sp - 2] = stack[sp - 2] >= stack[sp - 1] ? 1 : 0
                    sp -= 1
                case .equal:
                    stack[sp - 2] = stack[sp - 2] == stack[sp - 1] ? 1 : 0
                    sp -= 1
                case .notEqual:
                    stack[sp - 2] = stack[sp - 2] != stack[sp - 1] ? 1 : 0
                    sp -= 1
                case .vectorEqual, .vectorNotEqual:
                    let equal = stack[sp - 4] == stack[sp - 2] && stack[sp - 3] == stack[sp - 1]
                    stack[sp - 4] = (equal == (code[pc] == .vectorEqual)) ? 1 : 0
                    sp -= 3
                case .contains:
                    let a = Self.directionBits(stack[sp - 2])
                    let b = Self.directionBits(stack[sp - 1])
                    stack[sp - 2] = a & ~b == 0 ? 1 : 0
                    sp -= 1
                case .union:
                    stack[sp - 2] = Double(Self.directionBits(stack[sp - 2]) | Self.directionBits(stack[sp - 1]))
                    sp -= 1
                case .not:
                    stack[sp - 1] = stack[sp - 1] == 0 ? 1 : 0
                case .jumpIfFalse(let offset):
                    if stack[sp - 1] == 0 { pc += offset } else { sp -= 1 }
                case .jumpIfTrue(let offset):
                    if stack[sp - 1] != 0 { pc += offset } else { sp -= 1 }
                case .store(let index):
                    if writes { variables[variableBase + index] = stack[sp - 1] }
                    sp -= 1
                case .startTimer(let index):
                    // A negative or undefined delay fires at once; an infinite one never.
                    let delay = stack[sp - 1]
                    if writes {
                        deadlines[timerBase + index] = delay > 0 ? now + delay : now
                        startedTimer = true
                    }
                    sp -= 1
                case .stopTimer(let index):
                    if writes { deadlines[timerBase + index] = .infinity }
                case .ignore:
                    // A count beyond the touches there can be keeps them all; NaN keeps none.
                    let count = stack[sp - 1]
                    ignoreKeeping = count >= 1 ? Int(min(count, Double(TouchSet.capacity))) : 0
                    sp -= 1
                case .restart:
                    if writes { restartSequence(instance) }
                }
                pc += 1
            }
            return Result(
                top: sp > 0 ? stack[sp - 1] : 0, second: sp > 1 ? stack[sp - 2] : 0, depth: sp,
                ignoreKeeping: ignoreKeeping, startedTimer: startedTimer)
        }
    }

    /// Records a comparison about to run, by its place among the routine's comparisons
    /// (`FiredRow`), with its operands, the top two slots; a vector comparison only
    /// counts. Only while tracing.
    @inline(never)
    private mutating func noteComparison(
        _ instruction: Instruction, at pc: Int, of range: Range<Int>, _ first: Double, _ second: Double
    ) {
        var ordinal = 0
        for earlier in range.lowerBound..<pc where tables.code[earlier].isComparison { ordinal += 1 }
        if instruction == .vectorEqual || instruction == .vectorNotEqual { return }
        comparisonTrace.append(FiredRow.Comparison(ordinal: ordinal, left: first, right: second))
    }

    /// A hook's answer to the question `instance` asks, or its declared default while
    /// unbound. Out of the interpreter's loop, which most routines run without a hook.
    @inline(never)
    private mutating func answer(hook index: Int, instance: Int) -> Bool {
        guard let answer = hooks[index] else { return program.hooks[index].defaultValue }
        let touched = slotKinematics[instances[instance].measurementSlot].lastView
        // `shouldReceiveTouch` asks about a touch the recognizer does not have yet.
        let location = touchAsked >= 0 ? touches[touchAsked].location : feature(.location, of: instance)
        return answer(
            HookQuery(
                recognizer: recognizerInstance(instance), declaration: instances[instance].declaration,
                view: viewInstance(instances[instance].view), time: now, location: location,
                touchedView: touched >= 0 && touched < views.count && !views[touched].removed ? viewInstance(touched) : nil))
    }

    /// Whether the view instance (-1: none) is of the role, or inside a view of it:
    /// the walk up its ancestors is as long as the view is deep.
    private mutating func isInside(_ view: Int, role: Int) -> Bool {
        var view = view
        while view >= 0 {
            if views[view].role == role { return true }
            view = views[view].parent
        }
        return false
    }

    /// Whether the touch that changed last is over the recognizer's view: its hit-test
    /// view is the view or inside it. A touch's is where it went down; a hover's is
    /// where the pointer is now (R90).
    mutating func pointerInside(_ instance: Int) -> Bool {
        let view = slotKinematics[instances[instance].measurementSlot].lastView
        return view >= 0 && !views[view].removed && isDescendantOrSelf(view, of: instances[instance].view)
    }

    /// A direction set's bits; anything that is not a small whole number has none.
    static func directionBits(_ value: Double) -> Int {
        value >= 0 && value < 256 ? Int(value) : 0
    }

    /// A feature's value for the instance, measured after the current event (one slot
    /// in `x` unless `Feature.width` is 2).
    mutating func feature(_ feature: Feature, of instance: Int) -> Point {
        switch feature {
        case .touchCount:
            Point(x: Double(instances[instance].measured.count), y: 0)
        case .location:
            location(of: instance)
        case .windowSize:
            windowSize
        case .cannotScroll:
            Point(x: Double(views[instances[instance].view].cannotScroll), y: 0)
        case .gliding:
            Point(
                x: tables.recognizers[instances[instance].declaration].scrollPan
                    && now < views[instances[instance].view].glideEnd ? 1 : 0, y: 0)
        case .scrolling, .transforming, .pointerInside:
            pointerFeature(feature, of: instance)
        default:
            slotKinematics[instances[instance].measurementSlot].value(of: feature, now: now)
        }
    }

    /// What a recognizer follows, which few routines read: apart, so that the common
    /// features stay small enough to inline where conditions read them.
    @inline(never)
    private mutating func pointerFeature(_ feature: Feature, of instance: Int) -> Point {
        switch feature {
        case .scrolling:
            Point(x: instances[instance].sequencePointer?.scrollType == nil ? 0 : 1, y: 0)
        case .transforming:
            Point(x: instances[instance].sequencePointer == .transform ? 1 : 0, y: 0)
        default:
            Point(x: pointerInside(instance) ? 1 : 0, y: 0)
        }
    }
}
