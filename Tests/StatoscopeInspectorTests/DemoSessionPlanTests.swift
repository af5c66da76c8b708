import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeInspector
import StatoscopeTesting
import Testing

/// The demo's session, recorded, becomes a test plan: the plan generated from a fresh recording is
/// the one committed under Generated/, which the suite compiles and runs.
@Suite(.isolatedInstruments, .timeLimit(.minutes(20)))
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

    /// Every edge the generator knows, in one session of the test's own scopes: the plan committed
    /// under Generated/ compiles and passes, which string comparisons alone cannot show.
    @MainActor
    @Test func theEdgeCasesBecomeTheCommittedPlan() throws {
        var lines = ""
        let notes = Notes()
        let recorder = Recorder(recording: notes) { lines += $0 }
        notes.send(.write("say \"hi\"\\ \n\tnew line, é, 日本, e\u{301}, \u{202E}rtl, \u{0}, 🎉"))
        notes.send(.tag("a", at: 0))
        notes.send(.setRatio(-0.0))
        notes.send(.setRatio(.infinity))
        notes.send(.setOpaque(payload: 3))
        notes.send(.keep(secret: Sensitive("hunter2")))
        notes.send(.setNote(Note(title: "\u{2028}\"#", stars: .min)))
        notes.send(.fail)
        notes.send(.openDrawer(rows: 2))
        notes.drawer?.rows[1].leaf.send(.tap)
        notes.drawer?.rows[1].leaf.send(.name(nil))
        notes.drawer?.rows[1].leaf.send(.name("x"))
        notes.drawer?.rows[1].leaf.send(.refuse)
        // A case named `none` would read as `Optional.none`: it is written as its JSON.
        notes.drawer?.rows[0].send(.none)
        notes.drawer?.send(.addRow)
        recorder.stop()
        // The plan goes into the module that declares the scopes: it imports nothing more.
        let source = try TestPlanSource(jsonLines: lines) { Notes() }
            .swiftSource(testName: "edgeCasesPlan", imports: [])
        #expect(!source.contains("hunter2"))
        try GeneratedFile.check(source, isCommittedAs: "EdgeCasesPlan.swift")
    }

    @Test func aPlanThatDiffersFromTheCommittedOneSaysHowToRegenerateIt() throws {
        // Regenerating writes what it is given: this check is left out then.
        guard ProcessInfo.processInfo.environment["STATOSCOPE_REGENERATE"] != "1" else { return }
        try withKnownIssue {
            try GeneratedFile.check("// not the plan\n", isCommittedAs: "EdgeCasesPlan.swift")
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "The plan generated from a fresh recording differs from the committed EdgeCasesPlan.swift. If the generator or the demo changed on purpose, regenerate it: STATOSCOPE_REGENERATE=1 swift test --filter StatoscopeInspectorTests"
                )
            }
        }
    }

    @MainActor
    @Test func checksOnlyAtTheEndWriteWhatTheSessionChangedInAll() async throws {
        let lines = try await DemoSessionRecording.answering()
        let source = try TestPlanSource(jsonLines: lines) { DemoApp() }
            .swiftSource(testName: "demoSessionAtTheEnd", checks: .atTheEnd)
        try GeneratedFile.check(source, isCommittedAs: "DemoSessionPlanCheckedAtTheEnd.swift")
    }
}
