import GestureCompiler
import GestureDSL
import GestureRuntime

/// `gesturec inspect PROGRAM`: loads a JSON or binary program through the runtime's
/// decoders, as an app would, and prints its tables. A damaged file prints the
/// decoding error and exits 1.
struct InspectCommand {
    var path: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, flags: [], options: [])
        guard parsed.operands.count == 1 else { throw UsageError("inspect needs exactly one PROGRAM file") }
        path = parsed.operands[0]
    }

    func run(with tool: Tool) throws(UsageError) -> ExitStatus {
        let bytes: [UInt8]
        switch tool.fileSystem.load(path) {
        case .success(let loaded): bytes = loaded
        case .failure(let error): throw .io("cannot read '\(path)': \(error.reason)")
        }
        do throws(ProgramError) {
            // A binary program starts with its magic; anything else is read as JSON.
            let programs =
                bytes.starts(with: BinaryFormat.magic)
                ? try GestureProgram.programs(decoding: bytes) : try GestureProgram.programs(json: bytes)
            tool.terminal.write(TableListing.render(programs))
            return .success
        } catch {
            tool.terminal.writeError(TerminalText.escaped("\(path): error: \(error)") + "\n")
            return .inputErrors
        }
    }
}
