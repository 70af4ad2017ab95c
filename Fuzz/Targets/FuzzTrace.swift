// libFuzzer target: the scene and trace reader (JSON and the text form) on arbitrary
// bytes, then the simulation of whatever it accepts, over `fuzzSpec`, with the system's
// gestures of the device a scene names, and `verify`'s comparison of a recording's
// `saw` events with the run; and the device profile reader (`--device FILE`) on the
// same bytes. A crash, a hang, or a diagnostic outside its file is a bug.

import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.trace", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var profiles = SourceManager()
    var profileReader = SimulationInputReader(program: fuzzProgram, errorLimit: 20)
    _ = profileReader.device(file: file, sources: &profiles)
    expectRangesInside(profileReader.diagnostics, profiles)
    var sources = SourceManager()
    var reader = SimulationInputReader(program: fuzzProgram, errorLimit: 20)
    let input = reader.read(scene: nil, trace: file, sources: &sources)
    expectRangesInside(reader.diagnostics, sources)
    _ = TextDiagnosticRenderer().render(reader.diagnostics, in: sources)
    guard let (scene, trace) = input, var simulation = try? Simulation(program: fuzzProgram, scene: scene) else {
        return 0
    }
    // Timers run for a while past the last event, as `simulate` does.
    simulation.run(trace, until: (trace.events.last?.time ?? 0) + 2)
    expectRangesInside(simulation.diagnostics, sources)
    _ = TimelineRenderer.text(simulation.timeline)
    _ = TimelineRenderer.json(simulation.timeline)
    let verification = Verification(program: fuzzProgram, scene: simulation.scene, trace: trace, timeline: simulation.timeline)
    var bag = DiagnosticBag(errorLimit: nil)
    for diagnostic in verification.diagnostics { bag.report(diagnostic) }
    expectRangesInside(bag, sources)
    return 0
}
