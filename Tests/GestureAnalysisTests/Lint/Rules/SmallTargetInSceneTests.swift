import GestureAnalysis
import Testing

/// GDL214, scene-small-target (`Lint/Rules/SmallTargetInScene.swift`): specs that show
/// it, and fixes that lint clean. With a scene, through `SceneLintTests`' helpers.
@Suite("GDL214 scene-small-target")
struct SmallTargetInSceneTests {
    private let support = SceneLintTests()

    @Test("GDL214: a 20 × 20pt button, and the hit slop that reaches 44pt (R7)")
    func smallTarget() throws {
        let button = #"{"id": "b", "role": "button", "parent": "bar", "frame": [10, 10, 20, 20]},"#
        #expect(
            try support.lint([SceneLintTests.window, SceneLintTests.toolbar, button, SceneLintTests.cell].joined(separator: "\n")) == [
                "GDL214 4:1 view 'b' takes touches in 20 × 20pt, under 44 × 44pt | 'minimumTarget: 44pt' or 'hitSlop: 12pt' on its role reaches 44pt (R7)"
            ])
        let grown = SceneLintTests.spec.replacingOccurrences(of: "view button\n", with: "view button { hitSlop: 12pt }\n")
        #expect(
            try support.lint([SceneLintTests.window, SceneLintTests.toolbar, button, SceneLintTests.cell].joined(separator: "\n"), spec: grown)
                .isEmpty)
    }
}
