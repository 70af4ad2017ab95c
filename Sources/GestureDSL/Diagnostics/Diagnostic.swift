/// How serious a diagnostic is.
public enum Severity: String, Sendable {
    case note
    case warning
    case error
}

/// A stable identifier for a kind of diagnostic, such as `GDL101`.
///
/// Ids never change meaning once released; `docs/diagnostics.md` lists them all.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// A problem type that can become a diagnostic: its id, severity and message text.
///
/// Each stage keeps its messages together in one enum conforming to this protocol
/// (`SyntaxProblem` here, `SemanticProblem` in the compiler), so all user-facing text
/// of a stage is written in one place.
public protocol DiagnosticMessage: Sendable {
    var id: DiagnosticID { get }
    var severity: Severity { get }
    /// Lowercase, no final period, the smallest accurate statement of the problem.
    var message: String { get }
}

/// A secondary message attached to a diagnostic, pointing at a related place, and,
/// when it names the one obvious repair, the edit that makes it.
public struct Note: Hashable, Sendable {
    public var message: String
    public var range: SourceRange
    /// The repair the note proposes, for tools and `gesturec check --fix`: the
    /// misspelled name replaced, the missing unit written.
    public var fix: FixIt?

    public init(_ message: String, at range: SourceRange, fix: FixIt? = nil) {
        self.message = message
        self.range = range
        self.fix = fix
    }
}

/// An edit of the source: `range` (which may be empty, an insertion) replaced by
/// `replacement`. Machine-applicable: applying it fixes what its note says, as
/// swiftc's fix-its and rustc's machine-applicable suggestions do.
public struct FixIt: Hashable, Sendable {
    public var range: SourceRange
    public var replacement: String

    public init(replacing range: SourceRange, with replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// One report about the input: data only, rendered elsewhere.
public struct Diagnostic: Hashable, Sendable {
    public var id: DiagnosticID
    public var severity: Severity
    public var message: String
    public var range: SourceRange
    public var notes: [Note]

    public init(
        id: DiagnosticID, severity: Severity, message: String, range: SourceRange, notes: [Note] = []
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
    }

    public init(_ problem: some DiagnosticMessage, at range: SourceRange, notes: [Note] = []) {
        self.init(
            id: problem.id, severity: problem.severity, message: problem.message, range: range,
            notes: notes)
    }
}
