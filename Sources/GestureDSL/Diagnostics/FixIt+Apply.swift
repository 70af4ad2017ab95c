extension DiagnosticBag {
    /// The repairs to apply to `file`: of each diagnostic whose notes propose exactly
    /// one (one obvious repair; a diagnostic with several is left to the author), in
    /// source order, without any that overlaps one before it.
    public func fixes(in file: FileID) -> [FixIt] {
        var fixes: [FixIt] = []
        for diagnostic in diagnostics {
            let proposed = diagnostic.notes.compactMap(\.fix)
            guard proposed.count == 1, let fix = proposed.first, fix.range.file == file else { continue }
            fixes.append(fix)
        }
        fixes.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        var kept: [FixIt] = []
        for fix in fixes where kept.last.map({ $0.range.end <= fix.range.start && $0 != fix }) ?? true {
            kept.append(fix)
        }
        return kept
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
