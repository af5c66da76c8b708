import Foundation

// The entry point of `statoscope-benchmarks`: parse the command line, then hand over to the runner.
//
// The main actor runs on the main thread's run loop, as in an app, rather than through top-level
// `await` (which hands the main queue to `dispatchMain()`): valgrind cannot follow a process into
// `dispatchMain()`, and its instruction counts are how this package's figures are profiled.
let options: Options
do {
    options = try Options.parse(CommandLine.arguments.dropFirst())
} catch {
    FileHandle.standardError.write(Data("\(error)\n\(Options.usage)\n".utf8))
    exit(2)
}
Task { @MainActor in
    exit(await BenchmarkRunner(options: options).run())
}
RunLoop.main.run()
