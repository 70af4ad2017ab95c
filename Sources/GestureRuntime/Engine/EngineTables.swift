/// The program flattened for the engine's hot paths.
///
/// `GestureProgram` is shaped for reading and for its encoders: a kind owns its states,
/// rows and routines, a recognizer owns its arguments. Reading such nested arrays on
/// every event retains and releases each of them, which cost more than the work itself.
/// Here every table is one array of plain values, indexed by the ids the program uses,
/// so that feeding an event reads memory and nothing else.
final class EngineTables {
    /// Every routine's code, kinds' first and then the set's; and the same in memory the
    /// interpreter reads without bounds checks (`GestureProgram.validate()` proved
    /// every routine's jumps and operands, and `routineRanges` are built here).
    let code: [Instruction]
    let codeBase: UncheckedTable<Instruction>
    /// `routineRanges[r]` is routine `r`'s slice of `code`: kind `k`'s routine `i` is
    /// `kinds[k].routineBase + i`, set routine `i` is `setRoutineBase + i`.
    let routineRanges: [Range<Int>]
    /// Per routine, its terms in `comparisons` when it is a chain of comparisons
    /// (`Comparison`), which runs without the stack machine; empty otherwise.
    let routineComparisons: [Range<Int>]
    let comparisons: [Comparison]
    /// The same, unchecked: term ranges are built here, over this array.
    let comparisonsBase: UncheckedTable<Comparison>
    let setRoutineBase: Int

    let kinds: [KindEntry]
    /// The rows of every kind: `rowStarts[kinds[k].cellBase + state * eventCount +
    /// event] ..< rowStarts[… + 1]` are one cell's rows.
    let rowStarts: [Int]
    let rows: [Row]
    /// The same, unchecked, for feeding: validation proved that every kind's row starts
    /// ascend from 0 to its row count over `states × eventCount` cells, and that
    /// every state a row enters exists, so a cell of a state the engine is in and of
    /// an event it feeds (a phase, or one of the kind's timers) has its rows here.
    let rowStartsBase: UncheckedTable<Int>
    let rowsBase: UncheckedTable<Row>
    /// Every kind's reports, at `kinds[k].reports`; and the same for `sendActions`,
    /// unchecked (the ranges are built here, over this array).
    let reports: [Report]
    let reportsBase: UncheckedTable<Report>
    /// Every kind's variables' initial-value routines, at `kinds[k].variables`.
    let variableInitials: [Int]
    /// Every kind's prevention rules, at `kinds[k].preventionRules`.
    let preventionRules: [PreventionRule]

    let recognizers: [RecognizerEntry]
    /// Per view role, its recognizers in declaration order.
    let recognizersOfRole: [[Int]]
    /// Per view role, its `shouldBegin` routine (absolute id), or -1 (R45).
    let roleShouldBegin: [Int]
    /// Whether any view role is a control (R44, docs/controls.md), and whether any
    /// recognizer is a scroll view's pan that asks `touchesShouldCancel(in:)` (R79):
    /// without them, nothing looks at controls.
    let hasControls: Bool
    let hasScrollPans: Bool
    /// Every recognizer's arguments, at `recognizers[r].arguments`; and the same for the
    /// interpreter, unchecked (validation proved each `parameter` operand).
    let arguments: [Double]
    let argumentsBase: UncheckedTable<Double>

    /// Whether the program has any failure requirement: without one, arbitration
    /// skips the cascade entirely.
    let hasRequirements: Bool
    /// Per recognizer, its prevention class: recognizers of one kind with the same
    /// arguments and no explicit exemption either way answer every prevention
    /// question alike, since a rule compares configurations only (docs/engine.md).
    let preventionClass: [Int]
    let preventionClassCount: Int
    /// Per recognizer: the failure requirements it is the dependent of, those linking
    /// it either way (which `nextLinked` follows when a state is told and before a
    /// reset), its simultaneity groups, and the recognizers it cannot prevent by an
    /// explicit exemption.
    let requirementsOf: [[Int]]
    let linkedRequirementsOf: [[Int]]
    let groupsOf: [[Int]]
    let exemptionsOf: [[Int]]

    /// Per recognizer, its twin class: recognizers of one kind with the same arguments.
    /// Two of one class fed one after the other in an event, with the measurements of
    /// one lineage and in one state, take the same row of a cell whose guards read only
    /// measurements (`cellDecidedByMeasurements`), and report the same values when
    /// their kind's reports do (`KindEntry.reportsFromMeasurements`): feeding decides
    /// the row once and `sendActions` writes the values once (docs/engine.md, Cost).
    let twinClass: [Int]
    /// Per cell (`rowStarts`' index), whether every guard of its rows reads only what
    /// twins hold equal: constants, arguments, and features of the measurements
    /// (`readsOnlyMeasurements`); a cell none of whose rows fires decides alike then.
    /// (A row that fires decides alike when it and the rows before it do:
    /// `Row.decidedByMeasurements`.)
    let cellDecidedByMeasurements: UncheckedTable<Bool>

    struct KindEntry {
        var discrete: Bool
        var eventCount: Int
        var cellBase: Int
        var routineBase: Int
        var reports: Range<Int>
        /// The slots its reports fill in `GestureEngine.reportedValues`, all together.
        var reportWidth: Int
        var variables: Range<Int>
        var preventionRules: Range<Int>
        var timerCount: Int
        var location: SourceLocation
        /// Whether every report reads only constants, arguments and features of the
        /// measurements (`readsOnlyMeasurements`), so that twins report alike.
        var reportsFromMeasurements = false
    }

    /// A table row with routine ids made absolute; -1 is none. `guardTerms` is the
    /// guard in register form, if it has that form (`Comparison`), and
    /// `targetShowsPossible` whether a state target shows `possible` outward.
    struct Row {
        var guardRoutine: Int
        var guardTerms: Range<Int> = 0..<0
        var actions: Int
        var target: GestureProgram.Kind.Target
        var targetShowsPossible = false
        var location: SourceLocation
        /// Whether its guard and those of the rows before it in its cell read only what
        /// twins hold equal (`readsOnlyMeasurements`): when it fires, it fires for a
        /// twin too.
        var decidedByMeasurements = false
        /// The state it enters when that is all it does (no actions, a state target that
        /// does not show `possible`), or -1: for a recognizer its clients see active,
        /// firing it is a `changed` action, which a twin repeats without the row
        /// (`Core.repeatChange`).
        var plainTarget = -1
    }

    /// A report: its routine, or the feature it reads when that is all it does (most
    /// reports are `report location`), which skips the interpreter.
    struct Report {
        var routine: Int
        var feature: Feature?
        /// Its slots, 1 or 2 (`ValueShape.width`).
        var width: Int
    }

    /// A kind's prevention rule with its condition's routine id made absolute (-1: none).
    struct PreventionRule {
        var cannotPrevent: Bool
        var otherKind: Int
        var condition: Int
        var location: SourceLocation
    }

    /// A recognizer declaration; routine ids are absolute, -1 when not declared.
    struct RecognizerEntry {
        var kind: Int
        var arguments: Range<Int>
        var enabled: Bool
        var cancelsTouchesInView: Bool
        var delaysTouchesBegan: Bool
        var delaysTouchesEnded: Bool
        var ignoresStationaryTouches: Bool
        /// A scroll view's pan (R79).
        var scrollPan: Bool
        /// `allowedTouchTypes`, `requiresExclusiveTouchType`.
        var allowedTouchTypes: TouchTypes
        var requiresExclusiveTouchType: Bool
        /// `allowedScrollTypes`, `receivesTransform`, `receivesHover` (R88–R90).
        var allowedScrollTypes: ScrollTypes
        var receivesTransform: Bool
        var receivesHover: Bool
        var shouldBegin: Int
        var shouldReceiveTouch: Int
        var shouldRecognizeSimultaneously: Int
        var location: SourceLocation
    }

    /// `registerForm`: whether conditions that are chains of comparisons run in
    /// register form (`Comparison`); always, but for the tests that compare the two.
    init(_ program: GestureProgram, registerForm: Bool) {
        var code: [Instruction] = []
        var ranges: [Range<Int>] = []
        func append(_ routine: Routine) {
            ranges.append(code.count..<(code.count + routine.code.count))
            code += routine.code
        }
        var kinds: [KindEntry] = []
        var rowStarts: [Int] = []
        var rows: [Row] = []
        var reports: [Report] = []
        var variableInitials: [Int] = []
        var preventionRules: [PreventionRule] = []
        var decidedByMeasurements: [Bool] = []
        for kind in program.kinds {
            let routineBase = ranges.count
            kind.routines.forEach(append)
            func absolute(_ routine: Int?) -> Int { routine.map { routineBase + $0 } ?? -1 }
            // Row starts are relative to the kind's rows; shift them to the shared array.
            let cellBase = rowStarts.count
            let rowBase = rows.count
            rowStarts += kind.rowStarts.dropLast().map { rowBase + $0 }
            rows += kind.rows.map {
                var showsPossible = false
                var plainTarget = -1
                if case .state(let state) = $0.target {
                    showsPossible = kind.states[state].outward == .possible
                    if !showsPossible && $0.actions == nil { plainTarget = state }
                }
                return Row(
                    guardRoutine: absolute($0.guardRoutine), actions: absolute($0.actions), target: $0.target,
                    targetShowsPossible: showsPossible, location: $0.location, plainTarget: plainTarget)
            }
            let reportStart = reports.count
            reports += kind.reports.map { report in
                let routine = kind.routines[report.value].code
                var feature: Feature?
                if routine.count == 1, case .feature(let read) = routine[0] { feature = read }
                // Validation proved that the routine leaves `type.width` values.
                return Report(routine: routineBase + report.value, feature: feature, width: report.type.width)
            }
            let variableStart = variableInitials.count
            variableInitials += kind.variables.map { routineBase + $0.initialValue }
            let ruleStart = preventionRules.count
            preventionRules += kind.preventionRules.map {
                PreventionRule(
                    cannotPrevent: $0.direction == .cannotPrevent, otherKind: $0.otherKind,
                    condition: absolute($0.condition), location: $0.location)
            }
            kinds.append(
                KindEntry(
                    discrete: kind.mode == .discrete, eventCount: kind.eventCount, cellBase: cellBase,
                    routineBase: routineBase, reports: reportStart..<reports.count,
                    reportWidth: kind.reports.reduce(0) { $0 + $1.type.width },
                    variables: variableStart..<variableInitials.count, preventionRules: ruleStart..<preventionRules.count,
                    timerCount: kind.timers.count, location: kind.location,
                    reportsFromMeasurements: kind.reports.allSatisfy {
                        Self.readsOnlyMeasurements(kind.routines[$0.value].code[...])
                    }))
            for cell in 0..<(kind.rowStarts.count - 1) {
                var alike = true
                for row in kind.rowStarts[cell]..<kind.rowStarts[cell + 1] {
                    if let routine = kind.rows[row].guardRoutine, !Self.readsOnlyMeasurements(kind.routines[routine].code[...]) {
                        alike = false
                    }
                    rows[rowBase + row].decidedByMeasurements = alike
                }
                decidedByMeasurements.append(alike)
            }
        }
        // The end of the last cell's rows.
        rowStarts.append(rows.count)
        let setRoutineBase = ranges.count
        program.routines.forEach(append)
        func setRoutine(_ routine: Int?) -> Int { routine.map { setRoutineBase + $0 } ?? -1 }

        var arguments: [Double] = []
        var recognizers: [RecognizerEntry] = []
        var recognizersOfRole = Array(repeating: [Int](), count: program.views.count)
        for (id, recognizer) in program.recognizers.enumerated() {
            recognizersOfRole[recognizer.role].append(id)
            let start = arguments.count
            arguments += recognizer.arguments
            recognizers.append(
                RecognizerEntry(
                    kind: recognizer.kind, arguments: start..<arguments.count, enabled: recognizer.enabled,
                    cancelsTouchesInView: recognizer.cancelsTouchesInView,
                    delaysTouchesBegan: recognizer.delaysTouchesBegan, delaysTouchesEnded: recognizer.delaysTouchesEnded,
                    ignoresStationaryTouches: recognizer.ignoresStationaryTouches, scrollPan: recognizer.scrollPan,
                    allowedTouchTypes: recognizer.allowedTouchTypes,
                    requiresExclusiveTouchType: recognizer.requiresExclusiveTouchType,
                    allowedScrollTypes: recognizer.allowedScrollTypes, receivesTransform: recognizer.receivesTransform,
                    receivesHover: recognizer.receivesHover,
                    shouldBegin: setRoutine(recognizer.shouldBegin),
                    shouldReceiveTouch: setRoutine(recognizer.shouldReceiveTouch),
                    shouldRecognizeSimultaneously: setRoutine(recognizer.shouldRecognizeSimultaneously),
                    location: recognizer.location))
        }

        let count = program.recognizers.count
        var requirements = Array(repeating: [Int](), count: count)
        var linked = Array(repeating: [Int](), count: count)
        for (index, edge) in program.failureRequirements.enumerated() {
            requirements[edge.dependent].append(index)
            linked[edge.dependent].append(index)
            linked[edge.required].append(index)
        }
        var groups = Array(repeating: [Int](), count: count)
        for (index, group) in program.simultaneityGroups.enumerated() {
            for member in group.members where !groups[member].contains(index) { groups[member].append(index) }
        }
        var exemptions = Array(repeating: [Int](), count: count)
        for pair in program.preventionExemptions { exemptions[pair.preventer].append(pair.prevented) }

        self.code = code
        var routineComparisons: [Range<Int>] = []
        var comparisons: [Comparison] = []
        for range in ranges {
            let chain = registerForm ? Comparison.chain(code[range]) ?? [] : []
            routineComparisons.append(comparisons.count..<(comparisons.count + chain.count))
            comparisons += chain
        }
        self.routineComparisons = routineComparisons
        self.comparisons = comparisons
        for index in rows.indices where rows[index].guardRoutine >= 0 {
            rows[index].guardTerms = routineComparisons[rows[index].guardRoutine]
        }
        codeBase = UncheckedTable(code)
        comparisonsBase = UncheckedTable(comparisons)
        routineRanges = ranges
        self.setRoutineBase = setRoutineBase
        self.kinds = kinds
        self.rowStarts = rowStarts
        self.rows = rows
        rowStartsBase = UncheckedTable(rowStarts)
        rowsBase = UncheckedTable(rows)
        self.reports = reports
        reportsBase = UncheckedTable(reports)
        self.variableInitials = variableInitials
        self.preventionRules = preventionRules
        self.recognizers = recognizers
        self.recognizersOfRole = recognizersOfRole
        roleShouldBegin = program.views.map { setRoutine($0.shouldBegin) }
        hasControls = program.views.contains { $0.control != nil }
        hasScrollPans = program.recognizers.contains(where: \.scrollPan)
        self.arguments = arguments
        argumentsBase = UncheckedTable(arguments)
        requirementsOf = requirements
        hasRequirements = !program.failureRequirements.isEmpty
        linkedRequirementsOf = linked
        groupsOf = groups
        exemptionsOf = exemptions
        var exempt = Set(program.preventionExemptions.map(\.preventer))
        exempt.formUnion(program.preventionExemptions.map(\.prevented))
        var classes: [[Double]: Int] = [:]
        var classOf: [Int] = []
        var classCount = 0
        for (id, recognizer) in program.recognizers.enumerated() {
            if exempt.contains(id) {
                classOf.append(classCount)
                classCount += 1
                continue
            }
            let key = [Double(recognizer.kind)] + recognizer.arguments
            if let known = classes[key] {
                classOf.append(known)
            } else {
                classes[key] = classCount
                classOf.append(classCount)
                classCount += 1
            }
        }
        preventionClass = classOf
        preventionClassCount = classCount
        // Arguments compared bit for bit: 0 and -0 are equal but divide apart.
        var twins: [[UInt64]: Int] = [:]
        twinClass = program.recognizers.map { recognizer in
            let key = [UInt64(truncatingIfNeeded: recognizer.kind)] + recognizer.arguments.map(\.bitPattern)
            if let known = twins[key] { return known }
            twins[key] = twins.count
            return twins.count - 1
        }
        cellDecidedByMeasurements = UncheckedTable(decidedByMeasurements)
    }

    /// Whether a routine reads nothing but constants, arguments, and features that
    /// recognizers of one lineage hold equal (`MeasurementLineage`), and writes
    /// nothing: its result is the same for twins. Features of the recognizer's own
    /// view (`cannotScroll`, `gliding`, `pointerInside`) or of what it follows
    /// (`scrolling`, `transforming`), variables, hooks and the other recognizer of a
    /// predicate are each recognizer's own.
    static func readsOnlyMeasurements(_ code: ArraySlice<Instruction>) -> Bool {
        code.allSatisfy { instruction in
            switch instruction {
            case .feature(let feature):
                switch feature {
                case .touchCount, .location, .startLocation, .translation, .velocity, .movement, .spread, .scale,
                    .scaleVelocity, .rotation, .rotationVelocity, .elapsed, .tapCount, .dominantDirection,
                    .touchedView, .touchType, .windowSize:
                    true
                case .cannotScroll, .gliding, .scrolling, .transforming, .pointerInside:
                    false
                }
            case .constant, .parameter, .touchedInside, .negate, .add, .subtract, .multiply, .divide, .absolute,
                .minimum, .maximum, .vectorNegate, .vectorAdd, .vectorSubtract, .vectorScale, .vectorDivide,
                .vectorLength, .vectorX, .vectorY, .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual,
                .vectorEqual, .vectorNotEqual, .contains, .union, .not, .jumpIfFalse, .jumpIfTrue:
                true
            case .variable, .hook, .other, .otherParameter, .otherKind, .otherView, .otherInside, .store,
                .startTimer, .stopTimer, .ignore, .restart:
                false
            }
        }
    }

    deinit {
        codeBase.free()
        comparisonsBase.free()
        rowStartsBase.free()
        rowsBase.free()
        reportsBase.free()
        argumentsBase.free()
        cellDecidedByMeasurements.free()
    }
}

/// A table's elements in memory read without bounds checks, for the hot paths, where
/// validation at load proved every index the engine can form. Owned by `EngineTables`,
/// which frees it.
struct UncheckedTable<Element> {
    private let base: UnsafeMutablePointer<Element>
    private let count: Int

    init(_ elements: [Element]) {
        count = elements.count
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(from: elements, count: count)
    }

    subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
    }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
