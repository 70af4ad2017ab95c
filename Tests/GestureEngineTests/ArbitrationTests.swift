import GestureRuntime
import TestSupport
import Testing

/// Exclusion, ties, simultaneity, prevention and failure requirements between
/// recognizers (R46–R59).
@Suite("Arbitration")
struct ArbitrationTests {
    static let nested = """
        view window { view card }
        recognizer outer = pan on window
        recognizer inner = pan on card
        """

    @Test("R46 R50: on one step the deeper view's recognizer wins and excludes the other")
    func deeperWins() throws {
        var scene = try Scenario(Self.nested, views: ["window", "card"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "card")
        // Began at the second move (10 pt), then a change per move, then the lift.
        #expect(scene.phases("inner") == [.began] + Array(repeating: .changed, count: 8) + [.ended])
        #expect(scene.phases("outer") == [])
        #expect(scene.lines("outer excluded by inner").count == 1)
    }

    @Test("R50: on one view the most recently added recognizer wins a tie")
    func laterAddedWins() throws {
        var scene = try Scenario("view window\nrecognizer first = pan on window\nrecognizer second = pan on window", views: ["window"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "window")
        #expect(scene.phases("second").first == .began)
        #expect(scene.phases("first") == [])
    }

    @Test("R47: recognizers on sibling views never exclude each other")
    func siblings() throws {
        var scene = try Scenario(
            "view window { view leftPane view rightPane }\nrecognizer a = pan on leftPane\nrecognizer b = pan on rightPane",
            views: ["window", "leftPane", "rightPane"])
        try scene.down(1, 10, 10, at: 0, on: "leftPane")
        try scene.down(2, 300, 10, at: 0, on: "rightPane")
        try scene.move(1, 60, 10, at: 0.05)
        try scene.move(2, 350, 10, at: 0.05)
        #expect(scene.phases("a") == [.began])
        #expect(scene.phases("b") == [.began])
    }

    @Test("R47 Decision 5: an active child pan stops a parent's pan that another finger starts")
    func activeExcludesLater() throws {
        var scene = try Scenario(
            """
            view window { view card }
            recognizer outer = pan on window { shouldReceiveTouch: touchedView != card }
            recognizer inner = pan on card
            """, views: ["window", "card"])
        try scene.down(1, 10, 10, at: 0, on: "card")
        try scene.move(1, 60, 10, at: 0.05)
        #expect(scene.phases("inner") == [.began])
        // Finger 2 lands on the window alone: the parent's pan never shared a touch
        // with the child's, yet it may not begin while the child's is active.
        try scene.down(2, 300, 600, at: 0.07, on: "window")
        try scene.move(2, 300, 700, at: 0.1)
        #expect(scene.phases("outer") == [])
        #expect(scene.lines("outer excluded by inner").count == 1)
    }

    @Test("R48: a simultaneity group lets both recognize")
    func simultaneousGroup() throws {
        var scene = try Scenario(Self.nested + "\nsimultaneous outer, inner", views: ["window", "card"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "card")
        #expect(scene.phases("inner").first == .began)
        #expect(scene.phases("outer").first == .began)
        #expect(scene.lines("outer simultaneous with inner").count == 1)
    }

    @Test("R48: a yes from either side's shouldRecognizeSimultaneously wins")
    func simultaneousPredicate() throws {
        for (innerAnswer, outerAnswer) in [("true", "false"), ("false", "true")] {
            var scene = try Scenario(
                """
                view window { view card }
                recognizer outer = pan on window { shouldRecognizeSimultaneously: \(outerAnswer) }
                recognizer inner = pan on card { shouldRecognizeSimultaneously: \(innerAnswer) }
                """, views: ["window", "card"])
            try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "card")
            #expect(scene.phases("outer").first == .began)
            #expect(scene.phases("inner").first == .began)
        }
        var scene = try Scenario(
            """
            view window { view card }
            recognizer outer = pan on window { shouldRecognizeSimultaneously: other == nobody }
            recognizer inner = pan on card
            recognizer nobody = tap on window
            """, views: ["window", "card"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "card")
        #expect(scene.phases("outer") == [], "`other` names the other recognizer")
    }

    @Test("R48: `a cannot prevent b` lets b begin while a is active")
    func explicitPrevention() throws {
        var scene = try Scenario(
            """
            view window { view card }
            recognizer outer = pan on window
            recognizer inner = pan(hysteresis: 2pt) on card
            inner cannot prevent outer
            """, views: ["window", "card"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "card")
        #expect(scene.phases("inner").first == .began)
        #expect(scene.phases("outer").first == .began)
        #expect(scene.lines("outer not prevented by inner").count == 1)
    }

    @Test("R51: in a tie, the recognizer that can prevent the other wins whatever the depth")
    func preventionBeatsDepth() throws {
        var scene = try Scenario(Self.nested + "\ninner cannot prevent outer", views: ["window", "card"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "card")
        #expect(scene.phases("outer").first == .began)
        #expect(scene.phases("inner") == [])
    }

    @Test("R51: in a tie, the recognizer that can prevent the other goes first")
    func preventionTieBreak() throws {
        // Both taps recognize on the same lift; the double tap is added first, so R50
        // alone would pick the single tap.
        var scene = try Scenario(
            """
            view window
            recognizer double = tap(taps: 2) on window
            recognizer single = tap on window
            """, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        try scene.tap(2, 10, 10, at: 0.2, on: "window")
        #expect(scene.phases("double") == [.ended])
        #expect(scene.phases("single") == [.ended], "only the first tap's")
        #expect(scene.lines("single excluded by double").count == 1)
    }

    @Test("R57: failure requirements are transitive")
    func transitive() throws {
        var scene = try Scenario(
            """
            view window
            recognizer one = tap on window
            recognizer two = tap(taps: 2) on window
            recognizer three = tap(taps: 3) on window
            one requires two to fail
            two requires three to fail
            """, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        try scene.tap(2, 10, 10, at: 0.2, on: "window")
        #expect(scene.phases("two") == [], "two waits for three")
        #expect(scene.phases("one") == [])
        try scene.advance(to: 2)
        #expect(scene.phases("two") == [.ended])
        #expect(scene.phases("one") == [], "one failed when two recognized")
    }

    @Test("R54: a held pan, released, reports began first even after moving on inside")
    func heldPanReportsBegan() throws {
        var scene = try Scenario(
            """
            view window
            recognizer drag = pan on window
            recognizer press = longPress(minimumDuration: 1s, allowableMovement: 500pt) on window
            drag requires press to fail
            """, views: ["window"])
        try scene.down(1, 10, 10, at: 0, on: "window")
        try scene.move(1, 30, 10, at: 0.1)
        try scene.move(1, 60, 10, at: 0.2)
        #expect(scene.phases("drag") == [])
        #expect(scene.lines("drag held for press").count == 1)
        try scene.up(1, 60, 10, at: 0.3)
        // The press fails at the lift; the pan had ended inside.
        #expect(scene.phases("drag") == [.began, .ended])
        #expect(scene.phases("press") == [])
    }

    @Test("R58: a held recognizer is still possible and can be excluded by a third")
    func heldExcluded() throws {
        var scene = try Scenario(
            """
            view window { view card }
            recognizer waiting = pan on window
            recognizer blocker = longPress on window
            recognizer winner = pan on card
            waiting requires blocker to fail
            """, views: ["window", "card"])
        try scene.down(1, 10, 10, at: 0, on: "card")
        try scene.move(1, 40, 10, at: 0.05)
        // The card's pan is deeper and wins the tie outright.
        #expect(scene.phases("winner") == [.began])
        #expect(scene.phases("waiting") == [])
        #expect(!scene.lines("waiting excluded by winner").isEmpty)
    }

    @Test("R59: shouldBegin false fails the recognizer, and a hook answers it")
    func shouldBegin() throws {
        var scene = try Scenario(
            """
            view window
            hook allowDrag
            recognizer drag = pan on window { shouldBegin: allowDrag && translation.x > 0 }
            """, views: ["window"])
        try scene.drag(1, from: 100, 10, by: -50, 0, at: 0, on: "window")
        #expect(scene.phases("drag") == [])
        #expect(scene.lines("drag vetoed by shouldBegin").count == 1)
        try scene.drag(2, from: 100, 10, by: 50, 0, at: 1, on: "window")
        #expect(scene.phases("drag").first == .began, "\(scene.log)")
        try scene.engine.bind(hook: 0) { false }
        try scene.drag(3, from: 100, 10, by: 50, 0, at: 2, on: "window")
        #expect(scene.lines("drag vetoed by shouldBegin").count == 2)
    }

    @Test("R20: shouldReceiveTouch false hides the touch from the recognizer")
    func shouldReceiveTouch() throws {
        var scene = try Scenario(
            """
            view window { view button }
            recognizer drag = pan on window { shouldReceiveTouch: touchedView != button }
            """, views: ["window", "button"])
        try scene.drag(1, from: 10, 10, by: 50, 0, at: 0, on: "button")
        #expect(scene.phases("drag") == [])
        #expect(scene.lines("drag refused touch 1").count == 1)
        try scene.drag(2, from: 10, 10, by: 50, 0, at: 1, on: "window")
        #expect(scene.phases("drag").first == .began)
    }

    /// R59: a hook learns which recognizer asks, on which view, so that it never needs
    /// to read the engine, which is being changed while it runs.
    @Test("R59: a hook's answer gets the recognizer, declaration and view that ask")
    func hookQuery() throws {
        var scene = try Scenario(
            """
            view window { view a; view b }
            hook allow
            recognizer drag = pan on a { shouldBegin: allow }
            recognizer slide = pan on b { shouldBegin: allow }
            """, views: ["window", "a", "b"])
        let allowed = try #require(scene.views["b"])
        let asked = QueryLog()
        try scene.engine.bind(hook: 0) { query in
            asked.queries.append(query)
            return query.view == allowed
        }
        try scene.drag(1, from: 10, 10, by: 0, 50, at: 0, on: "a")
        try scene.drag(2, from: 10, 10, by: 0, 50, at: 1, on: "b")
        #expect(scene.phases("drag").isEmpty)
        #expect(scene.phases("slide") == [.began, .changed, .changed, .changed, .changed, .changed, .changed, .changed, .changed, .ended])
        #expect(asked.queries.map(\.declaration) == [0, 1])
        #expect(asked.queries.map(\.time) == [0.02, 1.02], "asked once each, at the step that reaches the hysteresis")
        #expect(asked.queries.map(\.recognizer) == [try scene.recognizer("drag"), try scene.recognizer("slide")])
    }

    /// R50 R51 with many requests of two prevention classes at once: fifty single taps
    /// added after a double tap. R50 alone would pick the last single tap every time; at
    /// the second lift the double tap can prevent the single taps and they cannot
    /// prevent it, so it is decided first, whatever the number of single taps.
    @Test("R50 R51: a double tap beats fifty later single taps at its second lift")
    func preventionAcrossManyRequests() throws {
        var members = "view window\nrecognizer double = tap(taps: 2) on window\n"
        for index in 0..<50 { members += "recognizer single\(index) = tap on window\n" }
        var scene = try Scenario(members, views: ["window"])
        try scene.tap(1, 10, 10, at: 0, on: "window")
        try scene.tap(2, 10, 10, at: 0.2, on: "window")
        #expect(scene.lines(" ended") == ["0.050 single49 ended", "0.250 double ended"])
        #expect(scene.lines("single48 excluded by single49").count == 1)
        #expect(scene.lines("single49 excluded by double").count == 1)
        #expect(scene.lines("double excluded").isEmpty)
    }

    /// R53 R57 along a long chain: each tap of `r0 requires r1 to fail`, …, all on one
    /// view. At each lift every tap asks; the last of the chain recognizes, the one
    /// before it fails by its requirement, every other is excluded. (Deciding the
    /// requests used to compare every pair: this chain took seconds.)
    @Test("R53 R57: along a chain of 1,000 failure requirements the last tap recognizes")
    func longRequirementChain() throws {
        let count = 1000
        var members = "view window\n"
        for index in 0..<count { members += "recognizer r\(index) = tap on window\n" }
        for index in 0..<(count - 1) { members += "r\(index) requires r\(index + 1) to fail\n" }
        var scene = try Scenario(members, views: ["window"])
        for tap in 0..<3 {
            try scene.tap(1, 10, 10, at: Double(tap), on: "window")
        }
        #expect(scene.actions.map(\.name) == ["r999", "r999", "r999"])
        #expect(scene.lines("r998 failed: r999 recognized").count == 3)
        #expect(scene.lines("excluded by r999").count == 3 * (count - 2))
        #expect(scene.lines(" reset").count == 3 * count)
    }
}

/// Collects what a hook was asked.
final class QueryLog: @unchecked Sendable {
    var queries: [HookQuery] = []
}

/// Predicates that ask where a touch landed and what the other recognizer is (issue
/// 18): `touchedView in ROLE` (the view or inside it), `other.view`, `other.kind`.
@Suite("Predicates on views and kinds")
struct ViewAndKindPredicateTests {
    static let views = "view window { view scroller { view photo { view badge } } view toolbar }"

    /// A drag on the photo, through the photo's pan and the scroller's, whose
    /// simultaneity predicate is `condition`: the phases each sent.
    func drag(simultaneousWhen condition: String) throws -> (scroll: [GestureAction.Phase], drag: [GestureAction.Phase]) {
        var scene = try Scenario(
            """
            \(Self.views)
            recognizer scroll = pan on scroller { shouldRecognizeSimultaneously: \(condition) }
            recognizer drag = pan on photo
            recognizer zoom = pinch on scroller
            """, views: ["window", "scroller", "photo"])
        try scene.drag(1, from: 100, 100, by: 0, 50, at: 0, on: "photo")
        return (scene.phases("scroll"), scene.phases("drag"))
    }

    @Test("R48: other.kind and other.view decide simultaneity; other.view in ROLE takes views inside it")
    func otherRecognizer() throws {
        for condition in ["other.kind == pan", "other.view == photo", "other.view in scroller", "other.kind != pinch"] {
            let (scroll, drag) = try drag(simultaneousWhen: condition)
            #expect(scroll.first == .began && scroll.last == .ended, "\(condition): \(scroll)")
            #expect(drag.first == .began && drag.last == .ended, "\(condition): \(drag)")
        }
        // Otherwise the deeper pan begins first and excludes the scroller's (R46, R47).
        for condition in ["other.kind == pinch", "other.view == scroller", "other.view in toolbar", "other.kind == swipe"] {
            let (scroll, drag) = try drag(simultaneousWhen: condition)
            #expect(scroll.isEmpty && drag.first == .began, "\(condition)")
        }
    }

    @Test("touchedView in ROLE: the touch's view is of that role or inside one; == is the role alone")
    func touchedInside() throws {
        for (condition, onBadge) in [("touchedView in photo", true), ("touchedView == photo", false)] {
            var scene = try Scenario(
                """
                \(Self.views)
                recognizer press = tap on window { shouldReceiveTouch: \(condition) }
                """, views: ["window", "scroller", "photo", "badge", "toolbar"])
            try scene.tap(1, 10, 10, at: 0, on: "photo")
            try scene.tap(2, 10, 10, at: 1, on: "badge")
            try scene.tap(3, 10, 10, at: 2, on: "toolbar")
            #expect(scene.phases("press") == Array(repeating: .ended, count: onBadge ? 2 : 1), "\(condition)")
            #expect(scene.lines("refused touch 3").count == 1, "\(condition): the toolbar is not in the photo")
            #expect(scene.lines("refused touch 2").count == (onBadge ? 0 : 1), "\(condition)")
        }
    }
}
