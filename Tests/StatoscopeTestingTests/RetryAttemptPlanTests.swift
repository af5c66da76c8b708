import Statoscope
import StatoscopeTesting
import Testing

/// A saver that shows each retry as it comes and how many attempts a failure took.
@MainActor
final class AttemptShowingSaver: Scope {
    var banner: String?
    var lastRetry: RetryAttempt?
    var failure: RetryFailure?
    var saved: Int?

    enum When: Sendable, Equatable {
        case userTappedSave
        case userTappedCancel
        case retrying(RetryAttempt)
        case saved(Result<Int, RetryFailure>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedSave:
            banner = nil
            effectsState.enqueue(
                SaveCount(count: 1)
                    // Every failure of an effect enqueued with a retry policy is a `RetryFailure`.
                    .mapToResultWithError { $0 as? RetryFailure ?? RetryFailure(attempts: 0, error: $0) }
                    .map(When.saved), key: "save",
                retrying: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(10)
                ) {
                    ($0 as? SaveFailure)?.status == 404 ? .giveUp : .retry
                }, onRetry: When.retrying)
        case .userTappedCancel:
            effectsState.cancelEffect(key: "save")
        case .retrying(let retry):
            lastRetry = retry
            banner = "retrying, attempt \(retry.number) of \(retry.maxAttempts)"
        case .saved(.success(let count)):
            banner = nil
            saved = count
        case .saved(.failure(let failure)):
            banner = "failed after \(failure.attempts) attempts"
            self.failure = failure
        }
    }
}

@MainActor
@Suite
struct RetryAttemptPlanTests {
    @Test func aPlanSeesEachRetryEventInTheStepThatFailedTheAttemptAndTheCountOfTheFailure() throws {
        let failures = try capturingFailures {
            try AttemptShowingSaver.GIVEN { AttemptShowingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .THEN(\.banner, equals: "retrying, attempt 2 of 3")
                .THEN(
                    \.lastRetry,
                    equals: RetryAttempt(
                        number: 2, maxAttempts: 3, error: SaveFailure(status: 500), delay: .seconds(1))
                )
                .THEN_Scheduled(SaveCount.self)
                .WHEN_TimePasses(.seconds(1))
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 502))
                .THEN(\.banner, equals: "retrying, attempt 3 of 3")
                // The whole value rather than `\.lastRetry?.delay`: the standard library projects an optional
                // chain ending in a `Duration` with overlapping copies, which AddressSanitizer stops at.
                .THEN(
                    \.lastRetry,
                    equals: RetryAttempt(
                        number: 3, maxAttempts: 3, error: SaveFailure(status: 502), delay: .seconds(2))
                )
                .WHEN_TimePasses(.seconds(2))
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 503))
                .THEN(\.banner, equals: "failed after 3 attempts")
                .THEN(\.failure, equals: RetryFailure(attempts: 3, error: SaveFailure(status: 503)))
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aFailureThePolicyGivesUpOnCountsOneAttemptInAPlan() throws {
        let failures = try capturingFailures {
            try AttemptShowingSaver.GIVEN { AttemptShowingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 404))
                .THEN(\.lastRetry, equals: nil)
                .THEN(\.failure, equals: RetryFailure(attempts: 1, error: SaveFailure(status: 404)))
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aWrongAttemptCountFailsTheCheckAndShowsBothFailures() throws {
        let plan = try AttemptShowingSaver.GIVEN { AttemptShowingSaver() }
            .WHEN(.userTappedSave)
            .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 404))
        let line: UInt = #line + 1
        _ = try plan.THEN(\.failure, equals: RetryFailure(attempts: 3, error: SaveFailure(status: 404)))
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.location.line) == [line])
        let message = failures.first?.message ?? "no failure"
        #expect(
            message.contains("RetryFailure(attempts: 3, error: HTTP 404)")
                && message.contains("RetryFailure(attempts: 1, error: HTTP 404)"), "\(message)")
    }

    @Test func aWrongRetryFailsTheCheckAndShowsBothRetries() throws {
        let plan = try AttemptShowingSaver.GIVEN { AttemptShowingSaver() }
            .WHEN(.userTappedSave)
            .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
        let line: UInt = #line + 1
        _ = try plan.THEN(
            \.lastRetry,
            equals: RetryAttempt(
                number: 2, maxAttempts: 3, error: SaveFailure(status: 503), delay: .seconds(1)))
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.location.line) == [line])
        let message = failures.first?.message ?? "no failure"
        #expect(
            message.contains("RetryAttempt(number: 2, maxAttempts: 3, error: HTTP 503, delay: 1.0 seconds)")
                && message.contains(
                    "RetryAttempt(number: 2, maxAttempts: 3, error: HTTP 500, delay: 1.0 seconds)"),
            "\(message)")
    }

    @Test func cancelledWhileItWaitsAfterItsRetryEventNothingMoreArrives() throws {
        let failures = try capturingFailures {
            try AttemptShowingSaver.GIVEN { AttemptShowingSaver() }
                .WHEN(.userTappedSave)
                .WHEN_EffectFails(SaveCount.self, with: SaveFailure(status: 500))
                .THEN(\.banner, equals: "retrying, attempt 2 of 3")
                .WHEN(.userTappedCancel)
                .THEN_Cancelled(SaveCount(count: 1))
                .WHEN_TimePasses(.seconds(30))
                .THEN(\.failure, equals: nil)
                .THEN(\.saved, equals: nil)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
