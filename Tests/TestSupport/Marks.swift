import GestureDSL

/// One `// expected-error {{text}}` comment (or `expected-warning`, `expected-note`;
/// `@+N` and `@-N` for a line below or above), as the invalid fixtures and the lint
/// rules' specs mark what they expect.
package struct MarkedExpectation: CustomStringConvertible {
    package var path: String
    package var line: Int
    package var severity: Severity
    package var text: String

    package var description: String { "\(path):\(line): \(severity): \(text)" }

    package static func parse(_ file: SourceFile) -> [MarkedExpectation] {
        var found: [MarkedExpectation] = []
        let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            var rest = Substring(line)
            while let marker = rest.range(of: "expected-") {
                rest = rest[marker.upperBound...]
                let word = rest.prefix(while: { $0.isLetter })
                guard let severity = Severity(rawValue: String(word)) else { continue }
                rest = rest.dropFirst(word.count)
                var offset = 0
                if rest.hasPrefix("@") {
                    let number = rest.dropFirst().prefix(while: { $0 == "+" || $0 == "-" || $0.isNumber })
                    offset = Int(number) ?? 0
                    rest = rest.dropFirst(1 + number.count)
                }
                guard let open = rest.range(of: "{{"), let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex)
                else { continue }
                found.append(
                    MarkedExpectation(
                        path: file.path, line: index + 1 + offset, severity: severity,
                        text: String(rest[open.upperBound..<close.lowerBound])))
                rest = rest[close.upperBound...]
            }
        }
        return found
    }
}

/// A text with places marked by `‸`, for language-server tests: the text without the
/// marks, and each mark's place as a byte offset and as the protocol's position
/// (line and character from 0, characters counted in UTF-16).
package struct MarkedText {
    package var text: String
    /// The byte offset in `text` of each mark, in order.
    package var offsets: [Int]

    package init(_ marked: String, mark: Character = "‸") {
        var text = ""
        var offsets: [Int] = []
        for character in marked {
            if character == mark {
                offsets.append(text.utf8.count)
            } else {
                text.append(character)
            }
        }
        self.text = text
        self.offsets = offsets
    }

    /// The byte offset of the only mark, or of mark `index`.
    package func offset(_ index: Int = 0) -> Int { offsets[index] }

    /// The protocol's position of mark `index`.
    package func position(_ index: Int = 0) -> (line: Int, character: Int) {
        let before = text.utf8.prefix(offsets[index])
        let line = before.count { $0 == UInt8(ascii: "\n") }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { before.index(after: $0) } ?? before.startIndex
        let character = String(decoding: before[lineStart...], as: UTF8.self).utf16.count
        return (line, character)
    }
}
