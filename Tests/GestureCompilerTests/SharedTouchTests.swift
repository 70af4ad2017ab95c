import GestureDSL
import TestSupport
import Testing

@testable import GestureCompiler

/// GDL313: a relation between recognizers whose roles are not on one chain of
/// enclosing roles never applies, since a touch reaches only its hit-test view's
/// recognizers and its ancestors' (R18). The checker answers "does one role enclose the
/// other" by spans of a walk down the roles' first parents, following the other parents
/// of the roles that have several (`view c in a, b`), and by a walk up over every parent
/// when a cycle was reported.
@Suite("Relations between roles that share no touch")
struct SharedTouchTests {
    private func neverApplies(_ text: String) -> [String] {
        located(check(text)).filter { $0.contains("never see the same touch") }
    }

    @Test("siblings never share a touch; a role and its ancestors, however deep, do")
    func tree() {
        // Two chains of 300 roles under the window, and recognizers at their ends.
        var lines = ["gestures Deep {", "  view window", "  view left0 in window", "  view right0 in window"]
        for depth in 1..<300 {
            lines.append("  view left\(depth) in left\(depth - 1)")
            lines.append("  view right\(depth) in right\(depth - 1)")
        }
        lines += [
            "  recognizer top = tap on window",
            "  recognizer deepLeft = tap on left299",
            "  recognizer deepRight = tap on right299",
            "  recognizer nearLeft = tap on left0",
            "  recognizer alsoDeepLeft = tap on left299",
            "  alsoDeepLeft requires deepLeft to fail",  // one role: they share every touch
            "  deepLeft requires top to fail",
            "  top requires deepRight to fail",
            "  nearLeft requires deepLeft to fail",
            "  deepLeft requires deepRight to fail",
            "  nearLeft requires deepRight to fail",
            "}",
        ]
        let found = neverApplies(lines.joined(separator: "\n"))
        #expect(found.count == 2)
        #expect(found.contains { $0.contains("'deepLeft' (on 'left299') and 'deepRight' (on 'right299')") })
        #expect(found.contains { $0.contains("'nearLeft' (on 'left0') and 'deepRight' (on 'right299')") })
    }

    @Test("a role with several parents shares touches with each of them and their ancestors")
    func severalParents() {
        let found = neverApplies(
            """
            gestures T {
              view window
              view a in window
              view b in window
              view c in a, b
              view d in c
              recognizer onA = tap on a
              recognizer onB = tap on b
              recognizer onD = tap on d
              recognizer top = tap on window
              onA requires onB to fail
              onD requires onB to fail
              onA requires onD to fail
              top requires onD to fail
            }
            """)
        #expect(found == ["main.gdl:11:3: 'onA' (on 'a') and 'onB' (on 'b') never see the same touch, so this relation never applies"])
    }

    @Test("a role below several roles of several parents shares touches with every parent of each, however deep")
    func nestedJoins() {
        var lines = [
            "gestures T {", "  view window", "  view a in window", "  view b in window", "  view other in window",
            "  view e", "  view c in a, b", "  view d0 in c",
        ]
        for depth in 1..<200 { lines.append("  view d\(depth) in d\(depth - 1)") }
        lines += [
            "  view f in d199, e",
            "  view g in f",
            "  recognizer onB = tap on b",
            "  recognizer onE = tap on e",
            "  recognizer onG = tap on g",
            "  recognizer onOther = tap on other",
            "  onG requires onB to fail",  // up first parents to c, then its second parent
            "  onG requires onE to fail",  // f's second parent
            "  onE requires onB to fail",
            "  onG requires onOther to fail",
            "}",
        ]
        let found = neverApplies(lines.joined(separator: "\n"))
        #expect(found.count == 2)
        #expect(found.contains { $0.contains("'onE' (on 'e') and 'onB' (on 'b')") })
        #expect(found.contains { $0.contains("'onG' (on 'g') and 'onOther' (on 'other')") })
    }

    @Test("roles in a cycle (an error) are compared by the walk, which ends")
    func cycle() {
        let compilation = check(
            """
            gestures T {
              view window
              view x in y
              view y in x
              view z in window
              recognizer onX = tap on x
              recognizer onY = tap on y
              recognizer onZ = tap on z
              onX requires onY to fail
              onX requires onZ to fail
            }
            """)
        #expect(located(compilation).contains { $0.contains("view roles contain each other") })
        let found = located(compilation).filter { $0.contains("never see the same touch") }
        #expect(found.count == 1)
        #expect(found.first?.contains("'onX' (on 'x') and 'onZ' (on 'z')") == true)
    }
}
