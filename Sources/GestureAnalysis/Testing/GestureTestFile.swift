import GestureCompiler
import GestureDSL
import GestureSimulation

/// A file of gesture tests (`*.gdltest`, docs/testing.md): the spec and set it tests,
/// a scene, and tests, each a trace in the text form of docs/traces.md with
/// expectations that read like the rules.
///
/// ```
/// spec PhotoBrowser.gdl
/// scene Traces/PhotoBrowser.scene.json
///
/// test "a double tap zooms and never toggles the toolbars"
///   0.000  down 1 at (150, 250)
///   0.060  up 1 at (150, 250)
///   0.150  down 2 at (150, 250)
///   0.210  up 2 at (150, 250)
///   expect zoom recognized at 0.21
///   expect never toggleChrome
/// ```
///
/// The file is read line by line, with the trace's tokens (`TraceText.Tokens`). Event
/// and `view` lines are left to the trace reader, which reads the `view` lines once and
/// each test's event lines where they are written (`TraceText.parse(_:id:lines:)`), so
/// a mistake is reported at its own line and column and a test costs its own lines.
public struct GestureTestFile: Sendable {
    public var file: SourceFile
    public var id: FileID
    /// `spec PATH`, relative to the test file; nil: the `.gdl` of the same name beside it.
    public var spec: Located<String>?
    /// `set NAME`, when the spec has several.
    public var set: Located<String>?
    /// `scene PATH`, relative to the test file; nil when the file's `view` lines are the
    /// scene.
    public var scene: Located<String>?
    public var tests: [GestureTest] = []
    /// The lines that declare views, shared by every test's trace.
    var viewLines: [Int] = []

    public struct Located<Value: Sendable>: Sendable {
        public var value: Value
        public var range: SourceRange
    }

    /// The spec's path as the file names it, or by default: the test file's own name
    /// with `.gdl` for `.gdltest`.
    public var specPath: String {
        if let spec { return Self.resolve(spec.value, beside: file.path) }
        let path = file.path
        return (path.hasSuffix(".gdltest") ? String(path.dropLast(".gdltest".count)) : path) + ".gdl"
    }

    /// `path` as a `spec` or `scene` line writes it: bare when it is one token,
    /// `"quoted"` when it has spaces or punctuation; nil when no line can hold it (a
    /// double quote, a `#`, which starts a comment, or a control character).
    public static func written(path: String) -> String? {
        let bare = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+@~".unicodeScalars.contains($0) }
        if bare, !path.isEmpty { return path }
        let unwritable = path.unicodeScalars.contains { $0 == "\"" || $0 == "#" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        return unwritable || path.isEmpty ? nil : "\"" + path + "\""
    }

    /// The scene file's path, if the file names one.
    public var scenePath: String? { scene.map { Self.resolve($0.value, beside: file.path) } }

    /// `path` relative to the directory of `file`, unless absolute, with `dir/..`
    /// folded away (`tests/../specs/a.gdl` is `specs/a.gdl`).
    static func resolve(_ path: String, beside file: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        var parts: [Substring] = []
        for part in (String(file[...slash]) + path).split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != "..", last != "", last != "." {
                parts.removeLast()
            } else if part != "." || parts.isEmpty {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}

/// One test: a name, a trace (its event lines), and what must happen.
public struct GestureTest: Sendable {
    public var name: String
    /// Where `test "name"` is written.
    public var range: SourceRange
    /// The lines of the test's events, in the trace text form.
    var eventLines: [Int] = []
    public var expectations: [Expectation] = []
    /// `until T`: run the timers up to this time (default: the last event plus the
    /// longest timer, as `simulate`).
    public var until: Double?
}

/// Mistakes in a test file (GDL600–GDL699, docs/diagnostics.md).
public enum TestFileProblem: DiagnosticMessage, Hashable {
    case malformed(reason: String)
    case outsideTest(what: String)
    case duplicateHeader(keyword: String)
    case sceneTwice
    case noTests
    case duplicateTest(name: String)
    case unknownName(what: String, name: String, suggestion: String?)
    case noExpectation(name: String)
    /// Touches went down, none of them on a view of the scene (R10).
    case touchesOnNoView(name: String)
    /// A `never` expectation about what no touch of the test reaches.
    case cannotFail(expectation: String, reason: String)
    /// Not a mistake of the file: the expectation does not hold (`gesturec test`).
    case failed(test: String, expected: String, actual: String)

    public var id: DiagnosticID {
        switch self {
        case .malformed: "GDL600"
        case .outsideTest: "GDL601"
        case .duplicateHeader, .sceneTwice: "GDL602"
        case .noTests: "GDL603"
        case .duplicateTest: "GDL604"
        case .unknownName: "GDL605"
        case .noExpectation: "GDL606"
        case .touchesOnNoView: "GDL607"
        case .cannotFail: "GDL608"
        case .failed: "GDL610"
        }
    }

    public var severity: Severity { .error }

    public var message: String {
        switch self {
        case .malformed(let reason): reason
        case .outsideTest(let what): "\(what) belongs to a test: write it after a 'test \"name\"' line"
        case .duplicateHeader(let keyword): "'\(keyword)' is given twice"
        case .sceneTwice: "the scene is given twice: a 'scene' file and 'view' lines"
        case .noTests: "a test file with no test"
        case .duplicateTest(let name): "two tests are named \"\(name)\""
        case .unknownName(let what, let name, let suggestion):
            "no \(what) '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .noExpectation(let name): "test \"\(name)\" expects nothing, so it cannot fail; add an 'expect' line"
        case .touchesOnNoView(let name):
            "test \"\(name)\" cannot fail: none of its touches lands on a view of the scene, so nothing sees them (R10)"
        case .cannotFail(let expectation, let reason): "'expect \(expectation)' cannot fail: \(reason)"
        case .failed(let test, let expected, let actual): "test \"\(test)\" failed: expected '\(expected)'; got \(actual)"
        }
    }
}

extension GestureTestFile {
    /// Reads a test file; mistakes go to `diagnostics`, and a file with any is not run.
    public static func parse(_ file: SourceFile, id: FileID, diagnostics: inout DiagnosticBag) -> GestureTestFile {
        var result = GestureTestFile(file: file, id: id)
        var names: Set<String> = []
        for line in 1...max(1, file.lineStarts.count) {
            var tokens = TraceText.Tokens(file: file, id: id, range: file.lineRange(line))
            guard let first = tokens.peek() else { continue }
            do throws(LocatedJSONError) {
                switch first.text {
                case "spec", "set", "scene":
                    _ = tokens.next()
                    guard result.tests.isEmpty else {
                        throw LocatedJSONError(reason: "'\(first.text)' comes before the first test", range: first.range)
                    }
                    let value = try Self.pathOrName(&tokens, what: first.text == "set" ? "a set name" : "a path")
                    let located = Located(value: value.text, range: value.range)
                    let previous: Located<String>?
                    switch first.text {
                    case "spec": (previous, result.spec) = (result.spec, located)
                    case "set": (previous, result.set) = (result.set, located)
                    default: (previous, result.scene) = (result.scene, located)
                    }
                    if previous != nil { diagnostics.report(Diagnostic(TestFileProblem.duplicateHeader(keyword: first.text), at: first.range)) }
                case "view":
                    guard result.tests.isEmpty else {
                        throw LocatedJSONError(reason: "the scene's views come before the first test", range: first.range)
                    }
                    result.viewLines.append(line)
                    continue  // the trace reader reads the rest
                case "test":
                    _ = tokens.next()
                    let name = try Self.quoted(&tokens)
                    if !names.insert(name.text).inserted {
                        diagnostics.report(Diagnostic(TestFileProblem.duplicateTest(name: name.text), at: name.range))
                    }
                    result.tests.append(GestureTest(name: name.text, range: first.range.union(name.range)))
                case "expect":
                    _ = tokens.next()
                    guard !result.tests.isEmpty else {
                        diagnostics.report(Diagnostic(TestFileProblem.outsideTest(what: "an expectation"), at: first.range))
                        continue
                    }
                    var expectation = try Expectation.parse(&tokens)
                    expectation.range = first.range.union(tokens.last)
                    result.tests[result.tests.count - 1].expectations.append(expectation)
                case "until":
                    _ = tokens.next()
                    guard !result.tests.isEmpty else {
                        diagnostics.report(Diagnostic(TestFileProblem.outsideTest(what: "'until'"), at: first.range))
                        continue
                    }
                    result.tests[result.tests.count - 1].until = try Expectation.seconds(&tokens, what: "a time")
                default:
                    guard !result.tests.isEmpty else {
                        diagnostics.report(Diagnostic(TestFileProblem.outsideTest(what: "an event"), at: first.range))
                        continue
                    }
                    result.tests[result.tests.count - 1].eventLines.append(line)
                    continue  // the trace reader reads the rest
                }
                if let extra = tokens.next() { throw LocatedJSONError(reason: "unexpected '\(extra.text)'", range: extra.range) }
            } catch {
                diagnostics.report(Diagnostic(TestFileProblem.malformed(reason: error.reason), at: error.range))
            }
        }
        if result.scene != nil, let line = result.viewLines.first {
            let range = SourceRange(file: id, start: file.lineRange(line).lowerBound, end: file.lineRange(line).lowerBound)
            diagnostics.report(Diagnostic(TestFileProblem.sceneTwice, at: range))
        }
        if result.tests.isEmpty, !diagnostics.hasErrors {
            diagnostics.report(Diagnostic(TestFileProblem.noTests, at: SourceRange(file: id, start: 0, end: 0)))
        }
        return result
    }

    /// A path or a name: a word, or a `"quoted"` text for one with spaces.
    private static func pathOrName(_ tokens: inout TraceText.Tokens, what: String) throws(LocatedJSONError) -> (text: String, range: SourceRange) {
        if tokens.peek()?.text.first == "\"" { return try quoted(&tokens) }
        guard let token = tokens.next() else { throw tokens.missing(what) }
        // A path is one token up to the line's punctuation: `Traces/a.scene.json`.
        var text = token.text
        var range = token.range
        while let next = tokens.peek(), next.range.start == range.end {
            text += next.text
            range = range.union(next.range)
            _ = tokens.next()
        }
        return (text, range)
    }

    /// `"a name"`: tokens from an opening quote to a closing one, spaces kept as written.
    static func quoted(_ tokens: inout TraceText.Tokens) throws(LocatedJSONError) -> (text: String, range: SourceRange) {
        guard let open = tokens.peek(), open.text.first == "\"" else { throw tokens.missing("a name in double quotes") }
        var range = open.range
        var parts: [TraceText.Token] = []
        while let token = tokens.next() {
            parts.append(token)
            range = range.union(token.range)
            // A token ending in a quote closes the name, but for the opening quote alone.
            if token.text.last == "\"", !(parts.count == 1 && token.text == "\"") { break }
            if tokens.peek() == nil { throw LocatedJSONError(reason: "a name in double quotes is not closed", range: range) }
        }
        // Rebuild the text with the spaces between tokens as written.
        var text = ""
        var end = parts.first?.range.start ?? 0
        for part in parts {
            text += String(repeating: " ", count: max(0, part.range.start - end)) + part.text
            end = part.range.end
        }
        return (String(text.dropFirst().dropLast()), range)
    }
}

extension SourceRange {
    /// From the start of one to the end of the other (same file).
    func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: Swift.min(start, other.start), end: Swift.max(end, other.end))
    }
}
