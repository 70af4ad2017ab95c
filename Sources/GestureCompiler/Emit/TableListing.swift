import GestureDSL
import GestureRuntime

/// The tables of programs as text, for people: `gesturec inspect` and
/// `gesturec build --dump-tables`. Routines are disassembled with the names the
/// program has (`r3: feature touchCount; parameter touches; greater`), the unbounded
/// count is `unlimited` as a spec writes it, and every row shows the source line it
/// came from.
public enum TableListing {
    public static func render(_ programs: [GestureProgram]) -> String {
        programs.map(render).joined(separator: "\n")
    }

    public static func render(_ program: GestureProgram) -> String {
        var lines = ["gesture set \(program.name) (table format \(TableFormat.version))"]
        func source(_ location: SourceLocation) -> String {
            let path = location.file < program.files.count ? program.files[location.file] : "?"
            return "\(path):\(location.line):\(location.column)"
        }
        func name(_ recognizer: Int) -> String {
            recognizer < program.recognizers.count ? program.recognizers[recognizer].name : "#\(recognizer)"
        }
        func routine(_ id: Int?, prefix: String) -> String? { id.map { "\(prefix)\($0)" } }

        lines.append("")
        lines.append("views")
        for (id, view) in program.views.enumerated() {
            var text = "  \(id) \(view.name)"
            if !view.parents.isEmpty {
                text += " in " + view.parents.map { $0 < program.views.count ? program.views[$0].name : "#\($0)" }.joined(separator: ", ")
            }
            var properties: [String] = []
            if !view.interactive { properties.append("interactive: false") }
            if view.hidden { properties.append("hidden: true") }
            if view.alpha != 1 { properties.append("alpha: \(NumberText.format(view.alpha))") }
            if view.hitSlop != 0 { properties.append("hitSlop: \(QuantityText.format(view.hitSlop, .distance, .exact))") }
            if view.minimumTarget != 0 { properties.append("minimumTarget: \(QuantityText.format(view.minimumTarget, .distance, .exact))") }
            if view.transparentWhenEmpty { properties.append("transparentWhenEmpty: true") }
            if view.multipleTouch { properties.append("multipleTouch: true") }
            if view.exclusiveTouch { properties.append("exclusiveTouch: true") }
            if let id = view.shouldBegin { properties.append("shouldBegin: p\(id)") }
            if !view.defersSystemGestures.isEmpty {
                properties.append("defersSystemGestures: [" + GestureDirections.names(view.defersSystemGestures).joined(separator: ", ") + "]")
            }
            if view.excludesSystemGestures { properties.append("excludesSystemGestures: true") }
            if let control = view.control {
                properties.append("control: \(control.kind.rawValue)")
                if control.kind == .slider || control.kind == .switch {
                    properties.append("axis: [" + GestureDirections.names(control.axis).joined(separator: ", ") + "]")
                }
                properties.append("trackingMargin: \(QuantityText.format(control.trackingMargin, .distance, .exact))")
                if !control.claims.isEmpty {
                    let claimed = control.claims.map { claim in
                        let name = claim.recognizer < program.recognizers.count ? program.recognizers[claim.recognizer].name : "#\(claim.recognizer)"
                        return claim.alongAxis ? name + " along its axis" : name
                    }
                    properties.append("claims: [" + claimed.joined(separator: ", ") + "]")
                }
            }
            if !view.touchesShouldCancel { properties.append("touchesShouldCancel: false") }
            if let label = view.accessibilityLabel { properties.append("accessibilityLabel: " + Expr.quoted(label)) }
            if !properties.isEmpty { text += " { " + properties.joined(separator: ", ") + " }" }
            lines.append(text + "  @ " + source(view.location))
        }

        if !program.hooks.isEmpty {
            lines.append("")
            lines.append("hooks")
            for (id, hook) in program.hooks.enumerated() {
                lines.append("  \(id) \(hook.name) = \(hook.defaultValue)  @ \(source(hook.location))")
            }
        }

        lines.append("")
        lines.append("recognizers")
        for (id, recognizer) in program.recognizers.enumerated() {
            let kind = recognizer.kind < program.kinds.count ? program.kinds[recognizer.kind] : nil
            let arguments = recognizer.arguments.enumerated().map { index, value in
                let label = kind.map { index < $0.parameters.count ? $0.parameters[index] : "?" } ?? "?"
                let type = kind.flatMap { index < $0.parameterTypes.count ? $0.parameterTypes[index] : nil }
                return "\(label): \(Self.written(value, type))"
            }
            let role = recognizer.role < program.views.count ? program.views[recognizer.role].name : "#\(recognizer.role)"
            lines.append(
                "  \(id) \(recognizer.name) = \(kind?.name ?? "#\(recognizer.kind)")(\(arguments.joined(separator: ", "))) on \(role)  @ \(source(recognizer.location))"
            )
            var settings = [
                "enabled: \(recognizer.enabled)", "cancelsTouchesInView: \(recognizer.cancelsTouchesInView)",
                "delaysTouchesBegan: \(recognizer.delaysTouchesBegan)", "delaysTouchesEnded: \(recognizer.delaysTouchesEnded)",
            ]
            if recognizer.ignoresStationaryTouches { settings.append("ignoresStationaryTouches: true") }
            if recognizer.backSwipe { settings.append("backSwipe: true") }
            if recognizer.scrollPan { settings.append("scrollPan: true") }
            if recognizer.foreign { settings.append("foreign: true") }
            switch recognizer.accessibility {
            case nil: break
            case .custom(let label)?: settings.append("accessibility: " + Expr.quoted(label))
            case .control(let role)?:
                settings.append("accessibility: " + (role < program.views.count ? program.views[role].name : "#\(role)"))
            case let other?: settings.append("accessibility: \(other)")
            }
            if recognizer.allowedTouchTypes != .all {
                settings.append("allowedTouchTypes: [" + recognizer.allowedTouchTypes.types.map(\.name).joined(separator: ", ") + "]")
            }
            if !recognizer.requiresExclusiveTouchType { settings.append("requiresExclusiveTouchType: false") }
            if !recognizer.allowedScrollTypes.isEmpty {
                settings.append(
                    "allowedScrollTypes: [" + recognizer.allowedScrollTypes.types.map(\.name).joined(separator: ", ") + "]")
            }
            if recognizer.receivesTransform { settings.append("receivesTransform: true") }
            if recognizer.receivesHover { settings.append("receivesHover: true") }
            if let id = recognizer.shouldBegin { settings.append("shouldBegin: p\(id)") }
            if let id = recognizer.shouldReceiveTouch { settings.append("shouldReceiveTouch: p\(id)") }
            if let id = recognizer.shouldRecognizeSimultaneously { settings.append("shouldRecognizeSimultaneously: p\(id)") }
            lines.append("      " + settings.joined(separator: ", "))
        }

        if !program.failureRequirements.isEmpty || !program.simultaneityGroups.isEmpty || !program.preventionExemptions.isEmpty {
            lines.append("")
            lines.append("relations")
            for edge in program.failureRequirements {
                let condition = routine(edge.condition, prefix: " where p") ?? ""
                lines.append("  \(name(edge.dependent)) requires \(name(edge.required)) to fail\(condition)  @ \(source(edge.location))")
            }
            for group in program.simultaneityGroups {
                let condition = routine(group.condition, prefix: " where p") ?? ""
                lines.append("  simultaneous \(group.members.map(name).joined(separator: ", "))\(condition)  @ \(source(group.location))")
            }
            for pair in program.preventionExemptions {
                lines.append("  \(name(pair.preventer)) cannot prevent \(name(pair.prevented))  @ \(source(pair.location))")
            }
        }

        if !program.routines.isEmpty {
            lines.append("")
            lines.append("predicates")
            let names = Names(hooks: program.hooks.map(\.name))
            for (id, code) in program.routines.enumerated() { lines.append("  p\(id): \(disassemble(code, names))") }
        }

        for kind in program.kinds {
            lines.append("")
            lines += render(kind, kinds: program.kinds, source: source)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func render(
        _ kind: GestureProgram.Kind, kinds: [GestureProgram.Kind], source: (SourceLocation) -> String
    ) -> [String] {
        var lines = ["kind \(kind.name) (\(kind.mode.rawValue))  @ \(source(kind.location))"]
        if !kind.parameters.isEmpty {
            let typed = kind.parameters.enumerated().map { index, name in
                index < kind.parameterTypes.count ? "\(name): \(kind.parameterTypes[index].rawValue)" : name
            }
            lines.append("  parameters " + typed.joined(separator: ", "))
        }
        if !kind.variables.isEmpty {
            lines.append("  variables " + kind.variables.map { "\($0.name) = r\($0.initialValue)" }.joined(separator: ", "))
        }
        if !kind.timers.isEmpty { lines.append("  timers " + kind.timers.joined(separator: ", ")) }
        if !kind.reports.isEmpty {
            lines.append("  reports " + kind.reports.map { "\($0.name): \($0.type.rawValue) = r\($0.value)" }.joined(separator: ", "))
        }
        for rule in kind.preventionRules {
            let other = rule.otherKind < kinds.count ? kinds[rule.otherKind].name : "#\(rule.otherKind)"
            let words = rule.direction == .cannotPrevent ? "cannot prevent" : "cannot be prevented by"
            lines.append("  \(words) \(other)\(rule.condition.map { " where r\($0)" } ?? "")  @ \(source(rule.location))")
        }
        let events = GestureProgram.Event.phaseNames + kind.timers.map { "timer \($0)" }
        let width = events.map(\.count).max() ?? 0
        for (state, info) in kind.states.enumerated() {
            lines.append("  state \(state) \(info.name)" + (info.outward.rawValue == info.name ? "" : " as \(info.outward.rawValue)"))
            for (event, eventName) in events.enumerated() {
                let cell = state * kind.eventCount + event
                guard cell + 1 < kind.rowStarts.count else { continue }
                for (position, row) in kind.rows[kind.rowStarts[cell]..<kind.rowStarts[cell + 1]].enumerated() {
                    let label = position == 0 ? "on " + eventName.padding(width) : String(repeating: " ", count: width + 3)
                    var text = "    \(label)"
                    if let id = row.guardRoutine { text += " where r\(id)" }
                    text += " -> " + target(row.target, states: kind.states)
                    if let id = row.actions { text += " { r\(id) }" }
                    lines.append(text + "  @ " + source(row.location))
                }
            }
        }
        if !kind.routines.isEmpty {
            lines.append("  routines")
            let names = Names(parameters: kind.parameters, variables: kind.variables.map(\.name), timers: kind.timers)
            for (id, code) in kind.routines.enumerated() { lines.append("    r\(id): \(disassemble(code, names))") }
        }
        return lines
    }

    private static func target(_ target: GestureProgram.Kind.Target, states: [GestureProgram.Kind.State]) -> String {
        switch target {
        case .stay: "stay"
        case .state(let index): index < states.count ? states[index].name : "#\(index)"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// A parameter's value as every output writes it (`QuantityText`), exactly: `350ms`,
    /// `1.5s`, `45pt`, `300pt/s`, `5deg`, `unlimited`, `[left, right]`; a bare number
    /// when the type is not known.
    package static func written(_ value: Double, _ type: GestureProgram.Kind.ParameterType?) -> String {
        switch type {
        case .duration?: return QuantityText.format(value, .duration, .exact)
        case .distance?: return QuantityText.format(value, .distance, .exact)
        case .speed?: return QuantityText.format(value, .speed, .exact)
        case .angle?: return QuantityText.format(value, .angle, .exact)
        case .bool?:
            return value != 0 ? "true" : "false"
        case .direction?:
            let names = ["left", "right", "up", "down"].enumerated().filter { bit, _ in
                value.isFinite && abs(value) < 16 && Int(value) & (1 << bit) != 0
            }.map(\.element)
            return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        case .int?, .number?, nil:
            // `unlimited` is one value for every quantity, counts included.
            return value == QuantityText.unlimited ? "unlimited" : NumberText.format(value)
        }
    }

    /// What a routine's operands name, where the program has the names.
    private struct Names {
        var parameters: [String] = []
        var variables: [String] = []
        var timers: [String] = []
        var hooks: [String] = []
    }

    /// `feature touchCount; parameter touches; greater`: an index becomes the name of
    /// the parameter, variable, timer or hook it points at, when there is one.
    private static func disassemble(_ routine: Routine, _ names: Names) -> String {
        guard !routine.code.isEmpty else { return "(empty)" }
        return routine.code.map { instruction in
            func named(_ word: String, _ index: Int, _ list: [String]) -> String {
                index < list.count ? "\(word) \(list[index])" : instruction.description
            }
            switch instruction {
            case .parameter(let index): return named("parameter", index, names.parameters)
            case .variable(let index): return named("variable", index, names.variables)
            case .store(let index): return named("store", index, names.variables)
            case .startTimer(let index): return named("startTimer", index, names.timers)
            case .stopTimer(let index): return named("stopTimer", index, names.timers)
            case .hook(let index): return named("hook", index, names.hooks)
            default: return instruction.description
            }
        }.joined(separator: "; ")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
