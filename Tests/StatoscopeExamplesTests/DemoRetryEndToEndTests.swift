import Foundation
import Testing

/// The counter's save against a server that fails every request: each save is tried three times, the
/// log says when each retry comes, and the last failure is what the counter shows.
@Suite(.timeLimit(.minutes(20)))
struct DemoRetryEndToEndTests {
    @Test func aFailingServerGetsEachSaveThreeTimesAndTheLogSaysSo() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let session = try await demo.run(["--failing-server", "--patience", "15000"])
        #expect(session.status == 0, "stderr: \(session.errors)")
        let lines = session.output.components(separatedBy: "\n")
        let saves = lines.filter {
            $0.contains("DemoApp.counter effect PostCount(") && $0.hasSuffix(") started")
        }
        let retries = lines.filter {
            $0.contains("DemoApp.counter effect PostCount(") && $0.contains(") failed; tries again in 0.")
        }
        let answers = lines.filter {
            $0.contains("DemoApp.counter <- networkPostCompleted(failure(POST /counter answered 503")
        }
        #expect(!saves.isEmpty)
        #expect(retries.count == 2 * saves.count, "two retries a save: \(retries)")
        #expect(answers.count == saves.count, "one answer a save, after its last attempt: \(answers)")
        #expect(retries.contains { $0.contains("PostCount(count: 1) failed; tries again in 0.") })
    }
}
