import Foundation
import GestureDSL
import Testing

@testable import GestureAnalysis
@testable import gesturec

/// A single tap that waits for a double tap (R53, R55), and a test file that says so.
private let spec = """
    gestures Photo {
      view window
      recognizer toggle = tap on window
      recognizer zoom = tap(taps: 2) on window
      toggle requires zoom to fail
    }

    """

private let tests = """
    view w: window [0 0 400 800]

    test "a tap toggles after the double tap's wait"
      0.000  down 1 at (100, 100)
      0.050  up 1 at (100, 100)
      expect toggle recognized at 0.4
      expect never zoom

    test "a double tap zooms"
      0.000  down 1 at (100, 100)
      0.050  up 1 at (100, 100)
      0.100  down 2 at (100, 100)
      0.150  up 2 at (100, 100)
      expect zoom recognized at 0.15
      expect never toggle

    """

@Suite("gesturec test")
struct TestCommandTests {
    @Test("finds the test files under a folder, runs them, and closes with the count")
    func passing() {
        let harness = Harness(files: ["app/photo.gdl": spec, "app/photo.gdltest": tests, "app/.hidden/x.gdltest": "junk"])
        #expect(harness.run("test", "app") == .success)
        #expect(harness.out == "2 passed, 0 failed\n")
        let verbose = Harness(files: ["photo.gdl": spec, "photo.gdltest": tests])
        #expect(verbose.run("test", "--verbose", "photo.gdltest") == .success)
        #expect(
            verbose.out == """
                ok    photo.gdltest: a tap toggles after the double tap's wait
                ok    photo.gdltest: a double tap zooms
                2 passed, 0 failed

                """)
    }

    @Test("a failing test: located, what happened instead, the run; exit status 1")
    func failing() {
        let wrong = tests.replacingOccurrences(of: "toggle recognized at 0.4", with: "toggle recognized at 0.05")
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": wrong])
        #expect(harness.run("test", "photo.gdltest") == .inputErrors)
        #expect(
            harness.out.hasPrefix(
                """
                photo.gdltest:6:3: error: test "a tap toggles after the double tap's wait" failed: expected 'toggle recognized at 0.05'; got toggle on w recognized at 0.4s with location (100, 100) [GDL610]
                  expect toggle recognized at 0.05
                  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                  the run, as simulate shows it:
                     0.050  toggle@w  held: waiting for zoom on w to fail
                """))
        #expect(harness.out.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test("--filter runs the tests whose names contain the text")
    func filter() {
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": tests])
        #expect(harness.run("test", "--filter", "zooms", "photo.gdltest") == .success)
        #expect(harness.out == "1 passed, 0 failed\n")
    }

    @Test("--format junit: a suite per file, a case per test, failures with their message")
    func junit() {
        let wrong = tests.replacingOccurrences(of: "expect never toggle", with: "expect never zoom")
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": wrong])
        #expect(harness.run("test", "--format", "junit", "photo.gdltest") == .inputErrors)
        #expect(
            harness.out.hasPrefix(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="gesturec test" tests="2" failures="1" errors="0">
                  <testsuite name="photo.gdltest" tests="2" failures="1" errors="0">
                    <testcase classname="photo.gdltest" name="a tap toggles after the double tap's wait"/>
                    <testcase classname="photo.gdltest" name="a double tap zooms"><failure message="expected 'never zoom'; got zoom on w recognized at 0.15s with location (100, 100)">photo.gdltest:15:3: expected
                """))
        #expect(harness.out.hasSuffix("</testsuites>\n"))
    }

    @Test("--update writes the outcome into the times and values that failed, and says so")
    func update() {
        let wrong = tests.replacingOccurrences(of: "toggle recognized at 0.4", with: "toggle recognized at 0.05")
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": wrong])
        #expect(harness.run("test", "--update", "photo.gdltest") == .success)
        #expect(harness.err == "photo.gdltest:6:3: updated: expect toggle recognized at 0.05 → expect toggle recognized at 0.4\n")
        #expect(harness.files["photo.gdltest"].map { String(decoding: $0, as: UTF8.self) } == tests)
        // What no outcome can satisfy is left for a person, and still fails.
        let never = tests.replacingOccurrences(of: "expect never zoom", with: "expect never toggle")
        let stuck = Harness(files: ["photo.gdl": spec, "photo.gdltest": never])
        #expect(stuck.run("test", "--update", "photo.gdltest") == .inputErrors)
        #expect(stuck.err.hasPrefix("photo.gdltest:7:3: cannot update 'expect never toggle': toggle on w recognized at 0.4s"))
        #expect(stuck.files["photo.gdltest"].map { String(decoding: $0, as: UTF8.self) } == never)
    }

    @Test("the spec is the test file's name with .gdl, or the one 'spec' names; a spec with errors stops its tests")
    func specs() {
        let named = "spec ../specs/photo.gdl\n" + tests
        let harness = Harness(files: ["specs/photo.gdl": spec, "tests/photo-rules.gdltest": named])
        #expect(harness.run("test", "tests") == .success)
        #expect(harness.out == "2 passed, 0 failed\n")

        let broken = Harness(files: ["photo.gdl": "gestures {", "photo.gdltest": tests])
        #expect(broken.run("test", "photo.gdltest") == .inputErrors)
        #expect(broken.out.hasPrefix("photo.gdltest: its spec photo.gdl does not check:\nphoto.gdl:1:"))
        #expect(broken.out.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test("--coverage says what the tests exercised; --lcov writes the spec's lines")
    func coverage() {
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": tests])
        #expect(harness.run("test", "--coverage", "--lcov", "photo.info", "photo.gdltest") == .success)
        #expect(
            harness.out.hasPrefix(
                """
                2 passed, 0 failed
                coverage of photo.gdl (Photo): rows 5/18, timers 1/2, relations 2/2
                  not covered; an input the explorer found reaches each, so a test can (`--generate` writes one):

                """))
        // What a test could still reach comes first, then what one thing reaches (a
        // cancel), then what no explored input reaches; a prelude row at its
        // recognizer's line.
        let report = harness.out
        let reachable = report.range(of: "an input the explorer found reaches each")
        let cancel = report.range(of: "  not covered; reached by a cancelled touch or an interruption")
        let unreached = report.range(of: "  not covered; no input the explorer found reaches these (over every input of up to")
        #expect(reachable != nil && cancel != nil && unreached != nil)
        if let reachable, let cancel, let unreached {
            #expect(reachable.upperBound < cancel.lowerBound && cancel.upperBound < unreached.lowerBound)
        }
        #expect(report.contains("    <prelude>:66:5 (photo.gdl:3): 'on cancel -> failed' of toggle\n"))
        let lcov = harness.files["photo.info"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        // The spec's lines with targets: each recognizer's line holds its kind's rows
        // (written in the prelude), each a branch; the requirement's line is hit twice.
        #expect(lcov.hasPrefix("TN:Photo\nSF:photo.gdl\nBRDA:3,0,0,"))
        #expect(lcov.hasSuffix("DA:5,2\nLF:3\nLH:3\nend_of_record\n"))
        #expect(lcov.contains("\nBRF:22\nBRH:"))
        #expect(lcov.contains("\nDA:3,") && lcov.contains("\nDA:4,"))
    }

    @Test("--generate writes a suite per place that passes on its spec, and says what it covers")
    func generate() {
        let harness = Harness(files: ["app/photo.gdl": spec])
        #expect(harness.run("test", "--generate", "app/generated", "app/photo.gdl") == .success)
        #expect(harness.out.hasPrefix("wrote app/generated/Photo.window.gdltest ("))
        #expect(harness.out.contains("coverage of app/photo.gdl (Photo): "))
        let text = harness.files["app/generated/Photo.window.gdltest"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.contains("\nspec ../photo.gdl\nset Photo\nview window: window [0 0 1000 1000]\n"))
        let run = Harness(files: harness.files.mapValues { String(decoding: $0, as: UTF8.self) })
        #expect(run.run("test", "app/generated") == .success)
        #expect(Harness(files: [:]).run("test", "--generate", "out") == .usageOrIO)
        #expect(Harness(files: ["a.gdltest": tests]).run("test", "--set", "Photo", "a.gdltest") == .usageOrIO)
    }

    @Test("a file whose spec or scene cannot be read is that file's failure: the others run, and JUnit reports them all")
    func unreadableFileDoesNotStopTheRun() {
        let files = [
            "a/photo.gdl": spec, "a/photo.gdltest": tests,
            "b/lost.gdltest": "spec missing.gdl\n" + tests,
            "c/scene.gdltest": "spec ../a/photo.gdl\nscene nowhere.scene\n"
                + tests.replacingOccurrences(of: "view w: window [0 0 400 800]\n", with: ""),
        ]
        let harness = Harness(files: files)
        #expect(harness.run("test", "a", "b", "c") == .inputErrors)
        #expect(harness.out.contains("b/lost.gdltest: cannot read 'b/missing.gdl': no such file\n"))
        #expect(harness.out.contains("c/scene.gdltest: cannot read 'c/nowhere.scene': no such file\n"))
        #expect(harness.out.hasSuffix("2 passed, 2 failed\n"))
        let junit = Harness(files: files)
        #expect(junit.run("test", "--format", "junit", "-o", "report.xml", "a", "b", "c") == .inputErrors)
        let report = junit.files["report.xml"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(report.contains(#"<testsuites name="gesturec test" tests="4" failures="0" errors="2">"#))
    }

    @Test("names and paths print escaped: a control character in a test's name cannot rewrite the terminal")
    func escapedNames() {
        let hostile = tests.replacingOccurrences(of: "a double tap zooms", with: "zooms\u{1B}[2J")
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": hostile])
        #expect(harness.run("test", "--verbose", "photo.gdltest") == .success)
        #expect(harness.out.contains("ok    photo.gdltest: zooms\\u{1B}[2J\n"))
        #expect(!harness.out.contains("\u{1B}"))
    }

    @Test("JUnit holds only what XML 1.0 allows: U+FFFE, U+FFFF and control characters become U+FFFD")
    func junitCharacters() {
        #expect(TestReportRenderer.escapeXML("a\u{FFFE}b\u{FFFF}c\u{1}d\te<") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te&lt;")
        let hostile = tests.replacingOccurrences(of: "a double tap zooms", with: "zooms \u{FFFF}")
        let harness = Harness(files: ["photo.gdl": spec, "photo.gdltest": hostile])
        #expect(harness.run("test", "--format", "junit", "photo.gdltest") == .success)
        #expect(harness.out.contains(#"name="zooms \#u{FFFD}"/>"#))
        #expect(!harness.out.unicodeScalars.contains { $0.value == 0xFFFF })
    }

    @Test("--lcov writes a path's control characters escaped: a line break cannot forge a record")
    func lcovPaths() {
        let harness = Harness(files: ["x\nend_of_record/photo.gdl": spec, "x\nend_of_record/photo.gdltest": tests])
        #expect(harness.run("test", "--lcov", "photo.info", "x\nend_of_record/photo.gdltest") == .success)
        let lcov = harness.files["photo.info"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(lcov.hasPrefix("TN:Photo\nSF:x\\u{A}end_of_record/photo.gdl\nBRDA:"))
        #expect(lcov.components(separatedBy: "end_of_record\n").count == 2)
    }

    @Test("--generate quotes a spec path with a space, refuses one no line can hold, and numbers file names that would collide")
    func generatedFiles() {
        let spaced = Harness(files: ["my app/photo.gdl": spec])
        #expect(spaced.run("test", "--generate", "my app/generated", "my app/photo.gdl") == .success)
        let text = spaced.files["my app/generated/Photo.window.gdltest"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.contains("\nspec ../photo.gdl\n"))
        let elsewhere = Harness(files: ["my app/photo.gdl": spec])
        #expect(elsewhere.run("test", "--generate", "generated", "my app/photo.gdl") == .success)
        let quoted = elsewhere.files["generated/Photo.window.gdltest"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(quoted.contains("\nspec \"../my app/photo.gdl\"\n"))
        let rerun = Harness(files: elsewhere.files.mapValues { String(decoding: $0, as: UTF8.self) })
        #expect(rerun.run("test", "generated") == .success)

        let hashed = Harness(files: ["a#b/photo.gdl": spec])
        #expect(hashed.run("test", "--generate", "out", "a#b/photo.gdl") == .usageOrIO)
        #expect(hashed.err.contains("cannot be written on a test file's 'spec' line"))

        // Two views whose ids differ only in punctuation or case each get a file.
        var taken: Set<String> = []
        let names = ["a_b", "a.b", "A_b", "c"].map { SuiteGenerator.fileName("Two.\(SuiteGenerator.fileSafe($0))", taken: &taken) }
        #expect(names == ["Two.a_b.gdltest", "Two.a_b-2.gdltest", "Two.A_b-3.gdltest", "Two.c.gdltest"])
        let twoTaps = "gestures Two {\n  view window { view cell }\n  recognizer tap = tap on cell\n}\n"

        // An id that is no word of the text form (a JSON scene may hold any) is refused.
        let json =
            #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 400, 800]}, {"id": "a\nview x", "role": "cell", "parent": "w", "frame": [0, 0, 400, 100]}]}"#
        let refused = Harness(files: ["two.gdl": twoTaps, "two.json": json])
        #expect(refused.run("test", "--generate", "out", "--scene", "two.json", "two.gdl") == .usageOrIO)
        #expect(refused.err.contains(#"the scene's view id 'a\u{A}view x' cannot be written in a test file"#))
        #expect(refused.files.keys.allSatisfy { !$0.hasPrefix("out/") })
    }

    @Test("no test files is a usage error")
    func none() {
        let harness = Harness(files: ["photo.gdl": spec])
        #expect(harness.run("test", ".") == .usageOrIO)
        #expect(harness.err.hasPrefix("gesturec: error: no test files (*.gdltest) in '.'"))
    }
}
