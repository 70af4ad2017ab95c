import Foundation
import GestureDSL
import TestSupport

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
