import GestureAnalysis
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// Each rule's explanation shows a spec that triggers it and one that does not, as the
/// indented blocks after "Triggers" and "Does not": both run through lint here, so the
/// examples `gesturec explain` prints are oracles, not prose.
@Suite("Lint explanations")
struct LintExplanationTests {
    /// The indented block after the first line that starts with `heading`.
    static func block(after heading: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return nil }
        var block: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("    ") {
                block.append(String(line.dropFirst(4)))
            } else if line.isEmpty {
                if !block.isEmpty { block.append("") }
            } else if !block.isEmpty || !line.hasPrefix(" ") {
                if !block.isEmpty { break }
            }
        }
        while block.last == "" { block.removeLast() }
        return block.isEmpty ? nil : block.joined(separator: "\n")
    }

    /// A block as a spec: as it is when it declares its set, else in a set with a view
    /// for every role it names but does not declare.
    static func spec(_ block: String) -> String {
        if block.contains("gestures ") { return block + "\n" }
        // (A block with a kind declares its set too: kinds are top-level.)
        var declared: Set<String> = []
        var named: [String] = []
        for line in block.split(separator: "\n") {
            let words = line.split(whereSeparator: { " {}(),".contains($0) }).map(String.init)
            for (index, word) in words.enumerated() where index + 1 < words.count {
                if word == "view" { declared.insert(words[index + 1]) }
                if word == "on", !named.contains(words[index + 1]) { named.append(words[index + 1]) }
            }
        }
        let views = named.filter { !declared.contains($0) }.map { "  view \($0)\n" }.joined()
        return "gestures Example {\n" + views + block.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
    }

    /// The rules each lint of `spec` reports, opt-in rules included.
    static func ids(_ spec: String) -> [String] {
        let options = LintOptions(enabled: Set(LintRules.infos.map(\.id)))
        return lintFindings(spec, options: options).findings.map(\.finding.rule.id.rawValue)
    }

    @Test("the example that triggers a rule does; the one that does not, does not", arguments: LintRules.exampleRuleIDs)
    func examples(_ id: String) throws {
        let info = try #require(LintRules.info(for: id))
        let triggers = try #require(Self.block(after: "Triggers", in: info.explanation), "\(id): no Triggers block")
        let doesNot = try #require(Self.block(after: "Does not", in: info.explanation), "\(id): no Does not block")
        #expect(Self.ids(Self.spec(triggers)).contains(id), "\(id) triggers:\n\(Self.spec(triggers))")
        #expect(!Self.ids(Self.spec(doesNot)).contains(id), "\(id) does not:\n\(Self.spec(doesNot))")
    }
}
