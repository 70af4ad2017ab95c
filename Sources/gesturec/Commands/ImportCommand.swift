import GestureCompiler
import GestureDSL
import GestureImport

/// `gesturec import PATH… [-o SPEC] [--scene SCENE]`: drafts a spec from an app's Swift
/// and Objective-C sources, with a summary of what was translated on standard error.
/// `gesturec import --check SPEC PATH…`: fails when the code and the spec disagree.
/// The library (`GestureImport`) does the work; this reads the files and writes what
/// it returns.
struct ImportCommand {
    /// The source files import reads, by their names' ends.
    static let sourceSuffixes = [".swift", ".m", ".mm", ".h"]
    static let maximumDepth = 32
    static let maximumFiles = 10_000

    var paths: [String]
    var outputPath: String?
    var scenePath: String?
    var checkSpec: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: [], options: ["-o", "--scene", "--check"])
        paths = parsed.operands
        outputPath = parsed.values["-o"]
        scenePath = parsed.values["--scene"]
        checkSpec = parsed.values["--check"]
        guard !paths.isEmpty else { throw UsageError("import needs at least one PATH: a source file or a folder") }
        if checkSpec != nil && outputPath != nil { throw UsageError("--check compares and writes no draft; leave out -o") }
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let names = tool.findFiles(paths, endingIn: Self.sourceSuffixes, maximumDepth: Self.maximumDepth, maximumFiles: Self.maximumFiles)
        let files = try tool.readRoots(names)
        var scene: SceneNesting?
        if let scenePath {
            let file = try tool.readRoots([scenePath])[0]
            switch SceneNesting.read(file) {
            case .success(let nesting): scene = nesting
            case .failure(let error):
                var sources = SourceManager()
                let id = sources.add(file)
                let range = SourceRange(file: id, start: error.range.start, end: error.range.end)
                let diagnostic = Diagnostic(
                    id: "GDL701", severity: .error, message: "this scene cannot nest the draft: \(error.reason)", range: range)
                var bag = DiagnosticBag()
                bag.report(diagnostic)
                tool.terminal.writeError(TextDiagnosticRenderer(colored: tool.terminal.usesColor).render(bag, in: sources))
                return .inputErrors
            }
        }
        let result = Importer.run(files, scene: scene)
        guard let checkSpec else {
            try tool.writeOutput(Array(result.draft.utf8), to: outputPath)
            tool.terminal.writeError(result.summary)
            return .success
        }
        guard let spec = try tool.compile([checkSpec]) else { return .inputErrors }
        let differences = ImportCheck.compare(
            draft: result, files: files, specSets: spec.sets)
        for difference in differences {
            let place = difference.code ?? difference.spec ?? checkSpec
            let other = difference.code != nil ? difference.spec.map { " (spec: \($0))" } ?? "" : ""
            tool.terminal.write("\(place): \(difference.message)\(other)\n")
        }
        let count = differences.count
        tool.terminal.writeError(
            count == 0
                ? "import --check: the code and \(checkSpec) agree (\(files.count) file\(files.count == 1 ? "" : "s") read)\n"
                : "import --check: \(count) difference\(count == 1 ? "" : "s") between the code and \(checkSpec)\n")
        return count == 0 ? .success : .inputErrors
    }
}
