import GestureDSL
import GestureRuntime

/// Lowers a checked compilation (`Compilation.lowered()`, `Compilation.build`) to one
/// `GestureProgram` per gesture set of the root
/// files, in the order the files were named and the sets written.
///
/// Ids are dense and follow declaration order; only the kinds a set uses are included,
/// in order of first use. Constants are folded: view properties, delivery flags, and
/// every constant subexpression of a routine; recognizer arguments are the checker's
/// values (`SemanticModel.arguments(ofRecognizer:)`, the kind's defaults filled in).
///
/// Every name the syntax holds is turned into its declaration through one join, the
/// `DeclarationTable`, and every slot (a role's id, a hook's, a kind's, a parameter's,
/// a variable's, a timer's, a state's) is numbered by declaration: lowering resolves no
/// name by its spelling. Only the built-ins are read by name (features, `other`,
/// directions, the final states), and `other.taps` (`KindLowering`).
///
/// Each set comes with its `Provenance`, filled here as each element is made: the way
/// back from the program to the source, which the tools after lowering read instead of
/// walking the syntax again.
public struct Lowering {
    private let compilation: Compilation
    /// The join between the syntax and the checker's declarations.
    let table: DeclarationTable

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
        table = DeclarationTable(model: compilation.model, kinds: ([compilation.prelude] + compilation.files).lazy.flatMap(\.kinds))
    }

    var model: SemanticModel { compilation.model }

    /// The declaration `name` makes where it is declared.
    func declaration(of name: Identifier) throws(LoweringError) -> Int {
        guard let declaration = table.declaration(of: name) else {
            throw LoweringError("'\(name.name)' declares nothing the checker recorded", at: name.range)
        }
        return declaration
    }

    /// The declaration `name` refers to, in the lines `use` brings (nil: lines written
    /// where they stand).
    func declaration(referredToBy name: Identifier, broughtBy use: UseDecl? = nil) throws(LoweringError) -> Int {
        guard let declaration = table.declaration(referredToAt: name.range, broughtBy: use?.range) else {
            throw LoweringError("'\(name.name)' refers to nothing the checker recorded", at: name.range)
        }
        return declaration
    }

    /// The program's file table is every file of the compilation, in id order, so one
    /// location means the same in every set.
    private var files: [String] { compilation.sources.files.map(\.path) }

    func location(_ range: SourceRange) -> SourceLocation {
        let (line, column) = compilation.sources[range.file].lineAndColumn(of: range.start)
        return SourceLocation(file: range.file.rawValue, line: line, column: column)
    }

    /// The origin of an element that `name` declares: the name is its anchor.
    func origin(of name: Identifier, range: SourceRange) -> Provenance.Origin {
        Provenance.Origin(declaration: table.declaration(of: name), range: range, anchor: name.range)
    }

    /// The origin of an element no declaration makes (a relation, a transition, a
    /// rule), anchored at the first word of its range, where its location points.
    func origin(of range: SourceRange) -> Provenance.Origin {
        Provenance.Origin(declaration: nil, range: range, anchor: firstWord(of: range))
    }

    /// The word at the start of `range` (`SourceFile.wordEnd`).
    private func firstWord(of range: SourceRange) -> SourceRange {
        SourceRange(file: range.file, start: range.start, end: compilation.sources[range.file].wordEnd(from: range.start))
    }

    // MARK: - Sets

    /// The members a set has, each with the use that brought it (nil for one written
    /// in the set), in the order of `allMembers`.
    private static func members(of set: GestureSetDecl) -> [(member: SetMember, use: UseDecl?)] {
        // Built in place: an array a member, joined, cost an allocation each.
        var members: [(member: SetMember, use: UseDecl?)] = []
        members.reserveCapacity(set.members.count)
        for member in set.members {
            members.append((member, nil))
            if case .use(let use) = member { members += use.members.map { ($0, use) } }
        }
        return members
    }

    private func lower(_ set: GestureSetDecl) throws(LoweringError) -> CompiledSet {
        let members = Self.members(of: set)
        var views: [(decl: ViewDecl, enclosing: Identifier?)] = []
        var recognizers: [(decl: RecognizerDecl, declaration: Int)] = []
        var hooks: [HookDecl] = []
        // `name.property:` lines, by the recognizer's declaration.
        var extraProperties: [Int: [PropertyDecl]] = [:]
        for (member, use) in members {
            switch member {
            case .view(let view): collectViews(view, enclosing: nil, into: &views)
            case .recognizer(let recognizer): recognizers.append((recognizer, try declaration(of: recognizer.name)))
            case .hook(let hook): hooks.append(hook)
            case .propertyAssignment(let assignment):
                let recognizer = try declaration(referredToBy: assignment.recognizer, broughtBy: use)
                extraProperties[recognizer, default: []].append(assignment.property)
            case .requirement, .simultaneity, .prevention, .use: break
            }
        }
        var slots: LookupTable<Int, CodeGenerator.Operand> = [:]
        for (index, view) in views.enumerated() { slots[try declaration(of: view.decl.name)] = .id(index, .view) }
        for (index, recognizer) in recognizers.enumerated() { slots[recognizer.declaration] = .id(index, .recognizer) }
        for (index, hook) in hooks.enumerated() { slots[try declaration(of: hook.name)] = .hook(index) }
        // Kinds in order of first use, by the kind's declaration.
        var kindIDs: LookupTable<Int, Int> = [:]
        var usedKinds: [KindDecl] = []
        // Each recognizer's kind, by the kind's declaration, found once for both uses.
        var recognizerKinds: [Int] = []
        recognizerKinds.reserveCapacity(recognizers.count)
        for (recognizer, _) in recognizers {
            let kind = try declaration(referredToBy: recognizer.kind, broughtBy: recognizer.use)
            recognizerKinds.append(kind)
            guard kindIDs[kind] == nil else { continue }
            guard let syntax = table.kind(kind) else {
                throw LoweringError("'\(recognizer.kind.name)' is not a kind", at: recognizer.kind.range)
            }
            kindIDs[kind] = usedKinds.count
            usedKinds.append(syntax)
        }
        var generator = CodeGenerator(model: compilation.model, table: table, slots: slots)
        generator.kinds = kindIDs
        var predicates = RoutineTable(generator: generator)

        var viewRoles: [GestureProgram.ViewRole] = []
        var viewOrigins: [Provenance.View] = []
        for view in views {
            let (role, origin) = try lowerView(view.decl, enclosing: view.enclosing, slots: slots, predicates: &predicates)
            viewRoles.append(role)
            viewOrigins.append(origin)
        }

        var loweredKinds: [GestureProgram.Kind] = []
        var kindOrigins: [Provenance.Kind] = []
        for kind in usedKinds {
            let (lowered, origin) = try KindLowering(lowering: self, kindIDs: kindIDs).lower(kind)
            loweredKinds.append(lowered)
            kindOrigins.append(origin)
        }

        var loweredRecognizers: [GestureProgram.Recognizer] = []
        var recognizerOrigins: [Provenance.Recognizer] = []
        for ((recognizer, declaration), kindDeclaration) in zip(recognizers, recognizerKinds) {
            let (lowered, origin) = try lowerRecognizer(
                recognizer, declaration: declaration, kindDeclaration: kindDeclaration,
                extraProperties: extraProperties[declaration] ?? [], kindIDs: kindIDs, slots: slots, predicates: &predicates)
            loweredRecognizers.append(lowered)
            recognizerOrigins.append(origin)
        }

        if viewRoles.contains(where: { $0.control != nil }) {
            var recognizersOfRole = Array(repeating: [Int](), count: viewRoles.count)
            for (index, recognizer) in loweredRecognizers.enumerated() { recognizersOfRole[recognizer.role].append(index) }
            for index in viewRoles.indices {
                guard let kind = viewRoles[index].control?.kind else { continue }
                let claims = Self.claims(
                    of: index, kind, roles: viewRoles, recognizersOfRole: recognizersOfRole, among: loweredRecognizers,
                    kinds: loweredKinds)
                viewRoles[index].control?.claims = claims
            }
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
        var provenance = Provenance(
            set: origin(of: set.name, range: set.range), views: viewOrigins, recognizers: recognizerOrigins,
            hooks: hooks.map { Provenance.Hook(origin: origin(of: $0.name, range: $0.range), defaultValue: $0.defaultValue?.range) },
            kinds: kindOrigins)
        for (member, use) in members {
            // A relation a use brings names the recognizers of that use.
            func id(_ name: Identifier) throws(LoweringError) -> Int {
                guard case .id(let id, .recognizer) = slots[try declaration(referredToBy: name, broughtBy: use)] else {
                    throw LoweringError("'\(name.name)' is not a recognizer", at: name.range)
                }
                return id
            }
            predicates.generator.use = use?.range
            switch member {
            case .requirement(let edge):
                requirements.append(
                    GestureProgram.FailureRequirement(
                        dependent: try id(edge.dependent), required: try id(edge.required),
                        condition: try edge.condition.map { (condition) throws(LoweringError) in try predicates.add(condition) },
                        location: location(edge.range)))
                provenance.failureRequirements.append(
                    Provenance.Relation(
                        origin: origin(of: edge.range), condition: edge.condition?.range, use: use?.range,
                        reads: edge.condition == nil ? [] : predicates.generator.hooksRead))
            case .simultaneity(let group):
                groups.append(
                    GestureProgram.SimultaneityGroup(
                        members: try group.members.map { (name) throws(LoweringError) in try id(name) },
                        condition: try group.condition.map { (condition) throws(LoweringError) in try predicates.add(condition) },
                        location: location(group.range)))
                provenance.simultaneityGroups.append(
                    Provenance.Relation(
                        origin: origin(of: group.range), condition: group.condition?.range, use: use?.range,
                        reads: group.condition == nil ? [] : predicates.generator.hooksRead))
            case .prevention(let pair):
                exemptions.append(
                    GestureProgram.PreventionExemption(
                        preventer: try id(pair.preventer), prevented: try id(pair.prevented), location: location(pair.range)))
                provenance.preventionExemptions.append(
                    Provenance.Relation(origin: origin(of: pair.range), condition: nil, use: use?.range))
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
            set: set.doc?.text, views: views.map { $0.decl.doc?.text }, recognizers: recognizers.map { $0.decl.doc?.text },
            hooks: hooks.map { $0.doc?.text }, kinds: usedKinds.map { $0.doc?.text },
            reports: usedKinds.map { kind in kind.reports.map { reportLine($0) } })
        return CompiledSet(program: program, documentation: documentation, provenance: provenance)
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
        _ view: ViewDecl, enclosing: Identifier?, slots: LookupTable<Int, CodeGenerator.Operand>, predicates: inout RoutineTable
    ) throws(LoweringError) -> (GestureProgram.ViewRole, Provenance.View) {
        // The enclosing view is where its name is declared; an `in` parent is a reference.
        var parentDeclarations: [Int] = []
        if let enclosing { parentDeclarations.append(try declaration(of: enclosing)) }
        for parent in view.extraParents { parentDeclarations.append(try declaration(referredToBy: parent)) }
        var parents: [Int] = []
        for (parent, declaration) in zip((enclosing.map { [$0] } ?? []) + view.extraParents, parentDeclarations) {
            guard case .id(let id, .view) = slots[declaration] else {
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
        var properties: [Provenance.Property] = []
        for property in view.properties {
            properties.append(Provenance.Property(name: property.name.name, range: property.range, value: property.value.range, reads: []))
            if property.name.name == "shouldBegin" {
                // A constant `true` is UIKit's default answer: no routine.
                if case .bool(true)? = evaluator.evaluate(property.value) { continue }
                role.shouldBegin = try predicates.add(property.value)
                properties[properties.count - 1].reads = predicates.generator.hooksRead
                continue
            }
            if property.name.name == "control" {
                guard case .name(let name) = property.value.kind, let kind = GestureProgram.Control.Kind(rawValue: name) else {
                    throw LoweringError("'control' does not name a control", at: property.value.range)
                }
                control = kind
                continue
            }
            if property.name.name == "accessibilityLabel" {
                guard case .string(let label) = property.value.kind else {
                    throw LoweringError("'accessibilityLabel' is not a string", at: property.value.range)
                }
                role.accessibilityLabel = label
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
        return (role, Provenance.View(origin: origin(of: view.name, range: view.range), properties: properties))
    }

    /// R44: the recognizers on the roles the control of role `role` may sit in (its
    /// ancestors, the only ones that see its touches, R18) whose gesture overlaps its
    /// default action, as Apple lists them: a single-finger single tap for a button,
    /// a switch, a stepper, a segmented control and a page control; a single-finger
    /// swipe along a slider's track; a single-finger pan along a switch's axis. Only
    /// the prelude's `tap`, `swipe` and `pan` are such gestures, and a custom control
    /// claims nothing (docs/controls.md). `recognizersOfRole` lists each role's
    /// recognizers: a control looks at those of its ancestors only, so that many
    /// controls among many recognizers cost what they claim, not their product.
    static func claims(
        of role: Int, _ control: GestureProgram.Control.Kind, roles: [GestureProgram.ViewRole],
        recognizersOfRole: [[Int]], among recognizers: [GestureProgram.Recognizer], kinds: [GestureProgram.Kind]
    ) -> [GestureProgram.Claim] {
        // The ancestors, by a walk up every parent: the checker refused cycles.
        var ancestors = Set<Int>()
        var pending = roles[role].parents
        var candidates: [Int] = []
        while let parent = pending.popLast() {
            guard ancestors.insert(parent).inserted else { continue }
            pending += roles[parent].parents
            candidates += recognizersOfRole[parent]
        }
        // In the order of the recognizers, as the program lists them.
        candidates.sort()
        var claims: [GestureProgram.Claim] = []
        for index in candidates {
            let recognizer = recognizers[index]
            let alongAxis: Bool? =
                switch (control, kinds[recognizer.kind].name) {
                case (.button, "tap"), (.switch, "tap"), (.stepper, "tap"), (.segmentedControl, "tap"), (.pageControl, "tap"):
                    recognizer.argument("taps", in: kinds) == 1 && recognizer.argument("touches", in: kinds) == 1 ? false : nil
                case (.slider, "swipe"):
                    recognizer.argument("touches", in: kinds) == 1 ? true : nil
                case (.switch, "pan"):
                    recognizer.argument("minimumTouches", in: kinds) == 1 ? true : nil
                default: nil
                }
            if let alongAxis { claims.append(GestureProgram.Claim(recognizer: index, alongAxis: alongAxis)) }
        }
        return claims
    }

    // MARK: - Recognizers

    /// Lowers the recognizer `declaration` declares. The lines a use brings (its
    /// properties, and written `name.property:` lines for it) were checked for that
    /// use, and are generated for it.
    private func lowerRecognizer(
        _ recognizer: RecognizerDecl, declaration: Int, kindDeclaration: Int, extraProperties: [PropertyDecl],
        kindIDs: LookupTable<Int, Int>, slots: LookupTable<Int, CodeGenerator.Operand>, predicates: inout RoutineTable
    ) throws(LoweringError) -> (GestureProgram.Recognizer, Provenance.Recognizer) {
        guard let kind = table.kind(kindDeclaration), let kindID = kindIDs[kindDeclaration] else {
            throw LoweringError("unknown kind '\(recognizer.kind.name)'", at: recognizer.kind.range)
        }
        // A use's role is written at the use; the recognizers it brings share it.
        guard case .id(let role, .view) = slots[try self.declaration(referredToBy: recognizer.role, broughtBy: recognizer.use)] else {
            throw LoweringError("'\(recognizer.role.name)' is not a view role", at: recognizer.role.range)
        }
        let arguments = try self.arguments(ofRecognizer: declaration, of: kind, at: recognizer.kind.range)
        var lowered = GestureProgram.Recognizer(
            name: recognizer.name.name, kind: kindID, role: role, arguments: arguments, location: location(recognizer.name.range))
        predicates.generator.use = recognizer.use?.range
        defer { predicates.generator.use = nil }
        let evaluator = ConstantEvaluator()
        // The kind's delivery flags first, then the recognizer's own settings over them
        // (each list in place: joining them made an array per recognizer).
        var written: [Provenance.Property] = []
        written.reserveCapacity(recognizer.properties.count + extraProperties.count)
        func lower(_ property: PropertyDecl, own: Bool) throws(LoweringError) {
            var reads: [Int] = []
            defer {
                if own {
                    written.append(Provenance.Property(name: property.name.name, range: property.range, value: property.value.range, reads: reads))
                }
            }
            let name = property.name.name
            switch name {
            case "shouldBegin", "shouldReceiveTouch", "shouldRecognizeSimultaneously":
                // Told apart by length, the only one of the three so long: comparing a
                // short string with a long one takes the slow path.
                let isSimultaneity = name.utf8.count == "shouldRecognizeSimultaneously".utf8.count
                let defaultAnswer = !isSimultaneity
                let routine: Int? =
                    if case .bool(defaultAnswer)? = evaluator.evaluate(property.value) { nil } else { try predicates.add(property.value) }
                if routine != nil { reads = predicates.generator.hooksRead }
                if isSimultaneity {
                    lowered.shouldRecognizeSimultaneously = routine
                } else if name == "shouldBegin" {
                    lowered.shouldBegin = routine
                } else {
                    lowered.shouldReceiveTouch = routine
                }
            case "accessibility":
                lowered.accessibility = try accessibility(property.value, of: recognizer, slots: slots)
            case "allowedTouchTypes":
                guard let types = Builtins.touchTypes(property.value) else {
                    throw LoweringError("'allowedTouchTypes' is not a list of touch types", at: property.value.range)
                }
                lowered.allowedTouchTypes = types
            case "allowedScrollTypes":
                guard let types = Builtins.scrollTypes(property.value) else {
                    throw LoweringError("'allowedScrollTypes' is not a list of scroll types", at: property.value.range)
                }
                lowered.allowedScrollTypes = types
            default:
                guard case .bool(let flag)? = evaluator.evaluate(property.value) else {
                    throw LoweringError("'\(name)' is not a constant", at: property.value.range)
                }
                switch name {
                case "enabled": lowered.enabled = flag
                case "cancelsTouchesInView": lowered.cancelsTouchesInView = flag
                case "delaysTouchesBegan": lowered.delaysTouchesBegan = flag
                case "delaysTouchesEnded": lowered.delaysTouchesEnded = flag
                case "ignoresStationaryTouches": lowered.ignoresStationaryTouches = flag
                case "backSwipe": lowered.backSwipe = flag
                case "scrollPan": lowered.scrollPan = flag
                case "foreign": lowered.foreign = flag
                case "requiresExclusiveTouchType": lowered.requiresExclusiveTouchType = flag
                case "receivesTransform": lowered.receivesTransform = flag
                case "receivesHover": lowered.receivesHover = flag
                default: throw LoweringError("unknown property '\(name)'", at: property.name.range)
                }
            }
        }
        for property in kind.properties { try lower(property, own: false) }
        for property in recognizer.properties { try lower(property, own: true) }
        for property in extraProperties { try lower(property, own: true) }
        let origin = Provenance.Recognizer(
            origin: Provenance.Origin(declaration: declaration, range: recognizer.range, anchor: recognizer.name.range),
            use: recognizer.use?.range, kindName: recognizer.kind.range,
            arguments: recognizer.arguments.map { Provenance.Argument(label: $0.label.name, value: $0.value.range) },
            properties: written)
        return (lowered, origin)
    }

    /// What a recognizer's `accessibility` names (docs/accessibility.md): a label, a
    /// word, or a control role, resolved by the reference the checker recorded. The
    /// word `action` is a custom action labelled by the doc comment's first sentence.
    private func accessibility(
        _ value: Expr, of recognizer: RecognizerDecl, slots: LookupTable<Int, CodeGenerator.Operand>
    ) throws(LoweringError) -> GestureProgram.Accessibility {
        switch value.kind {
        case .string(let label): return .custom(label: label)
        case .name("activate"): return .activate
        case .name("escape"): return .escape
        case .name("scroll"): return .scroll
        case .name("magicTap"): return .magicTap
        case .name("action"):
            guard let label = recognizer.doc?.summary, !label.isEmpty else {
                throw LoweringError("'\(recognizer.name.name)' has no doc comment to label its action", at: value.range)
            }
            return .custom(label: label)
        case .name(let name):
            let identifier = Identifier(name, range: value.range)
            guard case .id(let role, .view) = slots[try declaration(referredToBy: identifier, broughtBy: recognizer.use)] else {
                throw LoweringError("'\(name)' is not a view role", at: value.range)
            }
            return .control(role: role)
        default:
            throw LoweringError("'accessibility' is not an accessibility action", at: value.range)
        }
    }

    /// One value per parameter of `kind`, as the checker evaluated them for the
    /// recognizer `declaration`: the argument given, else the default.
    private func arguments(ofRecognizer declaration: Int, of kind: KindDecl, at range: SourceRange) throws(LoweringError) -> [Double] {
        guard let values = model.arguments(ofRecognizer: declaration), values.count == kind.parameters.count else {
            throw LoweringError("the checker recorded no arguments for '\(kind.name.name)'", at: range)
        }
        var bits: [Double] = []
        bits.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard let value else { throw LoweringError("no constant value for parameter '\(kind.parameters[index].name.name)'", at: range) }
            bits.append(value.bits)
        }
        return bits
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

    /// Adds a guard and returns its id with the comparisons of this call: two guards
    /// written alike share one routine, but not their ranges.
    mutating func addGuard(_ expr: Expr) throws(LoweringError) -> (id: Int, comparisons: [Provenance.Comparison]) {
        generator.recordsComparisons = true
        defer { generator.recordsComparisons = false }
        let id = intern(try generator.routine(expr).0)
        return (id, generator.comparisons)
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
