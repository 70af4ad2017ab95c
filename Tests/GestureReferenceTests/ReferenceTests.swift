import Foundation
import GestureCompiler
import GestureReference
import GestureRuntime
import TestSupport
import Testing

/// `gesturec explain` and the reference it reads: `docs/semantics.md` and
/// `docs/diagnostics.md`, compiled into the tool. Every id that an output or a document
/// cites has an entry.
@Suite("Reference")
struct ReferenceTests {
    static let mirror = repositoryRoot.appendingPathComponent("Sources/GestureReference/ReferenceText.swift")

    func read(_ path: String) throws -> String {
        String(decoding: try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path)), as: UTF8.self)
    }

    @Test("the tool's copy of the documents is the documents")
    func mirror() throws {
        let semantics = try read("docs/semantics.md")
        let diagnostics = try read("docs/diagnostics.md")
        let grammar = try read("Grammar.md")
        let controls = try read("docs/controls.md")
        let expected = """
            // Generated from docs/semantics.md, docs/diagnostics.md, Grammar.md and docs/controls.md; do not edit.
            // `RECORD=1 swift test --filter ReferenceTests` writes it anew after a change to them.

            /// The project's reference documents, compiled into the tool for `gesturec explain`
            /// and the meanings of built-in names in hovers.
            enum ReferenceText {
                static let semantics = ##\"\"\"

            """ + semantics + "\"\"\"##\n\n    static let diagnostics = ##\"\"\"\n" + diagnostics
            + "\"\"\"##\n\n    static let grammar = ##\"\"\"\n" + grammar
            + "\"\"\"##\n\n    static let controls = ##\"\"\"\n" + controls + "\"\"\"##\n}\n"
        // ReferenceText.swift is out of date when this fails: `RECORD=1 swift test
        // --filter ReferenceTests` writes it anew, then build.
        try expectGolden(Array(expected.utf8), at: Self.mirror)
    }

    @Test("entries for rules, decisions, diagnostics, lint rules and kinds of change")
    func entries() throws {
        let rule = try #require(Reference.entry(for: "R53"))
        #expect(rule.hasPrefix("R53 · Failure requirements\n\n`a requires b to fail`"))
        #expect(rule.contains("Sources: ") && rule.hasSuffix("(docs/semantics.md)\n"))
        // Any case; a rule's letter suffix; the decisions by number.
        #expect(Reference.entry(for: "r32a")?.hasPrefix("R32a · ") == true)
        #expect(Reference.entry(for: "R32")?.hasPrefix("R32 · ") == true)
        #expect(Reference.entry(for: "Decision 5")?.hasPrefix("Decision 5 · Exclusion across disjoint touches") == true)
        #expect(Reference.entry(for: "D5") == Reference.entry(for: "decision 5"))
        // A diagnostic: its row, each cell under its column's name.
        #expect(
            Reference.entry(for: "GDL510") == """
                GDL510 · Scenes and traces (GDL500–GDL599)

                severity: error
                message: touch N is not down
                when: a move, lift or cancel of a touch that is not down

                (docs/diagnostics.md)

                """)
        #expect(Reference.entry(for: "GDL202")?.hasPrefix("GDL202 latency-budget (lint, warning, opt-in)") == true)
        #expect(Reference.entry(for: "GDL203")?.hasPrefix("GDL203 starved (lint, warning)\n") == true)
        // A former id names the class it became, and says so first.
        #expect(
            Reference.entry(for: "scene-covered")?.hasPrefix(
                "scene-covered is now part of GDL203 starved: suppressions and --disable naming it still apply.\n\nGDL203 starved") == true)
        #expect(Reference.entry(for: "GDL223")?.contains("GDL221 delivery-changed (lint, warning)") == true)
        #expect(Reference.entry(for: "action-moves")?.hasPrefix("action-moves (gesturec diff, a change of behaviour)") == true)
        #expect(Reference.entry(for: "GDL304")?.hasPrefix("GDL304 was used during development and is retired.") == true)
        #expect(Reference.entry(for: "R81b")?.hasPrefix("R81b · Scrolling that glides") == true)
        for missing in ["R99", "R", "Ra", "R81z", "R81bb", "D", "GDL999", "hello", "touchUp"] {
            #expect(Reference.entry(for: missing) == nil, "\(missing)")
        }
        #expect(Reference.ids.contains("R86") && Reference.ids.contains("Decision 7") && Reference.ids.contains("GDL001"))
    }

    /// The files whose text cites ids: the sources (and the prelude in them), the
    /// examples, the documents.
    static func citingFiles() throws -> [String] {
        var files: [String] = []
        for directory in ["Sources", "Examples", "docs", "Plugins", "Tests/Scenarios"] {
            let enumerator = FileManager.default.enumerator(atPath: repositoryRoot.path + "/" + directory)
            while let path = enumerator?.nextObject() as? String {
                guard !path.contains(".build"), [".swift", ".gdl", ".md", ".txt", ".json", ".trace"].contains(where: path.hasSuffix) else { continue }
                files.append(directory + "/" + path)
            }
        }
        return files.sorted() + ["README.md", "Grammar.md"]
    }

    @Test("every rule, decision and diagnostic id cited anywhere has an entry")
    func citedIDsResolve() throws {
        let patterns = [#/\bR[0-9]+[a-z]?\b/#, #/\bDecision [0-9]+\b/#, #/\bGDL[0-9]{3}\b/#]
        var unresolved: Set<String> = []
        var cited: Set<String> = []
        for file in try Self.citingFiles() {
            let text = try read(file)
            for pattern in patterns {
                for match in text.matches(of: pattern) {
                    // The bounds of a range (`GDL100–GDL199`) are not ids.
                    let before = text[..<match.range.lowerBound].last
                    let after = text[match.range.upperBound...].first
                    if before == "–" || after == "–" { continue }
                    let id = String(match.output)
                    cited.insert(id)
                    if Reference.entry(for: id) == nil { unresolved.insert("\(id) (\(file))") }
                }
            }
        }
        #expect(unresolved.isEmpty, "no entry for: \(unresolved.sorted().joined(separator: ", "))")
        // The scan sees what it should: the rules, the decisions and the diagnostics.
        #expect(cited.contains("R53") && cited.contains("Decision 6") && cited.contains("GDL103"))
    }

    @Test("explain prints a control event: the deliveries that send it, then what decides them")
    func controlEventEntries() throws {
        let outside = try #require(Reference.entry(for: "touchupoutside"))
        #expect(
            outside.hasPrefix(
                "touchUpOutside (a control event, docs/controls.md)\n\nA control sends it when its view is:\n\n"
                    + "- delivered `ended` outside: `touchUpOutside`\n\nA control acts on the touches"))
        #expect(outside.hasSuffix("(docs/controls.md)\n") && !outside.contains("## "))
        // A stepper's at the touch-down, a slider's at each move, the others' at the lift.
        let changed = try #require(Reference.entry(for: "valueChanged"))
        #expect(changed.components(separatedBy: "\n- delivered ").count == 4)
        for event in ControlEvent.Kind.allCases {
            #expect(Reference.entry(for: event.rawValue) != nil, "\(event)")
            #expect(Reference.ids.contains(event.rawValue))
        }
    }

    @Test("explain prints the system's rules (S3, any case) and a built-in device as its profile's JSON")
    func systemEntries() throws {
        #expect(Reference.entry(for: "s3")?.hasPrefix("S3 · Deferral gives the app the first swipe") == true)
        #expect(Reference.entry(for: "S7") == nil)
        let device = try #require(Reference.entry(for: "pixel-7"))
        #expect(device.hasPrefix("pixel-7 (a device profile, docs/devices.md)"))
        #expect(device.contains(#""exclusionLimit": 200"#))
        #expect(Reference.ids.contains("S6") && Reference.ids.contains("iphone-14"))
    }
}
