import GestureRuntime
import TestSupport
import Testing

/// Taps, double taps and the failure requirement between them (R31, R49, R53–R55, R63,
/// R64).
@Suite("Taps")
struct TapTests {
    static let photo = """
        view window { view photo }
        recognizer singleTap = tap on photo
        recognizer doubleTap = tap(taps: 2) on photo
        """

    @Test("R31 R63: a tap recognizes once, at the lift, with one ended action")
    func singleTap() throws {
        var scene = try Scenario("view window\nrecognizer tap1 = tap on window", views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        #expect(scene.phases("tap1") == [])
        try scene.up(1, 10, 10, at: 0.1)
        #expect(scene.phases("tap1") == [.ended])
        #expect(try scene.state("tap1") == .possible, "reset after the sequence (R31, R32)")
    }

    @Test("R63: moving past the allowable movement fails a tap")
    func movementFails() throws {
        var scene = try Scenario("view window\nrecognizer tap1 = tap on window", views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.move(1, 80, 10, at: 0.05)
        try scene.up(1, 80, 10, at: 0.1)
        #expect(scene.phases("tap1") == [])
        #expect(scene.lines("tap1 failed").count == 1)
    }

    @Test("R64: a tap reports the location of its first tap")
    func location() throws {
        var scene = try Scenario("view window\nrecognizer tap1 = tap(taps: 2) on window", views: ["window"])
        try scene.tap(1, 10, 20, at: 0, on: "window")
        try scene.tap(2, 30, 40, at: 0.2, on: "window")
        #expect(scene.actions.map(\.values) == [[10, 20]])
    }

    @Test("R53 R55: a single tap waiting for a double tap fires the interval after the lift")
    func singleWaitsForDouble() throws {
        var scene = try Scenario(Self.photo + "\nsingleTap requires doubleTap to fail", views: ["window", "photo"])
        try scene.tap(1, 10, 10, at: 0, on: "photo")
        #expect(scene.phases("singleTap") == [], "held while the double tap may still come")
        #expect(scene.lines("singleTap held for doubleTap").count == 1)
        #expect(scene.engine.nextDeadline == 0.05 + 0.35)
        try scene.advance(to: 1)
        #expect(scene.phases("singleTap") == [.ended])
        #expect(abs((scene.actions.first?.time ?? 0) - 0.4) < 1e-9, "fires at the double tap's deadline (R55)")
    }

    @Test("R53: a double tap fails the single tap that requires it to fail")
    func doubleFailsSingle() throws {
        var scene = try Scenario(Self.photo + "\nsingleTap requires doubleTap to fail", views: ["window", "photo"])
        try scene.tap(1, 10, 10, at: 0, on: "photo")
        try scene.tap(2, 10, 10, at: 0.2, on: "photo")
        #expect(scene.phases("doubleTap") == [.ended])
        #expect(scene.phases("singleTap") == [])
        #expect(scene.lines("singleTap failed: doubleTap recognized").count == 1, "\(scene.log)")
    }

    @Test("R49: a single tap does not prevent a double tap; the double tap excludes the single")
    func tapsPrevention() throws {
        var scene = try Scenario(Self.photo, views: ["window", "photo"])
        try scene.tap(1, 10, 10, at: 0, on: "photo")
        #expect(scene.phases("singleTap") == [.ended], "single fires once")
        #expect(scene.lines("doubleTap not prevented by singleTap").count == 1)
        try scene.tap(2, 10, 10, at: 0.2, on: "photo")
        #expect(scene.phases("doubleTap") == [.ended], "then double fires")
        #expect(scene.phases("singleTap") == [.ended], "the second tap's single is excluded")
    }

    @Test("R63: a finger that lifts past the allowable movement, with no move before, fails a tap")
    func liftPastMovementFails() throws {
        var scene = try Scenario("view window\nrecognizer tap1 = tap on window", views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.up(1, 80, 10, at: 0.1)
        #expect(scene.phases("tap1") == [])
        #expect(scene.lines("tap1 failed").count == 1)
    }

    @Test("R63 R65: a later tap farther than allowableSeparation from the first fails the sequence")
    func tapsAtOneSpot() throws {
        var far = try Scenario("view window\nrecognizer double = tap(taps: 2) on window", views: ["window"])
        try far.tap(1, 100, 100, at: 0, on: "window")
        try far.tap(2, 300, 300, at: 0.15, on: "window")
        #expect(far.phases("double") == [])
        #expect(far.lines("double failed") == ["0.150 double failed"], "at the second touch-down")

        var near = try Scenario("view window\nrecognizer double = tap(taps: 2) on window", views: ["window"])
        try near.tap(1, 100, 100, at: 0, on: "window")
        try near.tap(2, 130, 130, at: 0.15, on: "window")  // 42 pt away
        #expect(near.phases("double") == [.ended])

        var wide = try Scenario(
            "view window\nrecognizer double = tap(taps: 2, allowableSeparation: 300pt) on window", views: ["window"])
        try wide.tap(1, 100, 100, at: 0, on: "window")
        try wide.tap(2, 300, 300, at: 0.15, on: "window")
        #expect(wide.phases("double") == [.ended], "the distance is a parameter")
    }
}
