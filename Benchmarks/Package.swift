// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A package of its own, so that users of the library never resolve or build what the benchmarks need.
//
// A path dependency's identity is the name of its directory, which depends on where the repository is
// cloned; the product reference below has to name it.
let libraryIdentity = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "StatoscopeBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "statoscope-benchmarks", targets: ["StatoscopeBenchmarks"])
    ],
    dependencies: [
        .package(path: ".."),
        // The library's own logging package: workload 12 gives the error logger a handler.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "StatoscopeBenchmarks",
            dependencies: [
                .product(name: "Statoscope", package: libraryIdentity),
                .product(name: "StatoscopeTesting", package: libraryIdentity),
                .product(name: "StatoscopeInspector", package: libraryIdentity),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/StatoscopeBenchmarks"
        )
    ],
    swiftLanguageModes: [.v6]
)
