// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "gesturec",
    products: [
        .library(name: "GestureRuntime", targets: ["GestureRuntime"]),
        .library(name: "GestureDSL", targets: ["GestureDSL"]),
        .library(name: "GestureCompiler", targets: ["GestureCompiler"]),
        .executable(name: "gesturec", targets: ["gesturec"]),
        .executable(name: "gesture-bench", targets: ["GestureBench"]),
        .plugin(name: "GestureBuildPlugin", targets: ["GestureBuildPlugin"]),
    ],
    targets: [
        // What an app links: program tables and the engine. Imports nothing. The Swift
        // standard library's own inlined code (`Int(exactly:)` of a Double, rounding)
        // calls the C maths library, which Linux and Android keep apart from libc; the
        // runtime links it there so that an app of the runtime alone links
        // (Examples/Hello).
        .target(
            name: "GestureRuntime",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd, .wasi]))]
        ),
        // Source files, lexer, parser, AST, diagnostics. Imports nothing.
        .target(name: "GestureDSL"),
        // Name resolution and checks, the prelude, lowering and emitters.
        .target(name: "GestureCompiler", dependencies: ["GestureDSL", "GestureRuntime"]),
        // The command-line tool: thin wiring over the libraries.
        .executableTarget(
            name: "gesturec",
            dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime"]
        ),
        // Compiles a target's `.gdl` files to Swift at build time (docs/embedding.md).
        .plugin(name: "GestureBuildPlugin", capability: .buildTool(), dependencies: ["gesturec"]),
        .executableTarget(
            name: "GestureBench",
            dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime", "MallocCounter"],
            path: "Benchmarks/GestureBench",
            // Exports the benchmark's malloc so that the Swift runtime's calls reach the
            // counter (MallocCounter.c).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        // Counts the benchmark's heap allocations (engine.allocs.*).
        .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
        // Every single-byte change of every example's binary program; run by CI.
        .executableTarget(
            name: "ProgramDamage",
            dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime"],
            path: "Fuzz/ProgramDamage"
        ),
        .testTarget(name: "GestureDSLTests", dependencies: ["GestureDSL"]),
        .testTarget(
            name: "GestureCompilerTests", dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "gesturecTests", dependencies: ["gesturec"]),
        // The engine against SEMANTICS.md's rules, on programs compiled from `.gdl`.
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime"]),
        // The golden Swift of every example, compiled against the runtime. Generated
        // code must build without warnings in apps, so warnings fail this target.
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
