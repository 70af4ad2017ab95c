/// Renders diagnostics the way swiftc does, so Xcode and editors pick them up:
///
/// ```text
/// photo.gdl:12:20: error: unknown recognizer 'dubleTap' [GDL104]
///   singleTap requires dubleTap to fail
///                      ^~~~~~~~
/// photo.gdl:4:12: note: did you mean 'doubleTap'?
/// ```
public struct TextDiagnosticRenderer: Sendable {
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    public func render(_ diagnostic: Diagnostic, in sources: SourceManager) -> String {
        var out = ""
        // Room for the usual diagnostic, so that its two dozen pieces are not copied
        // into a larger string again and again as it grows.
        out.reserveCapacity(256)
        append(
            severity: diagnostic.severity, message: diagnostic.message, id: diagnostic.id,
            range: diagnostic.range, sources: sources, to: &out)
        for note in diagnostic.notes {
            append(
                severity: .note, message: note.message, id: nil, range: note.range,
                sources: sources, to: &out)
        }
        return out
    }

    public func render(_ bag: DiagnosticBag, in sources: SourceManager) -> String {
        var out = bag.diagnostics.map { render($0, in: sources) }.joined()
        if bag.suppressedErrorCount > 0 {
            let count = bag.suppressedErrorCount
            out +=
                "note: \(count) more error\(count == 1 ? "" : "s") not shown; "
                + "use --all-errors to see them\n"
        }
        return out
    }

    // MARK: - Pieces

    private func append(
        severity: Severity, message: String, id: DiagnosticID?, range: SourceRange,
        sources: SourceManager, to out: inout String
    ) {
        let file = sources[range.file]
        let (line, column) = file.lineAndColumn(of: range.start)
        // The path and the message may quote the user's text: escaped for the terminal.
        out += paint("\(TerminalText.escaped(file.path)):\(line):\(column): ", .bold)
        out += paint("\(severity.rawValue): ", color(for: severity))
        out += paint(TerminalText.escaped(message), .bold)
        if let id { out += " [\(id)]" }
        out += "\n"

        let lineBytes = file.lineRange(line)
        // A range may start past the visible line (at its '\r') or end on a later
        // line: the caret stays within the line shown.
        let caretStart = min(max(range.start, lineBytes.lowerBound), lineBytes.upperBound)
        let shown = Self.window(of: lineBytes, around: caretStart, in: file)
        let caretEnd = min(max(range.end, caretStart), shown.upperBound)
        let cutBefore = shown.lowerBound > lineBytes.lowerBound
        // A control character in the line is shown escaped (`\u{1B}`), never sent to the
        // terminal; the caret then sits as many columns early as the escapes add.
        out +=
            (cutBefore ? "…" : "") + TerminalText.escaped(file.text(shown))
            + (shown.upperBound < lineBytes.upperBound ? "…" : "") + "\n"
        out += paint(
            (cutBefore ? " " : "") + caretLine(file: file, lineStart: shown.lowerBound, start: caretStart, end: caretEnd),
            .green)
        out += "\n"
    }

    /// How much of a long line is quoted: `quoteContext` bytes on either side of the
    /// caret, cut at character boundaries, so that a machine-written file of one huge
    /// line gives diagnostics of a few lines each, not copies of the file.
    static let quoteContext = 100

    private static func window(of line: Range<Int>, around caret: Int, in file: SourceFile) -> Range<Int> {
        guard line.count > 2 * quoteContext else { return line }
        var start = max(line.lowerBound, caret - quoteContext)
        var end = min(line.upperBound, caret + quoteContext)
        // Never start or end inside a UTF-8 sequence.
        while start > line.lowerBound && file.bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < line.upperBound && file.bytes[end] & 0xC0 == 0x80 { end += 1 }
        return start..<end
    }

    /// Spaces (tabs kept, so the caret lines up) up to `start`, then `^` and one `~`
    /// for every further character of the range on this line.
    ///
    /// Built as bytes and made a string once: appending a one-character string per
    /// column cost more than the rest of a diagnostic (a file of 5,000 warnings).
    private func caretLine(file: SourceFile, lineStart: Int, start: Int, end: Int) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(start - lineStart + end - start + 1)
        for offset in lineStart..<start {
            let byte = file.bytes[offset]
            if byte == UInt8(ascii: "\t") {
                line.append(UInt8(ascii: "\t"))
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                line.append(UInt8(ascii: " "))
            }
        }
        line.append(UInt8(ascii: "^"))
        var characters = 0
        for offset in start..<end where file.bytes[offset] & 0xC0 != 0x80 {
            characters += 1
        }
        if characters > 1 { line.append(contentsOf: repeatElement(UInt8(ascii: "~"), count: characters - 1)) }
        return String(decoding: line, as: UTF8.self)
    }

    private enum Style: String {
        case bold = "\u{1B}[1m"
        case red = "\u{1B}[1;31m"
        case magenta = "\u{1B}[1;35m"
        case gray = "\u{1B}[1;90m"
        case green = "\u{1B}[1;32m"
    }

    private func color(for severity: Severity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .magenta
        case .note: .gray
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colored ? style.rawValue + text + "\u{1B}[0m" : text
    }
}
