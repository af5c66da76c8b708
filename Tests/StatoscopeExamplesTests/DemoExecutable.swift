import Foundation

/// Runs the built `statoscope-demo` as a subprocess: the demo's server lives in the executable,
/// not in the examples library (which must stay free of FlyingFox), so the end-to-end tests drive
/// the executable itself.
struct DemoExecutable {
    struct Run {
        let status: Int32
        let output: String
        let errors: String

        /// The text after `final state:`: the tree the run ended with.
        var finalState: String? {
            output.range(of: "final state:\n").map { String(output[$0.upperBound...]) }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let url: URL
    /// A folder of the test's own, for the recordings the runs write.
    let folder: URL

    init() throws {
        // The test binary and the executable are built into the same folder.
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            buildFolder.appendingPathComponent("statoscope-demo"),
            buildFolder.deletingLastPathComponent().appendingPathComponent("statoscope-demo"),
        ]
        guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw Failure(
                description: "statoscope-demo is not built next to the tests: run swift build --build-tests")
        }
        self.url = url
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("statoscope-demo-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Runs the demo with `arguments` and `input` on standard input; a run that outlives `timeout` is
    /// terminated, so the test always stops.
    func run(_ arguments: [String], input: String = "", timeout: Duration = .seconds(20)) async throws -> Run
    {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // Files rather than pipes: a full pipe would block the demo while nobody reads it.
        let outputURL = folder.appendingPathComponent("stdout-\(UUID()).txt")
        let errorsURL = folder.appendingPathComponent("stderr-\(UUID()).txt")
        for file in [outputURL, errorsURL] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw Failure(description: "cannot create \(file.path)")
            }
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            output: try Self.text(of: outputURL),
            errors: try Self.text(of: errorsURL))
    }

    /// A file's text. Read through a `FileHandle`: `String(contentsOf:)` and `Data(contentsOf:)` leak
    /// their buffer in Foundation on Linux with Swift 6.3, which fails the AddressSanitizer run of the tests.
    static func text(of url: URL) throws -> String {
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }
}
