// swift-tools-version: 6.2
import PackageDescription

// The example app: a package of its own, so that packages depending on Statoscope never build it.
// Its scopes are a library that builds and is tested on every platform, Linux included; its SwiftUI
// views are an executable target whose code compiles only where SwiftUI exists.
let package = Package(
    name: "StatoscopeApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(name: "Statoscope", path: "../..")
    ],
    targets: [
        .target(
            name: "StatoscopeAppFeatures",
            dependencies: [.product(name: "Statoscope", package: "Statoscope")]
        ),
        .executableTarget(
            name: "StatoscopeApp",
            dependencies: ["StatoscopeAppFeatures", .product(name: "Statoscope", package: "Statoscope")]
        ),
        .testTarget(
            name: "StatoscopeAppFeaturesTests",
            dependencies: [
                "StatoscopeAppFeatures",
                .product(name: "Statoscope", package: "Statoscope"),
                .product(name: "StatoscopeTesting", package: "Statoscope"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
