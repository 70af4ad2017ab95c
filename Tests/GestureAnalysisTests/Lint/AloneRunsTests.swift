import GestureCompiler
import GestureRuntime
import TestSupport
import Testing

@testable import GestureAnalysis

/// A participant's run alone starts from its input's parent, kept from the solo's last
/// run, rather than from the input's first gesture: the search finishes an input's
/// continuations one after another. The same calls must give the same engine and
/// recorder, so both starts must find the same acts and the same deliveries.
@Suite("Runs alone")
struct AloneRunsTests {
    @Test("a run alone started from its input's parent finds what a run from the input's start finds")
    func runsFromParentsFindTheSame() throws {
        let program = try #require(check(ExplorerQueuedNodeTests.spec).lowered().sets.first?.program)
        var bounds = Explorer.Bounds.standard
        bounds.states = 400
        let exploration = Exploration.explore(program, bounds: bounds)
        let fromParents = AloneRuns(program: program, places: exploration.places)
        let fromStart = AloneRuns(program: program, places: exploration.places)
        fromStart.startsFromParents = false
        for runs in [fromParents, fromStart] { runs.settings = exploration.settings }
        var compared = 0
        for (setting, inputs) in exploration.inputsBySetting.enumerated() {
            let views = exploration.places[exploration.settings[setting].place].views.indices
            for input in inputs {
                let run = Exploration.Run(input: input, setting: setting)
                for declaration in program.recognizers.indices {
                    for view in views {
                        let expected = fromStart.act(of: declaration, onView: view, run: run, tree: exploration.inputs)
                        #expect(fromParents.act(of: declaration, onView: view, run: run, tree: exploration.inputs) == expected)
                        if expected != nil { compared += 1 }
                    }
                }
                for view in views {
                    for touch in 0..<2 {
                        let expected = fromStart.delivery(to: view, touch: touch, run: run, tree: exploration.inputs)
                        #expect(fromParents.delivery(to: view, touch: touch, run: run, tree: exploration.inputs) == expected)
                    }
                }
            }
        }
        // The comparison is not of one start with itself, nor of nothing.
        #expect(fromParents.runsFromParent > fromParents.runs / 2, "\(fromParents.runsFromParent) of \(fromParents.runs)")
        #expect(fromStart.runsFromParent == 0)
        #expect(compared > 100, "\(compared)")
    }
}
