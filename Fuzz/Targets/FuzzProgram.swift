// libFuzzer target: the binary and JSON program decoders on arbitrary bytes. Each
// either throws a ProgramError or gives programs that validate, which an engine then
// runs for a few events. A trap is a bug (docs/table-format.md).

import GestureRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProgram(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var programs: [GestureProgram] = []
    if let decoded = try? GestureProgram.programs(decoding: bytes) { programs += decoded }
    if let decoded = try? GestureProgram.programs(json: bytes) { programs += decoded }
    for program in programs {
        guard let engine = try? GestureEngine(program: program) else { continue }
        try? engine.setWindowSize(Point(x: 400, y: 800))
        // One instance of every role that can be a root, a touch on it, some moves.
        for (role, view) in program.views.enumerated() where view.parents.isEmpty {
            _ = try? engine.addView(role: role, parent: nil, frame: Rect(x: 0, y: 0, width: 400, height: 800))
        }
        _ = try? engine.touchDown(1, at: Point(x: 10, y: 10), time: 0)
        _ = try? engine.touchMove(1, to: Point(x: 80, y: 10), time: 0.1)
        _ = try? engine.touchUp(1, at: Point(x: 90, y: 10), time: 0.2)
        _ = try? engine.advance(to: 5)
    }
    return 0
}
