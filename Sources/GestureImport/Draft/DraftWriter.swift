import GestureCompiler
import GestureDSL

/// Writes a `CodeSetup` as a spec: one gesture set per screen, every line ending in
/// where in the code it came from, then laid out by the formatter. The text is a draft
/// for a person to read: a recognizer the code never adds to a view sits on the root
/// with a comment, and what the import could not translate is a hook or a comment
/// marked TODO.
public struct DraftWriter {
    public let setup: CodeSetup
    public let files: [SourceFile]

    public init(setup: CodeSetup, files: [SourceFile]) {
        self.setup = setup
        self.files = files
    }

    /// `File.swift:88`, or with `fullPath` the path as given and the column
    /// (`Sources/App/File.swift:88:9`).
    public func location(_ place: CodePlace, fullPath: Bool = false) -> String {
        guard files.indices.contains(place.file) else { return "?" }
        let file = files[place.file]
        let position = file.lineAndColumn(of: min(place.offset, file.bytes.count))
        return fullPath ? "\(file.path):\(position.line):\(position.column)" : "\(Names.fileName(file.path)):\(position.line)"
    }

    /// The draft's text, and a note for each set that did not check and is commented
    /// out (`checked(_:of:)`).
    public func draft() -> (text: String, commentedOut: [ImportNote]) {
        var commentedOut: [ImportNote] = []
        var out = "// Drafted by `gesturec import` from \(files.count == 1 ? "1 file" : "\(files.count) files"). Each line says\n"
        out += "// where in the code it came from; read it, then run `gesturec lint` on it (docs/import.md).\n"
        if setup.screens.isEmpty { out += "// The code read sets up no gestures.\n" }
        var taken: Set<String> = []
        for screen in setup.screens {
            // Set names are unique across files; two types can sanitize alike.
            let base = Names.identifier(screen.name, avoiding: "Screen")
            var name = base
            var number = 2
            while !taken.insert(name).inserted {
                name = base + String(number)
                number += 1
            }
            let (text, problem) = checked(set(screen, named: name), of: screen)
            out += "\n" + text
            if let problem {
                commentedOut.append(
                    ImportNote(
                        .notUnderstood, "the set of \(screen.name) did not check as drafted (\(problem)): it is commented out", at: screen.place))
            }
        }
        let unformatted = out
        let file = SourceFile(path: "draft.gdl", text: unformatted)
        if case .formatted(let text) = Formatter.format(file, id: FileID(0)) {
            return (text.hasSuffix("\n") ? text : text + "\n", commentedOut)
        }
        return (unformatted, commentedOut)
    }

    /// A set's text as written when it checks alone; else the same text commented out,
    /// with the first error, so that the draft checks and nothing read is lost. The
    /// reader keeps what it writes to the language's rules, so this is a last resort
    /// (the fuzz target finds what reaches it).
    func checked(_ text: String, of screen: Screen) -> (text: String, problem: String?) {
        let compilation = Compilation.check(roots: [SourceFile(path: "set.gdl", text: text)], loader: InMemorySourceLoader([:]))
        guard let error = compilation.diagnostics.diagnostics.first(where: { $0.severity == .error }) else { return (text, nil) }
        var out = "// \(screen.name) (\(location(screen.place))) did not check as drafted: \(error.message). It is\n"
        out += "// kept here, commented out, for a person to mend.\n"
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { out += "// " + line + "\n" }
        return (out, error.message)
    }

    func set(_ screen: Screen, named name: String) -> String {
        var out = "/// \(screen.name), from \(location(screen.place)).\n"
        out += "gestures \(name) {\n"
        out += views(screen)
        if !screen.uses.isEmpty { out += "\n" }
        for use in screen.uses {
            let prefix = use.prefix.map { " as \($0)" } ?? ""
            out += "  use \(use.component) on \(use.role)\(prefix)  // from \(location(use.place))\n"
        }
        for recognizer in screen.recognizers {
            out += "\n" + self.recognizer(recognizer, root: screen.roles.first?.name ?? "root")
        }
        if !screen.relations.isEmpty { out += "\n" }
        for relation in screen.relations {
            switch relation.form {
            case .requires(let dependent, let required):
                let condition = relation.condition.map { " where \($0)" } ?? ""
                out += "  \(dependent) requires \(required) to fail\(condition)  // from \(location(relation.place))\n"
            case .simultaneous(let a, let b):
                let condition = relation.condition.map { " where \($0)" } ?? ""
                out += "  simultaneous \(a), \(b)\(condition)  // from \(location(relation.place))\n"
            }
        }
        for hook in screen.hooks {
            out += "\n"
            if hook.todo {
                out += "  /// TODO from \(location(hook.place)): not translated; until a person writes it, the\n"
                out += "  /// hook answers as UIKit does by default. The code: \(comment(hook.quote))\n"
            } else {
                out += "  /// The app's `\(hook.quote)` (from \(location(hook.place))).\n"
            }
            out += "  hook \(hook.name)\(hook.defaultValue ? "" : " = false")\n"
        }
        if !screen.remarks.isEmpty { out += "\n" }
        for remark in screen.remarks {
            let mark = remark.category == .todo ? "TODO" : "Not understood"
            out += "  // \(mark) (\(location(remark.place))): \(comment(remark.message))\n"
        }
        return out + "}\n"
    }

    func views(_ screen: Screen) -> String {
        var children: [String: [Role]] = [:]
        for role in screen.roles { children[role.parent ?? "", default: []].append(role) }
        var out = ""
        var visited: Set<String> = []
        func write(_ role: Role, depth: Int) {
            guard visited.insert(role.name).inserted, depth < 32 else { return }
            let indent = String(repeating: "  ", count: depth + 1)
            let inner = children[role.name] ?? []
            let control = role.control.map { "control: \($0)" }
            if inner.isEmpty && role.properties.isEmpty {
                out += "\(indent)view \(role.name)\(control.map { " { \($0) }" } ?? "")  // from \(location(role.place))\n"
            } else {
                out += "\(indent)view \(role.name) {  // from \(location(role.place))\n"
                if let control { out += "\(indent)  \(control)\n" }
                for property in role.properties {
                    out += "\(indent)  \(property.label): \(property.value)  // from \(location(property.place))\n"
                }
                for child in inner { write(child, depth: depth + 1) }
                out += "\(indent)}\n"
            }
        }
        for root in children[""] ?? [] { write(root, depth: 0) }
        return out
    }

    func recognizer(_ recognizer: Recognizer, root: String) -> String {
        var out = ""
        let role = recognizer.role ?? root
        if recognizer.role == nil {
            out += "  // Not added to a view in the code read: placed on the root.\n"
        }
        let arguments = recognizer.arguments.map { "\($0.label): \($0.value)" }.joined(separator: ", ")
        let call = arguments.isEmpty ? recognizer.kind : "\(recognizer.kind)(\(arguments))"
        let head = "  recognizer \(recognizer.name) = \(call) on \(role)"
        guard !recognizer.properties.isEmpty else {
            return out + head + "  // from \(location(recognizer.place))\n"
        }
        out += head + " {  // from \(location(recognizer.place))\n"
        for property in recognizer.properties {
            out += "    \(property.label): \(property.value)  // from \(location(property.place))\n"
        }
        return out + "  }\n"
    }

    /// Code quoted in a comment, on one line.
    func comment(_ text: String) -> String {
        text.replacingNewlines()
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
