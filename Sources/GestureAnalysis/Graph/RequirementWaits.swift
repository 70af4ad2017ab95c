import GestureRuntime

/// What the set diagram labels each failure requirement with: the longest its dependent
/// waited for the required recognizer to fail, over the explored runs in which the
/// dependent then acted (what the requirement adds to its latency, as `lint --report
/// latency` measures a recognizer's whole hold).
final class RequirementWaits: ExplorationObserver {
    /// By failure requirement (an index into `program.failureRequirements`); nil where
    /// it never held its dependent.
    private(set) var longest: [Double?]

    init(program: GestureProgram) {
        longest = Array(repeating: nil, count: program.failureRequirements.count)
    }

    func observe(_ record: RunRecord) {
        for (_, hold) in record.conduct.allHolds {
            for (index, wait) in hold.waits where wait > (longest[index] ?? 0) { longest[index] = wait }
        }
    }
}
