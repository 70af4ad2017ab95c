import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// Types and units: durations, distances, angles, counts and booleans do not mix.
@Suite("Types and units")
struct TypeTests {
    /// The messages for a `shouldBegin` predicate on a pan.
    private func predicate(_ text: String) -> [String] {
        messages(check(inSet("  recognizer r = pan on window { shouldBegin: \(text) }")))
    }

    @Test(
        "well-typed predicates",
        arguments: [
            "abs(velocity.x) > abs(velocity.y)",
            "translation.x / elapsed < velocity.x",  // distance per duration is a speed
            "length(velocity) > 300pt / 1s",
            "scale - 1 > 0.1 && abs(rotation) >= 5deg",  // ints mix with numbers
            "translation.y < 0 && movement > 0",  // a bare 0 fits any dimension
            "-translation.y < 100pt * 2 && min(movement, 3pt) < max(spread, 1pt)",
            "length(translation - startLocation) >= 10pt",  // vector arithmetic
            "dominantDirection in [left, right] && touchCount == 2 && touchedView == window",
            "elapsed > 0.35s && 350ms == 0.35s && rotationVelocity > 1rad / 1s",
        ])
    func wellTyped(text: String) {
        #expect(predicate(text) == [])
    }

    @Test(
        "ill-typed predicates",
        arguments: [
            ("movement > 10", "this number is a distance and needs a unit"),
            ("elapsed > movement", "'>' cannot combine duration and distance"),
            ("touchCount", "'shouldBegin' must be bool, found int"),
            ("min(1pt, 2s) > 0pt", "'min' cannot combine distance and duration"),
            ("length(movement) > 1pt", "the argument of 'length' must be a point or vector, found distance"),
            ("rotation > 5pt", "'>' cannot combine angle and distance"),
            ("!touchCount", "the operand of '!' must be bool, found int"),
            ("velocity > 1pt / 1s", "'>' cannot combine vector of speed and speed"),
            ("touchedView == 3", "'==' cannot combine view role and int"),
            ("translation.z > 0pt", "'translation' has no member 'z'"),
        ])
    func illTyped(text: String, message: String) {
        #expect(predicate(text) == [message])
    }

    @Test("a view's shouldBegin may name the recognizer asking as 'other', and nothing else of it (R45)")
    func viewPredicate() {
        func view(_ text: String) -> [String] {
            messages(check("gestures Test {\n  view window { shouldBegin: \(text) }\n  recognizer r = pan on window\n}\n"))
        }
        #expect(view("other != r && touchCount < 2") == [])
        #expect(view("other.taps > 1") == ["'other' has no member 'taps'"])
        #expect(view("translation") == ["'shouldBegin' must be bool, found point"])
        #expect(
            messages(check(inSet("  recognizer r = pan on window { shouldBegin: other == r }")))
                == ["'other' is only available in prevention rules, shouldRecognizeSimultaneously and a view's shouldBegin"])
    }

    @Test("'unlimited' is a count, or a quantity without a bound where an argument or a default gives one")
    func unlimited() throws {
        let spec = """
            kind hold(limit: duration = unlimited, slop: distance = unlimited) discrete {
              possible { on down -> possible { start timer t after limit }; on move where movement > slop -> failed; on timer t -> failed }
            }
            gestures G {
              view window
              recognizer a = tap(maximumDuration: unlimited, allowableMovement: unlimited) on window
              recognizer b = rotation(angleThreshold: unlimited) on window
              recognizer c = pan(maximumTouches: unlimited) on window
              recognizer d = hold on window
            }
            """
        #expect(messages(check(spec)) == [])
        // Not a bool, nor a direction; and in an expression it is still the int it was.
        #expect(
            messages(check(inSet("  recognizer a = swipe(direction: unlimited) on window"))) == [
                "argument 'direction' must be direction, found int"
            ])
        #expect(predicate("elapsed > unlimited") == ["'>' cannot combine duration and int"])
        // The tables hold it as the largest value, which inspect writes back as written.
        let program = try #require(build(spec).first?.program)
        let tap = try #require(program.recognizers.first)
        #expect(tap.arguments[3] == Double(Int32.max))
        #expect(TableListing.render(program).contains("maximumDuration: unlimited, allowableMovement: unlimited"))
    }

    @Test("a missing unit on an argument offers each unit: one is a fix, several a choice")
    func missingUnitNote() throws {
        let compilation = check(inSet("  recognizer r = tap(interval: 250) on window"))
        let diagnostic = try #require(compilation.diagnostics.diagnostics.first)
        #expect(diagnostic.message == "argument 'interval' is a duration and needs a unit")
        // 250 ms and 250 s are both plausible: neither is assumed.
        #expect(diagnostic.notes.map(\.message) == ["write '250ms' for milliseconds", "write '250s' for seconds"])
        #expect(compilation.diagnostics.fixes(in: diagnostic.range.file).isEmpty)
        // A speed parameter is written as a distance over a duration.
        let speed = try #require(check(inSet("  recognizer r = swipe(minimumSpeed: 400) on window")).diagnostics.diagnostics.first)
        #expect(speed.message == "argument 'minimumSpeed' is a speed and needs a unit")
        #expect(speed.notes.map(\.message) == ["write '400pt / 1s' for points per second", "write '400pt / 1ms' for points per millisecond"])
        // A distance has one unit: the one repair, which --fix applies.
        let distance = check(inSet("  recognizer r = tap(allowableMovement: 20) on window"))
        let only = try #require(distance.diagnostics.diagnostics.first)
        #expect(only.notes.map(\.message) == ["write '20pt'"])
        #expect(distance.diagnostics.fixes(in: only.range.file).map(\.replacement) == ["20pt"])
    }

    /// A speed compared with a bare number or a distance used to say only that the
    /// types do not combine. Rates are a quantity over a duration, for any quantity.
    @Test(
        "a rate beside a bare number or its quantity says how rates are written",
        arguments: [
            (
                "abs(velocity.y) > 100", "this number is a speed and needs a unit",
                ["write '100pt / 1s' for points per second", "write '100pt / 1ms' for points per millisecond"]
            ),
            (
                "abs(rotationVelocity) > 90", "this number is an angular speed and needs a unit",
                [
                    "write '90deg / 1s' for degrees per second", "write '90deg / 1ms' for degrees per millisecond",
                    "write '90rad / 1s' for radians per second", "write '90rad / 1ms' for radians per millisecond",
                ]
            ),
            (
                "abs(scaleVelocity) > 2", "this number is a rate and needs a unit",
                ["write '2 / 1s' for a rate per second", "write '2 / 1ms' for a rate per millisecond"]
            ),
            (
                "abs(velocity.y) > 100pt", "'>' cannot combine speed and distance",
                ["a speed is a distance over a duration: write '100pt / 1s'"]
            ),
        ])
    func rates(predicate: String, message: String, notes: [String]) throws {
        let compilation = check(inSet("  recognizer r = pan on window { shouldBegin: \(predicate) }"))
        let diagnostic = try #require(compilation.diagnostics.diagnostics.first)
        #expect(compilation.diagnostics.diagnostics.count == 1)
        #expect(diagnostic.message == message)
        #expect(diagnostic.notes.map(\.message) == notes)
        // Each spelling offered checks.
        for note in notes {
            let fixed = predicate.replacingOccurrences(
                of: #"> [0-9]+(pt)?$"#, with: "> " + (note.split(separator: "'")[1]), options: .regularExpression)
            #expect(messages(check(inSet("  recognizer r = pan on window { shouldBegin: \(fixed) }"))).isEmpty, "\(fixed)")
        }
    }

    @Test("an int stands for a number, not the reverse")
    func intToNumber() {
        #expect(messages(check(inSet("  recognizer r = pinch(scaleThreshold: 1) on window"))) == [])
        #expect(
            messages(check(inSet("  recognizer r = tap(taps: 1.5) on window")))
                == ["argument 'taps' must be int, found number"])
    }

    @Test("an unknown unit or a chained comparison is reported once, not again as a type")
    func noCascades() {
        #expect(messages(check(inSet("  recognizer r = tap(interval: 3px) on window"))) == ["unknown unit 'px'"])
        #expect(predicate("1 < touchCount < 3") == ["comparisons cannot be chained; combine them with '&&'"])
    }

    /// A dimension's powers are kept in 8 bits: a product of 127 distances still has a
    /// unit (and a bare `0` fits it); one more is an error, not an overflow.
    @Test("a product whose unit's power would pass 127 is GDL307, never a crash")
    func dimensionLimit() {
        func product(_ factors: Int, _ operation: String = " * ") -> String {
            Array(repeating: "translation.x", count: factors).joined(separator: operation) + " > 0"
        }
        #expect(predicate(product(127)) == [])
        #expect(predicate(product(128)) == ["the unit of this '*' has a power of time, length or angle beyond 127"])
        // Dividing goes the other way: 1 / length, divided 128 times more.
        #expect(predicate("1 / " + product(128, " / ")) == ["the unit of this '/' has a power of time, length or angle beyond 127"])
    }
}

@Suite("Parameter ranges")
struct RangeTests {
    /// Each standard kind's ranges, stated by its `require` lines in the prelude.
    @Test(
        "arguments outside a prelude kind's range are reported with the range",
        arguments: [
            ("tap(taps: 0)", "kind 'tap' requires taps >= 1, but taps is 0"),
            ("tap(touches: 0)", "kind 'tap' requires touches >= 1, but touches is 0"),
            (
                "tap(interval: 0ms)",
                "kind 'tap' requires ((interval > 0ms) && (maximumDuration > 0ms)) && (minimumInterval >= 0ms), but interval is 0ms, maximumDuration is 1500ms, minimumInterval is 0ms"
            ),
            (
                "tap(minimumInterval: -1ms)",
                "kind 'tap' requires ((interval > 0ms) && (maximumDuration > 0ms)) && (minimumInterval >= 0ms), but interval is 350ms, maximumDuration is 1500ms, minimumInterval is -1ms"
            ),
            (
                "longPress(minimumDuration: -1s)",
                "kind 'longPress' requires (minimumDuration > 0ms) && (interval > 0ms), but minimumDuration is -1000ms and interval is 350ms"
            ),
            ("longPress(touches: 0)", "kind 'longPress' requires touches >= 1, but touches is 0"),
            (
                "pan(minimumTouches: 3, maximumTouches: 2)",
                "kind 'pan' requires minimumTouches <= maximumTouches, but minimumTouches is 3 and maximumTouches is 2"
            ),
            ("pan(hysteresis: -1pt)", "kind 'pan' requires hysteresis >= 0pt, but hysteresis is -1pt"),
            (
                "swipe(minimumDistance: 0pt)",
                "kind 'swipe' requires ((minimumDistance > 0pt) && (maximumDuration > 0ms)) && (minimumSpeed >= 0), but minimumDistance is 0pt, maximumDuration is 500ms, minimumSpeed is 300pt / 1s"
            ),
            (
                "swipe(minimumSpeed: -1pt / 1s)",
                "kind 'swipe' requires ((minimumDistance > 0pt) && (maximumDuration > 0ms)) && (minimumSpeed >= 0), but minimumDistance is 50pt, maximumDuration is 500ms, minimumSpeed is -1pt / 1s"
            ),
            // Zero is "on any change"; below zero means nothing.
            ("pinch(scaleThreshold: -0.5)", "kind 'pinch' requires scaleThreshold >= 0, but scaleThreshold is -0.5"),
            ("rotation(angleThreshold: -5deg)", "kind 'rotation' requires angleThreshold >= 0deg, but angleThreshold is -5deg"),
            ("touchDelay(delay: 0s)", "kind 'touchDelay' requires delay > 0ms, but delay is 0ms"),
        ])
    func outOfRange(application: String, message: String) {
        #expect(messages(check(inSet("  recognizer r = \(application) on window"))) == [message])
    }

    @Test(
        "arguments inside the range are accepted",
        arguments: [
            "tap(taps: 3, touches: 2, interval: 250ms)", "pan(minimumTouches: 2, maximumTouches: 2)",
            "longPress(taps: 1, minimumDuration: 0.2s)", "swipe(direction: [left, right], touches: 2)",
        ])
    func inRange(application: String) {
        #expect(messages(check(inSet("  recognizer r = \(application) on window"))) == [])
    }

    @Test(
        "view properties have ranges",
        arguments: [
            ("alpha: -0.1", "'alpha' must be between 0 and 1, found -0.1"),
            ("alpha: 2", "'alpha' must be between 0 and 1, found 2"),
            ("minimumTarget: -1pt", "'minimumTarget' must be at least 0pt, found -1pt"),
        ])
    func viewRanges(property: String, message: String) {
        #expect(messages(check("gestures T { view window { \(property) } }")) == [message])
    }
}

@Suite("Constant folding")
struct ConstantTests {
    @Test("units convert before comparing: 350ms == 0.35s, 180deg == 3.14159rad")
    func unitsConvert() {
        let compilation = check(
            """
            kind k(a: duration = 350ms, b: angle = 180deg) discrete {
              require a == 0.35s && a < 1s && b > 3.14rad && b < 3.15rad
              require a * 2 == 700ms && a + 150ms == 0.5s
              possible { on down -> failed }
            }
            """)
        #expect(messages(compilation) == [])
    }

    @Test("a false requirement is reported with the values in their usual units")
    func reportedValues() {
        let compilation = check(
            """
            kind k(a: duration = 1.5s, b: angle = 0.5rad) discrete {
              require a < 1s || b < 10deg
              possible { on down -> failed }
            }
            """)
        #expect(messages(compilation) == ["kind 'k' requires (a < 1s) || (b < 10deg), but a is 1500ms and b is 28.648deg by default"])
    }

    /// What the other recognizer is, and where a touch landed.
    @Test(
        "other.kind, other.view and 'in' with a view: what they take, and what they refuse",
        arguments: [
            ("shouldRecognizeSimultaneously: other.kind == pan || other.view in photo", [String]()),
            ("shouldReceiveTouch: touchedView in photo && touchedView != window", []),
            ("shouldRecognizeSimultaneously: other.kind == pich", ["unknown kind 'pich'"]),
            ("shouldRecognizeSimultaneously: other.kind == 3", ["what 'other.kind' is compared with must be a kind's name, found an expression"]),
            (
                "shouldReceiveTouch: photo in window",
                ["the left of 'in' before a view role must be 'touchedView' or 'other.view', found another view"]
            ),
            ("shouldReceiveTouch: touchedView in 3", ["the right of 'in' after a view must be a view role's name, found another value"]),
            ("shouldReceiveTouch: touchedView in phot", ["unknown name 'phot'"]),
            ("shouldRecognizeSimultaneously: other.size == 2", ["'other' has no member 'size'"]),
            (
                "shouldReceiveTouch: other.view == photo",
                ["'other' is only available in prevention rules, shouldRecognizeSimultaneously and a view's shouldBegin"]
            ),
            (
                "shouldReceiveTouch: other.kind == pan",
                ["'other' is only available in prevention rules, shouldRecognizeSimultaneously and a view's shouldBegin"]
            ),
            // A direction test is checked once, its mistakes reported once.
            ("shouldBegin: dominantDirectoin in [left]", ["unknown name 'dominantDirectoin'"]),
        ])
    func viewsAndKinds(property: String, expected: [String]) {
        let compilation = check("gestures Test {\n  view window { view photo }\n  recognizer r = pan on photo { \(property) }\n}\n")
        #expect(messages(compilation) == expected)
    }
}
