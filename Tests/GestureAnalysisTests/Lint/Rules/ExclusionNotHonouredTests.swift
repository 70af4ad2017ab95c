import GestureAnalysis
import GestureSimulation
import Testing

/// GDL227, exclusion-not-honoured (`Lint/Rules/ExclusionNotHonoured.swift`): specs that
/// show it, and fixes that lint clean. On a device, through `SystemLintTests`' helpers.
@Suite("GDL227 exclusion-not-honoured")
struct ExclusionNotHonouredTests {
    private let support = SystemLintTests()

    @Test("GDL227: a full-height claim passes the 200 dp budget; a short one does not")
    func exclusionBudget() throws {
        let spec = """
            gestures Panel {
              view window { view panel { excludesSystemGestures: true } }
              recognizer slide = pan on panel
            }
            """
        let window = #"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]},"#
        let tall = try support.lint(
            spec, on: "pixel-7", views: window + "\n" + #"{"id": "p", "role": "panel", "parent": "w", "frame": [0, 0, 60, 915]}"#)
        #expect(support.ids(tall).contains("GDL227"))
        let finding = try #require(tall.first { $0.rule.id == "GDL227" })
        #expect(finding.message.contains("past the 200 dp of exclusions pixel-7 honours on the left edge"))
        #expect(try support.replay(finding, spec).contains("back@system  recognized"))
        let short = try support.lint(
            spec, on: "pixel-7", views: window + "\n" + #"{"id": "p", "role": "panel", "parent": "w", "frame": [0, 500, 60, 150]}"#)
        #expect(!support.ids(short).contains("GDL227"))
    }

    @Test("GDL227: a claim inside the mandatory insets of the home swipe is not honoured")
    func mandatoryInsets() throws {
        let spec = """
            gestures Bar {
              view window { view bar { excludesSystemGestures: true } }
              recognizer press = tap on bar
            }
            """
        let views =
            #"{"id": "w", "role": "window", "frame": [0, 0, 412, 915]},"# + "\n"
            + #"{"id": "b", "role": "bar", "parent": "w", "frame": [100, 880, 200, 35]}"#
        let findings = try support.lint(spec, on: "pixel-7", views: views)
        #expect(findings.map(\.message).contains { $0.contains("inside the mandatory system gesture insets of the bottom edge") })
    }
}
