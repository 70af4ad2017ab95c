import GestureDSL
import GestureRuntime

// TEMPORARY: lowering as it was before it looked its slots up by
// declaration, which resolved names by their spelling and matched and folded arguments
// again. It is kept only so that LoweringDifferentialTests can compare the two over
// every spec of the corpora while lowering changes, and is deleted once they agree.

extension Compilation {
    /// This compilation lowered by the old path, names resolved by their spelling; for
    /// LoweringDifferentialTests only.
    package func loweredByName() -> Build {
        var compilation = self
        guard !diagnostics.hasErrors else { return Build(compilation: compilation, sets: []) }
        var lowering = DiagnosticBag()
        let sets = LegacyLowering.lower(compilation, diagnostics: &lowering)
        compilation.diagnostics.append(contentsOf: lowering)
        return Build(compilation: compilation, sets: sets, loweringDiagnostics: lowering.diagnostics)
    }
}

/// Lowers a checked compilation (`Compilation.lowered()`, `Compilation.build`) to one
/// `GestureProgram` per gesture set of the root
/// files, in the order the files were named and the sets written.
///
/// Ids are dense and follow declaration order; only the kinds a set uses are included,
/// in order of first use. Constants are folded: recognizer arguments (with the kind's
/// defaults), view properties, delivery flags, and every constant subexpression of a
/// routine.
struct LegacyLowering {
    private let compilation: Compilation
    private let kinds: [String: KindDecl]

    /// Lowers `compilation`, which must have no errors. A construct lowering cannot
    /// compile, or a program that fails validation, is a compiler bug: it is reported
    /// into `diagnostics` as an internal error, and that set is left out.
    static func lower(_ compilation: Compilation, diagnostics: inout DiagnosticBag) -> [CompiledSet] {
        let lowering = LegacyLowering(compilation: compilation)
        var sets: [CompiledSet] = []
        for root in compilation.rootFiles {
            for file in compilation.files where file.file == root {
                for set in file.gestureSets {
                    do throws(LoweringError) {
                        sets.append(try lowering.lower(set))
                    } catch {
                        diagnostics.report(error, at: error.range)
                    }
                }
            }
        }
        return sets
    }

    private init(compilation: Compilation) {
        self.compilation = compilation
        var kinds: [String: KindDecl] = [:]
        for file in [compilation.prelude] + compilation.files {
            for kind in file.kinds where kinds[kind.name.name] == nil { kinds[kind.name.name] = kind }
        }
        self.kinds = kinds
    }

    var model: SemanticModel { compilation.model }

    /// The program's file table is every file of the compilation, in id order, so one
    /// location means the same in every set.
    private var files: [String] { compilation.sources.files.map(\.path) }

    func location(_ range: SourceRange) -> SourceLocation {
        let (line, column) = compilation.sources[range.file].lineAndColumn(of: range.start)
        return SourceLocation(file: range.file.rawValue, line: line, column: column)
    }

    // MARK: - Sets

    private func lower(_ set: GestureSetDecl) throws(LoweringError) -> CompiledSet {
        var views: [(decl: ViewDecl, enclosing: Identifier?)] = []
        var recognizers: [RecognizerDecl] = []
        var hooks: [HookDecl] = []
        var extraProperties: [String: [PropertyDecl]] = [:]
        for member in set.allMembers {
            switch member {
            case .view(let view): collectViews(view, enclosing: nil, into: &views)
            case .recognizer(let recognizer): recognizers.append(recognizer)
            case .hook(let hook): hooks.append(hook)
            case .propertyAssignment(let assignment):
                extraProperties[assignment.recognizer.name, default: []].append(assignment.property)
            case .requirement, .simultaneity, .prevention, .use: break
            }
        }
        var symbols: [String: LegacyCodeGenerator.Operand] = [:]
        for (index, view) in views.enumerated() { symbols[view.decl.name.name] = .id(index, .view) }
        for (index, recognizer) in recognizers.enumerated() { symbols[recognizer.name.name] = .id(index, .recognizer) }
        for (index, hook) in hooks.enumerated() { symbols[hook.name.name] = .hook(index) }
        // Kinds in order of first use.
        var kindIDs: [String: Int] = [:]
        var usedKinds: [KindDecl] = []
        for recognizer in recognizers where kindIDs[recognizer.kind.name] == nil {
            guard let kind = kinds[recognizer.kind.name] else {
                throw LoweringError("unknown kind '\(recognizer.kind.name)'", at: recognizer.kind.range)
            }
            kindIDs[kind.name.name] = usedKinds.count
            usedKinds.append(kind)
        }
        var generator = LegacyCodeGenerator(model: compilation.model, symbols: symbols)
        generator.kinds = kindIDs
        var predicates = LegacyRoutineTable(generator: generator)

        var viewRoles: [GestureProgram.ViewRole] = []
        for view in views {
            viewRoles.append(
                try lowerView(view.decl, enclosing: view.enclosing, symbols: symbols, predicates: &predicates))
        }

        let loweredKinds = try usedKinds.map { (kind) throws(LoweringError) in
            try LegacyKindLowering(lowering: self, kinds: kinds, kindIDs: kindIDs).lower(kind)
        }

        var loweredRecognizers: [GestureProgram.Recognizer] = []
        for recognizer in recognizers {
            loweredRecognizers.append(
                try lowerRecognizer(
                    recognizer, extraProperties: extraProperties[recognizer.name.name] ?? [], kindIDs: kindIDs,
                    symbols: symbols, predicates: &predicates))
        }

        for index in viewRoles.indices {
            guard let kind = viewRoles[index].control?.kind else { continue }
            let claims = Self.claims(of: index, kind, roles: viewRoles, among: loweredRecognizers, kinds: loweredKinds)
            viewRoles[index].control?.claims = claims
        }

        let evaluator = ConstantEvaluator()
        let loweredHooks = hooks.map { hook in
            let value = hook.defaultValue.flatMap(evaluator.evaluate)
            return GestureProgram.Hook(
                name: hook.name.name, defaultValue: value.map { $0 != .bool(false) } ?? true, location: location(hook.name.range))
        }

        var requirements: [GestureProgram.FailureRequirement] = []
        var groups: [GestureProgram.SimultaneityGroup] = []
        var exemptions: [GestureProgram.PreventionExemption] = []
        func id(_ name: Identifier) throws(LoweringError) -> Int {
            guard case .id(let id, .recognizer) = symbols[name.name] else {
                throw LoweringError("'\(name.name)' is not a recognizer", at: name.range)
            }
            return id
        }
        for member in set.allMembers {
            switch member {
            case .requirement(let edge):
                requirements.append(
                    GestureProgram.FailureRequirement(
                        dependent: try id(edge.dependent), required: try id(edge.required),
                        condition: try edge.condition.map { (condition) throws(LoweringError) in try predicates.add(condition) },
                        location: location(edge.range)))
            case .simultaneity(let group):
                groups.append(
                    GestureProgram.SimultaneityGroup(
                        members: try group.members.map { (name) throws(LoweringError) in try id(name) },
                        condition: try group.condition.map { (condition) throws(LoweringError) in try predicates.add(condition) },
                        location: location(group.range)))
            case .prevention(let pair):
                exemptions.append(
                    GestureProgram.PreventionExemption(
                        preventer: try id(pair.preventer), prevented: try id(pair.prevented), location: location(pair.range)))
            case .view, .recognizer, .hook, .propertyAssignment, .use:
                break
            }
        }

        let program = GestureProgram(
            name: set.name.name, files: files, views: viewRoles, recognizers: loweredRecognizers, hooks: loweredHooks,
            kinds: loweredKinds, failureRequirements: requirements, simultaneityGroups: groups,
            preventionExemptions: exemptions, routines: predicates.routines)
        do {
            try program.validate()
        } catch {
            throw LoweringError("the tables of '\(set.name.name)' are invalid: \(error)", at: set.name.range)
        }
        let documentation = Documentation(
            set: set.doc?.text, views: views.map { $0.decl.doc?.text }, recognizers: recognizers.map { $0.doc?.text },
            hooks: hooks.map { $0.doc?.text }, kinds: usedKinds.map { $0.doc?.text },
            reports: usedKinds.map { kind in kind.reports.map { reportLine($0) } })
        return CompiledSet(program: program, documentation: documentation)
    }

    /// A `report` line as written, its spacing made single.
    private func reportLine(_ report: ReportDecl) -> String {
        let file = compilation.sources[report.range.file]
        return file.text(report.range.start..<report.range.end)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    private func collectViews(_ view: ViewDecl, enclosing: Identifier?, into views: inout [(decl: ViewDecl, enclosing: Identifier?)]) {
        views.append((view, enclosing))
        for subview in view.subviews { collectViews(subview, enclosing: view.name, into: &views) }
    }

    private func lowerView(
        _ view: ViewDecl, enclosing: Identifier?, symbols: [String: LegacyCodeGenerator.Operand],
        predicates: inout LegacyRoutineTable
    ) throws(LoweringError) -> GestureProgram.ViewRole {
        var parents: [Int] = []
        for parent in (enclosing.map { [$0] } ?? []) + view.extraParents {
            guard case .id(let id, .view) = symbols[parent.name] else {
                throw LoweringError("'\(parent.name)' is not a view role", at: parent.range)
            }
            if !parents.contains(id) { parents.append(id) }
        }
        var role = GestureProgram.ViewRole(name: view.name.name, parents: parents, location: location(view.name.range))
        let evaluator = ConstantEvaluator()
        var control: GestureProgram.Control.Kind?
        var axis: GestureDirections = [.left, .right]
        var trackingMargin = Builtins.defaultTrackingMargin
        var touchesShouldCancel: Bool?
        for property in view.properties {
            if property.name.name == "shouldBegin" {
                // A constant `true` is UIKit's default answer: no routine.
                if case .bool(true)? = evaluator.evaluate(property.value) { continue }
                role.shouldBegin = try predicates.add(property.value)
                continue
            }
            if property.name.name == "control" {
                guard case .name(let name) = property.value.kind, let kind = GestureProgram.Control.Kind(rawValue: name) else {
                    throw LoweringError("'control' does not name a control", at: property.value.range)
                }
                control = kind
                continue
            }
            guard let value = evaluator.evaluate(property.value) else {
                throw LoweringError("'\(property.name.name)' is not a constant", at: property.value.range)
            }
            let flag = value.bits != 0
            switch property.name.name {
            case "interactive": role.interactive = flag
            case "hidden": role.hidden = flag
            case "alpha": role.alpha = value.bits
            case "hitSlop": role.hitSlop = value.bits
            case "minimumTarget": role.minimumTarget = value.bits
            case "transparentWhenEmpty": role.transparentWhenEmpty = flag
            case "multipleTouch": role.multipleTouch = flag
            case "exclusiveTouch": role.exclusiveTouch = flag
            case "defersSystemGestures": role.defersSystemGestures = GestureDirections(reported: value.bits)
            case "excludesSystemGestures": role.excludesSystemGestures = flag
            case "axis": axis = GestureDirections(reported: value.bits)
            case "trackingMargin": trackingMargin = value.bits
            case "touchesShouldCancel": touchesShouldCancel = flag
            default: throw LoweringError("unknown view property '\(property.name.name)'", at: property.name.range)
            }
        }
        role.control = control.map { GestureProgram.Control(kind: $0, axis: axis, trackingMargin: trackingMargin) }
        // A scroll view does not take a touch a control tracks (R79).
        role.touchesShouldCancel = touchesShouldCancel ?? (control == nil)
        return role
    }

    /// R44: the recognizers on the roles the control of role `role` may sit in (its
    /// ancestors, the only ones that see its touches, R18) whose gesture overlaps its
    /// default action, as Apple lists them: a single-finger single tap for a button,
    /// a switch, a stepper, a segmented control and a page control; a single-finger
    /// swipe along a slider's track; a single-finger pan along a switch's axis. Only
    /// the prelude's `tap`, `swipe` and `pan` are such gestures, and a custom control
    /// claims nothing (docs/controls.md).
    static func claims(
        of role: Int, _ control: GestureProgram.Control.Kind, roles: [GestureProgram.ViewRole],
        among recognizers: [GestureProgram.Recognizer], kinds: [GestureProgram.Kind]
    ) -> [GestureProgram.Claim] {
        func argument(_ name: String, of recognizer: GestureProgram.Recognizer) -> Double? {
            kinds[recognizer.kind].parameters.firstIndex(of: name).map { recognizer.arguments[$0] }
        }
        // The ancestors, by a walk up every parent: the checker refused cycles.
        var ancestors = Set<Int>()
        var pending = roles[role].parents
        while let parent = pending.popLast() {
            if ancestors.insert(parent).inserted { pending += roles[parent].parents }
        }
        var claims: [GestureProgram.Claim] = []
        for (index, recognizer) in recognizers.enumerated() where ancestors.contains(recognizer.role) {
            let alongAxis: Bool? =
                switch (control, kinds[recognizer.kind].name) {
                case (.button, "tap"), (.switch, "tap"), (.stepper, "tap"), (.segmentedControl, "tap"), (.pageControl, "tap"):
                    argument("taps", of: recognizer) == 1 && argument("touches", of: recognizer) == 1 ? false : nil
                case (.slider, "swipe"):
                    argument("touches", of: recognizer) == 1 ? true : nil
                case (.switch, "pan"):
                    argument("minimumTouches", of: recognizer) == 1 ? true : nil
                default: nil
                }
            if let alongAxis { claims.append(GestureProgram.Claim(recognizer: index, alongAxis: alongAxis)) }
        }
        return claims
    }

    // MARK: - Recognizers

    private func lowerRecognizer(
        _ recognizer: RecognizerDecl, extraProperties: [PropertyDecl], kindIDs: [String: Int],
        symbols: [String: LegacyCodeGenerator.Operand], predicates: inout LegacyRoutineTable
    ) throws(LoweringError) -> GestureProgram.Recognizer {
        guard let kind = kinds[recognizer.kind.name], let kindID = kindIDs[recognizer.kind.name] else {
            throw LoweringError("unknown kind '\(recognizer.kind.name)'", at: recognizer.kind.range)
        }
        guard case .id(let role, .view) = symbols[recognizer.role.name] else {
            throw LoweringError("'\(recognizer.role.name)' is not a view role", at: recognizer.role.range)
        }
        let arguments = try Self.arguments(recognizer.arguments, of: kind, at: recognizer.kind.range)
        var lowered = GestureProgram.Recognizer(
            name: recognizer.name.name, kind: kindID, role: role, arguments: arguments, location: location(recognizer.name.range))
        let evaluator = ConstantEvaluator()
        // The kind's delivery flags first, then the recognizer's own settings over them.
        for property in kind.properties + recognizer.properties + extraProperties {
            switch property.name.name {
            case "shouldBegin", "shouldReceiveTouch", "shouldRecognizeSimultaneously":
                let defaultAnswer = property.name.name != "shouldRecognizeSimultaneously"
                let routine: Int? =
                    if case .bool(defaultAnswer)? = evaluator.evaluate(property.value) { nil } else { try predicates.add(property.value) }
                switch property.name.name {
                case "shouldBegin": lowered.shouldBegin = routine
                case "shouldReceiveTouch": lowered.shouldReceiveTouch = routine
                default: lowered.shouldRecognizeSimultaneously = routine
                }
            default:
                guard case .bool(let flag)? = evaluator.evaluate(property.value) else {
                    throw LoweringError("'\(property.name.name)' is not a constant", at: property.value.range)
                }
                switch property.name.name {
                case "enabled": lowered.enabled = flag
                case "cancelsTouchesInView": lowered.cancelsTouchesInView = flag
                case "delaysTouchesBegan": lowered.delaysTouchesBegan = flag
                case "delaysTouchesEnded": lowered.delaysTouchesEnded = flag
                case "ignoresStationaryTouches": lowered.ignoresStationaryTouches = flag
                case "backSwipe": lowered.backSwipe = flag
                case "scrollPan": lowered.scrollPan = flag
                case "foreign": lowered.foreign = flag
                default: throw LoweringError("unknown property '\(property.name.name)'", at: property.name.range)
                }
            }
        }
        return lowered
    }

    /// One value per parameter of `kind`: the argument given, else the default.
    static func arguments(_ given: [ArgumentDecl], of kind: KindDecl, at range: SourceRange) throws(LoweringError) -> [Double] {
        let evaluator = ConstantEvaluator()
        var values: [Double] = []
        values.reserveCapacity(kind.parameters.count)
        for parameter in kind.parameters {
            let expr = given.first { $0.label.name == parameter.name.name }?.value ?? parameter.defaultValue
            guard let expr, let value = evaluator.evaluate(expr) else {
                throw LoweringError("no constant value for parameter '\(parameter.name.name)'", at: range)
            }
            values.append(value.bits)
        }
        return values
    }
}

/// Routines generated into one table, each distinct routine once.
struct LegacyRoutineTable {
    var generator: LegacyCodeGenerator
    private(set) var routines: [Routine] = []
    private var ids: [Routine: Int] = [:]

    init(generator: LegacyCodeGenerator) {
        self.generator = generator
    }

    mutating func add(_ expr: Expr) throws(LoweringError) -> Int {
        intern(try generator.routine(expr).0)
    }

    mutating func add(_ actions: [ActionDecl]) throws(LoweringError) -> Int {
        intern(try generator.routine(actions))
    }

    /// Adds `expr` and returns its id and the shape of its value.
    mutating func addValue(_ expr: Expr) throws(LoweringError) -> (id: Int, shape: ValueShape) {
        let (routine, shape) = try generator.routine(expr)
        return (intern(routine), shape)
    }

    mutating func intern(_ routine: Routine) -> Int {
        if let id = ids[routine] { return id }
        ids[routine] = routines.count
        routines.append(routine)
        return routines.count - 1
    }
}

/// Lowers one kind to its transition table and routines.
///
/// States are numbered in declaration order with `possible` first. Each transition
/// becomes a row in the cell of every state of its block and every event it names, in
/// source order, so the engine tries rows exactly as they are written. A transition's
/// guard and actions are one routine each, shared by all its rows.
struct LegacyKindLowering {
    let lowering: LegacyLowering
    /// Every kind of the compilation, for prevention rules.
    let kinds: [String: KindDecl]
    /// The program's kinds by name.
    let kindIDs: [String: Int]

    func lower(_ kind: KindDecl) throws(LoweringError) -> GestureProgram.Kind {
        typealias Kind = GestureProgram.Kind
        var symbols: [String: LegacyCodeGenerator.Operand] = [:]
        for (index, parameter) in kind.parameters.enumerated() {
            symbols[parameter.name.name] = .parameter(index, Self.shape(of: parameter.type))
        }
        // Parameters only: initial values and prevention conditions are fixed before
        // any touch.
        var routines = LegacyRoutineTable(generator: LegacyCodeGenerator(model: lowering.model, symbols: symbols))
        var variables: [Kind.Variable] = []
        for (index, variable) in kind.variables.enumerated() {
            variables.append(Kind.Variable(name: variable.name.name, initialValue: try routines.add(variable.initialValue)))
            symbols[variable.name.name] = .variable(index, Self.shape(of: variable.type))
        }

        var preventionRules: [Kind.PreventionRule] = []
        for rule in kind.preventionRules {
            if let lowered = try lowerPreventionRule(rule, routines: &routines) { preventionRules.append(lowered) }
        }

        // Timers in order of their first `start`.
        var timers: [String] = []
        for block in kind.states {
            for transition in block.transitions {
                for case .startTimer(let name, _, _) in transition.actions where !timers.contains(name.name) {
                    timers.append(name.name)
                }
            }
        }
        routines.generator.symbols = symbols
        routines.generator.otherParameters = [:]
        routines.generator.timers = Dictionary(uniqueKeysWithValues: timers.enumerated().map { ($1, $0) })

        var reports: [Kind.Report] = []
        for report in kind.reports {
            let (id, shape) = try routines.addValue(report.computed)
            reports.append(Kind.Report(name: report.name.name, type: shape, value: id))
        }

        let states = Self.states(of: kind)
        let stateIndex = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.name, $0) })
        let eventCount = GestureProgram.Event.firstTimer + timers.count
        var cells = [[Kind.Transition]](repeating: [], count: states.count * eventCount)
        for block in kind.states {
            for transition in block.transitions {
                let row = Kind.Transition(
                    guardRoutine: try transition.guardExpr.map { (guardExpr) throws(LoweringError) in try routines.add(guardExpr) },
                    target: try Self.target(transition.target, states: stateIndex),
                    actions: transition.actions.isEmpty ? nil : try routines.add(transition.actions),
                    location: lowering.location(transition.range))
                for head in block.heads {
                    guard let state = stateIndex[head.name.name] else { continue }
                    for event in transition.events {
                        let column: Int
                        switch event {
                        case .touch(let phase, _):
                            column = GestureProgram.Event.phaseNames.firstIndex(of: phase.rawValue) ?? 0
                        case .timer(let name):
                            guard let timer = timers.firstIndex(of: name.name) else {
                                throw LoweringError("timer '\(name.name)' is not started anywhere", at: name.range)
                            }
                            column = GestureProgram.Event.firstTimer + timer
                        }
                        cells[state * eventCount + column].append(row)
                    }
                }
            }
        }
        var rowStarts = [0]
        rowStarts.reserveCapacity(cells.count + 1)
        for cell in cells { rowStarts.append(rowStarts[rowStarts.count - 1] + cell.count) }

        return Kind(
            name: kind.name.name, mode: kind.mode == .discrete ? .discrete : .continuous,
            parameters: kind.parameters.map(\.name.name),
            parameterTypes: kind.parameters.map { GestureProgram.Kind.ParameterType(rawValue: $0.type.name) ?? .number },
            variables: variables, timers: timers, reports: reports,
            preventionRules: preventionRules, states: states, rowStarts: rowStarts, rows: cells.flatMap { $0 },
            routines: routines.routines, location: lowering.location(kind.name.range))
    }

    /// The rule, or nil when its other kind is not used by the set (it can never apply).
    private func lowerPreventionRule(
        _ rule: PreventionRuleDecl, routines: inout LegacyRoutineTable
    ) throws(LoweringError) -> GestureProgram.Kind.PreventionRule? {
        guard let otherID = kindIDs[rule.otherKind.name], let other = kinds[rule.otherKind.name] else { return nil }
        var otherParameters: [String: (index: Int, shape: ValueShape)] = [:]
        for (index, parameter) in other.parameters.enumerated() {
            otherParameters[parameter.name.name] = (index, Self.shape(of: parameter.type))
        }
        routines.generator.otherParameters = otherParameters
        let condition = try rule.condition.map { (condition) throws(LoweringError) in try routines.add(condition) }
        return GestureProgram.Kind.PreventionRule(
            direction: rule.direction == .prevent ? .cannotPrevent : .cannotBePrevented, otherKind: otherID,
            condition: condition, location: lowering.location(rule.range))
    }

    /// Declared states, `possible` first, each with the UIKit state it shows.
    static func states(of kind: KindDecl) -> [GestureProgram.Kind.State] {
        var states: [GestureProgram.Kind.State] = [GestureProgram.Kind.State(name: "possible", outward: .possible)]
        for block in kind.states {
            for head in block.heads where !states.contains(where: { $0.name == head.name.name }) {
                let outward =
                    GestureProgram.Kind.State.Outward(rawValue: head.name.name)
                    ?? head.outward.flatMap { GestureProgram.Kind.State.Outward(rawValue: $0.name) } ?? .possible
                states.append(GestureProgram.Kind.State(name: head.name.name, outward: outward))
            }
        }
        return states
    }

    static func target(_ name: Identifier?, states: [String: Int]) throws(LoweringError) -> GestureProgram.Kind.Target {
        guard let name else { return .stay }
        if let state = states[name.name] { return .state(state) }
        switch name.name {
        case "recognized", "ended": return .ended
        case "cancelled": return .cancelled
        case "failed": return .failed
        default: throw LoweringError("unknown state '\(name.name)'", at: name.range)
        }
    }

    static func shape(of type: Identifier) -> ValueShape {
        ValueType.declarable[type.name].map(ValueShape.init) ?? .number
    }
}

/// Compiles checked expressions and actions to routines, folding every constant
/// subexpression into one `constant` instruction.
///
/// The checker has resolved names and types (`SemanticModel`): generation reads what
/// each name and member means and each value's type, whose shape (a point takes two
/// stack slots) picks between `add` and `vectorAdd`, and numbers the declarations in
/// reach (`symbols`). Anything it cannot compile is a compiler bug, reported as
/// `LoweringError` rather than trapping.
struct LegacyCodeGenerator {
    /// The slot or id a declared name in reach compiles to.
    enum Operand {
        case parameter(Int, ValueShape)
        case variable(Int, ValueShape)
        case hook(Int)
        /// A recognizer or view role name: its id as a constant.
        case id(Int, ValueShape)
    }

    let model: SemanticModel
    var symbols: [String: Operand]
    /// In a kind's prevention rule: the other kind's parameters (`other.taps`).
    var otherParameters: [String: (index: Int, shape: ValueShape)] = [:]
    /// Timers of the kind by name, for `start timer` and `stop timer`.
    var timers: [String: Int] = [:]
    /// The set's kinds by name, for `other.kind == pan`; a kind no recognizer of the
    /// set has is no recognizer's kind.
    var kinds: [String: Int] = [:]

    private var code: [Instruction] = []

    init(model: SemanticModel, symbols: [String: Operand]) {
        self.model = model
        self.symbols = symbols
    }

    /// A routine computing `expr`, and the shape of its value.
    mutating func routine(_ expr: Expr) throws(LoweringError) -> (Routine, ValueShape) {
        code = []
        let shape = try emit(expr)
        return (Routine(code), shape)
    }

    /// A routine performing `actions` in order.
    mutating func routine(_ actions: [ActionDecl]) throws(LoweringError) -> Routine {
        code = []
        for action in actions {
            switch action {
            case .startTimer(let name, let delay, let range):
                try emit(delay)
                code.append(.startTimer(try timer(name.name, at: range)))
            case .stopTimer(let name, let range):
                code.append(.stopTimer(try timer(name.name, at: range)))
            case .ignore(let keeping, _):
                if let keeping { try emit(keeping) } else { code.append(.constant(0)) }
                code.append(.ignore)
            case .restart:
                code.append(.restart)
            case .assign(let variable, let op, let value, let range):
                // The checker allowed only a variable of the kind here.
                guard case .variable(let index, _) = symbols[variable.name] else {
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

    private func timer(_ name: String, at range: SourceRange) throws(LoweringError) -> Int {
        guard let index = timers[name] else { throw LoweringError("timer '\(name)' is not started anywhere", at: range) }
        return index
    }

    // MARK: - Expressions

    @discardableResult
    private mutating func emit(_ expr: Expr) throws(LoweringError) -> ValueShape {
        if let constant = ConstantEvaluator().evaluate(expr) {
            code.append(.constant(constant.bits))
            return constant.shape
        }
        switch expr.kind {
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
            switch symbols[name] {
            case .parameter(let index, let shape):
                code.append(.parameter(index))
                return shape
            case .variable(let index, let shape):
                code.append(.variable(index))
                return shape
            case .hook(let index):
                code.append(.hook(index))
                return .bool
            case .id(let id, let shape):
                code.append(.constant(Double(id)))
                return shape
            case nil:
                throw LoweringError("'\(name)' is not in reach", at: expr.range)
            }
        case .feature?:
            guard let feature = Feature(name: name) else { throw LoweringError("'\(name)' is not a feature", at: expr.range) }
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
            code.append(.otherKind)
            code.append(.constant(Double(kinds[kind] ?? -1)))
            code.append(op == .equal ? .equal : .notEqual)
            return .bool
        case .contains:
            let touched = if case .name("touchedView") = left.kind { model.meaning(of: left) == .feature } else { false }
            guard touched || model.meaning(of: left) == .otherView else { return nil }
            guard case .name(let role) = right.kind, case .id(let id, .view) = symbols[role] else {
                throw LoweringError("'in' after a view takes a view role's name", at: right.range)
            }
            code.append(touched ? .touchedInside(id) : .otherInside(id))
            return .bool
        default:
            return nil
        }
    }

    /// The shape of `expr`'s value, from its type, without generating code.
    private func shape(of expr: Expr) -> ValueShape {
        model.type(of: expr).map(ValueShape.init) ?? .number
    }
}
