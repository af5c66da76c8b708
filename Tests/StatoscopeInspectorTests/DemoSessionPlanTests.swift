import Statoscope
import StatoscopeExamples
import StatoscopeInspector
import StatoscopeTesting
import Testing

/// The demo's session, recorded, becomes a test plan: the plan generated from a fresh recording is
/// the one committed under Generated/, which the suite compiles and runs.
@Suite(.isolatedInstruments, .timeLimit(.minutes(5)))
struct DemoSessionPlanTests {
    @MainActor
    @Test func theDemoSessionBecomesTheCommittedPlan() async throws {
        let lines = try await DemoSessionRecording.answering()
        let source = try TestPlanSource(jsonLines: lines) { DemoApp() }
            .swiftSource(testName: "demoSessionPlan")
        try GeneratedFile.check(source, isCommittedAs: "DemoSessionPlan.swift")
    }

    @MainActor
    @Test func theFlightRecordingOfTheFailingSessionsReportBecomesTheCommittedPlan() async throws {
        let record = try await DemoSessionRecording.failingFlightRecording()
        let source = try TestPlanSource(jsonLines: record) { DemoApp() }
            .swiftSource(testName: "failingServerReportPlan")
        // The step whose update threw is marked, and expected to throw.
        #expect(source.contains("update threw InvalidStateError, as it did in the recorded session"))
        #expect(source.contains(".WITH(\\.profile) { try $0.WHEN_Throws(.networkFinishesSavingProfile("))
        try GeneratedFile.check(source, isCommittedAs: "FailingServerReportPlan.swift")
    }

    @MainActor
    @Test func checksOnlyAtTheEndWriteWhatTheSessionChangedInAll() async throws {
        let lines = try await DemoSessionRecording.answering()
        let source = try TestPlanSource(jsonLines: lines) { DemoApp() }
            .swiftSource(testName: "demoSessionAtTheEnd", checks: .atTheEnd)
        try GeneratedFile.check(source, isCommittedAs: "DemoSessionPlanCheckedAtTheEnd.swift")
    }
}
