import GestureDSL
import GestureRuntime

/// Lowers a checked compilation (`Compilation.lowered()`, `Compilation.build`) to one
/// `GestureProgram` per gesture set of the root
/// files, in the order the files were named and the sets written.
///
/// Ids are dense and follow declaration order; only the kinds a set uses are included,
/// in order of first use. Constants are folded: recognizer arguments (with the kind's
/// defaults), view properties, delivery flags, and every constant subexpression of a
/// routine.
public struct Lowering {
    private let compilation: Compilation
    private let kinds: [String: KindDecl]

    /// Lowers `compilation`, which must have no errors. A construct lowering cannot
    /// compile, or a program that fails validation, is a compiler bug: it is reported
    /// into `diagnostics` as an internal error, and that set is left out.
    static func lower(_ compilation: Compilation, diagnostics: inout DiagnosticBag) -> [CompiledSet] {
        let lowering = Lowering(compilation: compilation)
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
        var symbols: [String: CodeGenerator.Operand] = [:]
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
        var generator = CodeGenerator(model: compilation.model, symbols: symbols)
        generator.kinds = kindIDs
        var predicates = RoutineTable(generator: generator)

        var viewRoles: [GestureProgram.ViewRole] = []
        for view in views {
            viewRoles.append(
                try lowerView(view.decl, enclosing: view.enclosing, symbols: symbols, predicates: &predicates))
        }

        let loweredKinds = try usedKinds.map { (kind) throws(LoweringError) in
            try KindLowering(lowering: self, kinds: kinds, kindIDs: kindIDs).lower(kind)
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
        _ view: ViewDecl, enclosing: Identifier?, symbols: [String: CodeGenerator.Operand],
        predicates: inout RoutineTable
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
        symbols: [String: CodeGenerator.Operand], predicates: inout RoutineTable
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
struct RoutineTable {
    var generator: CodeGenerator
    private(set) var routines: [Routine] = []
    private var ids: [Routine: Int] = [:]

    init(generator: CodeGenerator) {
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

extension LoweringError: DiagnosticMessage {
    var id: DiagnosticID { "GDL900" }
    var severity: Severity { .error }
    var message: String { "internal compiler error: \(detail); please report it" }
}
