import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeInspector
import Testing

/// The recordings the demo itself writes become test plans: the flight recording its
/// `--failing-server` run prints with its error report gives, byte for byte, the plan the
/// inspector's tests commit (and compile, and run), and its scripted session's recording gives a
/// plan of every event.
@Suite(.timeLimit(.minutes(20)))
struct DemoRecordingPlanTests {
    @MainActor
    @Test func theFailingServersFlightRecordingGivesTheCommittedPlan() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let session = try await demo.run([
            "--failing-server", "--recording", "failing.jsonl", "--patience", "15000",
        ])
        #expect(session.status == 0, "stderr: \(session.errors)")
        let printed = try #require(
            session.output.components(separatedBy: "flight recording of the report:\n").dropFirst().first)
        // The demo prints the record indented, one line of it a line, before the replay's lines.
        let record = printed.split(separator: "\n").prefix { $0.hasPrefix("  {") }
            .map { $0.dropFirst(2) + "\n" }.joined()
        let source = try TestPlanSource(jsonLines: record) { DemoApp() }
            .swiftSource(testName: "failingServerReportPlan")
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("StatoscopeInspectorTests/Generated/FailingServerReportPlan.swift")
        #expect(
            source == (try DemoExecutable.text(of: committed)),
            """
            The demo's flight recording no longer gives the committed plan: if the demo changed on purpose, \
            change the session StatoscopeInspectorTests plays to match it, and regenerate the plan \
            (STATOSCOPE_REGENERATE=1 swift test --filter StatoscopeInspectorTests).
            """)
    }

    @MainActor
    @Test func theScriptedSessionsRecordingGivesAPlanOfEveryEvent() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let session = try await demo.run(["--recording", "session.jsonl", "--patience", "15000"])
        #expect(session.status == 0, "stderr: \(session.errors)")
        let url = demo.folder.appendingPathComponent("session.jsonl")
        let recording = try Recording(contentsOf: url)
        let source = try TestPlanSource(jsonLines: try DemoExecutable.text(of: url)) { DemoApp() }
            .swiftSource(testName: "demoSession")
        // The live count's pushes race the posts' answers, so the order of the events, and the
        // plan, may change from run to run; every event is in it, each once.
        let steps = source.components(separatedBy: "\n        .WHEN(").count - 1
        let throwing = source.components(separatedBy: "WHEN_Throws(").count - 1
        #expect(steps + throwing == recording.events.count)
        #expect(throwing == 1)
        #expect(!source.contains("the plan stops here"))
        #expect(!source.contains("john.appleseed@example.org"))
        #expect(source.contains(".THEN(\\.counter.viewDisplaysTotalCount, equals: 11)"))
    }
}
