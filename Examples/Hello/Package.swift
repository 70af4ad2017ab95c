// swift-tools-version: 6.1
import PackageDescription

// The smallest apps that use gesturec, built and run by CI on every platform it runs
// on: one links GestureRuntime alone, the other compiles a `.gdl` spec through the
// build plugin. Each is an executable, so a library the runtime needs but does not
// link (libm on Linux) fails here at link time, as it would in an app.
let package = Package(
    name: "Hello",
    dependencies: [
        // The gesturec package, by path; an app would name its URL and a version.
        .package(name: "gesturec", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "HelloRuntime",
            dependencies: [.product(name: "GestureRuntime", package: "gesturec")]
        ),
        .executableTarget(
            name: "HelloPlugin",
            dependencies: [.product(name: "GestureRuntime", package: "gesturec")],
            plugins: [.plugin(name: "GestureBuildPlugin", package: "gesturec")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
