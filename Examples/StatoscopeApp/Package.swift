// swift-tools-version: 6.2
import PackageDescription

// The example app: a package of its own, so that packages depending on Statoscope never build it.
// Its scopes are a library that builds and is tested on every platform, Linux included; its SwiftUI
// views are an executable target whose code compiles only where SwiftUI exists.
let package = Package(
    name: "StatoscopeApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        // For an Xcode app target of one's own, which links the scopes and compiles the views' files.
        .library(name: "StatoscopeAppFeatures", targets: ["StatoscopeAppFeatures"])
    ],
    dependencies: [
        // Named: a local package is otherwise known by its folder's name, which is the clone's.
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
