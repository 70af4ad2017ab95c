// swift-tools-version: 6.1
import PackageDescription

// An app's package that ships gestures compiled from `.gdl` specs: the build plugin
// turns Sources/PhotoApp/Gestures/*.gdl into Swift when the target builds.
let package = Package(
    name: "PhotoApp",
    products: [
        .library(name: "PhotoApp", targets: ["PhotoApp"]),
    ],
    dependencies: [
        // The gesturec package, by path; an app would name its URL and a version.
        .package(name: "gesturec", path: "../.."),
    ],
    targets: [
        .target(
            name: "PhotoApp",
            dependencies: [
                .product(name: "GestureRuntime", package: "gesturec"), .product(name: "GestureHost", package: "gesturec"),
            ],
            plugins: [.plugin(name: "GestureBuildPlugin", package: "gesturec")]
        ),
        .testTarget(
            name: "PhotoAppTests",
            dependencies: [
                "PhotoApp", .product(name: "GestureHost", package: "gesturec"),
                .product(name: "GestureTesting", package: "gesturec"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
