/// Collects the diagnostics of one compilation, stopping at an error limit.
///
/// Once `errorLimit` errors are stored, further errors are only counted, so a file of
/// garbage cannot flood the output or the memory; `--all-errors` sets no limit.
public struct DiagnosticBag: Sendable {
    /// The errors after which further errors are counted but not stored.
    public static let defaultErrorLimit = 20

    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var errorCount = 0
    public private(set) var suppressedErrorCount = 0
    public let errorLimit: Int?

    public init(errorLimit: Int? = DiagnosticBag.defaultErrorLimit) {
        self.errorLimit = errorLimit
    }

    public var hasErrors: Bool { errorCount > 0 }

    /// True once the error limit is reached: callers may stop early.
    public var isFull: Bool {
        guard let errorLimit else { return false }
        return errorCount >= errorLimit
    }

    public mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error {
            if isFull {
                errorCount += 1
                suppressedErrorCount += 1
                return
            }
            errorCount += 1
        }
        diagnostics.append(diagnostic)
    }

    public mutating func report(
        _ problem: some DiagnosticMessage, at range: SourceRange, notes: [Note] = []
    ) {
        report(Diagnostic(problem, at: range, notes: notes))
    }

    /// Orders the diagnostics by file, then by position, keeping the order of those
    /// that start at the same place.
    public mutating func sortByLocation() {
        diagnostics = diagnostics.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element.range, rhs.element.range)
            if a.file != b.file { return a.file < b.file }
            if a.start != b.start { return a.start < b.start }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    public mutating func append(contentsOf other: DiagnosticBag) {
        for diagnostic in other.diagnostics { report(diagnostic) }
        errorCount += other.suppressedErrorCount
        suppressedErrorCount += other.suppressedErrorCount
    }
}
