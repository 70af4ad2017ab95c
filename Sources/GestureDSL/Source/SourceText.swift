/// Source text for labels and explanations (graphs, timelines): the bytes of a range, with comments dropped and every run
/// of white space made one space, so an expression written over several lines reads
/// on one.
public struct SourceText {
    public let sources: SourceManager

    public init(sources: SourceManager) {
        self.sources = sources
    }

    public func compact(_ range: SourceRange) -> String {
        let file = sources[range.file]
        let raw = file.text(range.start..<range.end)
        var out = ""
        var pendingSpace = false
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            var code = Substring(line)
            if let comment = code.firstRange(of: "//") { code = code[..<comment.lowerBound] }
            for character in code {
                if character == " " || character == "\t" || character == "\r" {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out += " " }
                    pendingSpace = false
                    out.append(character)
                }
            }
            pendingSpace = !out.isEmpty
        }
        return out
    }
}
