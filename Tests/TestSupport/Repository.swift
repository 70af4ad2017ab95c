import Foundation
import GestureCompiler

/// The repository's root directory, found from this file's path.
package let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads files from disk for tests.
package struct DiskLoader: SourceLoader {
    package init() {}

    package func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SourceLoadError(reason: "no such file or directory"))
        }
        return .success(Array(data))
    }
}

/// Reads paths relative to the repository root.
package struct RootedLoader: SourceLoader {
    package init() {}

    package func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        DiskLoader().load(path.hasPrefix("/") ? path : repositoryRoot.path + "/" + path)
    }
}

/// A folder a test reads was found empty, or missing: a test over its files would
/// otherwise pass having run none.
package struct EmptyFolder: Error, CustomStringConvertible {
    package var path: String
    package init(path: String) { self.path = path }
    package var description: String { "no files in \(path)" }
}

/// The names of the files in `folder` (relative to the repository root) whose names
/// end in `suffix`, sorted. Throws when there are none, so that a test that reads a
/// folder fails rather than finding nothing to check.
package func files(in folder: String, endingIn suffix: String = "") throws -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.path + "/" + folder)) ?? []
    let found = names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
    guard !found.isEmpty else { throw EmptyFolder(path: folder + "/*" + suffix) }
    return found
}

/// The paths of the valid example specs, relative to the repository root. The drafts
/// under Examples/Import are `gesturec import`'s output, not written specs: they show
/// their app's conflicts, and GestureImportTests holds them to their sources.
package func exampleSpecs() throws -> [String] {
    let examples = repositoryRoot.appendingPathComponent("Examples")
    let enumerator = FileManager.default.enumerator(atPath: examples.path)
    var specs: [String] = []
    while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".gdl"), !path.hasPrefix("Invalid/"), !path.hasPrefix("Import/"), !path.contains(".build") {
            specs.append("Examples/" + path)
        }
    }
    guard !specs.isEmpty else { throw EmptyFolder(path: "Examples/**/*.gdl") }
    return specs.sorted()
}

/// The shared example kind, read from disk.
package func oneFingerZoom() throws -> [UInt8] {
    try RootedLoader().load("Examples/Shared/OneFingerZoom.gdl").get()
}

/// Every spec of the repository's corpora, relative to the repository root: the
/// examples (the invalid ones and the import drafts among them), the scenarios, the
/// conflict corpus and the fuzz findings. A test that must hold for any spec the
/// compiler meets reads them all; one that needs valid specs skips the rest.
package func specCorpus() throws -> [String] {
    var specs: [String] = []
    for folder in ["Examples", "Tests/Scenarios", "Tests/Conflicts", "Fuzz/Findings"] {
        let enumerator = FileManager.default.enumerator(atPath: repositoryRoot.path + "/" + folder)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".gdl"), !path.contains(".build") { specs.append(folder + "/" + path) }
        }
    }
    guard !specs.isEmpty else { throw EmptyFolder(path: "Examples, Tests/Scenarios, Tests/Conflicts, Fuzz/Findings: **/*.gdl") }
    return specs.sorted()
}
