import GestureCompiler
import GestureDSL
import GestureRuntime

/// `gesturec import --check`: holds an app's code to the spec its team reviewed. The
/// code is drafted as `import` would, both are compiled, and they are compared on what
/// the code states in literals: the recognizers the app makes (by name), their kinds,
/// their arguments and delivery properties, and the failure requirements and
/// simultaneity between the recognizers both know. Predicates and hooks are not
/// compared: the code's are the app's logic, the spec's a statement of it. A
/// recognizer a component brings (a scroll view's pan) counts where both name it.
public enum ImportCheck {
    /// One disagreement, located in the code, in the spec, or both.
    public struct Difference: Sendable, Equatable {
        /// `Sources/File.swift:12:5`, or nil when the code has nothing there.
        public var code: String?
        /// `Spec.gdl:8:3`, or nil when the spec has nothing there.
        public var spec: String?
        public var message: String
    }

    /// One side: its compiled sets, the names it declares itself, and how its
    /// locations are written.
    struct Side {
        var recognizers: [String: (program: GestureProgram, index: Int)] = [:]
        var own: Set<String> = []
        /// Relations as `a requires b to fail` and `simultaneous a, b` (names in
        /// order), with where each is written.
        var requirements: [String: String] = [:]
        var simultaneity: [String: String] = [:]

        init(sets: [CompiledSet]) {
            for set in sets {
                let program = set.program
                for (k, r) in program.recognizers.enumerated() where recognizers[r.name] == nil {
                    recognizers[r.name] = (program, k)
                }
                // Its own: written in the set, not brought by a `use`.
                for (k, origin) in (set.provenance?.recognizers ?? []).enumerated() where origin.use == nil {
                    own.insert(program.recognizers[k].name)
                }
                for requirement in program.failureRequirements {
                    let key = "\(program.recognizers[requirement.dependent].name) requires \(program.recognizers[requirement.required].name) to fail"
                    requirements[key] = Self.location(requirement.location, program: program)
                }
                for group in program.simultaneityGroups {
                    let names = group.members.map { program.recognizers[$0].name }
                    for a in names {
                        for b in names where a < b {
                            simultaneity["simultaneous \(a), \(b)"] = Self.location(group.location, program: program)
                        }
                    }
                }
            }
        }

        static func location(_ location: SourceLocation, program: GestureProgram) -> String {
            let path = program.files.indices.contains(location.file) ? program.files[location.file] : "?"
            return "\(path):\(location.line):\(location.column)"
        }
    }

    /// Compares the code's draft with the spec. `draft` is `Importer.run`'s result for
    /// the code; `specSets` the spec's compiled sets.
    public static func compare(draft: Importer.Result, files: [SourceFile], specSets: [CompiledSet]) -> [Difference] {
        let draftBuild = Compilation.build(
            roots: [SourceFile(path: "draft.gdl", text: draft.draft)], loader: InMemorySourceLoader([:]))
        let code = Side(sets: draftBuild.sets)
        let specSide = Side(sets: specSets)
        let writer = DraftWriter(setup: draft.setup, files: files)
        var codePlaces: [String: String] = [:]
        for screen in draft.setup.screens {
            for r in screen.recognizers { codePlaces[r.name] = writer.location(r.place, fullPath: true) }
        }
        var relationPlaces: [String: String] = [:]
        for screen in draft.setup.screens {
            for relation in screen.relations {
                if case .requires(let a, let b) = relation.form {
                    relationPlaces["\(a) requires \(b) to fail"] = writer.location(relation.place, fullPath: true)
                }
            }
        }
        var differences: [Difference] = []
        if draftBuild.sets.isEmpty && !draft.setup.screens.isEmpty {
            differences.append(
                Difference(code: nil, spec: nil, message: "the code's draft does not compile; run `gesturec import` and `gesturec check` on it"))
            return differences
        }
        // Recognizers: each the code makes, against the spec's of that name.
        for name in code.own.sorted() {
            guard let (codeProgram, c) = code.recognizers[name] else { continue }
            guard let (specProgram, s) = specSide.recognizers[name] else {
                differences.append(
                    Difference(
                        code: codePlaces[name], spec: nil,
                        message:
                            "the code makes '\(name)' (\(codeProgram.kinds[codeProgram.recognizers[c].kind].name)); the spec has no recognizer of that name"
                    ))
                continue
            }
            let specLocation = Side.location(specProgram.recognizers[s].location, program: specProgram)
            differences += compareRecognizer(name, codeProgram, c, specProgram, s, code: codePlaces[name], spec: specLocation)
        }
        for name in specSide.own.sorted() where code.recognizers[name] == nil {
            guard let (program, s) = specSide.recognizers[name], !program.recognizers[s].foreign else { continue }
            differences.append(
                Difference(
                    code: nil, spec: Side.location(program.recognizers[s].location, program: program),
                    message: "the spec declares '\(name)'; the code makes no recognizer of that name"))
        }
        // Relations between recognizers both sides know.
        let known = Set(code.recognizers.keys).intersection(specSide.recognizers.keys)
        func bothKnow(_ key: String) -> Bool {
            let words = key.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            return words.filter { code.recognizers[$0] != nil || specSide.recognizers[$0] != nil }.allSatisfy(known.contains)
        }
        for (table, other) in [(code.requirements, specSide.requirements), (code.simultaneity, specSide.simultaneity)] {
            for key in table.keys.sorted() where other[key] == nil && bothKnow(key) {
                differences.append(Difference(code: relationPlaces[key], spec: nil, message: "the code has '\(key)'; the spec does not"))
            }
        }
        for (table, other) in [(specSide.requirements, code.requirements), (specSide.simultaneity, code.simultaneity)] {
            for key in table.keys.sorted() where other[key] == nil && bothKnow(key) {
                differences.append(Difference(code: nil, spec: table[key], message: "the spec has '\(key)'; the code does not"))
            }
        }
        return differences
    }

    static func compareRecognizer(
        _ name: String, _ codeProgram: GestureProgram, _ c: Int, _ specProgram: GestureProgram, _ s: Int, code: String?,
        spec: String
    ) -> [Difference] {
        let (a, b) = (codeProgram.recognizers[c], specProgram.recognizers[s])
        let (codeKind, specKind) = (codeProgram.kinds[a.kind], specProgram.kinds[b.kind])
        guard codeKind.name == specKind.name else {
            return [Difference(code: code, spec: spec, message: "'\(name)' is a \(codeKind.name) in the code and a \(specKind.name) in the spec")]
        }
        var differences: [Difference] = []
        for (p, parameter) in codeKind.parameters.enumerated() where p < a.arguments.count && p < b.arguments.count {
            let (x, y) = (a.arguments[p], b.arguments[p])
            guard abs(x - y) > 1e-9 * max(1, abs(x)) else { continue }
            let type = codeKind.parameterTypes.indices.contains(p) ? codeKind.parameterTypes[p] : .number
            differences.append(
                Difference(
                    code: code, spec: spec, message: "'\(name)': \(parameter) is \(text(x, type)) in the code and \(text(y, type)) in the spec"))
        }
        for (property, x, y) in [
            ("cancelsTouchesInView", a.cancelsTouchesInView, b.cancelsTouchesInView),
            ("delaysTouchesBegan", a.delaysTouchesBegan, b.delaysTouchesBegan),
            ("delaysTouchesEnded", a.delaysTouchesEnded, b.delaysTouchesEnded), ("enabled", a.enabled, b.enabled),
            ("requiresExclusiveTouchType", a.requiresExclusiveTouchType, b.requiresExclusiveTouchType),
        ] where x != y {
            differences.append(Difference(code: code, spec: spec, message: "'\(name)': \(property) is \(x) in the code and \(y) in the spec"))
        }
        if a.allowedTouchTypes != b.allowedTouchTypes {
            func types(_ set: TouchTypes) -> String { "[" + set.types.map(\.name).joined(separator: ", ") + "]" }
            differences.append(
                Difference(
                    code: code, spec: spec,
                    message: "'\(name)': allowedTouchTypes is \(types(a.allowedTouchTypes)) in the code and \(types(b.allowedTouchTypes)) in the spec"
                ))
        }
        if a.allowedScrollTypes != b.allowedScrollTypes {
            func types(_ set: ScrollTypes) -> String { "[" + set.types.map(\.name).joined(separator: ", ") + "]" }
            differences.append(
                Difference(
                    code: code, spec: spec,
                    message:
                        "'\(name)': allowedScrollTypes is \(types(a.allowedScrollTypes)) in the code and \(types(b.allowedScrollTypes)) in the spec"
                ))
        }
        return differences
    }

    static func text(_ value: Double, _ type: GestureProgram.Kind.ParameterType) -> String {
        switch type {
        case .duration: return QuantityText.format(value, .duration, .exact)
        case .distance: return QuantityText.format(value, .distance, .exact)
        case .speed: return QuantityText.format(value, .speed, .exact)
        case .angle: return QuantityText.format(value, .angle, .exact)
        case .direction:
            guard value >= 0, value < 16 else { return NumberText.format(value) }
            let bits = Int(value)
            let names = ["left", "right", "up", "down"].enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
            return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        case .bool: return value != 0 ? "true" : "false"
        case .int: return value == QuantityText.unlimited ? "unlimited" : NumberText.format(value)
        case .number: return NumberText.format(value)
        }
    }
}
