import Foundation

/// A workload run in a process of its own: this executable again, with `--only` its number, writing
/// its rows and checksum to a file the runner reads back.
enum WorkloadProcess {
    struct Result: Codable {
        let rows: [BenchmarkRow]
        let checksum: UInt64
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs workload `number` with the same settings as `options`, its progress on this output.
    static func run(_ number: Int, options: Options) throws -> Result {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "statoscope-benchmarks-\(ProcessInfo.processInfo.processIdentifier)-\(number).json"
            )
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var arguments = ["--only", String(number), "--result-path", path]
        if options.isSmoke { arguments.append("--smoke") }
        if let repetitions = options.repetitions { arguments += ["--repetitions", String(repetitions)] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "its process ended with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Result.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes what this process recorded for the runner that started it; returns the exit status.
    @MainActor
    static func write(_ context: WorkloadContext, to path: String) -> Int32 {
        do {
            let data = try JSONEncoder().encode(Result(rows: context.rows, checksum: context.checksum))
            try data.write(to: URL(fileURLWithPath: path))
            return 0
        } catch {
            FileHandle.standardError.write(Data("cannot write \(path): \(error)\n".utf8))
            return 1
        }
    }
}
