import Foundation
import Testing

/// Every test here runs in a process that links StatoscopeTesting, where each event takes `send`'s
/// full path: the fast path that apps take is checked by `statoscope-app-path-check`, which runs the
/// library as an app does, in a process of its own.
@Suite(.timeLimit(.minutes(20)))
struct AppPathCheckTests {
    private struct Run {
        let status: Int32
        let output: String
        let errors: String
        let timedOut: Bool

        var report: String {
            "exit status \(status)\(timedOut ? " (stopped: it ran too long)" : "")\n"
                + "output:\n\(output)\nerrors:\n\(errors)"
        }
    }

    private func appPathCheck() throws -> URL {
        // The test binary and the executable are built into the same folder, or the one above it.
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            buildFolder.appendingPathComponent("statoscope-app-path-check"),
            buildFolder.deletingLastPathComponent().appendingPathComponent("statoscope-app-path-check"),
        ]
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "statoscope-app-path-check is built next to the tests: run swift build --build-tests")
    }

    /// Runs the check; a run that outlives `timeout` is stopped, so the test always ends.
    private func run(_ executable: URL, timeout: Duration = .seconds(240)) async throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-app-path-check-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files rather than pipes: a full pipe would block the check while nobody reads it.
        let outputURL = folder.appendingPathComponent("output.txt")
        let errorsURL = folder.appendingPathComponent("errors.txt")
        for file in [outputURL, errorsURL] {
            try #require(
                FileManager.default.createFile(atPath: file.path, contents: nil), "creating \(file.path)")
        }
        let process = Process()
        process.executableURL = executable
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        try process.run()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: try text(of: outputURL),
            errors: try text(of: errorsURL),
            timedOut: timedOut)
    }

    /// A file's text, read through a handle: `String(contentsOf:)` leaks its buffer in Foundation on
    /// Linux, which fails the AddressSanitizer run of the tests.
    private func text(of url: URL) throws -> String {
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    @Test func theLibraryBehavesOnTheAppsPath() async throws {
        let run = try await run(try appPathCheck())
        let lastLine = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(run.status == 0, "\(run.report)")
        #expect(lastLine.wholeMatch(of: /\d+ passed, 0 failed/) != nil, "\(run.report)")
    }
}
