import Foundation
import GestureDSL
import Testing

@testable import gesturec

/// A spec with one finding when a latency budget is given (`--latency-budget 100ms`,
/// GDL202 being opt-in): a single tap held 350ms by a double tap.
private let waitingSpec = """
    gestures Photo {
      view window
      recognizer toggle = tap on window
      recognizer zoom = tap(taps: 2) on window
      toggle requires zoom to fail
    }

    """

@Suite("gesturec lint")
struct LintCommandTests {
    @Test("text: swiftc-style warnings and a count; warnings pass unless --strict")
    func text() {
        let harness = Harness(files: ["a.gdl": waitingSpec])
        #expect(harness.run("lint", "--latency-budget", "100ms", "a.gdl") == .success)
        #expect(
            harness.out.hasPrefix(
                "a.gdl:3:14: warning: 'toggle' is held up to 350ms by failure requirements (waiting for 'zoom' to fail) before it acts (budget 100ms) [GDL202]\n"
            ))
        #expect(harness.out.hasSuffix("1 warning\n"))
        #expect(Harness(files: ["a.gdl": waitingSpec]).run("lint", "--latency-budget", "100ms", "--strict", "a.gdl") == .inputErrors)
        // Without a budget the declared wait is the spec's choice: it lints clean.
        #expect(Harness(files: ["a.gdl": waitingSpec]).run("lint", "--strict", "a.gdl") == .success)
        let clean = Harness(files: ["a.gdl": cleanSpec])
        #expect(clean.run("lint", "--strict", "a.gdl") == .success)
        #expect(clean.out.isEmpty)
    }

    @Test("a spec with errors gets check's diagnostics and exit status 1")
    func specWithErrors() {
        let harness = Harness(files: ["a.gdl": brokenSpec])
        #expect(harness.run("lint", "a.gdl") == .inputErrors)
        #expect(harness.err.contains("unknown kind 'tapp'"))
    }

    /// A broken spec must reach code scanning, so the errors come out in
    /// the chosen format on standard output too, and `--diagnostics-format` chooses
    /// how standard error prints them, as for `check`.
    @Test("a spec with errors: its errors are SARIF results and JSON findings, exit status 1")
    func errorsReachCodeScanning() throws {
        let sarif = Harness(files: ["a.gdl": brokenSpec])
        #expect(sarif.run("lint", "--format", "sarif", "a.gdl") == .inputErrors)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error"])
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == "unknown kind 'tapp'")
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        let ruleIndex = try #require(results[0]["ruleIndex"] as? Int)
        #expect(rules[ruleIndex]["id"] as? String == results[0]["ruleId"] as? String, "the result's rule is listed")
        #expect(sarif.err.contains("error: unknown kind 'tapp'"), "standard error prints it as check does")

        let json = Harness(files: ["a.gdl": brokenSpec])
        #expect(json.run("lint", "--format", "json", "--diagnostics-format", "json", "a.gdl") == .inputErrors)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["severity"] as? String == "error")
        #expect(object["rule"] as? String == "check")
        #expect(json.err.hasPrefix("{\"diagnostics\":["))
        #expect(Harness(files: ["a.gdl": brokenSpec]).run("lint", "--diagnostics-format", "yaml", "a.gdl") == .usageOrIO)
    }

    /// SARIF's `uri` is a URI reference, not a raw path.
    @Test("SARIF locations are URI references: a path's spaces and '#' percent-encoded, an absolute path a file URI")
    func sarifURIs() throws {
        for (path, uri) in [("My Spec#1.gdl", "My%20Spec%231.gdl"), ("/work/a b.gdl", "file:///work/a%20b.gdl")] {
            let sarif = Harness(files: [path: brokenSpec])
            #expect(sarif.run("lint", "--format", "sarif", path) == .inputErrors)
            let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
            let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == uri)
        }
    }

    /// GDL313 used to print on standard error only, pass `--strict`, and
    /// ignore `// lint off`. It is a finding like the rules'.
    @Test("the checker's warnings are findings: in every format, counted by --strict, silenced by lint off")
    func checkerWarningsAreFindings() throws {
        let relation = """
            gestures W {
              view window { view a; view b }
              recognizer x = tap on a
              recognizer y = tap on b
            %@  simultaneous x, y
            }

            """
        let spec = relation.replacingOccurrences(of: "%@", with: "")
        let text = Harness(files: ["a.gdl": spec])
        #expect(text.run("lint", "a.gdl") == .success)
        #expect(text.out.hasPrefix("a.gdl:5:3: warning: 'x' (on 'a') and 'y' (on 'b') never see the same touch"))
        #expect(text.out.hasSuffix("1 warning\n"))
        #expect(text.err.isEmpty, "printed once, as a finding")
        #expect(Harness(files: ["a.gdl": spec]).run("lint", "--strict", "a.gdl") == .inputErrors)
        let json = Harness(files: ["a.gdl": spec])
        #expect(json.run("lint", "--format", "json", "a.gdl") == .success)
        #expect(json.out.contains("\"id\":\"GDL313\""))
        let silenced = relation.replacingOccurrences(of: "%@", with: "  // lint off GDL313: the views will overlap\n")
        let quiet = Harness(files: ["a.gdl": silenced])
        #expect(quiet.run("lint", "--strict", "a.gdl") == .success)
        #expect(quiet.out.isEmpty, "silenced, and the suppression is used")
    }

    @Test("json: one object per finding with id, rule, severity, file, line, column, message and notes")
    func json() throws {
        let harness = Harness(files: ["a.gdl": waitingSpec])
        #expect(harness.run("lint", "--enable", "GDL202", "--format", "json", "a.gdl") == .success)
        let lines = harness.out.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["id"] as? String == "GDL202")
        #expect(object["rule"] as? String == "latency-budget")
        #expect(object["severity"] as? String == "warning")
        #expect(object["file"] as? String == "a.gdl")
        #expect(object["line"] as? Int == 3)
        #expect(object["column"] as? Int == 14)
        #expect((object["message"] as? String)?.contains("350ms") == true)
        let notes = try #require(object["notes"] as? [[String: Any]])
        #expect(notes.first?["line"] as? Int == 5)
        #expect(notes.first?["message"] as? String == "it requires 'zoom' to fail (R53)")
    }

    @Test("sarif: a SARIF 2.1.0 log with the structure the schema requires")
    func sarif() throws {
        let harness = Harness(files: ["a.gdl": waitingSpec])
        #expect(harness.run("lint", "--enable", "latency-budget", "--format", "sarif", "a.gdl") == .success)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(harness.out.utf8)) as? [String: Any])
        // Required by the schema: version, runs; each run a tool with a driver with a
        // name; each result a message with text; locations with an artifact and region.
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "gesturec")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.allSatisfy { $0["id"] is String && ($0["shortDescription"] as? [String: Any])?["text"] is String })
        // An opt-in rule is described as not enabled by default; the others are.
        let configuration = { (id: String) in
            rules.first { $0["id"] as? String == id }?["defaultConfiguration"] as? [String: Any]
        }
        #expect(configuration("GDL202")?["enabled"] as? Bool == false)
        #expect(configuration("GDL203")?["enabled"] == nil)
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let result = results[0]
        #expect(result["ruleId"] as? String == "GDL202")
        #expect(result["level"] as? String == "warning")
        let ruleIndex = try #require(result["ruleIndex"] as? Int)
        #expect(rules[ruleIndex]["id"] as? String == "GDL202")
        #expect((result["message"] as? [String: Any])?["text"] is String)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "a.gdl")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 3 && region["startColumn"] as? Int == 14)
        #expect((result["relatedLocations"] as? [[String: Any]])?.count == 2)
    }

    @Test("sarif with no findings is still a valid log, with an empty results array")
    func emptySarif() throws {
        let harness = Harness(files: ["a.gdl": cleanSpec])
        #expect(harness.run("lint", "--format", "sarif", "a.gdl") == .success)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(harness.out.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect((runs[0]["results"] as? [Any])?.isEmpty == true)
    }

    @Test("--counterexample writes a scene, a trace and the run's page, and names the simulate command")
    func counterexample() throws {
        let harness = Harness(files: ["a.gdl": waitingSpec])
        #expect(harness.run("lint", "--latency-budget", "100ms", "--counterexample", "out", "a.gdl") == .success)
        let scene = try #require(harness.files["out/1-GDL202.scene.json"])
        let trace = try #require(harness.files["out/1-GDL202.trace.json"])
        #expect(String(decoding: scene, as: UTF8.self).contains("\"role\": \"window\""))
        // The trace a line per event.
        let firstEvent = #"{"t": 0.02, "touches": [{"id": 1, "phase": "down", "x": 500, "y": 500}]}"#
        #expect(String(decoding: trace, as: UTF8.self).hasPrefix("{\n  \"events\": [\n    \(firstEvent),\n"))
        // The page shows the run: the toggle held for the zoom's interval (R55).
        let page = String(decoding: try #require(harness.files["out/1-GDL202.html"]), as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>Photo: finger 1 goes down, the finger lifts on window</title>"))
        #expect(page.contains("\"held: waiting for zoom on window to fail\""))
        #expect(harness.out.contains("gesturec simulate a.gdl --set Photo --scene out/1-GDL202.scene.json --trace out/1-GDL202.trace.json"))
        // A folder given by its absolute path under the current directory is printed
        // relative to it, as the user would type it; one elsewhere as given.
        let absolute = Harness(files: ["/work/a.gdl": waitingSpec])
        #expect(absolute.run("lint", "--latency-budget", "100ms", "--counterexample", "/work/out", "/work/a.gdl") == .success)
        #expect(
            absolute.out.contains("gesturec simulate a.gdl --set Photo --scene out/1-GDL202.scene.json --trace out/1-GDL202.trace.json"),
            "\(absolute.out)")
        let elsewhere = Harness(files: ["a.gdl": waitingSpec])
        #expect(elsewhere.run("lint", "--latency-budget", "100ms", "--counterexample", "/tmp/out", "a.gdl") == .success)
        #expect(elsewhere.out.contains("--scene /tmp/out/1-GDL202.scene.json"), "\(elsewhere.out)")
    }

    @Test("--latency-budget, --disable and --report latency")
    func options() {
        let generous = Harness(files: ["a.gdl": waitingSpec])
        #expect(generous.run("lint", "--latency-budget", "400ms", "a.gdl") == .success)
        #expect(generous.out.isEmpty)
        let disabled = Harness(files: ["a.gdl": waitingSpec])
        #expect(disabled.run("lint", "--latency-budget", "100ms", "--disable", "GDL202,GDL203", "--strict", "a.gdl") == .success)
        let unknown = Harness(files: ["a.gdl": waitingSpec])
        #expect(unknown.run("lint", "--enable", "latency-budjet", "a.gdl") == .usageOrIO)
        #expect(unknown.err.contains("did you mean 'latency-budget'?"), "\(unknown.err)")
        let report = Harness(files: ["a.gdl": waitingSpec])
        #expect(report.run("lint", "--disable", "latency-budget", "--report", "latency", "a.gdl") == .success)
        #expect(report.out.contains("Photo.toggle"))
        #expect(report.out.contains("350ms  on finger 1 goes down, the finger lifts on window"), "\(report.out)")
        #expect(report.out.contains("Photo.zoom"))
    }

    @Test("--explain prints a rule's text; unknown rules and bad values are usage errors")
    func explainAndUsage() {
        let explain = Harness()
        #expect(explain.run("lint", "--explain", "GDL203") == .success)
        #expect(explain.out.hasPrefix("GDL203 starved (lint, warning)\n"))
        #expect(explain.out.contains("Triggers"))
        // It is `gesturec explain`, which knows the other ids too.
        let same = Harness()
        #expect(same.run("explain", "GDL203") == .success && same.out == explain.out)
        let unknown = Harness()
        #expect(unknown.run("lint", "--explain", "GDL299") == .usageOrIO)
        let badRule = Harness(files: ["a.gdl": waitingSpec])
        #expect(badRule.run("lint", "--disable", "shadowed-recogniser", "a.gdl") == .usageOrIO)
        #expect(badRule.err.contains("did you mean 'shadowed-recognizer'"))
        #expect(Harness(files: ["a.gdl": waitingSpec]).run("lint", "--latency-budget", "fast", "a.gdl") == .usageOrIO)
        #expect(Harness(files: ["a.gdl": waitingSpec]).run("lint", "--format", "xml", "a.gdl") == .usageOrIO)
        #expect(Harness().run("lint") == .usageOrIO)
    }
}

@Suite("gesturec lint --scene")
struct LintSceneCommandTests {
    static let spec = """
        gestures Screen {
          view window {
            view button
          }
          recognizer press = tap on button
        }
        """
    static let scene = """
        {"views": [
          {"id": "w", "role": "window", "frame": [0, 0, 400, 800]},
          {"id": "b", "role": "button", "parent": "w", "frame": [10, 10, 20, 20]}
        ]}
        """

    @Test("findings at the scene's views, in text and JSON; --strict fails on them")
    func findings() throws {
        let harness = Harness(files: ["a.gdl": Self.spec, "scene.json": Self.scene])
        #expect(harness.run("lint", "a.gdl", "--scene", "scene.json") == .success)
        #expect(harness.out.hasPrefix("scene.json:3:3: warning: view 'b' takes touches in 20 × 20pt, under 44 × 44pt [GDL214]\n"))
        #expect(harness.out.contains("a.gdl:3:10: note: its role 'button' is declared here"))
        #expect(harness.run("lint", "--strict", "a.gdl", "--scene", "scene.json") == .inputErrors)
        let json = Harness(files: ["a.gdl": Self.spec, "scene.json": Self.scene])
        #expect(json.run("lint", "--format", "json", "a.gdl", "--scene", "scene.json") == .success)
        #expect(json.out.hasPrefix("{\"id\":\"GDL214\",\"rule\":\"scene-small-target\",\"severity\":\"warning\",\"file\":\"scene.json\",\"line\":3"))
    }

    @Test("a scene with mistakes is reported as simulate reports it, exit 1")
    func badScene() {
        let harness = Harness(files: ["a.gdl": Self.spec, "scene.json": "{\"views\": [{\"id\": \"w\", \"role\": \"windw\"}]}"])
        #expect(harness.run("lint", "a.gdl", "--scene", "scene.json") == .inputErrors)
        #expect(harness.err.hasPrefix("scene.json:1:"))
        #expect(harness.err.contains("windw"))
    }

    @Test("usage: --set needs --scene; a scene goes with one spec")
    func usage() {
        let harness = Harness(files: ["a.gdl": Self.spec, "scene.json": Self.scene])
        #expect(harness.run("lint", "a.gdl", "--set", "Screen") == .usageOrIO)
        #expect(harness.err.hasPrefix("gesturec: error: --set names the set a --scene belongs to; give the scene"))
        #expect(harness.run("lint", "a.gdl", "a.gdl", "--scene", "scene.json") == .usageOrIO)
    }
}

@Suite("gesturec lint: code flows")
struct LintCodeFlowTests {
    @Test("a finding found by the engine carries its input as a SARIF code flow, one step per event")
    func codeFlows() throws {
        let spec = """
            gestures Map {
              view window { view map { interactive: true } }
              recognizer move = pan on map
              recognizer zoom = pinch on map
            }
            """
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("lint", "--format", "sarif", "a.gdl") == .success)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(harness.out.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "GDL203")
        let flow = try #require((result["codeFlows"] as? [[String: Any]])?.first)
        #expect(
            (flow["message"] as? [String: Any])?["text"] as? String
                == "finger 1 goes down, finger 2 goes down, finger 2 drags down 75.4pt in 100ms, 2 fingers lift on map"
        )
        let steps = try #require(((flow["threadFlows"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]]))
        let texts = steps.compactMap { (($0["location"] as? [String: Any])?["message"] as? [String: Any])?["text"] as? String }
        // Finger 1 lands in the middle; finger 2 lands 100pt to its right and drags 75.4pt
        // down against it: the pan's centroid moves 10pt before the pinch's spread does.
        #expect(texts.first == "0.02s: touch 1 goes down at (500, 500)")
        #expect(texts.last?.hasSuffix("touch 1 lifts at (500, 500); touch 2 lifts at (600, 575.4)") == true, "\(texts)")
    }
}

@Suite("gesturec lint: fixes")
struct LintFixTests {
    @Test("a broken spec's repairs reach code scanning as SARIF fixes, and JSON as fix members")
    func sarifFixes() throws {
        let spec = "gestures S {\n  view window\n  recognizer t = tap(allowableMovement: 30) on window\n}\n"
        let harness = Harness(files: ["a.gdl": spec])
        #expect(harness.run("lint", "--format", "sarif", "a.gdl") == .inputErrors)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(harness.out.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
        #expect((fix["description"] as? [String: Any])?["text"] as? String == "write '30pt'")
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "a.gdl")
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        let region = try #require(replacement["deletedRegion"] as? [String: Any])
        #expect(region["startLine"] as? Int == 3 && region["startColumn"] as? Int == 41 && region["endColumn"] as? Int == 43)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "30pt")
        let json = Harness(files: ["a.gdl": spec])
        #expect(json.run("lint", "--format", "json", "a.gdl") == .inputErrors)
        #expect(json.out.contains(#""fix":{"line":3,"column":41,"endLine":3,"endColumn":43,"text":"30pt"}"#))
    }
}
