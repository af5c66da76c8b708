// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Statoscope",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Statoscope", targets: ["Statoscope"]),
        .library(name: "StatoscopeTesting", targets: ["StatoscopeTesting"]),
        // Linked by apps in debug builds only: the `Statoscope` product never fetches its server.
        .library(name: "StatoscopeInspector", targets: ["StatoscopeInspector"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The library, as modules whose dependencies run one way (each may use only those above it):
        // the core (scopes, dispatch, the tree and its lifecycle, error reports, and the hook list the
        // instruments plug into), injection, effects, the instruments, the view layer, and the
        // umbrella that users import, which re-exports them all.
        .target(
            name: "StatoscopeCore",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "StatoscopeInjection",
            dependencies: ["StatoscopeCore"]
        ),
        .target(
            name: "StatoscopeEffects",
            dependencies: ["StatoscopeCore", "StatoscopeInjection"]
        ),
        .target(
            name: "StatoscopeInstruments",
            dependencies: [
                "StatoscopeCore", "StatoscopeInjection", "StatoscopeEffects",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "StatoscopeView",
            dependencies: ["StatoscopeCore", "StatoscopeInstruments"]
        ),
        .target(
            name: "StatoscopeSharing",
            dependencies: ["StatoscopeCore", "StatoscopeInjection", "StatoscopeEffects"]
        ),
        .target(
            name: "Statoscope",
            dependencies: [
                "StatoscopeCore", "StatoscopeInjection", "StatoscopeEffects", "StatoscopeInstruments",
                "StatoscopeView", "StatoscopeSharing",
            ]
        ),
        .target(
            name: "StatoscopeTesting",
            dependencies: [
                "Statoscope",
                "StatoscopeCore",
                "StatoscopeEffects",
                "StatoscopeInjection",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ]
        ),
        // The live inspector, a web page served from inside the app that listens through the
        // instruments' hooks, and what turns a recording into a test plan. Not part of the umbrella.
        .target(
            name: "StatoscopeInspector",
            dependencies: [
                "Statoscope", "StatoscopeCore", "StatoscopeEffects", "StatoscopeInstruments",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            resources: [.copy("Page")]
        ),
        // The example features: a library target, not a product, so only the demo and its tests see it.
        .target(
            name: "StatoscopeExamples",
            dependencies: ["Statoscope"]
        ),
        // No explicit product: SwiftPM gives a root package's executable targets implicit products,
        // so `swift run statoscope-demo` works, while packages that depend on Statoscope never build
        // (nor, with target-based resolution, fetch) the demo's server and argument parser.
        .executableTarget(
            name: "statoscope-demo",
            dependencies: [
                "Statoscope",
                "StatoscopeExamples",
                "StatoscopeInspector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/StatoscopeDemo"
        ),
        // Saves a shared value in a loop until killed: the persistence tests kill it mid-save.
        .executableTarget(
            name: "statoscope-sharing-writer",
            dependencies: ["StatoscopeSharing"],
            path: "Tests/SharingWriter"
        ),
        // Runs the library as an app does, without StatoscopeTesting, whose presence sends every event
        // of the test process down `send`'s full path: `AppPathCheckTests` runs it.
        .executableTarget(
            name: "statoscope-app-path-check",
            dependencies: [
                "Statoscope",
                // Its `package` declarations say which path `send` takes.
                "StatoscopeCore",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/AppPathCheck"
        ),
        .target(
            name: "StatoscopeTestSupport",
            dependencies: ["Statoscope", "StatoscopeEffects", "StatoscopeTesting"],
            path: "Tests/StatoscopeTestSupport"
        ),
        .testTarget(
            name: "StatoscopeTests",
            dependencies: [
                "Statoscope", "StatoscopeCore", "StatoscopeSharing", "StatoscopeTesting",
                "StatoscopeTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "StatoscopeTestingTests",
            dependencies: ["Statoscope", "StatoscopeTesting", "StatoscopeTestSupport"],
            // Real Mach-O images, linked on Linux, and what makes them: read by the getter-naming tests.
            resources: [.copy("Fixtures/MachO")]
        ),
        // The earlier Statoscope's spellings, which warn by design: `.ci/run` checks that they warn
        // with their replacement's name, and excludes this folder from its no-warning rule.
        .testTarget(
            name: "StatoscopeTestingDeprecatedTests",
            dependencies: ["Statoscope", "StatoscopeTesting"]
        ),
        .testTarget(
            name: "StatoscopeReadmeTests",
            dependencies: [
                "Statoscope", "StatoscopeTesting", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "StatoscopeExamplesTests",
            dependencies: ["Statoscope", "StatoscopeExamples", "StatoscopeInspector", "StatoscopeTesting"]
        ),
        .testTarget(
            name: "StatoscopeInspectorTests",
            dependencies: [
                "Statoscope", "StatoscopeCore", "StatoscopeEffects", "StatoscopeExamples",
                "StatoscopeInspector",
                "StatoscopeTestSupport", "StatoscopeTesting",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        // Adversarial review: attacks on the seams between features, written from the docs alone.
        .testTarget(
            name: "StatoscopeAdversaryTests",
            dependencies: [
                "Statoscope", "StatoscopeTesting", "StatoscopeInspector", "StatoscopeTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // XCTest, so that its tests run with no other test in the process: memory readings, and
        // streams flooding the main actor.
        .testTarget(
            name: "StatoscopeMemoryTests",
            dependencies: ["Statoscope", "StatoscopeCore", "StatoscopeInspector", "StatoscopeTestSupport"]
        ),
        .testTarget(
            name: "StatoscopeReliabilityTests",
            dependencies: [
                "Statoscope",
                "StatoscopeTesting",
                "StatoscopeTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The list of every public parameter tried at its extremes, and the tests that do.
            exclude: ["Extremes/README.md"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
