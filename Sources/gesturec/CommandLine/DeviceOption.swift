import GestureDSL
import GestureRuntime
import GestureSimulation

/// `--device NAME|FILE` of `simulate`, `lint` and `test` (docs/devices.md): a built-in
/// profile by name, or a profile's JSON file.
extension Tool {
    /// The profile the argument names; nil when its file has mistakes, which are
    /// printed. A name that is neither built in nor a file is a usage error.
    func device(_ argument: String) throws(UsageError) -> DeviceProfile? {
        if let profile = DeviceProfile.named(argument) { return profile }
        let names = DeviceProfile.builtIn.map(\.name)
        guard argument.hasSuffix(".json") || argument.contains("/") else {
            throw UsageError(
                "no device '\(argument)': give one of \(names.joined(separator: ", ")), or a profile's JSON file",
                suggestion: Suggestions.closest(to: argument, among: names))
        }
        var sources = SourceManager()
        // A profile names nothing of a spec: the reader needs no program's names.
        let none = GestureProgram(
            name: "", files: [], views: [], recognizers: [], hooks: [], kinds: [], failureRequirements: [],
            simultaneityGroups: [], preventionExemptions: [], routines: [])
        var reader = SimulationInputReader(program: none)
        guard let profile = reader.device(file: try readRoots([argument])[0], sources: &sources) else {
            terminal.writeError(TextDiagnosticRenderer(colored: terminal.usesColor).render(reader.diagnostics, in: sources))
            return nil
        }
        return profile
    }
}
