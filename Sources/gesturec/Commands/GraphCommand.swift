import GestureAnalysis
import GestureCompiler
import GestureDSL

/// `gesturec graph SPEC [--set NAME] [--format dot|mermaid] [-o PATH]` draws a gesture
/// set; `gesturec graph [SPEC] --kind NAME` draws a kind's state machine, from the
/// spec's files or the prelude (docs/pictures.md).
struct GraphCommand {
    var specPath: String?
    var setName: String?
    var kindName: String?
    var format: DiagramFormat
    var outputPath: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: [], options: ["--set", "--kind", "--format", "-o"])
        guard parsed.operands.count <= 1 else { throw UsageError("graph takes one SPEC file") }
        specPath = parsed.operands.first
        setName = parsed.values["--set"]
        kindName = parsed.values["--kind"]
        guard specPath != nil || kindName != nil else {
            throw UsageError("graph needs a SPEC file, or --kind NAME for a kind of the prelude")
        }
        if setName != nil, kindName != nil { throw UsageError("--set and --kind draw different pictures; give one") }
        format = try parsed.choice("--format", "graph format", default: DiagramFormat.dot)
        outputPath = parsed.values["-o"]
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        guard let compiled = try tool.compile(specPath.map { [$0] } ?? []) else { return .inputErrors }
        let diagram: Diagram
        if let kindName {
            guard let kind = KindDiagram.diagram(named: kindName, in: compiled.compilation) else {
                throw UsageError(
                    "no kind '\(kindName)' in \(specPath.map { "'\($0)' or " } ?? "")the prelude",
                    suggestion: Suggestions.closest(to: kindName, among: KindDiagram.kindNames(in: compiled.compilation)))
            }
            diagram = kind
        } else {
            let set = try tool.chooseSet(compiled.sets, named: setName, in: specPath ?? "")
            guard let drawn = SetDiagram.diagram(set, in: compiled.compilation) else {
                tool.terminal.writeError("gesturec: error: internal error: no declaration of '\(set.program.name)'; please report it\n")
                return .inputErrors
            }
            diagram = drawn
        }
        try tool.writeOutput(Array(DiagramRenderer.render(diagram, as: format).utf8), to: outputPath)
        return .success
    }
}
