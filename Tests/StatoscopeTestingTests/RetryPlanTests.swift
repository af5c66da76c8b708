import Statoscope
import StatoscopeTesting
import Testing

struct SaveFailure: Error, Equatable, CustomStringConvertible {
    let status: Int
    var description: String { "HTTP \(status)" }
}

struct SaveCount: Effect, Equatable {
    let count: Int
    func runEffect() async throws -> Int { count }
}

@MainActor
final class RetryingSaver: Scope {
    var count = 0
    var outcomes: [String] = []

    enum When: Sendable {
        case userTappedSave
        case userTappedCancel
        case saved(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedSave:
            count += 1
            effectsState.enqueue(
                SaveCount(count: count).mapToResult().map(When.saved), key: "save",
                retrying: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(10)
                ) {
                    ($0 as? SaveFailure)?.status == 404 ? .giveUp : .retry
                })
        case .userTappedCancel:
            effectsState.cancelEffect(key: "save")
        case .saved(.success(let count)):
            outcomes.append("saved \(count)")
        case .saved(.failure(let error)):
            outcomes.append("failed: \(error)")
        }
    }
}

@MainActor
@Suite
struct RetryPlanTests {
    @Test func aPlanSeesEachWaitOnItsClockAndTheSuccessOnce() throws {
        let failures = try capturingFailures {
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .THEN_Enqueued(SaveCount(count: 1))
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .THEN_Scheduled(SaveCount.self)
                .THEN(\.outcomes, equals: [])
                .WHEN_TimePasses(.milliseconds(999))
                .THEN_Scheduled(SaveCount.self)
                .WHEN_TimePasses(.milliseconds(1))
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 502))
                .WHEN_TimePasses(.seconds(2))
                .WHEN_EffectCompletes(SaveCount.self, with: 1)
                .THEN(\.outcomes, equals: ["saved 1"])
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aPlanGivingUpDeliversTheLastFailure() throws {
        let failures = try capturingFailures {
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .WHEN_TimePasses(.seconds(1))
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 502))
                .WHEN_TimePasses(.seconds(2))
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 503))
                .THEN(\.outcomes, equals: ["failed: HTTP 503"])
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aFailureThePolicyGivesUpOnIsDeliveredAtOnceInAPlan() throws {
        let failures = try capturingFailures {
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 404))
                .THEN(\.outcomes, equals: ["failed: HTTP 404"])
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func cancelledWhileWaitingInAPlanItIsGone() throws {
        let failures = try capturingFailures {
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .WHEN(.userTappedCancel)
                .THEN_Cancelled(SaveCount(count: 1))
                .THEN_NoEffects()
                .WHEN_TimePasses(.seconds(5))
                .THEN_NoEffects()
                .THEN(\.outcomes, equals: [])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aRestartReplacesTheWaitingEffect() throws {
        let failures = try capturingFailures {
            try RetryingSaver.GIVEN { RetryingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .WHEN(.userTappedSave)
                .THEN_Cancelled(SaveCount(count: 1))
                .THEN_Enqueued(SaveCount(count: 2))
                .WHEN_EffectCompletes(SaveCount.self, with: 2)
                .THEN(\.outcomes, equals: ["saved 2"])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func completingAnAttemptBeforeItsWaitPassedFailsAndSaysWhenItStarts() throws {
        let plan = try RetryingSaver.GIVEN { RetryingSaver() }
            .WHEN(.userTappedSave)
            .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
            .WHEN_TimePasses(.milliseconds(400))
        let early: UInt = #line + 2
        let failures = try capturingFailures {
            try plan.WHEN_EffectCompletes(SaveCount.self, with: 1).runTest()
        }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.map(\.location.line) == [early])
        #expect(
            failures.first?.message.contains(
                "the pending SaveCount has not started: it starts at 1.0 seconds on the plan's clock, now at 0.4 seconds"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }
}
