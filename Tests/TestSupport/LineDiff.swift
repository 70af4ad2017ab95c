/// A line diff of two texts, for a record run to show what it changed (`recordIfAsked`).
///
/// The edits are a shortest script, found by Myers's O(ND) search ("An O(ND)
/// Difference Algorithm and Its Variations", 1986) after the common first and last
/// lines are set aside; the search stops at `limit` differing lines, past which the
/// middle is written as removed, then added, which is still a correct script. Its
/// cost is O((N + M) · D) time and O(D²) memory for D differing lines, at most `limit`.
package enum LineDiff {
    /// One line of the script: kept, removed from the old text, or added in the new.
    package enum Edit: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The lines of `text`, each with its `\n` when it has one, so that a missing
    /// final newline is a difference too.
    package static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A script of edits that turns `old` into `new`: shortest when at most `limit`
    /// lines differ.
    package static func edits(_ old: [String], _ new: [String], limit: Int = 1000) -> [Edit] {
        // Lines as numbers, so that the search compares integers.
        var numbers: [String: Int] = [:]
        let a = old.map { line in
            numbers[line]
                ?? {
                    numbers[line] = numbers.count
                    return numbers.count - 1
                }()
        }
        let b = new.map { line in
            numbers[line]
                ?? {
                    numbers[line] = numbers.count
                    return numbers.count - 1
                }()
        }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middle = search(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]), limit: limit)
        var edits: [Edit] = old[..<prefix].map { .same($0) }
        var x = prefix
        var y = prefix
        for step in middle {
            switch step {
            case .same:
                edits.append(.same(old[x]))
                x += 1
                y += 1
            case .removed:
                edits.append(.removed(old[x]))
                x += 1
            case .added:
                edits.append(.added(new[y]))
                y += 1
            }
        }
        edits += old[(old.count - suffix)...].map { .same($0) }
        return edits
    }

    private enum Step { case same, removed, added }

    /// Myers's greedy search over `a` and `b`, which share no first or last line, then
    /// the way back through the furthest points it kept for each number of edits.
    private static func search(_ a: [Int], _ b: [Int], limit: Int) -> [Step] {
        let n = a.count
        let m = b.count
        if n == 0 || m == 0 { return Array(repeating: .removed, count: n) + Array(repeating: .added, count: m) }
        let most = min(n + m, max(limit, 1))
        let offset = most + 1
        // v[offset + k]: the furthest x reached on diagonal k (y = x - k).
        var v = [Int](repeating: 0, count: 2 * most + 3)
        // trace[d]: v on diagonals -(d + 1)...(d + 1) before step d.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...most {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let length = found else {
            return Array(repeating: .removed, count: n) + Array(repeating: .added, count: m)
        }
        var steps: [Step] = []
        var x = n
        var y = m
        for d in stride(from: length, through: 0, by: -1) {
            let saved = trace[d]
            func furthest(_ k: Int) -> Int { saved[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && furthest(k - 1) < furthest(k + 1)) ? k + 1 : k - 1
            let previousX = furthest(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                steps.append(.same)
                x -= 1
                y -= 1
            }
            if d > 0 {
                steps.append(x == previousX ? .added : .removed)
                x = previousX
                y = previousY
            }
        }
        return steps.reversed()
    }

    /// The differences of `old` and `new` as a unified diff of their lines, with
    /// `context` lines kept around each change and at most `maximumLines` lines
    /// written; empty when the texts are equal.
    package static func unified(old: String, new: String, context: Int = 3, maximumLines: Int = 400) -> String {
        let edits = edits(lines(old), lines(new))
        // The line each edit starts at in the old and the new text, from 1.
        var oldLine = 1
        var newLine = 1
        var starts: [(old: Int, new: Int)] = []
        for edit in edits {
            starts.append((oldLine, newLine))
            switch edit {
            case .same:
                oldLine += 1
                newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        var hunks: [Range<Int>] = []
        for (index, edit) in edits.enumerated() {
            if case .same = edit { continue }
            let range = max(0, index - context)..<min(edits.count, index + context + 1)
            if let last = hunks.last, last.upperBound >= range.lowerBound {
                hunks[hunks.count - 1] = last.lowerBound..<range.upperBound
            } else {
                hunks.append(range)
            }
        }
        var out: [String] = []
        for hunk in hunks {
            let removed = edits[hunk].count { if case .added = $0 { false } else { true } }
            let added = edits[hunk].count { if case .removed = $0 { false } else { true } }
            let oldStart = removed == 0 ? starts[hunk.lowerBound].old - 1 : starts[hunk.lowerBound].old
            let newStart = added == 0 ? starts[hunk.lowerBound].new - 1 : starts[hunk.lowerBound].new
            out.append("@@ -\(oldStart),\(removed) +\(newStart),\(added) @@")
            for edit in edits[hunk] {
                let (mark, line) =
                    switch edit {
                    case .same(let line): (" ", line)
                    case .removed(let line): ("-", line)
                    case .added(let line): ("+", line)
                    }
                if line.hasSuffix("\n") {
                    out.append(mark + line.dropLast())
                } else {
                    out.append(mark + line)
                    out.append("\\ No newline at end of file")
                }
            }
        }
        if out.count > maximumLines {
            let left = out.count - maximumLines
            out = Array(out.prefix(maximumLines)) + ["… \(left) more lines of the diff"]
        }
        return out.map { $0 + "\n" }.joined()
    }
}
