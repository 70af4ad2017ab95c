import GestureAnalysis
import GestureCompiler
import GestureDSL

/// `gesturec diff OLD NEW` or `gesturec diff --git REV SPEC`: what a change to a spec
/// does to behaviour, found by running lint's probes through both versions
/// (docs/lint.md).
struct DiffCommand {
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    var oldPath: String
    var newPath: String
    /// The revision the old version is read at; nil when OLD is a file.
    var revision: String?
    var setName: String?
    var format: Format
    var failOnChange: Bool
    var counterexampleDirectory: String?
    /// `--explain KIND`: what a kind of change means.
    var explain: BehaviourChange.Kind?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, flags: ["--fail-on-change"], options: ["--git", "--set", "--format", "--counterexample", "--explain"])
        if parsed.values["--explain"] != nil {
            explain = try parsed.choice("--explain", "kind of change", default: BehaviourChange.Kind.actionMoves)
            (oldPath, newPath, format, failOnChange) = ("", "", .text, false)
            return
        }
        revision = parsed.values["--git"]
        if revision != nil {
            guard parsed.operands.count == 1 else { throw UsageError("diff --git REV takes one SPEC, compared with itself at REV") }
            oldPath = parsed.operands[0]
            newPath = parsed.operands[0]
        } else {
            guard parsed.operands.count == 2 else { throw UsageError("diff needs OLD and NEW specs, or --git REV and one SPEC") }
            oldPath = parsed.operands[0]
            newPath = parsed.operands[1]
        }
        setName = parsed.values["--set"]
        format = try parsed.choice("--format", "diff format", default: Format.text)
        failOnChange = parsed.flags.contains("--fail-on-change")
        counterexampleDirectory = parsed.values["--counterexample"]
    }

    /// "OLD" in messages: the path, or the path at the revision.
    private var oldName: String { revision.map { "\(oldPath) at \($0)" } ?? oldPath }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        if let explain {
            let what = explain.isBehaviour ? "a change of behaviour" : "a change of structure"
            tool.terminal.write(
                "\(explain.rawValue) (\(what))\n\n\(explain.summary.prefix(1).uppercased() + explain.summary.dropFirst()).\n\n\(explain.explanation)\n"
            )
            return .success
        }
        var oldLoader: GitRevision?
        if let revision {
            switch GitRevision.resolve(revision) {
            case .success(let loader): oldLoader = loader
            case .failure(let error): throw .io("cannot read '\(oldPath)' at '\(revision)': \(error.reason)")
            }
        }
        let old = try tool.checkAndLower([oldPath], from: oldLoader)
        let new = try tool.checkAndLower([newPath])
        var failed = false
        for (compiled, name) in [(old, oldName), (new, newPath)] where compiled.compilation.diagnostics.hasErrors {
            tool.terminal.writeError("gesturec: error: \(name) does not check; diff compares specs that do:\n")
            tool.printDiagnostics(compiled.compilation, format: .text)
            failed = true
        }
        if failed { return .inputErrors }

        var oldSets = old.sets
        var newSets = new.sets
        if let setName {
            oldSets = oldSets.filter { $0.program.name == setName }
            newSets = newSets.filter { $0.program.name == setName }
            guard !oldSets.isEmpty || !newSets.isEmpty else {
                throw UsageError(
                    "no gesture set '\(setName)' in either spec",
                    suggestion: Suggestions.closest(to: setName, among: (old.sets + new.sets).map(\.program.name)))
            }
        }
        let changes = BehaviourDiff.compare(old: oldSets, new: newSets)
        var text =
            switch format {
            case .text: DiffRenderer.text(changes)
            case .json: DiffRenderer.json(changes)
            case .sarif: DiffRenderer.sarif(changes, version: Usage.version)
            }
        if let directory = counterexampleDirectory {
            let replays = try write(changes, to: directory, with: tool)
            if format == .text { text += replays }
        }
        tool.terminal.write(text)
        return failOnChange && changes.contains(where: \.kind.isBehaviour) ? .inputErrors : .success
    }

    /// Writes each change's run as `DIR/<n>-<kind>.scene.json` and `.trace.json`, and
    /// says how to replay it in both versions.
    private func write(_ changes: [BehaviourChange], to directory: String, with tool: Tool) throws(UsageError) -> String {
        if case .failure(let error) = tool.fileSystem.createDirectory(directory) {
            throw .io("cannot create '\(directory)': \(error.reason)")
        }
        var replays = ""
        for (index, change) in changes.enumerated() {
            guard let example = change.counterexample else { continue }
            let stem = "\(directory)/\(index + 1)-\(change.kind.rawValue)"
            for (path, text) in [(stem + ".scene.json", example.scene), (stem + ".trace.json", example.trace)] {
                if case .failure(let error) = tool.fileSystem.write(Array(text.utf8), to: path) {
                    throw .io("cannot write '\(path)': \(error.reason)")
                }
            }
            // Paths as the user would type them here: relative when under the current
            // directory.
            let shown = tool.fileSystem.displayed(stem)
            let arguments =
                "--set \(ShellWord.quoted(example.set)) --scene \(ShellWord.quoted(shown + ".scene.json"))"
                + " --trace \(ShellWord.quoted(shown + ".trace.json"))"
            // The old version at a revision is no file: named in angle brackets, to be
            // written out first.
            let old = oldName == oldPath ? ShellWord.quoted(tool.fileSystem.displayed(oldPath)) : "<\(oldName)>"
            replays += "change \(index + 1): gesturec simulate \(old) \(arguments)\n"
            replays += "          gesturec simulate \(ShellWord.quoted(tool.fileSystem.displayed(newPath))) \(arguments)\n"
        }
        return replays
    }
}
