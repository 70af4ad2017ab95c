import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// Lint's and diff's SARIF logs, written by one writer, checked against what the SARIF
/// 2.1.0 schema requires of every object they hold.
@Suite("SARIF")
struct SARIFTests {
    /// What the schema requires, object by object, of a log: the paths of the
    /// properties missing, empty when none is.
    static func missingProperties(in log: [String: Any]) -> [String] {
        var missing: [String] = []
        func require(_ object: [String: Any]?, _ keys: [String], at path: String) {
            guard let object else { return missing.append(path) }
            for key in keys where object[key] == nil { missing.append("\(path).\(key)") }
        }
        func message(_ object: Any?, at path: String) {
            guard let object = object as? [String: Any] else { return missing.append(path) }
            if object["text"] == nil && object["id"] == nil { missing.append("\(path).text") }
        }
        func physicalLocation(_ object: Any?, at path: String) {
            let location = object as? [String: Any]
            require(location, ["artifactLocation"], at: path)
            if let region = location?["region"] as? [String: Any], (region["startLine"] as? Int ?? 0) < 1 {
                missing.append("\(path).region.startLine")
            }
        }
        require(log, ["version", "runs"], at: "log")
        for (r, run) in (log["runs"] as? [[String: Any]] ?? []).enumerated() {
            let path = "runs[\(r)]"
            require(run, ["tool"], at: path)
            let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
            require(driver, ["name"], at: "\(path).tool.driver")
            for (index, rule) in (driver?["rules"] as? [[String: Any]] ?? []).enumerated() {
                require(rule, ["id"], at: "\(path).tool.driver.rules[\(index)]")
            }
            for (index, result) in (run["results"] as? [[String: Any]] ?? []).enumerated() {
                let path = "\(path).results[\(index)]"
                message(result["message"], at: "\(path).message")
                for (l, location) in (result["locations"] as? [[String: Any]] ?? []).enumerated() {
                    physicalLocation(location["physicalLocation"], at: "\(path).locations[\(l)].physicalLocation")
                }
                for (l, related) in (result["relatedLocations"] as? [[String: Any]] ?? []).enumerated() {
                    physicalLocation(related["physicalLocation"], at: "\(path).relatedLocations[\(l)].physicalLocation")
                }
                for (f, flow) in (result["codeFlows"] as? [[String: Any]] ?? []).enumerated() {
                    require(flow, ["threadFlows"], at: "\(path).codeFlows[\(f)]")
                    for (t, thread) in (flow["threadFlows"] as? [[String: Any]] ?? []).enumerated() {
                        require(thread, ["locations"], at: "\(path).codeFlows[\(f)].threadFlows[\(t)]")
                    }
                }
                for (f, fix) in (result["fixes"] as? [[String: Any]] ?? []).enumerated() {
                    require(fix, ["artifactChanges"], at: "\(path).fixes[\(f)]")
                    for (c, change) in (fix["artifactChanges"] as? [[String: Any]] ?? []).enumerated() {
                        let path = "\(path).fixes[\(f)].artifactChanges[\(c)]"
                        require(change, ["artifactLocation", "replacements"], at: path)
                        for (p, replacement) in (change["replacements"] as? [[String: Any]] ?? []).enumerated() {
                            require(replacement, ["deletedRegion"], at: "\(path).replacements[\(p)]")
                        }
                    }
                }
            }
        }
        return missing
    }

    static func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("lint's log, with related locations, a code flow and a fix, has every property the schema requires")
    func lintLog() throws {
        // A tap waiting on a double tap: a finding with a note and the input that shows it.
        let waiting = lintFindings(
            """
            gestures Photo {
              view window
              recognizer toggle = tap on window
              recognizer zoom = tap(taps: 2) on window
              toggle requires zoom to fail
            }
            """, options: LintOptions(latencyBudget: 0.1, enabled: ["GDL202"])
        ).findings
        let sources = try #require(waiting.first?.sources)
        let findings = waiting.map(\.finding)
        #expect(findings.contains { $0.counterexample.map { !$0.steps.isEmpty } == true }, "a finding with a code flow")
        #expect(findings.contains { !$0.notes.isEmpty }, "a finding with a related location")
        // A misspelled kind: a checker error with its repair.
        let broken = check("gestures B {\n  view window\n  recognizer r = tapp on window\n}\n")
        let errors = broken.diagnostics.diagnostics.map(LintFinding.init(compilerDiagnostic:))
        #expect(errors.contains { $0.notes.contains { $0.fix != nil } }, "a finding with a fix")
        let waitingLog = try Self.parse(LintRenderer.sarif(findings, sources: sources, version: "1"))
        let errorLog = try Self.parse(LintRenderer.sarif(errors, sources: broken.sources, version: "1"))
        #expect(Self.missingProperties(in: waitingLog) == [])
        #expect(Self.missingProperties(in: errorLog) == [])
        func results(_ log: [String: Any]) -> [[String: Any]] {
            (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        }
        #expect(results(waitingLog).contains { $0["codeFlows"] != nil && $0["relatedLocations"] != nil })
        #expect(results(errorLog).contains { $0["fixes"] != nil })
    }

    @Test("the check finds what is missing: a log without a driver's name or a result's message fails it")
    func checkFails() throws {
        let log: [String: Any] = [
            "version": "2.1.0", "runs": [["tool": ["driver": [:]], "results": [["ruleId": "x"]]]],
        ]
        #expect(Self.missingProperties(in: log) == ["runs[0].tool.driver.name", "runs[0].results[0].message"])
    }
}
