import Foundation
import Testing

/// The documents the sources and the docs point readers to exist: a pointer to a file
/// that was renamed or never added (a `DESIGN.md` cited by the prelude, `SEMANTICS.md`
/// for `docs/semantics.md`) sends the next maintainer nowhere.
@Suite("Document references")
struct DocumentReferenceTests {
    /// Every Swift file under Sources and every Markdown file the project ships.
    private static func citingFiles() -> [URL] {
        var files = ["README.md", "Grammar.md", "Package.swift"].map { repositoryRoot.appendingPathComponent($0) }
        for folder in ["Sources", "docs"] {
            let root = repositoryRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["swift", "md"].contains(url.pathExtension) { files.append(url) }
        }
        return files
    }

    /// The paths a text cites: `docs/…` files, and documents named in capitals at the
    /// top (`Grammar.md`). A segment in capitals is a placeholder (`docs/pictures/NAME.svg`).
    static func citations(in text: String) -> [String] {
        let docs = text.matches(of: /docs\/[A-Za-z0-9_.\/-]+\.(md|svg|png|gdl|trace|txt)/).map { String($0.output.0) }
            .filter { path in
                !path.split(separator: "/").contains { segment in
                    let stem = segment.split(separator: ".").first ?? segment
                    return stem.count > 1 && stem.uppercased() == stem
                }
            }
        // A whole path-like word, kept only when it is a bare name in capitals: a path
        // under another folder (`Examples/PhotoApp/README.md`) is that folder's.
        let topLevel = text.matches(of: /[A-Za-z0-9_.\/-]*[A-Z][A-Za-z]*\.md\b/).map { String($0.output) }
            .filter { !$0.contains("/") && $0.first?.isUppercase == true }
        return docs + topLevel
    }

    @Test("the parser of citations finds docs paths and top-level documents, and skips placeholders")
    func citationsAreFound() {
        #expect(Self.citations(in: "see docs/lint.md, Grammar.md and docs/pictures/NAME.svg; SEMANTICS.md")
            == ["docs/lint.md", "Grammar.md", "SEMANTICS.md"])
    }

    @Test("every document cited in Sources, docs, the README, Grammar.md and Package.swift exists")
    func citedDocumentsExist() throws {
        var missing: [String] = []
        for file in Self.citingFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for path in Self.citations(in: text) where !FileManager.default.fileExists(
                atPath: repositoryRoot.appendingPathComponent(path).path)
            {
                missing.append("\(file.lastPathComponent): \(path)")
            }
        }
        #expect(missing == [])
    }
}
