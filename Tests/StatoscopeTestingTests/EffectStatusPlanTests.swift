import Statoscope
import StatoscopeTesting
import Testing

@MainActor
@Suite
struct EffectStatusPlanTests {
    @Test func aRetryingEffectIsPendingThenScheduledThenCancelled() throws {
        let failures = try capturingFailures {
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .THEN_EffectStatus(SaveCount.self, is: .pending)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .THEN_EffectStatus(SaveCount.self, is: .scheduled)
                .WHEN_TimePasses(.seconds(1))
                .THEN_EffectStatus(SaveCount.self, is: .pending)
                .WHEN(.userTappedCancel)
                .THEN_EffectStatus(SaveCount.self, is: .cancelled)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aTimerIsOpenAndACompletedEffectEnded() throws {
        let failures = try capturingFailures {
            try Stopwatch.GIVEN { Stopwatch() }
                .WHEN(.userTappedStart)
                .THEN_EffectStatus(RepeatingTimer.self, is: .open)
                .runTest()
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectCompletes(SaveCount.self, with: 1)
                .THEN_EffectStatus(SaveCount.self, is: .ended)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aWrongStatusFailsAndSaysTheActualOne() throws {
        let plan = try RetryingSaver.GIVEN { RetryingSaver() }
            .WHEN(.userTappedSave)
            .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
        let line: UInt = #line + 2
        let failures = try capturingFailures {
            try plan.THEN_EffectStatus(SaveCount.self, is: .pending).runTest()
        }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.contains(
                "THEN_EffectStatus(SaveCount.self, is: .pending) on RetryingSaver failed\nexpected: the latest SaveCount pending\nactual: it is scheduled"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }
}
