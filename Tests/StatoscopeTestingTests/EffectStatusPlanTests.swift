import Statoscope
import StatoscopeTesting
import Testing

/// A root whose savers are subscopes: one always there, one opened on demand.
final class SaverHub: Scope {
    @Subscope var saver = RetryingSaver()
    @Subscope var spare: RetryingSaver? = nil

    enum When: Sendable { case userOpenedSpare }

    func update(_ when: When) throws {
        spare = RetryingSaver()
    }
}

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

    // MARK: - Subscope forms

    @Test func aSubscopesEffectStatusIsCheckedThroughItsKeyPath() throws {
        let failures = try capturingFailures {
            try SaverHub.GIVEN { SaverHub() }
                .WHEN(\.saver, .userTappedSave)
                .WITH(\.saver) { try $0.THEN_EffectStatus(SaveCount.self, is: .pending) }
                .WITH(\.saver) { try $0.WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500)) }
                .WITH(\.saver) { try $0.THEN_EffectStatus(SaveCount.self, is: .scheduled) }
                .WHEN(.userOpenedSpare)
                .WHEN(\.spare, .userTappedSave)
                .WITH(\.spare) { try $0.THEN_EffectStatus(SaveCount.self, is: .pending) }
                .WITH(\.spare) { try $0.WHEN_EffectCompletes(SaveCount.self, with: 1) }
                .WITH(\.spare) { try $0.THEN_EffectStatus(SaveCount.self, is: .ended) }
                .WHEN(\.saver, .userTappedCancel)
                .WITH(\.saver) { try $0.THEN_EffectStatus(SaveCount.self, is: .cancelled) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aSubscopesWrongStatusFailsNamingTheSubscopesPath() throws {
        let plan = try SaverHub.GIVEN { SaverHub() }
            .WHEN(\.saver, .userTappedSave)
            .WITH(\.saver) { try $0.WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500)) }
        let wrongLine: UInt = #line + 1
        _ = try plan.WITH(\.saver) { try $0.THEN_EffectStatus(SaveCount.self, is: .pending) }
        let nilLine: UInt = #line + 1
        _ = try plan.WITH(\.spare) { try $0.THEN_EffectStatus(SaveCount.self, is: .pending) }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.location.line) == [wrongLine, nilLine])
        #expect(failures.map(\.kind) == [.missingEffect, .unreachableScope])
        #expect(
            failures.first?.message.hasPrefix(
                "THEN_EffectStatus(SaveCount.self, is: .pending) on SaverHub.saver failed\nexpected: the latest SaveCount pending\nactual: it is scheduled"
            ) == true, "\(failures.first?.message ?? "no failure")")
        #expect(failures.last?.message.contains("spare") == true, "\(failures.last?.message ?? "no failure")")
    }

    @Test func theRootsFormSaysWhichSubscopeHasTheEffect() throws {
        let plan = try SaverHub.GIVEN { SaverHub() }
            .WHEN(\.saver, .userTappedSave)
        let failures = try capturingFailures {
            try plan.THEN_EffectStatus(SaveCount.self, is: .pending).runTest()
        }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(
            failures.first?.message.hasPrefix(
                "THEN_EffectStatus(SaveCount.self, is: .pending) on SaverHub failed\nexpected: the latest SaveCount pending\nactual: no SaveCount was enqueued during the line; a SaveCount is pending on SaverHub.saver: address that scope"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }
}
