import GestureRuntime

/// Engines a search is done with, whose memory its next copies take
/// (`GestureEngine.copy(reusing:)`): the explorer copies an engine for every gesture it
/// tries and drops as many, and allocating and freeing their buffers was a third of
/// lint's time (docs/benchmarks.md, "The analysis judged by difference").
struct SpareEngines {
    private var engines: [GestureEngine] = []
    /// What a given-back engine's holder is left with: any engine, never changed here.
    private let placeholder: GestureEngine

    /// Enough for what a search drops between two copies; more would only hold memory.
    static let capacity = 16

    init(placeholder: GestureEngine) {
        self.placeholder = placeholder
    }

    /// A copy of `engine`, in a spare's memory when there is one.
    mutating func copy(of engine: GestureEngine) -> GestureEngine {
        engine.copy(reusing: engines.popLast())
    }

    /// Takes `engine` from its holder, who is left with the placeholder, if nothing else
    /// holds it: an engine a client kept must not change under it.
    mutating func giveBack(_ engine: inout GestureEngine) {
        guard engine !== placeholder, engines.count < Self.capacity, isKnownUniquelyReferenced(&engine) else { return }
        engines.append(engine)
        engine = placeholder
    }
}
