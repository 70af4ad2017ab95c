import GestureRuntime

/// Runs inputs one after another on one engine, the one way lint, graph and diff run
/// an input: each starts a second after the last one ended, which ended two seconds
/// after its last event, so every recognizer has reset in between (R32). Times in an
/// input are relative to its start. `observe` reads the engine's outputs after every
/// call: before each event (timers due first), after it, and at the input's end.
struct InputReplay {
    /// Where the next input starts.
    private(set) var nextStart: Double

    init(after engine: GestureEngine) {
        nextStart = max(engine.now, 0) + 1
    }

    /// Runs one input, from `nextStart`. A call the engine refuses is left out: an
    /// input the explorer made is valid for the engine it was made for.
    mutating func run(_ events: [Probe.Event], on engine: GestureEngine, observe: () -> Void) {
        let start = nextStart
        for event in events {
            try? engine.advance(to: start + event.time)
            observe()
            try? engine.handle(event.changes, time: start + event.time)
            observe()
        }
        let end = start + (events.last?.time ?? 0) + 2
        try? engine.advance(to: end)
        observe()
        nextStart = end + 1
    }
}
