import GestureCompiler
import GestureRuntime
import TestSupport
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

/// A node the search queues while the nodes waiting outnumber the states it may still
/// visit keeps only the events that reached it; taken after all, its engine is run
/// again from them. That must give the very engine the node had: with every queued
/// node run again, the search finds what it finds with every node keeping its engine.
@Suite("The explorer's queued nodes")
struct ExplorerQueuedNodeTests {
    /// A photo's taps, press and swipe under a window's pan and pinch: enough states
    /// for the search to queue, cut and run nodes again (`AloneRunsTests` too).
    static let spec = """
        gestures Photo {
          view window { view photo }
          recognizer single = tap on photo
          recognizer double = tap(taps: 2) on photo
          recognizer press = longPress on photo
          recognizer drag = pan on window
          recognizer zoom = pinch on window
          recognizer flick = swipe(direction: left) on photo
          single requires double to fail
        }
        """

    @Test("nodes that keep only their events find what nodes that keep their engines find")
    func rerunNodesFindTheSame() throws {
        let program = try #require(check(Self.spec).lowered().sets.first?.program)
        let engine = try GestureEngine(program: program)
        try engine.setWindowSize(Probe.window)
        let window = try engine.addView(role: 0, parent: nil, frame: Rect(x: 0, y: 0, width: Probe.window.x, height: Probe.window.y))
        try engine.addView(role: 1, parent: window, frame: Rect(x: 0, y: 0, width: Probe.window.x, height: Probe.window.y))
        var bounds = Explorer.Bounds.standard
        bounds.states = 1500
        var explorer = Explorer(classes: FeatureClasses(program), bounds: bounds, window: Probe.window)
        let (likely, likelyResult) = explorer.inputs(from: engine)
        explorer.queuedEngines = .all
        let (all, allResult) = explorer.inputs(from: engine)
        explorer.queuedEngines = .none
        let (none, noneResult) = explorer.inputs(from: engine)
        // The comparison is not of one path with itself: nodes were run again.
        #expect(noneResult.nodesRerun > 100, "\(noneResult.nodesRerun)")
        #expect(allResult.nodesRerun == 0)
        for (inputs, result) in [(likely, likelyResult), (none, noneResult)] {
            #expect(result.statesVisited == allResult.statesVisited)
            #expect(inputs.map(\.summary) == all.map(\.summary))
            #expect(inputs.map(\.events) == all.map(\.events))
        }
    }
}

/// The touch types the explorer puts down (R87): one of each class of types the
/// recognizers take alike, so a set that never tells them apart costs what it did.
@Suite("The explorer's touch types")
struct ExplorerTouchTypeTests {
    static func classes(_ members: String) throws -> FeatureClasses {
        FeatureClasses(try #require(check("gestures S {\n  view window\n\(members)}\n").lowered().sets.first?.program))
    }

    @Test("a finger alone where every recognizer takes every type; a type for each class otherwise; both sets' classes for a diff")
    func classesOfTypes() throws {
        #expect(try Self.classes("  recognizer a = tap on window\n").touchTypes == [.direct])
        let pencil = try Self.classes("  recognizer a = tap on window { allowedTouchTypes: pencil }\n  recognizer b = pan on window\n")
        // direct, indirect and indirectPointer: b alone; pencil: both.
        #expect(pencil.touchTypes == [.direct, .pencil])
        let pointer = try Self.classes("  recognizer a = tap on window { allowedTouchTypes: [direct, pencil] }\n")
        // direct and pencil: a; indirect and indirectPointer: none.
        #expect(pointer.touchTypes == [.direct, .indirect])
        // Together, a type is alike another only where both sets say so.
        #expect(pencil.union(pointer).touchTypes == [.direct, .indirect, .pencil])
        #expect(pointer.union(pencil).touchTypes == [.direct, .indirect, .pencil])
        // A predicate that reads the type tells every type apart.
        let reads = try Self.classes("  recognizer a = tap on window { shouldReceiveTouch: touchType == pencil }\n")
        #expect(reads.touchTypes == TouchType.allCases)
    }
}
