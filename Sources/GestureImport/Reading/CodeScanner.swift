/// Splits Swift or Objective-C source into `CodeToken`s. It knows the lexical forms that
/// could hide a call from a matcher (line and nested block comments, strings with
/// interpolation, multi-line and raw strings, Objective-C's `@"…"` and character
/// literals) and nothing else. Every loop advances by at least one byte, and nested
/// comments and interpolations are bounded, so any input ends in time linear in its
/// size; what cannot be read is reported with its offset and skipped.
public enum CodeScanner {
    /// How deep block comments and string interpolations may nest before the rest of
    /// the construct is skipped with a note.
    public static let nestingLimit = 32

    public static func scan(path: String, bytes: [UInt8]) -> ScannedFile {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        return ScannedFile(path: path, tokens: scanner.tokens, problems: scanner.problems)
    }
}

private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var tokens: [CodeToken] = []
    var problems: [(offset: Int, message: String)] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    mutating func run() {
        while index < bytes.count {
            let c = bytes[index]
            let start = index
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
                add(.string, from: start)
            case UInt8(ascii: "@") where byte(index + 1) == UInt8(ascii: "\""):
                index += 1
                skipString(hashes: 0)
                add(.string, from: start)
            case UInt8(ascii: "#") where rawStringHashes() != nil:
                let hashes = rawStringHashes() ?? 0
                index += hashes
                skipString(hashes: hashes)
                add(.string, from: start)
            case UInt8(ascii: "'"):
                skipCharacterLiteral()
                add(.string, from: start)
            case UInt8(ascii: "@"), UInt8(ascii: "#"):
                index += 1
                if isWordByte(byte(index)) && !isDigit(byte(index)) {
                    while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
                    add(.word, from: start)
                } else {
                    add(.punctuation, from: start)
                }
            case _ where isDigit(c):
                skipNumber()
                add(.number, from: start)
            case _ where isWordByte(c):
                while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
                add(.word, from: start)
            default:
                index += operatorLength(at: index)
                add(.punctuation, from: start)
            }
        }
    }

    mutating func add(_ kind: CodeToken.Kind, from start: Int) {
        let end = min(index, bytes.count)
        tokens.append(CodeToken(kind: kind, start: start, end: end, text: String(decoding: bytes[start..<end], as: UTF8.self)))
    }

    /// `/* … */`, nested as Swift nests them (Objective-C does not, but a nested opener
    /// in an Objective-C comment is rare and only makes the skip longer).
    mutating func skipBlockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
                if depth > CodeScanner.nestingLimit {
                    problems.append((start, "comments nested deeper than \(CodeScanner.nestingLimit); the rest of the file is skipped"))
                    index = bytes.count
                    return
                }
            } else if bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
        problems.append((start, "this comment never ends; the rest of the file is skipped"))
    }

    /// The number of `#` before a raw string's quote at `index`, or nil.
    func rawStringHashes() -> Int? {
        var count = 0
        while byte(index + count) == UInt8(ascii: "#") { count += 1 }
        return byte(index + count) == UInt8(ascii: "\"") ? count : nil
    }

    /// A string from its opening quote at `index`: single-line or `"""`, raw with
    /// `hashes` signs, with `\( … )` interpolations skipped as nested code.
    mutating func skipString(hashes: Int, depth: Int = 0) {
        let start = index
        let multiline =
            byte(index) == UInt8(ascii: "\"") && byte(index + 1) == UInt8(ascii: "\"")
            && byte(index + 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let c = bytes[index]
            if c == UInt8(ascii: "\\") && hashesFollow(hashes, at: index + 1) {
                index += 1 + hashes
                if byte(index) == UInt8(ascii: "(") {
                    skipInterpolation(depth: depth + 1)
                } else {
                    index += 1
                }
                continue
            }
            if c == UInt8(ascii: "\n") && !multiline {
                problems.append((start, "this string does not end on its line"))
                return
            }
            if c == UInt8(ascii: "\"") {
                if multiline {
                    if byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
                        && hashesFollow(hashes, at: index + 3)
                    {
                        index += 3 + hashes
                        return
                    }
                } else if hashesFollow(hashes, at: index + 1) {
                    index += 1 + hashes
                    return
                }
            }
            index += 1
        }
        problems.append((start, "this string never ends; the rest of the file is skipped"))
    }

    func hashesFollow(_ count: Int, at offset: Int) -> Bool {
        for k in 0..<count where byte(offset + k) != UInt8(ascii: "#") { return false }
        return true
    }

    /// `( … )` inside a string, from its `(`: code, with strings of its own.
    mutating func skipInterpolation(depth: Int) {
        let start = index
        guard depth <= CodeScanner.nestingLimit else {
            problems.append((start, "string interpolations nested deeper than \(CodeScanner.nestingLimit); the rest of the file is skipped"))
            index = bytes.count
            return
        }
        var parens = 0
        while index < bytes.count {
            let c = bytes[index]
            if c == UInt8(ascii: "(") {
                parens += 1
            } else if c == UInt8(ascii: ")") {
                parens -= 1
                if parens == 0 {
                    index += 1
                    return
                }
            } else if c == UInt8(ascii: "\"") {
                skipString(hashes: 0, depth: depth)
                continue
            } else if c == UInt8(ascii: "\n") {
                problems.append((start, "this interpolation does not end on its line"))
                return
            }
            index += 1
        }
    }

    mutating func skipCharacterLiteral() {
        let start = index
        index += 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "'") && bytes[index] != UInt8(ascii: "\n") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if byte(index) == UInt8(ascii: "'") {
            index += 1
        } else {
            problems.append((start, "this character literal does not end on its line"))
        }
    }

    /// Digits, `_`, a fraction, an exponent, hexadecimal digits and suffixes
    /// (`0.5`, `1_000`, `2e3`, `0x1F`, `0.5f`).
    mutating func skipNumber() {
        while index < bytes.count {
            let c = bytes[index]
            if isWordByte(c) {
                let exponent = (c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "p") || c == UInt8(ascii: "P"))
                index += 1
                if exponent && (byte(index) == UInt8(ascii: "-") || byte(index) == UInt8(ascii: "+")) { index += 1 }
            } else if c == UInt8(ascii: ".") && isDigit(byte(index + 1)) {
                index += 1
            } else {
                return
            }
        }
    }

    func operatorLength(at offset: Int) -> Int {
        let pairs: [(UInt8, UInt8)] = [
            (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "!"), UInt8(ascii: "=")),
            (UInt8(ascii: "&"), UInt8(ascii: "&")), (UInt8(ascii: "|"), UInt8(ascii: "|")),
            (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: "=")),
            (UInt8(ascii: "-"), UInt8(ascii: ">")),
        ]
        let (a, b) = (byte(offset), byte(offset + 1))
        guard pairs.contains(where: { $0.0 == a && $0.1 == b }) else { return 1 }
        // `===` and `!==`: identity, read as `==` and `!=`.
        if (a == UInt8(ascii: "=") || a == UInt8(ascii: "!")) && byte(offset + 2) == UInt8(ascii: "=") { return 3 }
        return 2
    }
}

private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

/// Letters, digits, `_`, `$` and every byte of a multi-byte UTF-8 character, so that a
/// name in any script stays one word.
private func isWordByte(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || isDigit(c)
        || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c >= 0x80
}
