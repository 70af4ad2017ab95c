import Foundation
import PackagePlugin

/// Compiles every `.gdl` file of a target to Swift at build time, with `gesturec build
/// --emit swift`, so that the target's code can use `PhotoBrowser.program` and its
/// typed names. A spec error fails the build with gesturec's located diagnostics
/// (`file:line:col: error: …`).
///
/// Each spec becomes one Swift file in the plugin's work directory, named after the
/// spec's path in the target (`Gestures/Photo.gdl` → `Gestures_Photo.gdl.swift`), so
/// names are stable and two specs of the same name in different folders do not clash.
/// A file that only holds kinds for others to import yields a file with no sets.
@main
struct GestureBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles(withSuffix: "gdl").map(\.url).sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return [] }
        let gesturec = try context.tool(named: "gesturec").url
        return specs.map { spec in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(
                Self.outputName(of: spec, in: target.directoryURL))
            return .buildCommand(
                displayName: "Compiling gestures \(spec.lastPathComponent)",
                executable: gesturec,
                // Named relative to the target in the generated code, so that two
                // machines build the same bytes wherever the package is.
                arguments: [
                    "build", "--emit", "swift", "--relative-to", target.directoryURL.path, "-o", output.path, spec.path,
                ],
                // Any spec of the target may be imported by this one, so a change to
                // any of them rebuilds it. Imports from outside the target are not
                // tracked (docs/embedding.md).
                inputFiles: specs,
                outputFiles: [output]
            )
        }
    }

    /// `Gestures/Photo.gdl` → `Gestures_Photo.gdl.swift`.
    static func outputName(of spec: URL, in directory: URL) -> String {
        let root = directory.standardizedFileURL.path
        var relative = spec.standardizedFileURL.path
        if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
        return relative.replacingOccurrences(of: "/", with: "_") + ".swift"
    }
}
