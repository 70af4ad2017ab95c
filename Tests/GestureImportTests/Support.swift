import Foundation
import GestureDSL

/// The repository's root, for the examples the tests read.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func sourceFile(_ path: String, _ text: String) -> SourceFile {
    SourceFile(path: path, text: text)
}

func exampleFile(_ name: String) throws -> SourceFile {
    let path = "Examples/Import/" + name
    guard let bytes = FileManager.default.contents(atPath: repositoryRoot.path + "/" + path) else {
        throw ExampleMissing(path: path)
    }
    return SourceFile(path: path, bytes: Array(bytes))
}

struct ExampleMissing: Error { var path: String }
