import Foundation
import GestureCompiler
import GestureDSL
import TestSupport
import Testing

/// Every ```gdl block of Grammar.md and README.md is a complete file that must parse
/// and check clean, so the documentation cannot drift from the compiler.
@Suite("Documentation examples")
struct DocumentationTests {
    struct Block: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var text: String
        var testDescription: String { "\(document):\(line)" }
    }

    static let blocks: [Block] = ["Grammar.md", "README.md"].flatMap { document in
        let url = repositoryRoot.appendingPathComponent(document)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [Block]() }
        return gdlBlocks(in: text, document: document)
    }

    static func gdlBlocks(in text: String, document: String) -> [Block] {
        var blocks: [Block] = []
        var current: (line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let open = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(Block(document: document, line: open.line, text: open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```gdl" {
                current = (index + 1, [])
            }
        }
        return blocks
    }

    @Test("Grammar.md and README.md have gdl examples")
    func blocksExist() {
        #expect(Self.blocks.filter { $0.document == "Grammar.md" }.count >= 11)
        #expect(Self.blocks.contains { $0.document == "README.md" })
    }

    @Test("every gdl block checks clean", arguments: blocks)
    func blockChecks(block: Block) {
        // Named as if it lived at the repository root, so imports resolve from there.
        let path = repositoryRoot.path + "/\(block.document)-\(block.line).gdl"
        let compilation = Compilation.check(
            roots: [SourceFile(path: path, text: block.text)], loader: DiskLoader(), errorLimit: nil)
        #expect(located(compilation) == [])
    }

    @Test("every document, picture and script that the sources, tests and docs cite exists")
    func citedPathsExist() throws {
        let root = repositoryRoot.path
        var files = ["README.md", "Grammar.md"]
        for folder in ["Sources", "Tests", "docs"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                // The tool's copy of the documents cites what they cite.
                guard path.hasSuffix(".swift") || path.hasSuffix(".md"), !path.hasSuffix("ReferenceText.swift") else { continue }
                files.append(folder + "/" + path)
            }
        }
        let pattern = try NSRegularExpression(
            pattern: #"(docs/[A-Za-z0-9_/.-]+\.(md|png|svg)|scripts/[A-Za-z0-9_.-]+\.(sh|py|lua)|\b[A-Z]+\.md)"#)
        var cited = 0
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text) else { continue }
                let path = String(text[range])
                cited += 1
                #expect(FileManager.default.fileExists(atPath: root + "/" + path), "\(file) cites \(path), which does not exist")
            }
        }
        #expect(cited > 100, "the scan found the citations")
    }

    @Test("no code comment cites an issue number: it says the reason instead")
    func noIssueNumbersInCode() throws {
        // Issue numbers mean nothing in the repository; docs/ may name the issue a
        // figure was measured for.
        let root = repositoryRoot.path
        let pattern = try NSRegularExpression(pattern: #"\b[Ii]ssues? \d+"#)
        var read = 0
        for folder in ["Sources", "Tests", "Benchmarks", "Fuzz", "scripts", "Examples"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                guard [".swift", ".sh", ".py", ".lua", ".c", ".h"].contains(where: path.hasSuffix), !path.contains(".build")
                else { continue }
                let text = try String(contentsOfFile: root + "/" + folder + "/" + path, encoding: .utf8)
                read += 1
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let line = text[..<(Range(match.range, in: text)?.lowerBound ?? text.startIndex)].count { $0 == "\n" } + 1
                    Issue.record("\(folder)/\(path):\(line) cites an issue number")
                }
            }
        }
        #expect(read > 100, "the scan read the sources")
    }

    @Test("every production of the whole grammar is also defined in its section")
    func productionsDocumented() throws {
        let grammar = try String(contentsOf: repositoryRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let parts = grammar.components(separatedBy: "## The whole grammar")
        #expect(parts.count == 2)
        let definitions = { (text: String) -> Set<String> in
            Set(
                text.split(separator: "\n").compactMap { line -> String? in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    let name = trimmed.prefix(while: { $0.isLetter })
                    let rest = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
                    return !name.isEmpty && rest.hasPrefix("=") && !rest.hasPrefix("==") ? String(name) : nil
                })
        }
        let summary = definitions(parts.last ?? "")
        let sections = definitions(parts.first ?? "")
        #expect(summary.count >= 30)
        #expect(summary.subtracting(sections).sorted() == [])
    }
}
