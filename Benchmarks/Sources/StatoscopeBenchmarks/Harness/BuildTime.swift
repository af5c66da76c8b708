import Foundation

/// Times a clean debug build of the library's products, as a user adding the package sees it.
///
/// The build runs in a throwaway package that depends on the library and uses only its library
/// products: building inside the library's own package would build everything the package holds (the
/// demo, its server and argument parser, their plugins), which no user of the library builds.
/// Resolving the dependencies (from the local package cache) is done first and not timed.
enum BuildTime {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The library products of the package at `packagePath`, as its manifest declares them: products
    /// added later are timed without a change here.
    static func libraryProducts(packagePath: String) throws -> [String] {
        let output = try run(["swift", "package", "--package-path", packagePath, "dump-package"])
        struct Manifest: Decodable {
            struct Product: Decodable {
                let name: String
                let type: [String: AnyDecodable]
            }
            let products: [Product]
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: output)
        return manifest.products.filter { $0.type["library"] != nil }.map(\.name)
    }

    /// Writes a package depending on `products`, resolves it, then times its clean debug build.
    static func measure(packagePath: String, products: [String]) throws -> Double {
        let dependent = FileManager.default.temporaryDirectory
            .appendingPathComponent("statoscope-dependent-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dependent)
        defer { try? FileManager.default.removeItem(at: dependent) }
        let sources = dependent.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        // A path dependency's identity is its directory's name.
        let identity = URL(fileURLWithPath: packagePath).lastPathComponent
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "Dependent",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: \(String(reflecting: packagePath)))],
                targets: [
                    .target(name: "App", dependencies: [
                        \(products.map { ".product(name: \"\($0)\", package: \"\(identity)\")" }.joined(separator: ", "))
                    ])
                ]
            )
            """
        try manifest.write(
            to: dependent.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try products.map { "import \($0)" }.joined(separator: "\n")
            .write(to: sources.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        _ = try run(["swift", "package", "--package-path", dependent.path, "resolve"])
        let stopwatch = Stopwatch()
        _ = try run(["swift", "build", "--package-path", dependent.path, "--configuration", "debug"])
        return stopwatch.elapsedNanoseconds / 1e9
    }

    /// The library's package: two levels above the benchmarks package, which this file's path gives.
    static var defaultPackagePath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Harness
            .deletingLastPathComponent()  // StatoscopeBenchmarks
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // Benchmarks
            .deletingLastPathComponent().path
    }

    /// Runs a command found on PATH and returns its standard output; its standard error is passed on.
    private static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "`\(arguments.joined(separator: " "))` exited with \(process.terminationStatus)")
        }
        return data
    }
}

/// Any JSON value, decoded only to be skipped: a product's type is an object whose key is the kind.
private struct AnyDecodable: Decodable {
    init(from decoder: any Decoder) throws {}
}
