import Foundation
import GestureAnalysis
import GestureCompiler
import GestureDSL
import GestureRuntime
import TestSupport
import Testing

/// `gesturec diff`: real edits of the examples, each compared with its golden text
/// (`Golden/Diffs/<case>.txt`, `RECORD=1` writes them anew), and the behaviour each
/// golden must show, reasoned from the rules, checked on its own.
@Suite("Behaviour diff")
struct DiffTests {
    static let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/GestureAnalysisTests/Golden/Diffs")

    /// An edit of an example: the text replaced, the set compared.
    struct Edit: CustomTestStringConvertible, Sendable {
        var name: String
        var spec: String
        var set: String?
        var replace: String
        var with: String
        var testDescription: String { name }
    }

    static let edits = [
        Edit(
            name: "add-requirement", spec: "Examples/PhotoBrowser.gdl", set: nil, replace: "  simultaneous zoom, spin, drag\n",
            with: "  simultaneous zoom, spin, drag\n  drag requires zoomOut to fail\n"),
        Edit(
            name: "change-interval", spec: "Examples/PhotoBrowser.gdl", set: nil,
            replace: "recognizer doubleTap = tap(taps: 2) on photo", with: "recognizer doubleTap = tap(taps: 2, interval: 500ms) on photo"),
        Edit(
            name: "make-simultaneous", spec: "Examples/BrowserPage.gdl", set: "BrowserPage",
            replace: "  simultaneous scroll, pinchZoom\n", with: "  simultaneous scroll, pinchZoom\n  simultaneous scroll, linkMenu\n"),
        Edit(
            name: "move-to-parent", spec: "Examples/PhotoBrowser.gdl", set: nil,
            replace: "recognizer zoomOut = tap(touches: 2) on photo", with: "recognizer zoomOut = tap(touches: 2) on scroller"),
        Edit(
            name: "rename", spec: "Examples/PhotoBrowser.gdl", set: nil, replace: "singleTap", with: "toggleChrome"),
        Edit(
            name: "comment-only", spec: "Examples/PhotoBrowser.gdl", set: nil, replace: "  /// Zooms back out.\n",
            with: "  /// Zooms back out, with two fingers.\n"),
    ]

    /// The example and its edited copy, compiled, the edited one from memory with its
    /// imports from disk.
    func compile(_ edit: Edit) throws -> (old: [CompiledSet], new: [CompiledSet]) {
        let original = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + edit.spec))
        let text = String(decoding: original, as: UTF8.self)
        let edited = text.replacingOccurrences(of: edit.replace, with: edit.with)
        #expect(edited != text, "the edit \(edit.name) changes nothing")
        func sets(_ bytes: [UInt8]) throws -> [CompiledSet] {
            let compilation = Compilation.check(
                roots: [SourceFile(path: edit.spec, bytes: bytes)], loader: RootedLoader(), errorLimit: nil)
            let build = compilation.lowered()
            let sets = build.sets
            try #require(build.succeeded)
            return sets.filter { edit.set == nil || $0.program.name == edit.set }
        }
        return (try sets(Array(original)), try sets(Array(edited.utf8)))
    }

    @Test("real edits of the examples match their golden changes", arguments: DiffTests.edits)
    func golden(_ edit: Edit) throws {
        let (old, new) = try compile(edit)
        let text = DiffRenderer.text(BehaviourDiff.compare(old: old, new: new))
        try expectGolden(Array(text.utf8), at: Self.goldenDirectory.appendingPathComponent(edit.name + ".txt"))
    }

    func changes(_ name: String) throws -> [BehaviourChange] {
        let edit = try #require(Self.edits.first { $0.name == name })
        let (old, new) = try compile(edit)
        return BehaviourDiff.compare(old: old, new: new)
    }

    @Test("a longer double-tap interval delays the single tap by the difference (R53, R55)")
    func interval() throws {
        let changes = try changes("change-interval")
        // The single tap waits for both the double tap and the one-finger zoom (350ms);
        // the longer wait now decides: 500 − 350 = 150ms later, and the photo's touch,
        // held back until then (R40), is cancelled 150ms later too (R39).
        let single = try #require(changes.first { $0.message.hasPrefix("'singleTap'") })
        #expect(single.kind == .actionMoves)
        #expect(abs((single.delay ?? 0) - 0.15) < 1e-9)
        // A tap: down at 0.02s, up at 0.04s; released at 0.39s, now at 0.54s.
        #expect(single.message.contains("on finger 1 goes down, the finger lifts on photo (0.390s → 0.540s)"))
        #expect(changes.contains { $0.kind == .deliveryMoves && $0.message.hasPrefix("view 'photo' now receives touches cancelled 150ms later") })
        // The explorer tries a pause between the two intervals (428ms): a second tap
        // then is now a double tap, where the single tap acted before.
        #expect(
            changes.contains {
                $0.kind == .actionAppears
                    && $0.message.hasPrefix("'doubleTap' now recognizes on finger 1 goes down, finger 1 lifts, a pause of 428ms")
                    && $0.message.contains("where 'singleTap' did")
            })
    }

    @Test("a requirement on a two-finger tap holds a one-finger pan until the tap fails on movement (R53)")
    func requirement() throws {
        let changes = try changes("add-requirement")
        // The pan waits for the two-finger tap to fail (R53): later on a drag.
        let drag = try #require(changes.first { $0.message.hasPrefix("'drag' now begins") })
        #expect(drag.kind == .actionMoves && (drag.delay ?? 0) > 0)
        #expect(drag.place?.line == 35 && drag.place?.side == .new)
        // The counterexample replays in both versions: the same views by name.
        let example = try #require(drag.counterexample)
        #expect(example.set == "PhotoBrowser" && example.scene.contains("\"id\": \"scroller\""))
    }

    @Test("two recognizers made simultaneous: the pan now begins after a press held on a link (R46, R48)")
    func simultaneity() throws {
        let changes = try changes("make-simultaneous")
        // The menu's press (500ms) no longer excludes the scroll: a drag after a hold
        // past the press's duration now scrolls too (R48), one change for its began and
        // its end on the same input.
        #expect(
            changes.contains {
                $0.kind == .actionAppears && $0.message.hasPrefix("'scroll' now begins and ends on finger 1 goes down, a pause of")
                    && $0.message.contains("drags") && $0.message.contains("on link")
            })
    }

    @Test("a renamed recognizer is matched by kind, arguments and role; no behaviour changes")
    func rename() throws {
        let changes = try changes("rename")
        #expect(changes.map(\.kind) == [.recognizerRenamed])
        #expect(changes.first?.message == "recognizer 'singleTap' was renamed 'toggleChrome'")
        #expect(try self.changes("comment-only").isEmpty)
    }

    @Test("added and removed recognizers and sets are changes of structure")
    func structure() throws {
        let old = build(inSet("  recognizer a = tap on window\n  recognizer b = pan on window"))
        let new = build(inSet("  recognizer a = tap on window\n  recognizer c = longPress on window"))
        let changes = BehaviourDiff.compare(old: old, new: new)
        #expect(
            changes.filter { !$0.kind.isBehaviour }.map(\.message) == [
                "recognizer 'c' was added", "recognizer 'b' was removed",
            ])
        // The press now wins a one-finger hold, which the pan never claimed.
        #expect(changes.contains { $0.kind == .actionAppears && $0.message.hasPrefix("'c' now begins and ends on finger 1 goes down, a pause of") })
        let renamedSet = build("gestures Other {\n  view window\n}\n")
        #expect(BehaviourDiff.compare(old: old, new: renamedSet).map(\.kind) == [.setAdded, .setRemoved])
    }

    @Test("SARIF: a rule per kind of change, results at their declarations")
    func sarif() throws {
        let changes = try changes("change-interval")
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(DiffRenderer.sarif(changes, version: "1").utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(SARIFTests.missingProperties(in: log) == [], "what the schema requires (the writer lint's logs use)")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "gesturec diff")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == BehaviourChange.Kind.allCases.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == changes.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(result["level"] as? String == "warning")
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Examples/PhotoBrowser.gdl")
        }
        // JSON: one object per change, each parses.
        for line in DiffRenderer.json(changes).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["behaviour"] as? Bool == true && object["counterexample"] is [String: Any])
        }
    }
}
