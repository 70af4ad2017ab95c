import Foundation
import TestSupport
import Testing

/// The diff a record run prints (`recordIfAsked`), and the marks tests write.
@Suite("Record diffs")
struct LineDiffTests {
    /// The old and the new text rebuilt from a script: both must be what was diffed.
    private func sides(_ edits: [LineDiff.Edit]) -> (old: [String], new: [String]) {
        var old: [String] = []
        var new: [String] = []
        for edit in edits {
            switch edit {
            case .same(let line):
                old.append(line)
                new.append(line)
            case .removed(let line): old.append(line)
            case .added(let line): new.append(line)
            }
        }
        return (old, new)
    }

    private func changes(_ edits: [LineDiff.Edit]) -> Int {
        edits.count { if case .same = $0 { false } else { true } }
    }

    @Test("equal texts have no diff; a changed line is removed, then added, between its context")
    func unified() {
        #expect(LineDiff.unified(old: "a\nb\n", new: "a\nb\n") == "")
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            LineDiff.unified(old: old, new: new, context: 2) == """
                @@ -3,5 +3,5 @@
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7

                """)
    }

    @Test("changes far apart are hunks of their own; an insertion and a removal count from the right lines")
    func hunks() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "2\n3\n", with: "2\nnew\n3\n").replacingOccurrences(of: "\n18\n", with: "\n")
        #expect(
            LineDiff.unified(old: old, new: new, context: 1) == """
                @@ -2,2 +2,3 @@
                 2
                +new
                 3
                @@ -17,3 +18,2 @@
                 17
                -18
                 19

                """)
        // Into an empty file, and out of one.
        #expect(LineDiff.unified(old: "", new: "x\n") == "@@ -0,0 +1,1 @@\n+x\n")
        #expect(LineDiff.unified(old: "x\n", new: "") == "@@ -1,1 +0,0 @@\n-x\n")
    }

    @Test("a final newline lost or gained is a difference")
    func finalNewline() {
        #expect(LineDiff.unified(old: "a\n", new: "a") == "@@ -1,1 +1,1 @@\n-a\n+a\n\\ No newline at end of file\n")
    }

    @Test("the script is a shortest one, and rebuilds both texts")
    func shortest() {
        // Myers's example: ABCABBA to CBABAC takes five edits.
        let a = "ABCABBA".map { String($0) }
        let b = "CBABAC".map { String($0) }
        let edits = LineDiff.edits(a, b)
        #expect(changes(edits) == 5)
        #expect(sides(edits).old == a && sides(edits).new == b)
        // Seeded random texts over a few words, so that lines repeat.
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let old = (0..<random.below(12)).map { _ in String(random.below(4)) }
            let new = (0..<random.below(12)).map { _ in String(random.below(4)) }
            let edits = LineDiff.edits(old, new)
            #expect(sides(edits).old == old && sides(edits).new == new)
            #expect(changes(edits) == old.count + new.count - 2 * longestCommon(old, new), "\(old) → \(new)")
        }
    }

    /// The length of the longest common subsequence, by the textbook table.
    private func longestCommon(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices {
            for j in b.indices {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return table[a.count][b.count]
    }

    @Test("past the limit the middle is removed, then added, still a script of the two texts; a long diff is cut")
    func limits() {
        let old = (0..<3000).map { "old \($0)" }
        let new = (0..<3000).map { "new \($0)" }
        let edits = LineDiff.edits(["same"] + old + ["end"], ["same"] + new + ["end"], limit: 10)
        #expect(sides(edits).old == ["same"] + old + ["end"] && sides(edits).new == ["same"] + new + ["end"])
        #expect(changes(edits) == 6000)
        let text = LineDiff.unified(old: old.map { $0 + "\n" }.joined(), new: new.map { $0 + "\n" }.joined(), maximumLines: 50)
        #expect(text.split(separator: "\n").count == 51)
        #expect(text.hasSuffix("… 5951 more lines of the diff\n"))
    }

    @Test("a record run names the file from the repository root, and gives a binary file's sizes")
    func recorded() {
        let url = repositoryRoot.appendingPathComponent("Tests/Example/golden.txt")
        #expect(
            recordedChange(at: url, from: Array("a\nb\n".utf8), to: Array("a\nc\n".utf8)) == """
                recorded Tests/Example/golden.txt
                --- Tests/Example/golden.txt (before)
                +++ Tests/Example/golden.txt (recorded)
                @@ -1,2 +1,2 @@
                 a
                -b
                +c

                """)
        #expect(recordedChange(at: url, from: nil, to: Array("a\n".utf8)).hasPrefix("recorded Tests/Example/golden.txt\n--- /dev/null"))
        #expect(
            recordedChange(at: url, from: [0, 1, 2], to: [0, 1, 3])
                == "recorded Tests/Example/golden.txt (binary): 3 bytes before, 3 bytes now; they part at byte 2, line 1\n"
                + "  actual:   \u{0}\u{1}\u{3}\n  expected: \u{0}\u{1}\u{2}\n")
    }

    @Test("a marked text gives each mark's byte offset and protocol position")
    func marks() {
        let marked = MarkedText("gestures ‸A {\n  view ‸window\n}\n")
        #expect(marked.text == "gestures A {\n  view window\n}\n")
        #expect(marked.offsets == [9, 20])
        #expect(marked.position(0) == (line: 0, character: 9))
        #expect(marked.position(1) == (line: 1, character: 7))
    }
}
