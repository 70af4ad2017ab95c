import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

/// Lints `text` as `main.gdl`: each finding as `ID line:col message`.
package func lint(_ text: String, options: LintOptions = LintOptions()) -> [String] {
    lintFindings(text, options: options).findings.map { finding in
        let (line, column) = finding.sources[finding.finding.range.file].lineAndColumn(of: finding.finding.range.start)
        return "\(finding.finding.rule.id) \(line):\(column) \(finding.finding.message)"
    }
}

package func lintFindings(_ text: String, options: LintOptions = LintOptions())
    -> (findings: [(finding: LintFinding, sources: SourceManager)], program: GestureProgram?)
{
    let compilation = check(text)
    let sets = compilation.lowered().sets
    for message in located(compilation) { Issue.record("unexpected diagnostic: \(message)") }
    let findings = Linter.lint(sets, in: compilation, options: options)
    return (findings.map { ($0, compilation.sources) }, sets.first?.program)
}

/// Lints `text` as `main.gdl` and holds the findings to the spec's own marks, as the
/// invalid fixtures are held (`FixtureTests`): a `// expected-warning {{GDL203 'flick'
/// never wins}}` comment (or `expected-note`, `@+N` and `@-N` for another line) is met
/// by a finding on its line whose `ID message` contains the text, and every finding must
/// be met: no more and no fewer.
package func expectMarkedFindings(_ text: String, options: LintOptions = LintOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    var unmatched = MarkedExpectation.parse(SourceFile(path: "main.gdl", text: text))
    var unexpected: [String] = []
    for (finding, sources) in lintFindings(text, options: options).findings {
        let line = sources[finding.range.file].lineAndColumn(of: finding.range.start).line
        let written = "\(finding.rule.id) \(finding.message)"
        if let index = unmatched.firstIndex(where: { $0.line == line && $0.severity == finding.severity && written.contains($0.text) }) {
            unmatched.remove(at: index)
        } else {
            unexpected.append("\(line): \(finding.severity): \(written)")
        }
    }
    #expect(unexpected == [], "findings no mark expects", sourceLocation: sourceLocation)
    #expect(unmatched.map(\.description) == [], "marks no finding met", sourceLocation: sourceLocation)
}

/// The rule ids of the findings.
package func ids(_ findings: [String]) -> [String] {
    findings.map { String($0.prefix(6)) }
}
