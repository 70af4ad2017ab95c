import GestureCompiler
import GestureRuntime
import Testing

@testable import GestureAnalysis

/// The explorer's bounds keep a search's time and memory whatever the spec.
@Suite("The explorer's bounds")
struct ExplorerBoundsTests {
    /// A chain of `count` taps on one view, each requiring the next to fail.
    static func chain(_ count: Int) throws -> GestureProgram {
        var spec = "gestures Chain {\n  view window\n"
        for index in 0...count { spec += "  recognizer r\(index) = tap on window\n" }
        for index in 0..<count { spec += "  r\(index) requires r\(index + 1) to fail\n" }
        return try #require(check(spec + "}\n").lowered().sets.first?.program)
    }

    @Test("the engines queued at once are bounded: past the bound a node is not queued, and the search says it was cut")
    func queuedEngines() throws {
        let program = try Self.chain(40)
        var roomy = Explorer.Bounds.standard
        roomy.states = 300
        let free = Exploration.explore(program, bounds: roomy)
        // Room for three engines of the chain's 41 recognizers in the queue at once.
        var tight = roomy
        tight.queued = 41 * 3
        let bounded = Exploration.explore(program, bounds: tight)
        #expect(bounded.statesVisited < free.statesVisited)
        #expect(!bounded.cutSettings.isEmpty)
        // A bound that fits the whole frontier changes nothing.
        var wide = roomy
        wide.queued = 10_000_000
        #expect(Exploration.explore(program, bounds: wide).statesVisited == free.statesVisited)
    }
}
