import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// The TextMate grammar under `editors/` (VS Code, Sublime Text, GitHub's highlighter)
/// against the lexer: on every example and the prelude, each keyword, each number with
/// its unit and each comment the lexer finds is highlighted as one by the grammar's
/// rules, run with ICU's regular expressions (Oniguruma's syntax for these rules).
@Suite("Editor grammar")
struct EditorGrammarTests {
    static let path = "editors/vscode/syntaxes/gdl.tmLanguage.json"

    func grammar() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + Self.path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The `match` patterns of a repository entry (its own or its `patterns`').
    func patterns(_ name: String, in grammar: [String: Any]) throws -> [NSRegularExpression] {
        let entry = try #require((grammar["repository"] as? [String: Any])?[name] as? [String: Any])
        let matches = ([entry] + ((entry["patterns"] as? [[String: Any]]) ?? [])).compactMap { $0["match"] as? String }
        return try matches.map { try NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }
    }

    /// Whether one of `expressions` matches a range of `text` that covers `range`.
    func covered(_ range: NSRange, in text: String, by expressions: [NSRegularExpression]) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        return expressions.contains { expression in
            expression.matches(in: text, range: whole).contains {
                $0.range.location <= range.location && NSMaxRange($0.range) >= NSMaxRange(range)
            }
        }
    }

    @Test("the grammar names every reserved word and unit of the lexer")
    func vocabulary() throws {
        let text = String(decoding: try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + Self.path)), as: UTF8.self)
        for keyword in Keyword.allCases { #expect(text.contains(keyword.rawValue), "\(keyword)") }
        for unit in Unit.allCases { #expect(text.contains("|\(unit.rawValue)") || text.contains("(\(unit.rawValue)|"), "\(unit)") }
        // The VS Code manifest registers it for .gdl.
        let manifest = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/editors/vscode/package.json"))
        let package = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        let contributes = try #require(package["contributes"] as? [String: Any])
        #expect((contributes["languages"] as? [[String: Any]])?.first?["extensions"] as? [String] == [".gdl"])
        #expect((contributes["grammars"] as? [[String: Any]])?.first?["path"] as? String == "./syntaxes/gdl.tmLanguage.json")
        // And starts the language server with the configured gesturec.
        #expect(package["main"] as? String == "./extension.js")
        #expect(package["activationEvents"] as? [String] == ["onLanguage:gdl"])
        let extensionSource = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/editors/vscode/extension.js"))
        let script = String(decoding: extensionSource, as: UTF8.self)
        #expect(script.contains("args: ['lsp']") && script.contains("get('path')"))
    }

    @Test("keywords, numbers and comments of every example and the prelude are highlighted as such")
    func agreesWithLexer() throws {
        let grammar = try grammar()
        let keywords = try patterns("keywords", in: grammar) + patterns("declarations", in: grammar)
        let numbers = try patterns("numbers", in: grammar)
        let comments = try patterns("comments", in: grammar)
        var sources = [(path: "<prelude>", text: Prelude.source)]
        for path in try exampleSpecs() {
            let data = try #require(FileManager.default.contents(atPath: repositoryRoot.path + "/" + path))
            sources.append((path, String(decoding: data, as: UTF8.self)))
        }
        var checked = 0
        for (path, text) in sources {
            let file = SourceFile(path: path, text: text)
            var lexer = Lexer(file: file, id: FileID(0))
            var diagnostics = DiagnosticBag()
            for token in lexer.tokenize(diagnostics: &diagnostics) {
                // Byte offsets to the string's UTF-16 range.
                let lower = String(decoding: file.bytes[..<token.start], as: UTF8.self).utf16.count
                let length = String(decoding: file.bytes[token.start..<token.end], as: UTF8.self).utf16.count
                let range = NSRange(location: lower, length: length)
                switch token.kind {
                case .keyword:
                    #expect(covered(range, in: text, by: keywords), "\(path): keyword at \(token.start)")
                    checked += 1
                case .number:
                    #expect(covered(range, in: text, by: numbers), "\(path): number at \(token.start)")
                    checked += 1
                default:
                    break
                }
            }
            // Every comment the lexer skips starts with '//': each line's comment is one.
            for line in text.split(separator: "\n") {
                guard let start = line.firstRange(of: "//"), !line[..<start.lowerBound].contains("\"") else { continue }
                let offset = text.utf16.distance(from: text.startIndex, to: start.lowerBound)
                let length = line[start.lowerBound...].utf16.count
                #expect(covered(NSRange(location: offset, length: length), in: text, by: comments), "\(path): \(line)")
            }
        }
        #expect(checked > 300, "the examples and the prelude hold hundreds of keywords and numbers")
    }
}
