// swift-tools-version: 6.1
import PackageDescription

/// Every library of the toolchain, top first: what the benchmarks and the tools'
/// tests may use.
let toolchain: [Target.Dependency] = [
    "GestureLanguageService", "GestureReference", "GestureImport", "GestureAnalysis", "GestureSimulation", "GestureCompiler",
    "GestureDSL", "GestureRuntime",
]

let package = Package(
    name: "gesturec",
    products: [
        .library(name: "GestureRuntime", targets: ["GestureRuntime"]),
        .library(name: "GestureTesting", targets: ["GestureTesting"]),
        .library(name: "GestureHost", targets: ["GestureHost"]),
        .library(name: "GestureDSL", targets: ["GestureDSL"]),
        .library(name: "GestureCompiler", targets: ["GestureCompiler"]),
        .library(name: "GestureSimulation", targets: ["GestureSimulation"]),
        .library(name: "GestureAnalysis", targets: ["GestureAnalysis"]),
        .library(name: "GestureReference", targets: ["GestureReference"]),
        .library(name: "GestureLanguageService", targets: ["GestureLanguageService"]),
        .library(name: "GestureImport", targets: ["GestureImport"]),
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
        // What an app's tests link: a compiled set driven by gestures as verbs, with
        // expectations on what it did (docs/testing.md). The runtime and the C maths
        // library only, as an app's code.
        .target(name: "GestureTesting", dependencies: ["GestureRuntime"]),
        // The host core: a platform's touches, views and clock turned into engine calls,
        // and the engine's outputs into the app's handlers (docs/embedding.md); and its
        // UIKit and SwiftUI adapters, compiled where those frameworks exist and
        // type-checked elsewhere against StandIns/ (scripts/check-adapters.sh). The
        // runtime only, as an app's code.
        .target(name: "GestureHost", dependencies: ["GestureRuntime"]),
        // Source files, lexer, parser, AST, diagnostics. Imports nothing.
        .target(name: "GestureDSL"),
        // The compiler: name resolution and checks, the prelude, lowering and emitters.
        // May import the DSL and the runtime, nothing above.
        .target(name: "GestureCompiler", dependencies: ["GestureDSL", "GestureRuntime"]),
        // `gesturec simulate`: scenes and traces read, the real engine run over them,
        // timelines written (text, JSON, HTML) with their explanations. May import the
        // compiler and below.
        .target(name: "GestureSimulation", dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime"]),
        // The analyses: the explorer and its clients, lint, diff and graph, and the
        // gesture tests (`.gdltest` files, their runner, generator, coverage and
        // reports). May import the simulation (for counterexamples and scenes) and below.
        .target(
            name: "GestureAnalysis",
            dependencies: ["GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime"]
        ),
        // The reference (`gesturec explain`, hover): the semantics, the diagnostics, the
        // lint rules and the kinds of change. May import the analyses and below.
        .target(
            name: "GestureReference",
            dependencies: ["GestureAnalysis", "GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime"]
        ),
        // The language service (index, hover, completion, code actions) and the LSP
        // server over it. May import everything above except the command-line tool.
        .target(
            name: "GestureLanguageService",
            dependencies: [
                "GestureReference", "GestureAnalysis", "GestureCompiler", "GestureDSL", "GestureRuntime",
            ]
        ),
        // `gesturec import`: an app's Swift and Objective-C sources read into a spec's
        // draft, and the code held to a spec (docs/import.md). May import the simulation
        // (a scene's JSON) and below.
        .target(name: "GestureImport", dependencies: ["GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime"]),
        // The command-line tool: thin wiring over the libraries.
        .executableTarget(
            name: "gesturec",
            dependencies: toolchain
        ),
        // Compiles a target's `.gdl` files to Swift at build time (docs/embedding.md).
        .plugin(name: "GestureBuildPlugin", capability: .buildTool(), dependencies: ["gesturec"]),
        .executableTarget(
            name: "GestureBench",
            dependencies: toolchain + ["GestureHost", "MallocCounter"],
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
        // What the test targets share (docs/architecture.md, "Tests"): the repository's
        // root, the compile-and-build helpers, the golden comparison and its record
        // runs' diffs, the engine harness (`Scenario`), marked expectations and
        // positions, the lint helpers and a seeded generator. It uses Swift Testing's
        // `#expect` and `Issue.record`, so only test targets may depend on it.
        .target(
            name: "TestSupport",
            dependencies: ["GestureAnalysis", "GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime"],
            path: "Tests/TestSupport"
        ),
        // A test target per library module, testing that module (and, for a file that
        // needs two, the higher one).
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "GestureDSLTests", dependencies: ["GestureDSL"]),
        // The checker, the prelude, lowering, the emitters; the golden programs and
        // diagnostics, the fixtures, the documents' examples.
        .testTarget(
            name: "GestureCompilerTests", dependencies: ["GestureCompiler", "GestureDSL", "GestureRuntime", "TestSupport"],
            exclude: ["Golden"]
        ),
        // Traces, scenes, devices, timelines and the scenario suite (Tests/Scenarios).
        .testTarget(
            name: "GestureSimulationTests",
            dependencies: ["GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime", "TestSupport"],
            exclude: ["Golden"]
        ),
        // The explorer, lint and its rules, pairs, diff, graph, gesture tests and their
        // reports, the recipes and the conflict corpus (Tests/Conflicts).
        .testTarget(
            name: "GestureAnalysisTests",
            dependencies: ["GestureAnalysis", "GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "GestureReferenceTests", dependencies: ["GestureReference", "GestureCompiler", "GestureRuntime", "TestSupport"]),
        .testTarget(
            name: "GestureLanguageServiceTests",
            dependencies: ["GestureLanguageService", "GestureAnalysis", "GestureCompiler", "GestureDSL", "GestureRuntime", "TestSupport"]
        ),
        .testTarget(name: "GestureImportTests", dependencies: ["GestureImport", "GestureCompiler", "GestureDSL", "TestSupport"]),
        // The command-line tool, through its file store and as a process.
        .testTarget(name: "gesturecTests", dependencies: ["gesturec"] + toolchain),
        // The runtime: the engine against the rules of docs/semantics.md, on programs
        // compiled from `.gdl`, and the runtime's quantity text.
        .testTarget(
            name: "GestureEngineTests",
            dependencies: ["GestureSimulation", "GestureCompiler", "GestureDSL", "GestureRuntime", "TestSupport"]
        ),
        // The golden Swift that `gesturec build` emits for every example, as an app's
        // module compiles it: against the runtime alone, and with warnings as errors, since
        // generated code must build without warnings in apps. GoldenProgramTests keeps it.
        .target(
            name: "GeneratedSets",
            dependencies: ["GestureRuntime"],
            path: "Tests/GeneratedSets",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // The generated sets against the programs lowering produces, and their typed names.
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["GeneratedSets", "GestureCompiler", "GestureDSL", "GestureRuntime"]
        ),
        // GestureHost through a fake platform on the generated sets: its dispatch,
        // accessibility, flight recorder (recordings read back and replayed with
        // GestureSimulation), the UIKit recorder's core and shadow mode.
        .testTarget(
            name: "GestureHostTests",
            dependencies: ["GestureHost", "GeneratedSets", "GestureSimulation", "GestureDSL", "GestureRuntime", "TestSupport"]
        ),
        // GestureTesting as an app's tests use it, on the generated sets.
        .testTarget(name: "GestureTestingTests", dependencies: ["GestureTesting", "GeneratedSets", "GestureRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
