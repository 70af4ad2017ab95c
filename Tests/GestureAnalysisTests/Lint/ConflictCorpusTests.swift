import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import GestureSimulation
import TestSupport
import Testing

/// The corpus of classic conflicts: `Tests/Conflicts/<case>/` holds a buggy spec
/// (`bug.gdl`), its idiomatic fix (`fix.gdl`), a trace in the text form that shows the
/// bug (`trace.trace`), the timelines `gesturec simulate` prints for it on each spec
/// (`bug.txt`, `fix.txt`: the bug shown, and gone), and the finding lint must report on
/// the bug (`finding`: its id and the two recognizers it names). Lint must report
/// nothing on the fix.
@Suite("Conflict corpus")
struct ConflictCorpusTests {
    static let directory = repositoryRoot.appendingPathComponent("Tests/Conflicts")

    static func cases() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    private func text(_ name: String, in folder: String) throws -> String {
        let path = Self.directory.appendingPathComponent(folder).appendingPathComponent(name).path
        return String(decoding: try #require(FileManager.default.contents(atPath: path), "\(folder)/\(name)"), as: UTF8.self)
    }

    @Test("lint reports the conflict on the buggy spec, naming both recognizers", arguments: cases())
    func bugIsFound(name: String) throws {
        let expected = try text("finding", in: name).split(whereSeparator: \.isWhitespace).map(String.init)
        try #require(expected.count == 3)
        let findings = lintFindings(try text("bug.gdl", in: name)).findings.map(\.finding)
        let match = findings.first { finding in
            let words = ([finding.message] + finding.notes.map(\.message)).joined(separator: " ")
            return finding.rule.id.rawValue == expected[0] && words.contains("'\(expected[1])'")
                && words.contains("'\(expected[2])'")
        }
        #expect(match != nil, "\(name): \(findings.map { "\($0.rule.id) \($0.message)" })")
    }

    @Test("lint reports nothing on the idiomatic fix", arguments: cases())
    func fixIsClean(name: String) throws {
        let findings = lintFindings(try text("fix.gdl", in: name)).findings.map(\.finding)
        #expect(findings.isEmpty, "\(name): \(findings.map { "\($0.rule.id) \($0.message)" })")
    }

    @Test("simulate shows the bug on the buggy spec and not on the fix", arguments: cases())
    func timelines(name: String) throws {
        for version in ["bug", "fix"] {
            let actual = try timeline(spec: try text("\(version).gdl", in: name), trace: try text("trace.trace", in: name))
            let url = Self.directory.appendingPathComponent(name).appendingPathComponent("\(version).txt")
            try expectGolden(Array(actual.utf8), at: url, switch: "RECORD_CONFLICTS")
        }
    }

    @Test("the corpus has its cases")
    func present() {
        #expect(Self.cases().count >= 25)
    }

    /// The text timeline of a spec's only set over a trace in the text form.
    private func timeline(spec: String, trace: String) throws -> String {
        let compilation = Compilation.check(roots: [SourceFile(path: "spec.gdl", text: spec)], loader: InMemorySourceLoader([:]))
        #expect(messages(compilation) == [])
        let program = try #require(compilation.lowered().sets.first).program
        var sources = SourceManager()
        var reader = SimulationInputReader(program: program)
        let input = reader.read(scene: nil, trace: SourceFile(path: "trace.trace", text: trace), sources: &sources)
        #expect(reader.diagnostics.diagnostics.map(\.message) == [])
        let (scene, events) = try #require(input)
        var simulation = try Simulation(program: program, scene: scene)
        simulation.run(events)
        return TimelineRenderer.text(simulation.timeline)
    }
}
