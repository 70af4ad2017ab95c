import GestureDSL

/// Name resolution and structure checks over the prelude and the user's files.
///
/// Kinds, components and gesture sets share one namespace each across all files (imports bring
/// everything into reach); inside a set, view roles, recognizers and hooks share one.
/// Types and units are checked here too (`Checker+Expressions`); lowering turns what
/// passed into tables.
struct Checker {
    let files: [FileSyntax]
    var diagnostics = DiagnosticBag(errorLimit: nil)
    var kinds: [String: KindInfo] = [:]
    /// Components by name, the prelude's first: the first declaration wins, as for kinds.
    var components: [String: ComponentDecl] = [:]

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
        for file in files {
            for kind in file.kinds {
                if let first = kinds[kind.name.name] {
                    reportDuplicate("kind", kind.name, first: first.decl.name.range)
                } else {
                    kinds[kind.name.name] = KindInfo(kind)
                }
            }
            for component in file.components {
                if let first = components[component.name.name] {
                    reportDuplicate("component", component.name, first: first.name.range)
                } else {
                    components[component.name.name] = component
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
        for file in files {
            for kind in file.kinds { checkKind(kind) }
            for component in file.components { checkComponent(component) }
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

    /// Adds `name` to `scope` as a `what` of `type`, reporting built-in and repeated names.
    mutating func declare(_ name: Identifier, as what: String, type: ValueType?, in scope: inout Scope) {
        checkNotReserved(name)
        if let first = scope.names[name.name] {
            reportDuplicate(what, name, first: first.range)
        } else {
            scope.names[name.name] = Binding(what: what, range: name.range, type: type)
        }
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
    ]

    /// UIKit's settings that are not properties here, and what the language says instead.
    static let uikitPropertyAdvice = [
        "delaysContentTouches":
            "UIKit's 'delaysContentTouches' is a recognizer here: 'recognizer delay = touchDelay on ROLE' holds content touches 150ms (R78, R81)",
        "canCancelContentTouches":
            "UIKit's 'canCancelContentTouches' is the scroll pan's 'cancelsTouchesInView' here (R79)",
        "clipsToBounds": "hit testing never looks outside a view's bounds, clipped or not (R2)",
    ]

    /// Checks property names against `allowed` (each with its type), reports repeats,
    /// and checks each value in the scope `scope` gives for its property. A
    /// recognizer's body and its `name.property:` lines are checked in one call, so a
    /// repeat across them is found.
    mutating func checkProperties(
        _ properties: [PropertyDecl], owner: String, allowed: PropertyTable, scope: (String) -> Scope
    ) {
        // A handful of properties at most: a list beats hashing.
        var seen: [Identifier] = []
        for property in properties {
            let name = property.name
            guard let type = allowed.type(of: name.name) else {
                var notes: [Note] = []
                if let word = Self.uikitPropertyNames[name.name], allowed.type(of: word) != nil {
                    notes.append(Note("UIKit's '\(name.name)' is '\(word)' here", at: name.range, fix: FixIt(replacing: name.range, with: word)))
                } else if let advice = Self.uikitPropertyAdvice[name.name] {
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
            expect(property.value, type, context: "'\(name.name)'", in: scope(name.name))
        }
    }
}
