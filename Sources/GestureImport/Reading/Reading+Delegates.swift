extension Reading {
    /// The recognizers each prelude component brings, by the suffix the component
    /// gives their names, with their kinds.
    static let componentMembers: [String: [(suffix: String, kind: String)]] = [
        "scrollView": [("Pan", "pan"), ("Delay", "touchDelay")],
        "zoomingScrollView": [("Pan", "pan"), ("Zoom", "pinch"), ("Delay", "touchDelay")],
        "contextMenu": [("Menu", "longPress")],
        "textSelection": [("Caret", "tap"), ("Word", "tap"), ("Loupe", "longPress")],
        "sheetDismiss": [("Dismiss", "pan")],
        "webView": [("Link", "tap"), ("Zoom", "tap")],
        "navigationBack": [("Back", "screenEdgePan")],
    ]

    /// Writes each delegate method of the screen into the draft: a predicate on each
    /// recognizer it answers for, or requirements, or a hook with a TODO.
    mutating func translateDelegates(of builder: inout ScreenBuilder) {
        var screen = builder.screen
        guard !screen.delegateMethods.isEmpty else { return }
        var names: [String: DelegateTranslation.Subject] = [:]
        for (key, k) in builder.recognizerKeys where key.scope == -1 || names[key.name] == nil {
            let r = screen.recognizers[k]
            names[key.name] = .init(name: r.name, kind: r.kind, role: r.role)
        }
        var candidates = screen.recognizers.map { DelegateTranslation.Subject(name: $0.name, kind: $0.kind, role: $0.role) }
        for use in screen.uses {
            for member in Self.componentMembers[use.component] ?? [] {
                let subject = DelegateTranslation.Subject(name: (use.prefix ?? use.role) + member.suffix, kind: member.kind, role: use.role)
                names[subject.name] = subject
                candidates.append(subject)
            }
        }
        var targets = screen.recognizers.indices.filter { screen.recognizers[$0].delegatedToScreen }
        if targets.isEmpty {
            targets = Array(screen.recognizers.indices)
            if !targets.isEmpty {
                screen.remarks.append(
                    ImportNote(
                        .notUnderstood, "no recognizer of \(screen.name) sets its delegate to self: its delegate methods are read for all of them",
                        at: screen.delegateMethods[0].place))
            }
        }
        for method in screen.delegateMethods {
            let index = indexes[method.file]
            let quote = index.quote(method.body, limit: 200)
            let location = "\(Names.fileName(files[method.file].path)):\(index.line[max(0, method.body.lowerBound - 1)])"
            if method.question == .other {
                let note = ImportNote(.notUnderstood, "this delegate method has no counterpart in the language: \(quote)", at: method.place)
                screen.remarks.append(note)
                notes.append(note)
                continue
            }
            var hooks: [(name: String, quote: String)] = []
            var untranslated = false
            for k in targets {
                let subject = DelegateTranslation.Subject(
                    name: screen.recognizers[k].name, kind: screen.recognizers[k].kind, role: screen.recognizers[k].role)
                let context = DelegateTranslation.Context(
                    subject: subject, knownOther: nil, method: method, recognizerNames: names,
                    roleNames: Set(screen.roles.map(\.name)), rootName: builder.rootName)
                switch method.question {
                case .shouldBegin, .shouldReceiveTouch, .shouldRecognizeSimultaneously:
                    var translation = DelegateTranslation(context: context, index: index)
                    guard let logic = translation.translate() else {
                        untranslated = true
                        continue
                    }
                    hooks += translation.hooks
                    let label = method.question.rawValue
                    // UIKit's answers by default: begin, receive, do not recognize together.
                    let isDefault = logic == .constant(label != "shouldRecognizeSimultaneously")
                    if !isDefault {
                        screen.recognizers[k].properties.append(Setting(label: label, value: logic.text, place: method.place))
                    }
                case .shouldRequireFailure, .shouldBeRequiredToFail:
                    for other in candidates where other.name != subject.name {
                        var known = context
                        known.knownOther = other
                        var translation = DelegateTranslation(context: known, index: index)
                        guard let logic = translation.translate() else {
                            untranslated = true
                            break
                        }
                        hooks += translation.hooks
                        guard logic != .constant(false) else { continue }
                        let form: Relation.Form =
                            method.question == .shouldRequireFailure
                            ? .requires(dependent: subject.name, required: other.name)
                            : .requires(dependent: other.name, required: subject.name)
                        if !screen.relations.contains(where: { $0.form == form }) {
                            screen.relations.append(Relation(form: form, place: method.place, condition: logic == .constant(true) ? nil : logic.text))
                        }
                    }
                case .other:
                    break
                }
            }
            for hook in hooks where !screen.hooks.contains(where: { $0.name == hook.name }) {
                screen.hooks.append(Hook(name: hook.name, defaultValue: true, quote: hook.quote, todo: false, place: method.place))
                notes.append(ImportNote(.hook, "'\(hook.name)' stands for the app's '\(hook.quote)'", at: method.place))
            }
            if untranslated {
                let todo = todoHook(for: method, in: &screen, quote: quote, location: location)
                if let todo {
                    for k in targets where !screen.recognizers[k].properties.contains(where: { $0.label == method.question.rawValue }) {
                        screen.recognizers[k].properties.append(Setting(label: method.question.rawValue, value: todo, place: method.place))
                    }
                }
            } else {
                notes.append(ImportNote(.translated, "\(method.question.rawValue) translated", at: method.place))
            }
        }
        builder.screen = screen
    }

    /// A hook for a method import cannot translate, answering UIKit's default, with a
    /// TODO that quotes it; nil for a requirement question, which has no hook's place
    /// (the draft keeps a TODO comment).
    mutating func todoHook(for method: DelegateMethod, in screen: inout Screen, quote: String, location: String) -> String? {
        let message = "\(method.question.rawValue) is not translated: \(quote)"
        let note = ImportNote(.todo, message, at: method.place)
        notes.append(note)
        switch method.question {
        case .shouldBegin, .shouldReceiveTouch, .shouldRecognizeSimultaneously:
            let base = method.question == .shouldRecognizeSimultaneously ? "recognizesTogether" : method.question.rawValue
            var name = base + "Todo"
            var number = 2
            while screen.hooks.contains(where: { $0.name == name }) {
                name = base + "Todo" + String(number)
                number += 1
            }
            screen.hooks.append(
                Hook(name: name, defaultValue: method.question != .shouldRecognizeSimultaneously, quote: quote, todo: true, place: method.place))
            return name
        default:
            screen.remarks.append(note)
            return nil
        }
    }
}

extension Names {
    /// The last part of a path: what a draft's comments name a file by.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
