import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// GDL106 teaches: an argument the kind does not declare gets the kind's parameters,
/// and UIKit's name for one of them gets the language's word.
@Suite("Unknown arguments")
struct ArgumentDiagnosticTests {
    /// The notes of the only diagnostic of `members`, as "path:line: message".
    private func notes(_ members: String) -> [String] {
        let compilation = check(inSet(members))
        guard let diagnostic = compilation.diagnostics.diagnostics.first else { return [] }
        #expect(compilation.diagnostics.diagnostics.count == 1)
        #expect(diagnostic.id == "GDL106")
        return diagnostic.notes.map {
            let file = compilation.sources[$0.range.file]
            return "\(file.path):\(file.lineAndColumn(of: $0.range.start).line): \($0.message)"
        }
    }

    @Test("UIKit's name for a parameter points to the kind's, and the parameters are listed with types and defaults")
    func uikitName() {
        #expect(
            notes("  recognizer zoom = tap(numberOfTapsRequired: 2) on window") == [
                "main.gdl:3: UIKit's 'numberOfTapsRequired' is 'taps' here",
                "<prelude>:\(preludeLine("kind tap(")): 'tap' takes 'taps' (int = 1), 'touches' (int = 1), 'interval' (duration = 350ms), "
                    + "'maximumDuration' (duration = 1500ms), 'allowableMovement' (distance = 45pt), 'allowableSeparation' (distance = 45pt) "
                    + "and 'minimumInterval' (duration = 0ms)",
            ])
        #expect(
            notes("  recognizer drag = pan(maximumNumberOfTouches: 2) on window").first
                == "main.gdl:3: UIKit's 'maximumNumberOfTouches' is 'maximumTouches' here")
    }

    /// The line of the prelude's text that holds `text` (a kind's header): the notes
    /// point there, wherever the prelude's edits have moved it.
    private func preludeLine(_ text: String) -> Int {
        let lines = Prelude.source.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    @Test("a misspelling gets the closest parameter; anything else the list alone")
    func misspellingAndList() {
        #expect(
            notes("  recognizer drag = pan(minimumTouch: 2) on window") == [
                "main.gdl:3: did you mean 'minimumTouches'?",
                "<prelude>:\(preludeLine("kind pan(")): 'pan' takes 'minimumTouches' (int = 1), 'maximumTouches' (int = unlimited), 'hysteresis' "
                    + "(distance = 10pt) and 'direction' (direction = [left, right, up, down])",
            ])
        #expect(
            notes("  recognizer zoom = pinch(velocity: 2) on window") == [
                "<prelude>:\(preludeLine("kind pinch(")): 'pinch' takes one parameter, 'scaleThreshold' (number = 0.1)"
            ])
        let custom =
            "kind nudge discrete { possible { on up -> recognized } }\n"
            + inSet("  recognizer n = nudge(size: 2) on window")
        let compilation = check(custom)
        #expect(compilation.diagnostics.diagnostics.first?.notes.map(\.message) == ["'nudge' takes no arguments"])
    }
}

@Suite("Unknown properties")
struct PropertyDiagnosticTests {
    func notes(_ members: String) -> [String] {
        let compilation = check(inSet(members))
        return compilation.diagnostics.diagnostics.first?.notes.map(\.message) ?? []
    }

    @Test("UIKit's names and settings point to the language's; the properties are listed with their types")
    func uikit() {
        #expect(
            notes("  view photo in window { isUserInteractionEnabled: true }").first
                == "UIKit's 'isUserInteractionEnabled' is 'interactive' here")
        #expect(
            notes("  view list in window { delaysContentTouches: false }").first?
                .hasPrefix("UIKit's 'delaysContentTouches' is a recognizer here: 'recognizer delay = touchDelay on ROLE'") == true)
        #expect(notes("  recognizer t = tap on window { isEnabled: false }").first == "UIKit's 'isEnabled' is 'enabled' here")
        #expect(
            notes("  view photo in window { interactiv: true }") == [
                "did you mean 'interactive'?",
                "the properties of a view role: interactive (bool), hidden (bool), alpha (number), hitSlop (distance), "
                    + "minimumTarget (distance), transparentWhenEmpty (bool), multipleTouch (bool), exclusiveTouch (bool), shouldBegin (bool), "
                    + "defersSystemGestures (direction), excludesSystemGestures (bool), control (control), axis (direction), "
                    + "trackingMargin (distance), touchesShouldCancel (bool), accessibilityLabel (string)",
            ])
    }
}
