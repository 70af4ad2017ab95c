import GestureDSL
import GestureRuntime

/// `--emit json`: the programs as one JSON document in the schema of
/// `docs/table-format.md`. The text is canonical (fixed key order, fixed layout,
/// numbers in their shortest exact form), so the same programs always give the same
/// bytes and `GestureProgram(json:)` reads back exactly what was written.
public enum JSONEmitter {
    public static func emit(_ programs: [GestureProgram]) -> String {
        var writer = JSONWriter()
        writer.object { document in
            document.member("formatVersion", TableFormat.version)
            document.member("programs", nested: programs, write)
        }
        writer.append("\n")
        return writer.out.text
    }

    private static func write(_ json: inout JSONWriter, _ program: GestureProgram) {
        json.object { json in
            json.member("name", program.name)
            json.member("files", scalars: program.files) { $0.string($1) }
            json.member("views", nested: program.views, write)
            json.member("recognizers", nested: program.recognizers, write)
            json.member("hooks", nested: program.hooks) { json, hook in
                json.object { json in
                    json.member("name", hook.name)
                    json.member("default", hook.defaultValue)
                    json.member("source", hook.location)
                }
            }
            json.member("kinds", nested: program.kinds, write)
            json.member("failureRequirements", nested: program.failureRequirements) { json, edge in
                json.object { json in
                    json.member("dependent", edge.dependent)
                    json.member("required", edge.required)
                    json.member("condition", edge.condition)
                    json.member("source", edge.location)
                }
            }
            json.member("simultaneityGroups", nested: program.simultaneityGroups) { json, group in
                json.object { json in
                    json.member("members", scalars: group.members) { $0.integer($1) }
                    json.member("condition", group.condition)
                    json.member("source", group.location)
                }
            }
            json.member("preventionExemptions", nested: program.preventionExemptions) { json, pair in
                json.object { json in
                    json.member("preventer", pair.preventer)
                    json.member("prevented", pair.prevented)
                    json.member("source", pair.location)
                }
            }
            json.member("routines", nested: program.routines, write)
        }
    }

    private static func write(_ json: inout JSONWriter, _ view: GestureProgram.ViewRole) {
        json.object { json in
            json.member("name", view.name)
            json.member("parents", scalars: view.parents) { $0.integer($1) }
            json.member("interactive", view.interactive)
            json.member("hidden", view.hidden)
            json.member("alpha", view.alpha)
            json.member("hitSlop", view.hitSlop)
            json.member("minimumTarget", view.minimumTarget)
            json.member("transparentWhenEmpty", view.transparentWhenEmpty)
            json.member("multipleTouch", view.multipleTouch)
            json.member("exclusiveTouch", view.exclusiveTouch)
            json.member("shouldBegin", view.shouldBegin)
            if !view.defersSystemGestures.isEmpty {
                json.member("defersSystemGestures", scalars: GestureDirections.names(view.defersSystemGestures)) { $0.string($1) }
            }
            if view.excludesSystemGestures { json.member("excludesSystemGestures", true) }
            if let control = view.control {
                json.member(
                    "control",
                    object: { json in
                        json.member("kind", control.kind.rawValue)
                        json.member("axis", scalars: GestureDirections.names(control.axis)) { $0.string($1) }
                        json.member("trackingMargin", control.trackingMargin)
                        json.member("claims", nested: control.claims) { json, claim in
                            json.object { json in
                                json.member("recognizer", claim.recognizer)
                                json.member("alongAxis", claim.alongAxis)
                            }
                        }
                    })
            }
            if !view.touchesShouldCancel { json.member("touchesShouldCancel", false) }
            if let label = view.accessibilityLabel { json.member("accessibilityLabel", label) }
            json.member("source", view.location)
        }
    }

    private static func write(_ json: inout JSONWriter, _ recognizer: GestureProgram.Recognizer) {
        // Its first six members, always written, are wider than one line takes
        // (`JSONWriter.inlineWidth`) whatever their values.
        json.objectOnLines { json in
            json.member("name", recognizer.name)
            json.member("kind", recognizer.kind)
            json.member("role", recognizer.role)
            json.member("arguments", scalars: recognizer.arguments) { $0.number($1) }
            json.member("enabled", recognizer.enabled)
            json.member("cancelsTouchesInView", recognizer.cancelsTouchesInView)
            json.member("delaysTouchesBegan", recognizer.delaysTouchesBegan)
            json.member("delaysTouchesEnded", recognizer.delaysTouchesEnded)
            if recognizer.ignoresStationaryTouches { json.member("ignoresStationaryTouches", true) }
            json.member("shouldBegin", recognizer.shouldBegin)
            json.member("shouldReceiveTouch", recognizer.shouldReceiveTouch)
            json.member("shouldRecognizeSimultaneously", recognizer.shouldRecognizeSimultaneously)
            if recognizer.backSwipe { json.member("backSwipe", true) }
            if recognizer.scrollPan { json.member("scrollPan", true) }
            if recognizer.foreign { json.member("foreign", true) }
            if let accessibility = recognizer.accessibility {
                json.member(
                    "accessibility",
                    object: { json in
                        switch accessibility {
                        case .activate: json.member("action", "activate")
                        case .custom(let label):
                            json.member("action", "custom")
                            json.member("label", label)
                        case .escape: json.member("action", "escape")
                        case .scroll: json.member("action", "scroll")
                        case .magicTap: json.member("action", "magicTap")
                        case .control(let role):
                            json.member("action", "control")
                            json.member("role", role)
                        }
                    })
            }
            if recognizer.allowedTouchTypes != .all {
                json.member("allowedTouchTypes", scalars: recognizer.allowedTouchTypes.types.map(\.name)) { $0.string($1) }
            }
            if !recognizer.requiresExclusiveTouchType { json.member("requiresExclusiveTouchType", false) }
            if !recognizer.allowedScrollTypes.isEmpty {
                json.member("allowedScrollTypes", scalars: recognizer.allowedScrollTypes.types.map(\.name)) { $0.string($1) }
            }
            if recognizer.receivesTransform { json.member("receivesTransform", true) }
            if recognizer.receivesHover { json.member("receivesHover", true) }
            json.member("source", recognizer.location)
        }
    }

    private static func write(_ json: inout JSONWriter, _ kind: GestureProgram.Kind) {
        json.object { json in
            json.member("name", kind.name)
            json.member("mode", kind.mode.rawValue)
            json.member("parameters", scalars: kind.parameters) { $0.string($1) }
            json.member("parameterTypes", scalars: kind.parameterTypes) { $0.string($1.rawValue) }
            json.member("variables", nested: kind.variables) { json, variable in
                json.object { json in
                    json.member("name", variable.name)
                    json.member("initialValue", variable.initialValue)
                }
            }
            json.member("timers", scalars: kind.timers) { $0.string($1) }
            json.member("reports", nested: kind.reports) { json, report in
                json.object { json in
                    json.member("name", report.name)
                    json.member("type", report.type.rawValue)
                    json.member("value", report.value)
                }
            }
            json.member("preventionRules", nested: kind.preventionRules) { json, rule in
                json.object { json in
                    json.member("direction", rule.direction.rawValue)
                    json.member("otherKind", rule.otherKind)
                    json.member("condition", rule.condition)
                    json.member("source", rule.location)
                }
            }
            json.member("states", nested: kind.states) { json, state in
                json.object { json in
                    json.member("name", state.name)
                    json.member("outward", state.outward.rawValue)
                }
            }
            json.member("rowStarts", scalars: kind.rowStarts) { $0.integer($1) }
            json.member("rows", nested: kind.rows) { json, row in
                json.object { json in
                    json.member("guard", row.guardRoutine)
                    json.member("target", target: row.target)
                    json.member("actions", row.actions)
                    json.member("source", row.location)
                }
            }
            json.member("routines", nested: kind.routines, write)
            json.member("source", kind.location)
        }
    }

    private static func write(_ json: inout JSONWriter, _ routine: Routine) {
        json.scalarArray(routine.code) { $0.string($1.description) }
    }
}

extension JSONWriter {
    /// `[file, line, column]`.
    fileprivate mutating func member(_ name: StaticString, _ location: SourceLocation) {
        member(
            name,
            scalar: { json in
                json.append("[")
                json.integer(location.file)
                json.append(", ")
                json.integer(location.line)
                json.append(", ")
                json.integer(location.column)
                json.append("]")
            })
    }

    /// A state index, or the name of a final target.
    fileprivate mutating func member(_ name: StaticString, target: GestureProgram.Kind.Target) {
        switch target {
        case .stay: member(name, "stay")
        case .state(let index): member(name, index)
        case .ended: member(name, "ended")
        case .cancelled: member(name, "cancelled")
        case .failed: member(name, "failed")
        }
    }
}
