import Foundation

/// Times a clean debug build of the library's products, as a user adding the package would see it.
///
/// "Clean" means an emptied scratch directory: the dependencies are checked out again (from the local
/// package cache) and every module is compiled. Only the library products are built, not the demo,
/// the tests or these benchmarks.
enum BuildTime {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The library products of the package at `packagePath`, as its manifest declares them: products
    /// added later (a testing library, say) are timed without a change here.
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

    /// Empties a scratch directory, then builds each product into it in turn; returns the seconds taken.
    static func measure(packagePath: String, products: [String]) throws -> Double {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("statoscope-clean-build-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stopwatch = Stopwatch()
        for product in products {
            _ = try run([
                "swift", "build", "--package-path", packagePath, "--scratch-path", scratch.path,
                "--configuration", "debug", "--product", product,
            ])
        }
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
