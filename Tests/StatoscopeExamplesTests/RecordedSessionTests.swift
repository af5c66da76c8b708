import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// A session recorded with real (mock-backed) effects becomes a test plan with REPLAY: the way a
/// user's bug report turns into a failing test.
@Suite(.timeLimit(.minutes(20)))
struct RecordedSessionTests {
    @MainActor
    @Test func aRecordedSessionReplaysAsATestPlan() async throws {
        var lines = ""
        let app = DemoApp()
        app.inject(CounterAPI.echoing)
        app.inject(ProfileAPI.holdingJohn)
        let recorder = Recorder(recording: app) { lines += $0 }
        app.counter.send(.userTappedIncrementButton)
        await app.effectsState.waitUntilSubtreeSettled()
        app.send(.userSelectsTab(.profile))
        await app.effectsState.waitUntilSubtreeSettled()
        app.profile.send(.userTypesNewEmail(userEmail: Sensitive("j@new.example")))
        recorder.stop()
        #expect(app.counter.viewDisplaysTotalCount == 1)
        #expect(app.profile.name == "John")
        // The address typed is redacted in the recording.
        #expect(!lines.contains("j@new.example"))

        try DemoApp.GIVEN("the app, replaying the recorded session") { DemoApp() }
            .REPLAY(try Recording(jsonLines: lines))
            .THEN(\.selectedTab, equals: .profile)
            .THEN(\.counter.viewDisplaysTotalCount, equals: 1)
            .THEN(\.profile.name, equals: "John")
            .THEN(\.profile.email.value, equals: "<redacted>")
            .THEN_NoEffects()
            .runTest()
    }
}
