import GestureCompiler
import GestureDSL
import GestureSimulation

/// A comment that silences lint findings, with the reason it is fine:
///
///     // lint off GDL202: the single tap must wait for the double tap; designers agreed
///     recognizer singleTap = tap on photo
///
/// It names one or more rules, by id or name, separated by commas, then a colon and
/// the reason. It silences those rules' findings on its own line (a trailing comment)
/// and on the next line that is not blank or a comment. A suppression without a
/// reason silences nothing (GDL290); one that silences nothing is reported (GDL291).
///
/// The same comment, written `# lint off …`, works in a scene in the text form, on a
/// view's line; and a finding at a scene's view is covered too by a suppression on
/// its role's declaration in the spec, the place a JSON scene, which has no comments,
/// leaves (docs/lint.md, "Suppressions").
struct Suppression: Sendable {
    var rules: [String]
    var reason: String
    /// The comment.
    var range: SourceRange
    /// The lines it covers, 1-based, in `range.file`.
    var lines: ClosedRange<Int>

    /// A line a finding may be silenced on: its own, or its view's role's declaration.
    struct Line: Hashable {
        var file: FileID
        var line: Int
    }

    /// Whether the suppression silences `finding`, reported on `lines`.
    func covers(_ finding: LintFinding, on findingLines: [Line]) -> Bool {
        findingLines.contains { $0.file == range.file && lines.contains($0.line) }
            && rules.contains { name in
                name.lowercased() == finding.rule.id.rawValue.lowercased() || name == finding.rule.name
                    || finding.rule.formerNames.contains { $0.lowercased() == name.lowercased() }
            }
    }

    /// How a comment starts: `//` in a spec, `#` in a scene or trace in the text form.
    enum Marker {
        case slashes, hash

        var text: String { self == .slashes ? "//" : "#" }

        /// Whether the comment starts at `index` of `bytes`.
        func starts(at index: Int, in bytes: [UInt8]) -> Bool {
            switch self {
            case .slashes: index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
            case .hash: bytes[index] == UInt8(ascii: "#")
            }
        }
    }

    /// Every suppression comment of `file`.
    static func scan(_ file: SourceFile, id: FileID, marker: Marker = .slashes) -> [Suppression] {
        var found: [Suppression] = []
        var pending: [Int] = []  // suppressions waiting for the next line of code
        for line in 1...max(file.lineStarts.count, 1) {
            let range = file.lineRange(line)
            let text = file.text(range)
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            let isCommentOnly = trimmed.hasPrefix(marker.text)
            if !trimmed.isEmpty, !isCommentOnly {
                for index in pending { found[index].lines = found[index].lines.lowerBound...line }
                pending = []
            }
            guard let start = range.first(where: { marker.starts(at: $0, in: file.bytes) }) else { continue }
            let body = file.text((start + marker.text.utf8.count)..<range.upperBound).drop { $0 == " " }
            guard body.hasPrefix("lint off") else { continue }
            let rest = body.dropFirst("lint off".count)
            let (names, reason) =
                if let colon = rest.firstIndex(of: ":") {
                    (rest[..<colon], rest[rest.index(after: colon)...].trimmingSpaces)
                } else {
                    (rest[...], "")
                }
            let rules = names.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
            let offset = start
            found.append(
                Suppression(
                    rules: rules, reason: reason, range: SourceRange(file: id, start: offset, end: range.upperBound),
                    lines: line...line))
            if isCommentOnly { pending.append(found.count - 1) }
        }
        return found
    }

    static let withoutReason = LintRuleInfo(
        id: "GDL290", name: "suppression-without-reason", severity: .warning,
        summary: "a `// lint off` comment gives no reason, so it silences nothing",
        explanation: """
            A suppression says why a finding is acceptable, so that the next reader does not
            have to rediscover it. Without a reason after a colon it silences nothing.

            Triggers:

                // lint off GDL202
                recognizer singleTap = tap on photo

            Does not:

                // lint off GDL202: the toolbar toggle may lag; a double tap zooms
                recognizer singleTap = tap on photo
            """)

    static let unused = LintRuleInfo(
        id: "GDL291", name: "unused-suppression", severity: .warning,
        summary: "a `// lint off` comment silences no finding",
        explanation: """
            A suppression that matches nothing is stale: the problem was fixed, the rule
            id is wrong, or the comment is not on the line before the finding.

            Triggers (no finding of GDL203 on the next line):

                // lint off GDL203: the swipe is shadowed on purpose
                recognizer open = tap on thumbnail

            Does not: remove the comment, or put it before the line the finding is on.
            """)
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
