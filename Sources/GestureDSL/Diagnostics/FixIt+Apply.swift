extension DiagnosticBag {
    /// The repairs to apply to `file`: of each diagnostic whose notes propose exactly
    /// one (one obvious repair; a diagnostic with several is a choice left to the
    /// author), in source order, without any that overlaps one before it.
    public func fixes(in file: FileID) -> [FixIt] {
        repairs(in: file).applicable.map(\.fix)
    }

    /// The diagnostics of `file` that propose repairs: those with exactly one, to apply
    /// (in source order, none overlapping one before it), and those whose notes offer
    /// several, which need the author's choice. Only the diagnostics the bag holds
    /// count, so a tool applies the repairs of what it shows and nothing else.
    public func repairs(in file: FileID) -> (applicable: [(diagnostic: Diagnostic, fix: FixIt)], choices: [Diagnostic]) {
        var proposals: [(diagnostic: Diagnostic, fix: FixIt)] = []
        var choices: [Diagnostic] = []
        for diagnostic in diagnostics where diagnostic.range.file == file {
            let proposed = diagnostic.notes.compactMap(\.fix).filter { $0.range.file == file }
            if proposed.count == 1, let fix = proposed.first {
                proposals.append((diagnostic, fix))
            } else if proposed.count > 1 {
                choices.append(diagnostic)
            }
        }
        proposals.sort { ($0.fix.range.start, $0.fix.range.end) < ($1.fix.range.start, $1.fix.range.end) }
        var kept: [(diagnostic: Diagnostic, fix: FixIt)] = []
        for proposal in proposals where kept.last.map({ $0.fix.range.end <= proposal.fix.range.start && $0.fix != proposal.fix }) ?? true {
            kept.append(proposal)
        }
        return (kept, choices)
    }
}

extension FixIt {
    /// `bytes` with `fixes` applied: sorted and not overlapping, as
    /// `DiagnosticBag.fixes(in:)` gives them; a fix outside the bytes is skipped.
    public static func apply(_ fixes: [FixIt], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for fix in fixes where fix.range.start >= position && fix.range.end <= bytes.count && fix.range.start <= fix.range.end {
            out += bytes[position..<fix.range.start]
            out += Array(fix.replacement.utf8)
            position = fix.range.end
        }
        out += bytes[position...]
        return out
    }
}
