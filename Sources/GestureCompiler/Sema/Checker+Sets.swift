import GestureDSL
import GestureRuntime

extension Checker {
    /// A component's own rules: recognizers on its view and relations among them. The
    /// rest (kinds, arguments, properties, the relations' sense) is checked in each set
    /// that uses it, where its recognizers are the set's.
    mutating func checkComponent(_ component: ComponentDecl, declaration: Int) {
        let view = model.declare(
            .init(kind: .view, name: component.view.name, nameRange: component.view.range, range: component.view.range, container: declaration))
        var names: [String: SourceRange] = [:]
        var recognizers: [String: Int] = [:]
        for member in component.members {
            guard case .recognizer(let recognizer) = member else { continue }
            if let first = names[recognizer.name.name] {
                reportDuplicate("recognizer", recognizer.name, first: first)
            } else {
                names[recognizer.name.name] = recognizer.name.range
                recognizers[recognizer.name.name] = model.declare(
                    .init(
                        kind: .recognizer, name: recognizer.name.name, nameRange: recognizer.name.range, range: recognizer.range,
                        container: declaration))
            }
            // What the component's own lines name; the rest is checked in each set that
            // uses it, where its names are the set's (`recordsReferences`).
            if let kind = kinds[recognizer.kind.name] {
                refer(recognizer.kind.range, to: kind.declaration)
                let parameters = kindParameters[kind.declaration] ?? []
                for argument in recognizer.arguments {
                    if let index = kind.parameterIndex(of: argument.label.name), index < parameters.count {
                        refer(argument.label.range, to: parameters[index])
                    }
                }
            }
            if recognizer.role.name == component.view.name { refer(recognizer.role.range, to: view) }
            if recognizer.role.name != component.view.name {
                report(
                    .componentRecognizerOffItsView(view: component.view.name), at: recognizer.role.range,
                    notes: [
                        Note(
                            "the component's view is declared here", at: component.view.range,
                            fix: FixIt(replacing: recognizer.role.range, with: component.view.name))
                    ])
            }
        }
        func resolveMember(_ name: Identifier) {
            if let recognizer = recognizers[name.name] {
                refer(name.range, to: recognizer)
            } else {
                reportUnknown("recognizer", name, candidates: names)
            }
        }
        for member in component.members {
            switch member {
            case .recognizer: break
            case .requirement(let requirement): [requirement.dependent, requirement.required].forEach(resolveMember)
            case .simultaneity(let simultaneity): simultaneity.members.forEach(resolveMember)
            case .prevention(let prevention): [prevention.preventer, prevention.prevented].forEach(resolveMember)
            case .propertyAssignment(let assignment): resolveMember(assignment.recognizer)
            case .view(let view): report(.notAComponentMember(what: "a view role"), at: view.name.range)
            case .hook(let hook): report(.notAComponentMember(what: "a hook"), at: hook.name.range)
            case .use(let use): report(.notAComponentMember(what: "a use of another component"), at: use.component.range)
            }
        }
    }

    mutating func checkSet(_ set: GestureSetDecl) {
        let declaration = model.declare(.init(kind: .gestureSet, name: set.name.name, nameRange: set.name.range, range: set.range))
        // One pass sorts the members; names are declared before any is resolved. What a
        // use brings follows it, marked: its lines are the component's.
        var scope = Scope()
        // About a name a member: reserved, so that growing the table rehashes no name.
        scope.names.reserveCapacity(set.members.count)
        var views: [(decl: ViewDecl, parent: Identifier?)] = []
        var recognizers: [(decl: RecognizerDecl, declaration: Int)] = []
        var relations: [(member: SetMember, use: UseDecl?)] = []
        var assignments: [(decl: PropertyAssignmentDecl, use: UseDecl?)] = []
        var uses: [UseDecl] = []
        var hooks: [(decl: HookDecl, declaration: Int)] = []
        // Built in place: an array a member, joined, cost an allocation each.
        var members: [(SetMember, broughtBy: UseDecl?)] = []
        members.reserveCapacity(set.members.count)
        for member in set.members {
            members.append((member, nil))
            if case .use(let use) = member { members += use.members.map { ($0, use) } }
        }
        for (member, use) in members {
            switch member {
            case .view(let view):
                collectViews(view, parent: nil, into: &views)
            case .recognizer(let recognizer):
                // One a use brings is declared at the use, where its name is made.
                let recognizerDeclaration = declare(
                    recognizer.name, as: .recognizer, type: .recognizer, range: recognizer.use?.range ?? recognizer.range,
                    container: declaration, isWritten: recognizer.use == nil, in: &scope)
                recognizers.append((recognizer, recognizerDeclaration))
            case .hook(let hook):
                let index = declare(hook.name, as: .hook, type: .bool, range: hook.range, container: declaration, in: &scope)
                hooks.append((hook, index))
                if let value = hook.defaultValue { expect(value, .bool, context: "a hook's default", in: .constant) }
            case .propertyAssignment(let assignment):
                assignments.append((assignment, use))
            case .requirement, .simultaneity, .prevention:
                relations.append((member, use))
            case .use(let use):
                // A component not found brings nothing, and is reported here.
                if let component = components[use.component.name] {
                    refer(use.component.range, to: component.declaration)
                } else {
                    let candidates = components.mapValues(\.decl.name.range)
                    reportUnknown("component", use.component, candidates: candidates)
                }
                uses.append(use)
            }
        }
        for (view, _) in views {
            declare(view.name, as: .view, type: .view, range: view.range, container: declaration, in: &scope)
        }
        // A use's role is resolved once, at the use; its recognizers then say nothing
        // more of it (`checkRecognizer`).
        for use in uses { resolve(use.role, as: .view, in: scope) }

        let parents = checkViews(views, scope: scope)
        controlRoles = Set(
            views.lazy.filter { view in view.decl.properties.contains { $0.name.name == "control" } }.map(\.decl.name.name))

        // `name.property:` lines join their recognizer's body, in source order.
        var extraProperties: [String: [PropertyDecl]] = [:]
        for (assignment, use) in assignments {
            let resolved = whileChecking(broughtBy: use) { $0.resolve(assignment.recognizer, as: .recognizer, in: scope) }
            if resolved { extraProperties[assignment.recognizer.name, default: []].append(assignment.property) }
        }
        for (recognizer, recognizerDeclaration) in recognizers {
            // A redeclared name's lines belong to its first declaration only. Written
            // ones for a recognizer a use brings are checked with it, for that use.
            // Most sets have no such lines, and a lookup in an empty table still hashes.
            let extras = extraProperties.isEmpty ? nil : extraProperties.removeValue(forKey: recognizer.name.name)
            whileChecking(broughtBy: recognizer.use) {
                $0.checkRecognizer(recognizer, declaration: recognizerDeclaration, extraProperties: extras, scope: scope)
            }
        }

        checkRelations(relations, recognizers: recognizers.map(\.decl), parents: parents, scope: scope)

        // A hook nothing reads is state the spec meant to test and forgot: the app
        // answers it, and no decision changes. Reported by the compilation, and only
        // where nothing stopped an expression from being read (`unreadHooks`).
        for (hook, index) in hooks where !readHooks.contains(index) { unreadHooks.append(hook.name) }
    }

    /// Runs `body` listing references or not, as `records` says.
    @discardableResult
    mutating func whileRecording<Result>(_ records: Bool, _ body: (inout Checker) -> Result) -> Result {
        let recorded = recordsReferences
        recordsReferences = recorded && records
        defer { recordsReferences = recorded }
        return body(&self)
    }

    /// Runs `body` for lines `use` brings into a set, their references unlisted and
    /// recorded for that use; for written lines (`use` nil), as they are.
    @discardableResult
    mutating func whileChecking<Result>(broughtBy use: UseDecl?, _ body: (inout Checker) -> Result) -> Result {
        guard let use else { return body(&self) }
        let bringing = bringingUse
        bringingUse = use.range
        defer { bringingUse = bringing }
        return whileRecording(false, body)
    }

    /// Reports `name` unless it is declared as a `kind`; returns whether it is, and
    /// records the reference when it is.
    @discardableResult
    package mutating func resolve(_ name: Identifier, as kind: SemanticModel.Declaration.Kind, in scope: Scope) -> Bool {
        if let symbol = scope.names[name.name] {
            if symbol.kind == kind {
                refer(name.range, to: symbol.declaration)
                return true
            }
            report(
                .wrongDeclarationKind(name: name.name, isA: "a \(symbol.what)", expected: "a \(kind.rawValue)"),
                at: name.range, notes: [Note("'\(name.name)' is declared here", at: symbol.range)])
            return false
        }
        reportUnknown(kind.rawValue, name, candidates: scope.names.filter { $0.value.kind == kind }.mapValues(\.range))
        return false
    }

    // MARK: - Views

    private func collectViews(
        _ view: ViewDecl, parent: Identifier?, into views: inout [(decl: ViewDecl, parent: Identifier?)]
    ) {
        views.append((view, parent))
        for subview in view.subviews {
            collectViews(subview, parent: view.name, into: &views)
        }
    }

    /// Checks view roles and returns each role's parents (its enclosing view and every
    /// `in` parent that resolves).
    private mutating func checkViews(
        _ views: [(decl: ViewDecl, parent: Identifier?)], scope: Scope
    ) -> [String: [String]] {
        var parents: [String: [String]] = [:]
        let evaluator = ConstantEvaluator()
        // A view's `shouldBegin` is asked about a recognizer, which is `other`.
        var predicateScope = scope
        predicateScope.other = .recognizer
        for (view, enclosing) in views {
            checkProperties(
                view.properties, owner: "a view role", allowed: Builtins.viewProperties,
                scope: { name in name == "shouldBegin" ? predicateScope : .constant },
                elsewhere: { name in
                    Builtins.recognizerProperties.type(of: name) == nil
                        ? nil
                        : "'\(name)' is a recognizer's property: set it in the braces of a recognizer on '\(view.name.name)' ('recognizer NAME = KIND on \(view.name.name) { \(name): … }')"
                })
            for property in view.properties {
                guard let range = Builtins.viewPropertyRanges[property.name.name],
                    case .number(let value, let dimension, _)? = evaluator.evaluate(property.value), !range.contains(value)
                else { continue }
                // The bounds and the value in the property's unit: `at least 0pt, found -4pt`.
                func written(_ value: Double) -> String { Constant.number(value, dimension, isInteger: false).description }
                let bounds =
                    range.upperBound == .infinity
                    ? "at least \(written(range.lowerBound))"
                    : "between \(written(range.lowerBound)) and \(written(range.upperBound))"
                report(
                    .propertyOutOfRange(name: property.name.name, range: bounds, found: written(value)),
                    at: property.value.range)
            }
            checkControlProperties(of: view)
            var edges = enclosing.map { [$0.name] } ?? []
            for parent in view.extraParents {
                if parent.name == view.name.name {
                    report(.viewIsOwnParent(name: parent.name), at: parent.range)
                } else if resolve(parent, as: .view, in: scope) {
                    edges.append(parent.name)
                }
            }
            parents[view.name.name, default: []] += edges
        }
        reportViewCycles(views: views.map(\.decl), parents: parents)
        return parents
    }

    /// A control's own properties (`axis`, `trackingMargin`) on a role that is not
    /// that control, and an axis that is not one.
    private mutating func checkControlProperties(of view: ViewDecl) {
        let evaluator = ConstantEvaluator()
        let control = view.properties.last { $0.name.name == "control" }.flatMap { property in
            if case .name(let name) = property.value.kind { GestureProgram.Control.Kind(rawValue: name) } else { nil }
        }
        for property in view.properties {
            guard let takers = Builtins.controlProperties[property.name.name] else { continue }
            if let control, takers.contains(control) {
                if property.name.name == "axis", case .directions(let bits)? = evaluator.evaluate(property.value),
                    bits != 1 | 2 && bits != 4 | 8
                {
                    report(
                        .propertyOutOfRange(
                            name: "axis", range: "horizontal or vertical", found: Constant.directions(bits).description),
                        at: property.value.range)
                }
                continue
            }
            let which =
                takers.count == 1 || takers.count == GestureProgram.Control.Kind.allCases.count
                ? "a control" : takers.map(\.rawValue).sorted().joined(separator: " or ")
            report(
                .controlPropertyMisplaced(name: property.name.name, controls: which, view: view.name.name),
                at: property.name.range,
                notes: control == nil
                    ? [Note("make '\(view.name.name)' a control: 'control: \(takers.map(\.rawValue).sorted()[0])'", at: view.name.range)]
                    : [])
        }
    }

    /// Reports each cycle of the parent relation once, at the view that closes it.
    private mutating func reportViewCycles(views: [ViewDecl], parents: [String: [String]]) {
        var finished: Set<String> = []
        for view in views where !finished.contains(view.name.name) {
            // Iterative depth-first search; `path` is the current chain of parents.
            var path: [String] = []
            var onPath: Set<String> = []
            var stack: [(name: String, nextEdge: Int)] = [(view.name.name, 0)]
            path.append(view.name.name)
            onPath.insert(view.name.name)
            while let top = stack.last {
                let edges = parents[top.name] ?? []
                if top.nextEdge == edges.count {
                    finished.insert(top.name)
                    onPath.remove(top.name)
                    path.removeLast()
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].nextEdge += 1
                let parent = edges[top.nextEdge]
                if onPath.contains(parent) {
                    let cycleStart = path.firstIndex(of: parent) ?? 0
                    let cycle = Array(path[cycleStart...]) + [parent]
                    let closing = views.first { $0.name.name == top.name }?.name.range ?? view.name.range
                    report(.viewCycle(path: cycle), at: closing)
                } else if !finished.contains(parent) {
                    stack.append((parent, 0))
                    path.append(parent)
                    onPath.insert(parent)
                }
            }
        }
    }

    // MARK: - Recognizers

    /// Checks the recognizer declared as `declaration`, and records its arguments'
    /// values (`SemanticModel.arguments(ofRecognizer:)`).
    private mutating func checkRecognizer(
        _ recognizer: RecognizerDecl, declaration: Int, extraProperties: [PropertyDecl]?, scope: Scope
    ) {
        if let kind = resolveKind(recognizer.kind) {
            let given = checkArguments(recognizer.arguments, of: kind, at: recognizer.kind)
            model.recordArguments(given, over: kind.defaultValues, ofKind: kind.declaration, forRecognizer: declaration)
            checkRequirements(of: kind, given: given, arguments: recognizer.arguments, at: recognizer.kind)
        } else {
            for argument in recognizer.arguments { checkExpression(argument.value, in: .constant) }
        }
        if recognizer.use == nil { resolve(recognizer.role, as: .view, in: scope) }
        let properties = extraProperties.map { recognizer.properties + $0 } ?? recognizer.properties
        if let accessibility = properties.last(where: { $0.name.name == "accessibility" }),
            case .name("action") = accessibility.value.kind, (recognizer.doc?.summary ?? "").isEmpty
        {
            report(
                .accessibilityActionUnlabelled(recognizer: recognizer.name.name), at: accessibility.value.range,
                notes: [
                    Note(
                        "give the label here ('accessibility: \"Like\"'), or a '///' comment on '\(recognizer.name.name)' whose first sentence is it",
                        at: accessibility.value.range)
                ])
        }
        checkProperties(
            properties,
            owner: "a recognizer", allowed: Builtins.recognizerProperties,
            scope: { name in
                // Each scope made for the property that needs it: a copy of one retains
                // every table in it.
                switch name {
                case "shouldRecognizeSimultaneously":
                    var simultaneityScope = scope
                    simultaneityScope.other = .recognizer
                    return simultaneityScope
                case "shouldBegin", "shouldReceiveTouch", "accessibility":
                    return scope
                default:  // `enabled` and the delivery flags are fixed tables
                    var flagScope = Scope.constant
                    flagScope.runTimeNames = scope.names
                    return flagScope
                }
            },
            elsewhere: { name in
                Builtins.viewProperties.type(of: name) == nil
                    ? nil
                    : "'\(name)' is a view role's property: set it on the role the recognizer is on ('view \(recognizer.role.name) { \(name): … }')"
            })
    }

    /// UIKit's names for what the prelude's kinds call otherwise, so that a user who
    /// writes `tap(numberOfTapsRequired: 2)` learns the language's word, with the unit
    /// UIKit measures the value in: `minimumPressDuration: 0.8` is 0.8 seconds, and
    /// its fix writes `minimumDuration: 0.8s`, never a value a thousand times smaller.
    static let uikitParameterNames: [String: (name: String, unit: Unit?)] = [
        "numberOfTapsRequired": ("taps", nil),
        "numberOfTouchesRequired": ("touches", nil),
        "minimumPressDuration": ("minimumDuration", .seconds),
        "minimumNumberOfTouches": ("minimumTouches", nil),
        "maximumNumberOfTouches": ("maximumTouches", nil),
    ]

    /// For an argument the kind does not declare: UIKit's name mapped to the kind's, or
    /// the closest parameter, and always the kind's parameters, at its declaration.
    private static func unknownArgumentNotes(_ argument: ArgumentDecl, of kind: KindInfo) -> [Note] {
        let label = argument.label
        let parameters = kind.decl.parameters.map(\.name.name)
        var notes: [Note] = []
        if let uikit = uikitParameterNames[label.name], parameters.contains(uikit.name) {
            // A bare number keeps UIKit's unit: the label and the value are replaced together.
            if let unit = uikit.unit, case .number(let literal) = argument.value.kind, literal.unit == nil {
                let written = "\(uikit.name): \(argument.value.fullyParenthesized)\(unit.rawValue)"
                notes.append(
                    Note(
                        "UIKit's '\(label.name)' is '\(uikit.name)' here, and UIKit's value is in \(unit.name): write '\(written)'",
                        at: label.range, fix: FixIt(replacing: label.range.union(argument.value.range), with: written)))
            } else {
                notes.append(
                    Note(
                        "UIKit's '\(label.name)' is '\(uikit.name)' here", at: label.range,
                        fix: FixIt(replacing: label.range, with: uikit.name)))
            }
        } else if let guess = Suggestions.closest(to: label.name, among: parameters) {
            notes.append(Note("did you mean '\(guess)'?", at: label.range, fix: FixIt(replacing: label.range, with: guess)))
        }
        // Each parameter with its type and default, as the kind declares them.
        let described = kind.decl.parameters.map { parameter in
            "'\(parameter.name.name)' (\(parameter.type.name)"
                + (parameter.defaultValue.map { " = " + $0.conditionText } ?? "") + ")"
        }
        let list =
            switch described.count {
            case 0: "no arguments"
            case 1: "one parameter, \(described[0])"
            default: described.dropLast().joined(separator: ", ") + " and " + described[described.count - 1]
            }
        notes.append(Note("'\(kind.name)' takes \(list)", at: kind.decl.name.range))
        return notes
    }

    /// Checks a recognizer's arguments and returns the values they give, in order, each
    /// with its parameter's position in the kind: the first of a repeated label (both
    /// reported); nil for a value that is not a constant (reported). Over the kind's
    /// defaults, they are the recognizer's values (`SemanticModel.arguments(ofRecognizer:)`).
    private mutating func checkArguments(
        _ arguments: [ArgumentDecl], of kind: KindInfo, at use: Identifier
    ) -> [SemanticModel.GivenArgument] {
        var given: [Identifier] = []
        var values: [SemanticModel.GivenArgument] = []
        given.reserveCapacity(arguments.count)
        values.reserveCapacity(arguments.count)
        let parameters = kindParameters[kind.declaration] ?? []
        for argument in arguments {
            let label = argument.label
            guard let index = kind.parameterIndex(of: label.name) else {
                report(
                    .unknownArgument(kind: kind.name, name: label.name), at: label.range,
                    notes: Self.unknownArgumentNotes(argument, of: kind))
                checkExpression(argument.value, in: .constant)
                continue
            }
            if index < parameters.count { refer(label.range, to: parameters[index]) }
            let value = ConstantEvaluator().evaluate(argument.value)
            if let first = given.first(where: { $0.name == label.name }) {
                report(
                    .duplicateArgument(name: label.name), at: label.range,
                    notes: [Note("'\(label.name)' was first given here", at: first.range)])
            } else {
                given.append(label)
                values.append(SemanticModel.GivenArgument(parameter: index, value: value))
            }
            if let type = kind.typeByParameter[index] {
                expect(argument.value, type, context: "argument '\(label.name)'", in: .constant)
                // The same bound for a literal and for an expression of literals.
                if case .number(let number, _, let isInteger)? = value, type != .int || isInteger,
                    !Constant.fits(number, integer: type == .int)
                {
                    report(.argumentOutOfRange(what: "argument '\(label.name)'", found: Constant.format(number)), at: argument.value.range)
                }
            } else {
                checkExpression(argument.value, in: .constant)
            }
        }
        for parameter in kind.decl.parameters
        where parameter.defaultValue == nil && !given.contains(where: { $0.name == parameter.name.name }) {
            report(
                .missingArgument(kind: kind.name, name: parameter.name.name), at: use.range,
                notes: [Note("'\(parameter.name.name)' has no default value", at: parameter.name.range)])
        }
        return values
    }
}
