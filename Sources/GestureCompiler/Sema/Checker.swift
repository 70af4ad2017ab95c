import GestureDSL
import GestureRuntime

/// Name resolution and structure checks over the prelude and the user's files.
///
/// Kinds, components and gesture sets share one namespace each across all files (imports bring
/// everything into reach); inside a set, view roles, recognizers and hooks share one.
/// Types and units are checked here too (`Checker+Expressions`). What it finds is
/// recorded in `model` (`SemanticModel`), which lowering turns into tables.
struct Checker {
    let files: [FileSyntax]
    var diagnostics = DiagnosticBag(errorLimit: nil)
    var kinds = NameTable<KindInfo>()
    /// Components by name, the prelude's first: the first declaration wins, as for kinds.
    var components: [String: (decl: ComponentDecl, declaration: Int)] = [:]
    /// What the names and expressions checked so far are (`Compilation.model`).
    var model = SemanticModel()
    /// The built-in name looked up last, and what it is: an expression's names repeat
    /// (`touchCount` in recognizer after recognizer), and a repeat costs one comparison.
    var lastBuiltin: (name: String, builtin: Builtins.Name?) = ("", nil)
    /// Each kind's parameters' declarations in order, by the kind's declaration: what a
    /// recognizer's argument labels refer to (the first parameter of a label's name,
    /// `KindInfo.parameterIndex(of:)`).
    var kindParameters = LookupTable<Int, [Int]>()
    /// The hooks some name reads, listed in the model or not: a hook no name reads is
    /// reported (GDL326). Only hooks: a set of every declaration referred to held a
    /// large spec's recognizers too (8 MB of a 50 MB spec's check).
    var readHooks: Set<Int> = []
    /// The hooks of the sets no name reads (GDL326); the compilation reports them when
    /// the spec has no error, since an error may have kept an expression from reading one.
    var unreadHooks: [Identifier] = []
    /// False while the names met are not to be listed (`SemanticModel.references`):
    /// what a component's use brings into a set, whose names are written in the
    /// component, where they refer to the component's own declarations; and the name
    /// of `report moves`. They are recorded among `unlistedReferences` instead.
    var recordsReferences = true
    /// The use whose brought lines are being checked, while `recordsReferences` is false
    /// for one.
    var bringingUse: SourceRange?
    /// The view roles of the set being checked that are controls, for a recognizer's
    /// `accessibility` naming one.
    var controlRoles: Set<String> = []

    init(files: [FileSyntax]) {
        self.files = files
    }

    /// A checker of the user's `files` that starts from the prelude checked once per
    /// process: its kinds known, its diagnostics (none: `PreludeTests`) reported. The
    /// prelude never changes, so checking it in every compilation repeated the same work,
    /// most of a small spec's.
    ///
    /// `errorLimit`: the errors the compilation can still store. Past it the checker
    /// only counts, as the compilation would, and spares the work of what it would not
    /// show (the suggestions of unknown names).
    static func withPrelude(files: [FileSyntax], errorLimit: Int? = nil) -> Checker {
        var checker = Checker(files: files)
        checker.diagnostics = DiagnosticBag(errorLimit: errorLimit)
        checker.kinds = checkedPrelude.kinds
        checker.components = checkedPrelude.components
        checker.model = checkedPrelude.model
        checker.kindParameters = checkedPrelude.kindParameters
        checker.diagnostics.append(contentsOf: checkedPrelude.diagnostics)
        return checker
    }

    private static let checkedPrelude: Checker = {
        var checker = Checker(files: [Prelude.syntax])
        checker.check()
        return checker
    }()

    mutating func check() {
        var sets: [String: Identifier] = [:]
        // Each kind and component is declared before any is checked, and every kind is
        // checked before any set, so that a recognizer's kind, wherever it is written,
        // has its parameters declared.
        var kindDeclarations: [Int] = []
        var componentDeclarations: [Int] = []
        for file in files {
            for kind in file.kinds {
                let declaration = model.declare(
                    .init(kind: .kind, name: kind.name.name, nameRange: kind.name.range, range: kind.range))
                kindDeclarations.append(declaration)
                if let first = kinds[kind.name.name] {
                    reportDuplicate("kind", kind.name, first: first.decl.name.range)
                } else {
                    kinds[kind.name.name] = KindInfo(kind, declaration: declaration)
                }
            }
            for component in file.components {
                let declaration = model.declare(
                    .init(
                        kind: .component, name: component.name.name, nameRange: component.name.range, range: component.range))
                componentDeclarations.append(declaration)
                if let first = components[component.name.name] {
                    reportDuplicate("component", component.name, first: first.decl.name.range)
                } else {
                    components[component.name.name] = (component, declaration)
                }
            }
            for set in file.gestureSets {
                if let first = sets[set.name.name] {
                    reportDuplicate("gesture set", set.name, first: first.range)
                } else {
                    sets[set.name.name] = set.name
                }
            }
        }
        for (kind, declaration) in zip(files.lazy.flatMap(\.kinds), kindDeclarations) { checkKind(kind, declaration: declaration) }
        for (component, declaration) in zip(files.lazy.flatMap(\.components), componentDeclarations) {
            checkComponent(component, declaration: declaration)
        }
        for file in files {
            for set in file.gestureSets { checkSet(set) }
        }
    }

    // MARK: - Reporting

    mutating func report(_ problem: SemanticProblem, at range: SourceRange, notes: [Note] = []) {
        diagnostics.report(problem, at: range, notes: notes)
    }

    mutating func reportDuplicate(_ what: String, _ name: Identifier, first: SourceRange) {
        report(
            .duplicateDeclaration(what: what, name: name.name), at: name.range,
            notes: [Note("'\(name.name)' was first declared here", at: first)])
    }

    /// Reports an unknown name, with "did you mean" pointing at the closest candidate's
    /// declaration when there is one. Past the error limit the error is only counted,
    /// so the candidates are not gathered: a file of many unknown names costs each
    /// shown one the names in reach, not each of them.
    mutating func reportUnknown(
        _ what: String, _ name: Identifier, candidates: @autoclosure () -> [String: SourceRange]
    ) {
        guard !diagnostics.isFull else { return report(.unknownName(what: what, name: name.name), at: name.range) }
        let candidates = candidates()
        var notes: [Note] = []
        if let guess = Suggestions.closest(to: name.name, among: candidates.keys.sorted()) {
            notes.append(
                Note(
                    "did you mean '\(guess)'?", at: candidates[guess] ?? name.range, fix: FixIt(replacing: name.range, with: guess)))
        }
        report(.unknownName(what: what, name: name.name), at: name.range, notes: notes)
    }

    /// Declares `name`, a `kind` of `type` in `container`, in the model and in `scope`,
    /// reporting built-in and repeated names (a repeat is declared in the model, not in
    /// reach). `range` is the whole declaration.
    @discardableResult
    mutating func declare(
        _ name: Identifier, as kind: SemanticModel.Declaration.Kind, type: ValueType?, range: SourceRange, container: Int?,
        isWritten: Bool = true, in scope: inout Scope
    ) -> Int {
        checkNotReserved(name)
        let declaration = model.declare(
            .init(kind: kind, name: name.name, nameRange: name.range, range: range, container: container, isWritten: isWritten))
        // Inserted at once, one hash a name; a repeat puts the first back.
        let binding = Binding(declaration: declaration, kind: kind, range: name.range, type: type)
        if let first = scope.names.updateValue(binding, forKey: name.name) {
            scope.names[name.name] = first
            reportDuplicate(kind.rawValue, name, first: first.range)
        }
        return declaration
    }

    /// Records that the name written at `range` refers to `declaration`.
    mutating func refer(_ range: SourceRange, to declaration: Int) {
        if recordsReferences {
            model.refer(range, to: declaration)
        } else {
            model.referUnlisted(range, broughtBy: bringingUse, to: declaration)
        }
        // Listed or not (a use's brought lines), a name read is a name used.
        if model.declarations[declaration].kind == .hook { readHooks.insert(declaration) }
    }

    /// Reports a declaration that takes a built-in name.
    mutating func checkNotReserved(_ name: Identifier) {
        if Builtins.isReserved(name.name) {
            report(.reservedName(name: name.name), at: name.range)
        }
    }

    /// UIKit's names for the properties of views and recognizers, so that a user who
    /// writes `isUserInteractionEnabled` learns the language's word.
    static let uikitPropertyNames = [
        "isUserInteractionEnabled": "interactive", "userInteractionEnabled": "interactive",
        "isHidden": "hidden", "isMultipleTouchEnabled": "multipleTouch", "multipleTouchEnabled": "multipleTouch",
        "isExclusiveTouch": "exclusiveTouch", "isEnabled": "enabled",
        "preferredScreenEdgesDeferringSystemGestures": "defersSystemGestures",
        "systemGestureExclusionRects": "excludesSystemGestures",
    ]

    /// UIKit's settings that are not properties here, and what the language says instead.
    static let uikitPropertyAdvice = [
        "delaysContentTouches":
            "UIKit's 'delaysContentTouches' is a recognizer here: 'recognizer delay = touchDelay on ROLE' holds content touches 150ms (R78, R81)",
        "canCancelContentTouches":
            "UIKit's 'canCancelContentTouches' is the scroll pan's 'cancelsTouchesInView' here (R79)",
        "clipsToBounds": "hit testing never looks outside a view's bounds, clipped or not (R2)",
        "prefersHomeIndicatorAutoHidden":
            "hiding the home indicator leaves the home swipe the system's; 'defersSystemGestures: down' gives the app the first swipe (docs/devices.md)",
        "interactivePopGestureRecognizer":
            "the back swipe is a recognizer here: 'recognizer back = screenEdgePan(edges: left) on ROLE { backSwipe: true }'",
    ]

    /// Checks property names against `allowed` (each with its type), reports repeats,
    /// and checks each value in the scope `scope` gives for its property. A
    /// recognizer's body and its `name.property:` lines are checked in one call, so a
    /// repeat across them is found.
    /// `elsewhere` says where a property of another owner belongs (a view role's
    /// `hitSlop` written on a recognizer), for the note of an unknown name.
    mutating func checkProperties(
        _ properties: [PropertyDecl], owner: String, allowed: PropertyTable, scope: (String) -> Scope,
        elsewhere: (String) -> String? = { _ in nil }
    ) {
        // A handful of properties at most: a list beats hashing.
        var seen: [Identifier] = []
        for property in properties {
            let name = property.name
            guard let type = allowed.type(of: name.name) else {
                var notes: [Note] = []
                if let word = Self.uikitPropertyNames[name.name], allowed.type(of: word) != nil {
                    notes.append(Note("UIKit's '\(name.name)' is '\(word)' here", at: name.range, fix: FixIt(replacing: name.range, with: word)))
                } else if let advice = Self.uikitPropertyAdvice[name.name] ?? elsewhere(name.name) {
                    notes.append(Note(advice, at: name.range))
                } else if let guess = Suggestions.closest(to: name.name, among: allowed.names) {
                    notes.append(Note("did you mean '\(guess)'?", at: name.range, fix: FixIt(replacing: name.range, with: guess)))
                }
                let list = allowed.entries.map { "\($0.name) (\($0.type.name))" }.joined(separator: ", ")
                notes.append(Note("the properties of \(owner): \(list)", at: name.range))
                report(.unknownProperty(owner: owner, name: name.name), at: name.range, notes: notes)
                checkExpression(property.value, in: scope(name.name))
                continue
            }
            if let first = seen.first(where: { $0.name == name.name }) {
                report(
                    .duplicateProperty(name: name.name), at: name.range,
                    notes: [Note("'\(name.name)' was first set here", at: first.range)])
            } else {
                seen.append(name)
            }
            if type == .control {
                checkControlName(property.value)
            } else if type == .accessibility {
                checkAccessibility(property.value, in: scope(name.name))
            } else if type == .touchTypes {
                checkTouchTypes(property.value)
            } else if type == .scrollTypes {
                checkScrollTypes(property.value)
            } else {
                expect(property.value, type, context: "'\(name.name)'", in: scope(name.name))
            }
        }
    }

    /// A recognizer's `accessibility`: a label in quotes, one of the words
    /// (`Builtins.accessibilityWords`), or a view role that is a control
    /// (docs/accessibility.md). A role is resolved as a reference, so renaming it
    /// renames it here.
    mutating func checkAccessibility(_ value: Expr, in scope: Scope) {
        let words = Builtins.accessibilityWords
        let list = Note(
            "write a label in quotes (\"Like\"), one of \(words.joined(separator: ", ")), or a control role that does the same",
            at: value.range)
        switch value.kind {
        case .string(let label):
            if label.allSatisfy({ $0 == " " || $0 == "\t" }) {
                report(.propertyOutOfRange(name: "accessibility", range: "a label with a word in it", found: "\"\(label)\""), at: value.range)
            }
        case .name(let name):
            if words.contains(name) { return }
            guard scope.names[name] != nil || Suggestions.closest(to: name, among: words) == nil else {
                let guess = Suggestions.closest(to: name, among: words) ?? name
                report(
                    .unknownName(what: "accessibility action", name: name), at: value.range,
                    notes: [Note("did you mean '\(guess)'?", at: value.range, fix: FixIt(replacing: value.range, with: guess)), list])
                return
            }
            let identifier = Identifier(name, range: value.range)
            guard resolve(identifier, as: .view, in: scope) else { return }
            if !controlRoles.contains(name) {
                report(
                    .accessibilityRoleNotControl(name: name), at: value.range,
                    notes: [Note("make it a control ('control: button'), or name what VoiceOver reaches the gesture by", at: value.range), list])
            }
        default:
            report(
                .wrongType(context: "'accessibility'", expected: "an accessibility action", found: "an expression"), at: value.range, notes: [list])
        }
    }

    /// A recognizer's `allowedScrollTypes`: `discrete` (a wheel), `continuous` (a
    /// trackpad), a list of them, `all`, or `[]` (R88). UIKit's `.all` is the word `all`.
    mutating func checkScrollTypes(_ value: Expr) {
        let names = ScrollType.allCases.map(\.name) + ["all"]
        let list = Note("the scroll types: discrete (a wheel), continuous (a trackpad); write one, several in brackets, or all", at: value.range)
        let elements: [Expr]
        switch value.kind {
        case .name: elements = [value]
        case .list(let items): elements = items
        default:
            report(.wrongType(context: "'allowedScrollTypes'", expected: "scroll types", found: "an expression"), at: value.range, notes: [list])
            return
        }
        for element in elements {
            guard case .name(let name) = element.kind else {
                report(
                    .wrongType(context: "'allowedScrollTypes'", expected: "a scroll type", found: "an expression"), at: element.range, notes: [list])
                continue
            }
            guard ScrollType(name: name) == nil, !(name == "all" && elements.count == 1) else { continue }
            var notes: [Note] = []
            if let guess = Suggestions.closest(to: name, among: names) {
                notes.append(Note("did you mean '\(guess)'?", at: element.range, fix: FixIt(replacing: element.range, with: guess)))
            }
            notes.append(list)
            report(.unknownName(what: "scroll type", name: name), at: element.range, notes: notes)
        }
    }

    /// A recognizer's `allowedTouchTypes`: a touch type's name or a list of them, at
    /// least one (R87). UIKit's spelling (`UITouch.TouchType.pencil` in Swift, a
    /// raw value in an array of numbers) is not an expression; its case name is the word.
    /// Returns the types, nil when the value is wrong.
    @discardableResult
    mutating func checkTouchTypes(_ value: Expr) -> TouchTypes? {
        let names = TouchType.allCases.map(\.name)
        let list = Note("the touch types: \(names.joined(separator: ", ")); write one, or several in brackets", at: value.range)
        let elements: [Expr]
        switch value.kind {
        case .name: elements = [value]
        case .list(let items): elements = items
        default:
            report(.wrongType(context: "'allowedTouchTypes'", expected: "touch types", found: "an expression"), at: value.range, notes: [list])
            return nil
        }
        var types: TouchTypes = []
        var wrong = false
        for element in elements {
            guard case .name(let name) = element.kind else {
                report(.wrongType(context: "'allowedTouchTypes'", expected: "a touch type", found: "an expression"), at: element.range, notes: [list])
                wrong = true
                continue
            }
            guard let type = TouchType(name: name) else {
                var notes: [Note] = []
                if name == "stylus" {
                    // `UITouch.TouchType.stylus`, the Pencil's name before iOS 10.
                    notes.append(Note("UIKit's 'stylus' is 'pencil' here", at: element.range, fix: FixIt(replacing: element.range, with: "pencil")))
                } else if let guess = Suggestions.closest(to: name, among: names) {
                    notes.append(Note("did you mean '\(guess)'?", at: element.range, fix: FixIt(replacing: element.range, with: guess)))
                }
                notes.append(list)
                report(.unknownName(what: "touch type", name: name), at: element.range, notes: notes)
                wrong = true
                continue
            }
            types.insert(TouchTypes(type))
        }
        if !wrong && types.isEmpty {
            report(
                .propertyOutOfRange(name: "allowedTouchTypes", range: "at least one touch type", found: "[]"), at: value.range,
                notes: [Note("a recognizer that takes no touch never runs: remove it, or disable it ('enabled: false')", at: value.range)])
            return nil
        }
        return wrong ? nil : types
    }

    /// UIKit's class names for the controls, so that `control: UIButton` is answered
    /// with the language's word.
    static let uikitControlNames: [String: GestureProgram.Control.Kind] = [
        "UIButton": .button, "UISwitch": .switch, "UISlider": .slider, "UIStepper": .stepper,
        "UISegmentedControl": .segmentedControl, "UIPageControl": .pageControl, "UIControl": .custom,
    ]

    /// A view role's `control`: the name of one of UIKit's controls, or `custom`
    /// (docs/controls.md). Returns the control, nil when it is not one (reported).
    @discardableResult
    mutating func checkControlName(_ value: Expr) -> GestureProgram.Control.Kind? {
        let names = GestureProgram.Control.Kind.allCases.map(\.rawValue)
        let list = Note("the controls: \(names.joined(separator: ", "))", at: value.range)
        guard case .name(let name) = value.kind else {
            report(
                .wrongType(context: "'control'", expected: "a control's name", found: "an expression"), at: value.range,
                notes: [list])
            return nil
        }
        if let kind = GestureProgram.Control.Kind(rawValue: name) { return kind }
        var notes: [Note] = []
        if let word = Self.uikitControlNames[name]?.rawValue {
            notes.append(Note("UIKit's '\(name)' is '\(word)' here", at: value.range, fix: FixIt(replacing: value.range, with: word)))
        } else if let guess = Suggestions.closest(to: name, among: names) {
            notes.append(Note("did you mean '\(guess)'?", at: value.range, fix: FixIt(replacing: value.range, with: guess)))
        }
        notes.append(list)
        report(.unknownName(what: "control", name: name), at: value.range, notes: notes)
        return nil
    }
}
