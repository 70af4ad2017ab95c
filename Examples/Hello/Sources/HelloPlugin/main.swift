import GestureRuntime

// A tap on the button, fed to the engine with the host's clock, and the actions it
// sends. Each call's outputs are read before the next call replaces them.
do {
    let engine = try GestureEngine(program: Hello.program)
    let window = try engine.addView(role: Hello.View.window, parent: nil, frame: Rect(x: 0, y: 0, width: 320, height: 480))
    _ = try engine.addView(role: Hello.View.button, parent: window, frame: Rect(x: 100, y: 200, width: 120, height: 44))
    func printActions() throws {
        for case .action(let action) in engine.outputs {
            let name = try engine.name(of: action.recognizer, as: Hello.Recognizer.self)
            print("\(name.map { "\($0)" } ?? "?") \(action.phase) at \(action.time) s")
        }
    }
    try engine.touchDown(1, at: Point(x: 150, y: 220), time: 0)
    try printActions()
    try engine.touchUp(1, at: Point(x: 150, y: 220), time: 0.08)
    try printActions()
} catch {
    print("error: \(error)")
}
