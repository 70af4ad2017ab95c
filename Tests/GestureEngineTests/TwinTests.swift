import TestSupport
import Testing

@testable import GestureRuntime

/// Twins (`EngineTables.twinClass`): recognizers of one kind and one set of arguments,
/// fed one after the other with the measurements of one lineage, take the first one's
/// row decision, and their actions share one block of values (docs/engine.md, Cost).
/// The random streams of `PropertyTests` compare whole runs with an engine where each
/// recognizer measures, decides and reports alone; these pin the rules of the mechanism
/// and what a hand sees.
@Suite("Twins")
struct TwinTests {
    /// Pans on `views`, nested, that recognize together.
    static func nestedPans(_ views: [String], arguments: [String] = []) -> String {
        var members = "view window { view v0 { view v1 { view v2 } } }\n"
        for (index, view) in views.enumerated() {
            let argument = index < arguments.count ? "(\(arguments[index]))" : ""
            members += "recognizer p\(index) = pan\(argument) on \(view) { shouldRecognizeSimultaneously: true }\n"
        }
        return members
    }

    /// A finger lands at (100, 100) on the deepest view and moves right 10 pt every
    /// 10 ms, `moves` times.
    static func drag(_ scene: inout Scenario, moves: Int) throws {
        try scene.down(1, 100, 100, at: 0, on: "v2")
        for step in 1...moves { try scene.move(1, 100 + Double(step) * 10, 100, at: Double(step) * 0.01) }
    }

    @Test("four nested pans on one finger decide once and report once a move, as each would alone (R69)")
    func nestedPansDecideOnce() throws {
        let members = Self.nestedPans(["window", "v0", "v1", "v2"])
        var scene = try Scenario(members, views: ["window", "v0", "v1", "v2"])
        try Self.drag(&scene, moves: 5)
        // R69: each pan begins at the first move, 10 pt from the touch-down (its
        // hysteresis), then changes at every move. Values: location, translation, and a
        // velocity of 10 pt in 10 ms.
        // (The velocity to within rounding: the event times are sums of 10 ms.)
        let expected: [[Double]] = (1...5).map { step in
            let x = Double(step) * 10
            return [100 + x, 100, x, 0]
        }
        for name in ["p0", "p1", "p2", "p3"] {
            let actions = scene.actions.filter { $0.name == name }
            #expect(actions.map(\.phase) == [.began, .changed, .changed, .changed, .changed], "\(name)")
            #expect(actions.map { Array($0.values.prefix(4)) } == expected, "\(name)")
            #expect(actions.allSatisfy { abs($0.values[4] - 1000) < 1e-6 && $0.values[5] == 0 }, "\(name)")
        }
        // At each move the deepest (p3) decides and measures; the three above it are its
        // twins, and take both. Their actions name one block of values.
        #expect(scene.engine.decisionsShared == 5 * 3)
        #expect(scene.engine.valuesShared == 5 * 3)
        let ranges = Set(
            scene.engine.outputs.compactMap { output -> Range<Int>? in
                if case .action(let action) = output { action.values } else { nil }
            })
        #expect(ranges.count == 1)

        var reference = try Scenario(members, views: ["window", "v0", "v1", "v2"], variant: .measuringEach)
        try Self.drag(&reference, moves: 5)
        #expect(reference.engine.decisionsShared == 0)
        #expect(scene.log == reference.log)
        #expect(scene.actions.map(\.values) == reference.actions.map(\.values))
    }

    @Test("pans of one kind with other arguments are not twins: each begins at its own hysteresis (R69)")
    func otherArgumentsDecideApart() throws {
        let members = Self.nestedPans(["v1", "v2"], arguments: ["hysteresis: 20pt", "hysteresis: 10pt"])
        var scene = try Scenario(members, views: ["window", "v0", "v1", "v2"])
        try Self.drag(&scene, moves: 3)
        // The deepest (10 pt) begins at the first move; the other, at 20 pt, at the second.
        #expect(scene.actions.filter { $0.name == "p1" }.map(\.time) == [0.01, 0.02, 0.03])
        #expect(scene.actions.filter { $0.name == "p0" }.map(\.time) == [0.02, 0.03])
        #expect(scene.actions.filter { $0.name == "p0" }.map(\.phase) == [.began, .changed])
        #expect(scene.engine.decisionsShared == 0)
    }

    /// p1 on v2 is fed first (deepest), p0 on v1 after it, as its twin; one of them
    /// waits for the swipe on v2 to fail.
    @Test(
        "a held twin takes the decision, not the action, and begins when released (R53, R54)",
        arguments: ["p1", "p0"])
    func heldTwin(held name: String) throws {
        let members =
            Self.nestedPans(["v1", "v2"]) + """
                recognizer flick = swipe(direction: left) on v2
                \(name) requires flick to fail
                """
        var scene = try Scenario(members, views: ["window", "v0", "v1", "v2"])
        try Self.drag(&scene, moves: 6)
        // The other: began at the first move (10 pt), then a change at every move.
        let free = scene.actions.filter { $0.name == (name == "p1" ? "p0" : "p1") }
        #expect(free.map(\.phase) == [.began, .changed, .changed, .changed, .changed, .changed])
        #expect(free.map { $0.values[2] } == [10, 20, 30, 40, 50, 60])
        // The held one left `possible` inside at the first move, and moved on inside
        // while held (R54). The swipe fails at 50 pt moving right, not left (R71): it is
        // released with one `began` in that event (R30), with the values then, and
        // changes after.
        let held = scene.actions.filter { $0.name == name }
        #expect(held.map(\.phase) == [.began, .changed])
        #expect(held.map(\.time) == [0.05, 0.06])
        #expect(held.map { $0.values[2] } == [50, 60])
        // Every move after the touch-down: p0 took p1's row, held or not.
        #expect(scene.engine.decisionsShared == 6)

        var reference = try Scenario(members, views: ["window", "v0", "v1", "v2"], variant: .measuringEach)
        try Self.drag(&reference, moves: 6)
        #expect(scene.log == reference.log)
        #expect(scene.actions.map(\.values) == reference.actions.map(\.values))
    }

    @Test("what twins share: measurements, arguments and constants, not their views, inputs, variables or hooks")
    func sharedInputs() {
        #expect(EngineTables.readsOnlyMeasurements([.feature(.translation), .parameter(0), .greaterEqual][...]))
        #expect(EngineTables.readsOnlyMeasurements([.feature(.touchCount), .constant(1), .less][...]))
        #expect(EngineTables.readsOnlyMeasurements([.touchedInside(0)][...]))
        for feature in [Feature.cannotScroll, .gliding, .scrolling, .transforming, .pointerInside] {
            #expect(!EngineTables.readsOnlyMeasurements([.feature(feature)][...]), "\(feature)")
        }
        for instruction in [Instruction.variable(0), .hook(0), .other, .otherParameter(0), .store(0), .restart] {
            #expect(!EngineTables.readsOnlyMeasurements([instruction][...]), "\(instruction)")
        }
    }

    @Test("a row after one that reads something of the recognizer's own is decided by each")
    func rowsAfterOwnInputs() throws {
        let program = try compileSet("view window\nrecognizer drag = pan on window")
        let tables = EngineTables(program, registerForm: true)
        let pan = try #require(program.kinds.firstIndex { $0.name == "pan" })
        let kind = program.kinds[pan]
        let possible = try #require(kind.states.firstIndex { $0.name == "possible" })
        let cell = tables.kinds[pan].cellBase + possible * kind.eventCount + GestureProgram.Event.move
        let rows = (tables.rowStarts[cell]..<tables.rowStarts[cell + 1]).map { tables.rows[$0] }
        // The prelude's pan in `possible`, on a move: the finger's row reads the
        // measurements; the pointer's scroll row after it reads `scrolling`.
        #expect(rows.map(\.decidedByMeasurements) == [true, false])
        #expect(!tables.cellDecidedByMeasurements[cell])
    }
}
