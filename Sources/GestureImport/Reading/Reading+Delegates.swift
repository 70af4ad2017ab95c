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
        // UIKit asks a delegate only about the recognizers it is the delegate of. When
        // the code sets none to the type (a storyboard may), the methods are not
        // applied: a guess could silence a recognizer the type never answers for.
        let targets = screen.recognizers.indices.filter { screen.recognizers[$0].delegatedToScreen }
        for method in screen.delegateMethods {
            let index = indexes[method.file]
            let quote = index.quote(method.body, limit: 200)
            if targets.isEmpty && method.question != .viewShouldBegin && method.question != .other {
                let note = ImportNote(
                    .todo,
                    "\(method.question.rawValue) is not applied: no recognizer the code makes has \(screen.name) as its delegate (set 'delegate = self' in the code read, or write it into the draft): \(quote)",
                    at: method.place)
                screen.remarks.append(note)
                notes.append(note)
                continue
            }
            if method.question == .other {
                let note = ImportNote(.notUnderstood, "this delegate method has no counterpart in the language: \(quote)", at: method.place)
                screen.remarks.append(note)
                notes.append(note)
                continue
            }
            var hooks: [(name: String, quote: String)] = []
            var untranslated = false
            if method.question == .viewShouldBegin {
                // The view is asked about a recognizer: its parameter is `other`.
                var asked = method
                asked.otherName = method.recognizerName
                asked.recognizerName = ""
                let context = DelegateTranslation.Context(
                    subject: .init(name: "", kind: "", role: builder.rootName), knownOther: nil, method: asked,
                    recognizerNames: names, roleNames: Set(screen.roles.map(\.name)), rootName: builder.rootName)
                var translation = DelegateTranslation(context: context, index: index)
                if let logic = translation.translate() {
                    hooks += translation.hooks
                    if logic != .constant(true), !screen.roles.isEmpty {
                        screen.roles[0].properties.append(Setting(label: "shouldBegin", value: logic.text, place: method.place))
                    }
                } else {
                    untranslated = true
                }
            }
            for k in targets where method.question != .viewShouldBegin {
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
                case .other, .viewShouldBegin:
                    break
                }
            }
            for hook in hooks where !screen.hooks.contains(where: { $0.name == hook.name }) {
                screen.hooks.append(Hook(name: hook.name, defaultValue: true, quote: hook.quote, todo: false, place: method.place))
            }
            if untranslated {
                let todo = todoHook(for: method, in: &screen, quote: quote)
                if let todo, method.question == .viewShouldBegin, !screen.roles.isEmpty {
                    screen.roles[0].properties.append(Setting(label: "shouldBegin", value: todo, place: method.place))
                } else if let todo {
                    for k in targets where !screen.recognizers[k].properties.contains(where: { $0.label == method.question.rawValue }) {
                        screen.recognizers[k].properties.append(Setting(label: method.question.rawValue, value: todo, place: method.place))
                    }
                }
            } else {
                notes.append(ImportNote(.translated, "\(method.question.rawValue) translated", at: method.place))
            }
        }
        // A hook only a predicate left out (one that answers UIKit's default) reads
        // would be declared for nothing.
        let written =
            screen.recognizers.flatMap { $0.properties.map(\.value) } + screen.roles.flatMap { $0.properties.map(\.value) }
            + screen.relations.compactMap(\.condition)
        let words = Set(written.flatMap { $0.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init) })
        screen.hooks.removeAll { !words.contains($0.name) }
        for hook in screen.hooks where !hook.todo {
            notes.append(ImportNote(.hook, "'\(hook.name)' stands for the app's '\(hook.quote)'", at: hook.place))
        }
        builder.screen = screen
    }

    /// A hook for a method import cannot translate, answering UIKit's default, with a
    /// TODO that quotes it; nil for a requirement question, which has no hook's place
    /// (the draft keeps a TODO comment).
    mutating func todoHook(for method: DelegateMethod, in screen: inout Screen, quote: String) -> String? {
        let message = "\(method.question.rawValue) is not translated: \(quote)"
        let note = ImportNote(.todo, message, at: method.place)
        notes.append(note)
        switch method.question {
        case .shouldBegin, .shouldReceiveTouch, .shouldRecognizeSimultaneously, .viewShouldBegin:
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
