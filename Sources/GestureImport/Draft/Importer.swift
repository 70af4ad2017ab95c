import GestureDSL

/// `gesturec import`'s library entry: source files in, a draft spec and a summary out.
public enum Importer {
    public struct Result: Sendable {
        public var setup: CodeSetup
        /// The draft spec's text.
        public var draft: String
        /// What was translated, what became a hook, what is a TODO and what was not
        /// understood, each with file:line, one a line.
        public var summary: String
    }

    /// Reads `files` (Swift, Objective-C, headers) and drafts a spec. With `scene`,
    /// the roles nest as the scene's views do (`SceneNesting`).
    public static func run(_ files: [SourceFile], scene: SceneNesting? = nil) -> Result {
        var setup = CodeReader.read(files)
        if let scene { scene.nest(&setup) }
        let writer = DraftWriter(setup: setup, files: files)
        let (draft, commentedOut) = writer.draft()
        setup.notes += commentedOut
        return Result(setup: setup, draft: draft, summary: summary(of: setup, writer: writer))
    }

    static func summary(of setup: CodeSetup, writer: DraftWriter) -> String {
        let recognizers = setup.screens.reduce(0) { $0 + $1.recognizers.count }
        let requirements = setup.screens.reduce(0) { $0 + $1.relations.count }
        let hooks = setup.screens.reduce(0) { $0 + $1.hooks.filter { !$0.todo }.count }
        var out =
            "import: \(writer.files.count) file\(writer.files.count == 1 ? "" : "s"), \(setup.screens.count) set\(setup.screens.count == 1 ? "" : "s"), "
        out +=
            "\(recognizers) recognizer\(recognizers == 1 ? "" : "s"), \(requirements) relation\(requirements == 1 ? "" : "s"), \(hooks) hook\(hooks == 1 ? "" : "s") for app state\n"
        var translated: [(CodePlace, String)] = []
        for screen in setup.screens {
            for recognizer in screen.recognizers {
                translated.append((recognizer.place, "recognizer '\(recognizer.name)' (\(recognizer.kind)) on '\(recognizer.role ?? "?")'"))
            }
            for relation in screen.relations {
                if case .requires(let a, let b) = relation.form {
                    translated.append((relation.place, "'\(a)' requires '\(b)' to fail\(relation.condition.map { " where \($0)" } ?? "")"))
                }
            }
            for use in screen.uses { translated.append((use.place, "'\(use.component)' used on '\(use.role)'")) }
        }
        for note in setup.notes where note.category == .translated { translated.append((note.place, note.message)) }
        let groups: [(String, [(CodePlace, String)])] = [
            ("translated", translated),
            ("hooks (app state)", setup.notes.filter { $0.category == .hook }.map { ($0.place, $0.message) }),
            ("TODO (a person must write these)", setup.notes.filter { $0.category == .todo }.map { ($0.place, $0.message) }),
            ("not understood", setup.notes.filter { $0.category == .notUnderstood }.map { ($0.place, $0.message) }),
        ]
        for (title, items) in groups where !items.isEmpty {
            out += "\(title):\n"
            for (place, message) in items.sorted(by: { $0.0 < $1.0 }) {
                out += "  \(writer.location(place)): \(message.replacingNewlines())\n"
            }
        }
        return out
    }
}
