import GestureDSL

/// One scanned file with what the matchers ask of it: each bracket's partner, each
/// token's innermost enclosing brace, and its line. Built in one pass; a bracket with
/// no partner reaches the end of the file.
struct TokenIndex {
    let file: Int
    let source: SourceFile
    let tokens: [CodeToken]
    /// For an opening `{`, `(` or `[`, the index of its partner (or `tokens.count`); for
    /// a closing one, its opener's (or -1); else -1.
    let partner: [Int]
    /// The index of the innermost `{` around each token, or -1.
    let enclosingBrace: [Int]
    /// A token's line, counted from 1.
    let line: [Int]

    init(file: Int, source: SourceFile, scanned: ScannedFile) {
        self.file = file
        self.source = source
        let tokens = scanned.tokens
        self.tokens = tokens
        var partner = [Int](repeating: -1, count: tokens.count)
        var enclosing = [Int](repeating: -1, count: tokens.count)
        var line = [Int](repeating: 1, count: tokens.count)
        // The open brackets, each with the innermost `{` at or below it.
        var open: [(index: Int, brace: Int)] = []
        var lineIndex = 0
        let starts = source.lineStarts
        for (i, token) in tokens.enumerated() {
            while lineIndex + 1 < starts.count && starts[lineIndex + 1] <= token.start { lineIndex += 1 }
            line[i] = lineIndex + 1
            enclosing[i] = open.last?.brace ?? -1
            switch token.text {
            case "{", "(", "[":
                partner[i] = tokens.count
                open.append((i, token.text == "{" ? i : open.last?.brace ?? -1))
            case "}", ")", "]":
                // A closer pairs with the nearest opener of its shape among the last 64;
                // openers left inside it stay unclosed (they run to the end of the
                // file). A closer with none is ignored.
                let opener = token.text == "}" ? "{" : token.text == ")" ? "(" : "["
                let lowest = max(0, open.count - 64)
                if let k = open[lowest...].lastIndex(where: { tokens[$0.index].text == opener }) {
                    partner[open[k].index] = i
                    partner[i] = open[k].index
                    open.removeSubrange(k...)
                }
            default:
                break
            }
        }
        self.partner = partner
        self.enclosingBrace = enclosing
        self.line = line
    }

    subscript(_ i: Int) -> CodeToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    func text(_ i: Int) -> String { self[i]?.text ?? "" }

    func isWord(_ i: Int, _ word: String? = nil) -> Bool {
        guard let token = self[i], token.kind == .word else { return false }
        return word.map { token.text == $0 } ?? true
    }

    func place(_ i: Int) -> CodePlace { CodePlace(file: file, offset: self[i]?.start ?? source.bytes.count) }

    /// The source text of tokens `range`, with their original spacing on one line.
    func quote(_ range: Range<Int>, limit: Int = 160) -> String {
        guard let first = self[range.lowerBound], range.upperBound > range.lowerBound,
            let last = self[range.upperBound - 1]
        else { return "" }
        var text = String(decoding: source.bytes[first.start..<last.end], as: UTF8.self)
        text = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).map {
            $0.drop(while: { $0 == " " })
        }.joined(separator: " ")
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text
    }

    /// The end of the statement that starts at `i`: the first `;`, or the first token on
    /// a later line outside brackets, or a closing bracket of an enclosing group.
    func statementEnd(from i: Int) -> Int {
        var k = i
        let startLine = line[min(i, tokens.count - 1)]
        while k < tokens.count {
            let t = tokens[k].text
            if t == ";" || t == "}" || t == ")" || t == "]" { return k }
            if k > i && line[k] != startLine && !continuesExpression(k) { return k }
            if t == "{" || t == "(" || t == "[" {
                k = partner[k] + 1
                continue
            }
            k += 1
        }
        return tokens.count
    }

    /// Whether a token on a new line continues the expression before it (a `.member`,
    /// an operator), as Swift reads it.
    private func continuesExpression(_ k: Int) -> Bool {
        let t = tokens[k].text
        let previous = tokens[k - 1].text
        if [".", "&&", "||", "==", "!=", "<", ">", "<=", ">=", "+", "*", "/", "?", ":", "|"].contains(t) { return true }
        if [".", "&&", "||", "==", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "=", ",", "|", "(", "["].contains(previous) {
            return true
        }
        return false
    }
}
