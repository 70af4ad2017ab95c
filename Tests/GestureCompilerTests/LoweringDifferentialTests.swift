import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// TEMPORARY: lowering by declaration against the old lowering,
/// which resolved names by their spelling, over every spec of the corpora. Deleted with
/// the old path once they agree.
@Suite("Lowering by declaration agrees with lowering by name")
struct LoweringDifferentialTests {
    @Test("the same sets and the same internal errors", arguments: try specCorpus())
    func agree(path: String) throws {
        let compilation = try checkRepositorySpec(path)
        let byDeclaration = compilation.lowered()
        let byName = compilation.loweredByName()
        #expect(byDeclaration.loweringDiagnostics.map(\.message) == byName.loweringDiagnostics.map(\.message), "\(path)")
        #expect(byDeclaration.sets.count == byName.sets.count, "\(path)")
        for (new, old) in zip(byDeclaration.sets, byName.sets) {
            #expect(new.program == old.program, "\(path): \(old.program.name)")
            #expect(new.documentation == old.documentation, "\(path): \(old.program.name)")
        }
        // Every valid spec lowers without an internal error.
        #expect(compilation.diagnostics.hasErrors || byDeclaration.succeeded, "\(path)")
    }

    /// Shapes the corpora have few of: a component used twice, with relations, a
    /// condition and properties that read the set's hooks; a written line for a
    /// brought recognizer; `report moves`; timers, states, assignments, `other`.
    @Test("the same program for the shapes the corpora have few of")
    func shapes() throws {
        let compilation = check(
            """
            import "parts.gdl"
            kind counting(limit: int = 2) discrete {
              cannot prevent tap where other.taps > limit
              var moves: int = 0
              report moves
              report limit
              possible {
                on down -> waiting { start timer settle after 100ms }
                on cancel -> failed
              }
              waiting as possible {
                on move where moves < limit { moves += 1 }
                on move -> failed
                on timer settle -> recognized
                on up -> waiting { stop timer settle start timer settle after 50ms }
              }
            }
            gestures G {
              view window { view left_ { view right_ in window } }
              hook allowed = true
              hook second = false
              use pair on left_
              use pair on right_ as other
              recognizer count = counting(limit: 3) on window {
                shouldRecognizeSimultaneously: other.kind == pan || other.kind == counting || other.view in left_ || other == left_Single
                shouldReceiveTouch: touchedView in right_
              }
              otherDouble.shouldBegin: second
              simultaneous count, left_Single where allowed
            }
            """,
            others: [
                "parts.gdl": """
                component pair(host) {
                  recognizer single = tap on host { shouldBegin: allowed && second }
                  recognizer double = tap(taps: 2) on host
                  single requires double to fail where allowed
                  simultaneous single, double where second
                  single.enabled: true
                }
                """
            ])
        #expect(messages(compilation) == [])
        let byDeclaration = compilation.lowered()
        let byName = compilation.loweredByName()
        #expect(byDeclaration.loweringDiagnostics.map(\.message) == [])
        #expect(byDeclaration.sets.map(\.program) == byName.sets.map(\.program))
    }
}
