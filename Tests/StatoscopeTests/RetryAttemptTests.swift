import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// An uploader that asks to hear of each retry, and keeps what it heard and how the upload ended.
@MainActor
final class AttemptReportingUploader: Scope {
    let server: ScriptedServer
    let policy: RetryPolicy
    /// Whether the scope cancels the upload when it hears of this retry.
    let cancelAtRetry: Int?
    var retries: [RetryAttempt] = []
    var banner: String?
    var failure: RetryFailure?
    var otherFailure: String?
    var saved: Int?

    init(_ server: ScriptedServer, policy: RetryPolicy = uploadRetries, cancelAtRetry: Int? = nil) {
        self.server = server
        self.policy = policy
        self.cancelAtRetry = cancelAtRetry
    }

    enum When: Sendable {
        case userTappedUpload
        case retrying(RetryAttempt)
        case uploaded(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedUpload:
            effectsState.enqueue(
                Upload(server: server).mapToResult().map(When.uploaded), key: "upload", retrying: policy,
                onRetry: When.retrying)
        case .retrying(let retry):
            retries.append(retry)
            banner = "retrying, attempt \(retry.number) of \(retry.maxAttempts)"
            if retry.number == cancelAtRetry { effectsState.cancelEffect(key: "upload") }
        case .uploaded(.success(let count)):
            banner = nil
            saved = count
        case .uploaded(.failure(let error)):
            banner = nil
            if let retried = error as? RetryFailure {
                failure = retried
            } else {
                otherFailure = "\(error)"
            }
        }
    }
}

/// An error type a scope expects, mapped with `mapToResultWithError(_:)`.
enum UploadError: UnknownErrorRepresentable, Equatable {
    case busy
    case unknownError
}

/// Fails with the error the scope expects, attempt after attempt.
struct TypedUpload: Effect {
    func runEffect() async throws -> Int { throw UploadError.busy }
}

@MainActor
final class TypedUploader: Scope {
    var outcome: Result<Int, UploadError>?

    enum When: Sendable {
        case userTappedUpload
        case uploaded(Result<Int, UploadError>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedUpload:
            effectsState.enqueue(
                TypedUpload().mapToResultWithError(UploadError.self).map(When.uploaded),
                retrying: .exponentialBackoff(maxAttempts: 2, initialDelay: .zero, maxDelay: .zero))
        case .uploaded(let outcome):
            self.outcome = outcome
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RetryAttemptTests {
    private func uploader(_ answers: [Result<Int, HTTPFailure>], cancelAtRetry: Int? = nil)
        -> (AttemptReportingUploader, ManualEffectClock)
    {
        let clock = ManualEffectClock()
        let uploader = AttemptReportingUploader(ScriptedServer(answers), cancelAtRetry: cancelAtRetry)
        uploader.inject(EffectClock(clock))
        return (uploader, clock)
    }

    @Test func eachRetryReachesUpdateBeforeItsWaitWithTheAttemptItsCountTheErrorAndTheWait() async {
        let (uploader, clock) = uploader([
            .failure(HTTPFailure(status: 500)), .failure(HTTPFailure(status: 429, retryAfter: .seconds(7))),
            .success(5),
        ])
        uploader.send(.userTappedUpload)
        await waitUntil("the first retry told, its wait begun") {
            uploader.retries.count == 1 && clock.sleeperCount == 1
        }
        #expect(
            uploader.retries == [
                RetryAttempt(number: 2, maxAttempts: 4, error: HTTPFailure(status: 500), delay: .seconds(1))
            ])
        #expect(uploader.banner == "retrying, attempt 2 of 4")
        #expect(uploader.server.attempts == 1, "told before the wait, not after the next attempt")

        clock.advance(by: .seconds(1))
        await waitUntil("the second retry told, its wait begun") {
            uploader.retries.count == 2 && clock.sleeperCount == 1
        }
        #expect(
            uploader.retries.last
                == RetryAttempt(
                    number: 3, maxAttempts: 4, error: HTTPFailure(status: 429, retryAfter: .seconds(7)),
                    delay: .seconds(7)), "the server's wait, as waited")
        clock.advance(by: .seconds(7))
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.saved == 5)
        #expect(uploader.banner == nil)
        #expect(uploader.retries.count == 2, "no retry event for the attempt that succeeded")
    }

    @Test func theDeliveredFailureSaysHowManyAttemptsRanAndCarriesTheLastError() async {
        let (uploader, clock) = uploader([500, 502, 503, 504].map { .failure(HTTPFailure(status: $0)) })
        uploader.send(.userTappedUpload)
        await passEachWaitOfTheUploadPolicy(of: uploader.server, on: clock)
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.failure == RetryFailure(attempts: 4, error: HTTPFailure(status: 504)))
        #expect(uploader.retries.map(\.number) == [2, 3, 4])
        #expect(uploader.failure.map { "\($0)" } == "HTTP 504", "it prints as its error")
        #expect(
            uploader.failure.map { String(reflecting: $0) } == "RetryFailure(attempts: 4, error: HTTP 504)")
    }

    @Test func aFailureThePolicyGivesUpOnCountsOneAttemptAndTellsNoRetry() async {
        let (uploader, clock) = uploader([.failure(HTTPFailure(status: 404)), .success(1)])
        uploader.send(.userTappedUpload)
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.failure == RetryFailure(attempts: 1, error: HTTPFailure(status: 404)))
        #expect(uploader.retries.isEmpty)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aCancellationThrownByTheWorkIsDeliveredAfterOneAttemptAndNeverRetried() async {
        let attempts = CriticalState(0)
        let scope = CancellingClientScope(attempts: attempts)
        scope.inject(EffectClock(ManualEffectClock()))
        scope.send(.userTappedLoad)
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(attempts.withLock { $0 } == 1)
        #expect(scope.failures == [RetryFailure(attempts: 1, error: CancellationError())])
    }

    @Test func aScopeThatCancelsOnHearingOfARetryGetsNoFurtherAttemptAndNoOutcome() async {
        let (uploader, clock) = uploader(
            [.failure(HTTPFailure(status: 500)), .failure(HTTPFailure(status: 500)), .success(1)],
            cancelAtRetry: 3)
        uploader.send(.userTappedUpload)
        await waitUntil("the first wait") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await waitUntil("the second retry told") { uploader.retries.count == 2 }
        #expect(uploader.effectsState.effects.isEmpty, "cancelled by its scope on hearing of the retry")
        clock.advance(by: .seconds(10))
        await drainCompletions(of: uploader.runtime)
        #expect(uploader.server.attempts == 2)
        #expect(uploader.saved == nil && uploader.failure == nil)
    }

    @Test func anErrorOfTheExpectedTypeInsideARetryFailureIsKeptByTheTypedMapping() async {
        let uploader = TypedUploader()
        uploader.inject(EffectClock(ManualEffectClock()))
        uploader.send(.userTappedUpload)
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.outcome == .failure(.busy), "not unknownError: the retry failure carries a busy")
    }
}
