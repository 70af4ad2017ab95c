/// The routine interpreter: a stack machine over `Double`s (docs/table-format.md). The
/// stack is a temporary allocation sized for the routine, on the call stack for all
/// but very long routines, so running one does not touch the heap;
/// `GestureProgram.validate()` has proved that no routine needs more than
/// `maximumStackDepth` slots or pops an empty stack.
extension GestureEngine {
    /// The routine's single result as a condition: anything but 0 is true.
    func evaluate(condition routine: Int, instance: Int, other: Int) -> Bool {
        var ignore = false
        return run(routine, instance: instance, other: other, effects: nil, ignore: &ignore).top != 0
    }

    /// A set-level predicate or relation condition, asked about `instance`.
    func evaluate(setRoutine routine: Int, instance: Int, other: Int) -> Bool {
        evaluate(condition: setRoutineBase + routine, instance: instance, other: other)
    }

    func evaluateSet(_ routine: Int, instance: Int) -> Bool {
        evaluate(setRoutine: routine, instance: instance, other: -1)
    }

    /// A routine giving one number: a variable's initial value.
    func evaluate(number routine: Int, instance: Int) -> Double {
        var ignore = false
        return run(routine, instance: instance, other: -1, effects: nil, ignore: &ignore).top
    }

    /// A report's value, added to `reportedValues` (two slots for a vector).
    mutating func appendReport(_ routine: Int, instance: Int) {
        var ignore = false
        let result = run(routine, instance: instance, other: -1, effects: nil, ignore: &ignore)
        if result.depth >= 2 { reportedValues.append(result.second) }
        if result.depth >= 1 { reportedValues.append(result.top) }
    }

    /// An action routine: stores variables and sets timers. Returns whether it
    /// ignored the event's touch.
    mutating func execute(_ routine: Int, instance: Int) -> Bool {
        var ignore = false
        // The arrays move out of the engine while the routine writes them, so that
        // reading the engine and writing them do not overlap.
        var effects = Effects(variables: variables, deadlines: deadlines)
        variables = []
        deadlines = []
        withUnsafeMutablePointer(to: &effects) { pointer in
            _ = run(routine, instance: instance, other: -1, effects: pointer, ignore: &ignore)
        }
        variables = effects.variables
        deadlines = effects.deadlines
        return ignore
    }

    /// What an action routine may change.
    struct Effects {
        var variables: [Double]
        var deadlines: [Double]
    }

    /// Runs a routine and gives the top two slots of what it leaves (a routine's result
    /// is one value, or two for a vector: `second` is then x and `top` y).
    private func run(
        _ routine: Int, instance: Int, other: Int, effects: UnsafeMutablePointer<Effects>?, ignore: inout Bool
    ) -> (top: Double, second: Double, depth: Int) {
        let range = routineRanges[routine]
        let variableBase = instances[instance].variableBase
        let timerBase = instances[instance].timerBase
        let recognizer = instances[instance].recognizer
        // Every instruction pushes at most two slots, so a short routine needs a short
        // stack; one of up to 1 KB stays on the call stack instead of the heap.
        let capacity = min(2 * range.count + 2, GestureProgram.maximumStackDepth + 2)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { stack in
            var sp = 0
            var pc = range.lowerBound
            while pc < range.upperBound {
                switch code[pc] {
                case .constant(let value):
                    stack[sp] = value
                    sp += 1
                case .parameter(let index):
                    stack[sp] = program.recognizers[recognizer].arguments[index]
                    sp += 1
                case .variable(let index):
                    stack[sp] = effects?.pointee.variables[variableBase + index]
                        ?? variables[variableBase + index]
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
                    stack[sp] = (hooks[index]?() ?? program.hooks[index].defaultValue) ? 1 : 0
                    sp += 1
                case .other:
                    stack[sp] = other >= 0 ? Double(instances[other].recognizer) : -1
                    sp += 1
                case .otherParameter(let index):
                    let otherArguments = other >= 0 ? program.recognizers[instances[other].recognizer].arguments : []
                    stack[sp] = index < otherArguments.count ? otherArguments[index] : 0
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
                    let x = stack[sp - 2], y = stack[sp - 1]
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
                    let a = Self.directionBits(stack[sp - 2]), b = Self.directionBits(stack[sp - 1])
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
                    effects?.pointee.variables[variableBase + index] = stack[sp - 1]
                    sp -= 1
                case .startTimer(let index):
                    // A negative or undefined delay fires at once; an infinite one never.
                    let delay = stack[sp - 1]
                    effects?.pointee.deadlines[timerBase + index] = delay > 0 ? now + delay : now
                    sp -= 1
                case .stopTimer(let index):
                    effects?.pointee.deadlines[timerBase + index] = .infinity
                case .ignore:
                    ignore = true
                }
                pc += 1
            }
            return (sp > 0 ? stack[sp - 1] : 0, sp > 1 ? stack[sp - 2] : 0, sp)
        }
    }

    /// A direction set's bits; anything that is not a small whole number has none.
    private static func directionBits(_ value: Double) -> Int {
        value >= 0 && value < 256 ? Int(value) : 0
    }

    /// A feature's value for the instance, measured after the current event (one slot
    /// in `x` unless `Feature.width` is 2).
    func feature(_ feature: Feature, of instance: Int) -> Point {
        let k = instances[instance].kinematics
        switch feature {
        case .touchCount:
            return Point(x: Double(instances[instance].touches.count), y: 0)
        case .location:
            return instances[instance].touches.isEmpty ? k.lastLocation : centroid(of: instances[instance].touches)
        case .startLocation:
            return k.startLocation
        case .translation:
            return k.translation
        case .velocity:
            return k.velocity
        case .movement:
            return Point(x: k.movement, y: 0)
        case .spread:
            return Point(x: k.pairFirst >= 0 ? k.pairSpread : 0, y: 0)
        case .scale:
            return Point(x: k.scale, y: 0)
        case .scaleVelocity:
            return Point(x: k.scaleVelocity, y: 0)
        case .rotation:
            return Point(x: k.rotation, y: 0)
        case .rotationVelocity:
            return Point(x: k.rotationVelocity, y: 0)
        case .elapsed:
            return Point(x: k.started ? now - k.startTime : 0, y: 0)
        case .tapCount:
            return Point(x: Double(k.lastTapCount), y: 0)
        case .dominantDirection:
            let t = k.translation
            let bits: Double =
                if t.x == 0 && t.y == 0 { 0 }
                else if abs(t.x) >= abs(t.y) { t.x < 0 ? 1 : 2 }
                else { t.y < 0 ? 4 : 8 }
            return Point(x: bits, y: 0)
        case .touchedView:
            return Point(x: Double(k.lastRole), y: 0)
        case .windowSize:
            return windowSize
        }
    }
}
