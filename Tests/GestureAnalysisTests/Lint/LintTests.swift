import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

@Suite("Lint suppressions and options")
struct LintSuppressionTests {
    static let waiting = """
          recognizer toggle = tap on window
          recognizer zoom = tap(taps: 2) on window
          toggle requires zoom to fail
        """

    @Test("a suppression with a reason silences the finding on the next line")
    func suppressed() {
        let spec = inSet(
            Self.waiting.replacingOccurrences(
                of: "  recognizer toggle", with: "  // lint off GDL202: the toggle may wait for the zoom\n  recognizer toggle"))
        #expect(lint(spec, options: LatencyBudgetTests.withBudget) == [])
        let byName = inSet(
            Self.waiting.replacingOccurrences(
                of: "  recognizer toggle = tap on window", with: "  recognizer toggle = tap on window  // lint off latency-budget: agreed"))
        #expect(lint(byName, options: LatencyBudgetTests.withBudget) == [])
    }

    @Test("a suppression without a reason silences nothing (GDL290)")
    func withoutReason() {
        let spec = inSet(Self.waiting.replacingOccurrences(of: "  recognizer toggle", with: "  // lint off GDL202\n  recognizer toggle"))
        #expect(ids(lint(spec, options: LatencyBudgetTests.withBudget)) == ["GDL290", "GDL202"])
    }

    @Test("a suppression that matches nothing is reported (GDL291)")
    func unused() {
        let spec = inSet("  // lint off GDL203: no longer needed\n  recognizer t = tap on window")
        #expect(lint(spec) == ["GDL291 3:3 this suppression of GDL203 silences no finding"])
    }

    @Test("--disable leaves a rule out")
    func disabled() {
        #expect(lint(inSet(Self.waiting), options: LintOptions(disabled: ["GDL202"], enabled: ["GDL202"])) == [])
        #expect(lint(inSet("  recognizer t = tap(taps: 3) on window"), options: LintOptions(disabled: ["GDL210"], enabled: ["GDL210"])) == [])
    }

    @Test("a hook nothing reads is a warning of the checker, which lint reports; read by a predicate, it is not (GDL326)")
    func unreadHook() {
        let unread = inSet("  hook isEditing\n  recognizer reorder = pan on window")
        #expect(messages(check(unread)) == ["hook 'isEditing' is declared, but nothing reads it"])
        let compilation = check(unread)
        let findings = Linter.lint(compilation.lowered().sets, in: compilation, options: LintOptions())
        #expect(findings.map { "\($0.rule.id) \($0.rule.name) \($0.message)" } == ["GDL326 check hook 'isEditing' is declared, but nothing reads it"])
        let read = inSet("  hook isEditing\n  recognizer reorder = pan on window { shouldBegin: isEditing }")
        #expect(messages(check(read)) == [])
        // Read by a relation's condition, or a view's predicate, it is read too.
        let condition = inSet(
            "  hook isEditing\n  recognizer a = tap on window\n  recognizer b = tap(taps: 2) on window\n  a requires b to fail where isEditing")
        #expect(messages(check(condition)) == [])
    }

    @Test("each rule is one file of Lint/Rules, and every file there is a rule lint runs")
    func rulesHeldToTheFolder() throws {
        let folder = repositoryRoot.appendingPathComponent("Sources/GestureAnalysis/Lint/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        var idsByFile: [String: [String]] = [:]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var ids: [String] = []
            var rest = text[...]
            while let range = rest.range(of: "id: \"GDL") {
                ids.append("GDL" + rest[range.upperBound...].prefix(3))
                rest = rest[range.upperBound...]
            }
            idsByFile[file] = ids
        }
        // One rule a file, and each file's rule is one lint knows.
        for (file, ids) in idsByFile { #expect(ids.count == 1, "\(file) declares \(ids)") }
        let inFiles = idsByFile.values.flatMap { $0 }.sorted()
        // The comments about suppressions and the search's own note live with the linter.
        let known = LintRules.infos.map(\.id.rawValue).filter { !["GDL290", "GDL291", "GDL292"].contains($0) }.sorted()
        #expect(inFiles == known)
    }

    @Test("each rule has one test file, Lint/Rules/<Rule>Tests.swift, and each test file there is a rule's")
    func ruleTestsHeldToTheFolder() throws {
        func names(_ folder: String, suffix: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
        }
        let rules = try names("Sources/GestureAnalysis/Lint/Rules", suffix: ".swift")
        #expect(rules.count == LintRules.infos.count - 3)
        #expect(try names("Tests/GestureAnalysisTests/Lint/Rules", suffix: "Tests.swift") == rules)
    }

    @Test("every rule has an id, a name, a summary and an explanation with an example")
    func ruleInfos() {
        let infos = LintRules.infos
        #expect(Set(infos.map(\.id)).count == infos.count)
        #expect(Set(infos.map(\.name)).count == infos.count)
        for info in infos {
            #expect(info.id.rawValue.hasPrefix("GDL2"))
            #expect(!info.summary.isEmpty)
            #expect(info.explanation.contains("Triggers") && info.explanation.contains("Does not"), "\(info.id)")
        }
        #expect(LintRules.info(for: "gdl203")?.name == "starved")
        // A former id or name names the class of difference it became.
        #expect(LintRules.info(for: "shadowed-recognizer")?.id == "GDL203")
        #expect(LintRules.info(for: "GDL217")?.id == "GDL203")
        #expect(LintRules.info(for: "end-after-drag")?.id == "GDL221")
        #expect(LintRules.info(for: "GDL204")?.id == "GDL208")
    }
}

/// Lint's cost is bounded whatever the spec's shape.
@Suite("Lint: the bound on places")
struct LintPlaceBoundTests {
    /// `count` roles, each in the one before, and a pan on the first: every role's
    /// place holds its whole chain, so the places together hold count² / 2 views.
    private func chain(_ count: Int) -> String {
        "gestures Chain {\n  view r0\n" + (1..<count).map { "  view r\($0) in r\($0 - 1)\n" }.joined()
            + "  recognizer p0 = pan on r0\n}\n"
    }

    @Test("a chain of nested roles too deep to search whole is searched over its first places, with a note at the first left out (GDL292)")
    func deepChainIsBounded() {
        // Sizes 2, 3, … 300 (a view each, and the pan), a hundred states each: 198 places
        // (2 + … + 199 = 19,899 × 100) fit the bound of 2,000,000; the 199th does not.
        let findings = lint(chain(300)).filter { $0.hasPrefix("GDL292") }
        #expect(
            findings == [
                "GDL292 200:8 lint searched the places of the first 198 of 300 roles with recognizers on their path; "
                    + "this one and the 101 after it together cost more than the search's bound"
            ])
    }

    @Test("a chain that fits the bound is searched whole and gets no note")
    func shallowChainIsWhole() {
        #expect(lint(chain(40)).filter { $0.hasPrefix("GDL292") } == [])
    }
}
