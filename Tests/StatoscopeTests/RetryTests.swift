import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A server's answer with an HTTP status: what a retry policy tells apart.
struct HTTPFailure: Error, Equatable, CustomStringConvertible {
    let status: Int
    var retryAfter: Duration? = nil

    var description: String { "HTTP \(status)" }
}

/// A server that answers from a script, one answer per attempt, and counts the attempts.
final class ScriptedServer: @unchecked Sendable {
    // `@unchecked Sendable`: `answers` and `attempts` are touched only with `lock` held.
    private let lock = NSLock()
    private var answers: [Result<Int, HTTPFailure>]
    private var attemptCount = 0

    init(_ answers: [Result<Int, HTTPFailure>]) {
        self.answers = answers
    }

    var attempts: Int { lock.withLock { attemptCount } }

    func answer() throws -> Int {
        let next: Result<Int, HTTPFailure> = lock.withLock {
            attemptCount += 1
            return answers.isEmpty ? .failure(HTTPFailure(status: 503)) : answers.removeFirst()
        }
        return try next.get()
    }
}

/// An upload that asks the scripted server once per attempt.
struct Upload: Effect {
    let server: ScriptedServer
    func runEffect() async throws -> Int { try server.answer() }
}

/// Four attempts, waits of 1, 2 and then 3 seconds (the cap); a 404 is final, a 429 waits what the
/// server asked.
let uploadRetries = RetryPolicy.exponentialBackoff(
    maxAttempts: 4, initialDelay: .seconds(1), maxDelay: .seconds(3)
) { error in
    guard let http = error as? HTTPFailure else { return .retry }
    switch http.status {
    case 404: return .giveUp
    case 429: return http.retryAfter.map(RetryDecision.retryAfter) ?? .retry
    default: return .retry
    }
}

/// Lets each wait of `uploadRetries` pass once its attempt failed and the wait began: 1, 2, then 3
/// seconds, for a server that fails every attempt.
@MainActor
func passEachWaitOfTheUploadPolicy(of server: ScriptedServer, on clock: ManualEffectClock) async {
    for (attempt, wait) in [(1, 1), (2, 2), (3, 3)] {
        await waitUntil("wait \(attempt)") { server.attempts == attempt && clock.sleeperCount == 1 }
        clock.advance(by: .seconds(wait))
    }
}

@MainActor
final class Uploader: Scope {
    let server: ScriptedServer
    var outcomes: [String] = []

    init(_ server: ScriptedServer) {
        self.server = server
    }

    enum When: Sendable {
        case userTappedUpload
        case userTappedCancel
        case uploaded(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedUpload:
            effectsState.enqueue(
                Upload(server: server).mapToResult().map(When.uploaded), key: "upload",
                retrying: uploadRetries)
        case .userTappedCancel:
            effectsState.cancelEffect(key: "upload")
        case .uploaded(.success(let count)):
            outcomes.append("saved \(count)")
        case .uploaded(.failure(let error)):
            outcomes.append("failed: \(error)")
        }
    }
}

/// A client whose first attempt throws `CancellationError`, as one does when its session was
/// invalidated, and whose later attempts succeed.
struct CancellingClient: Effect {
    /// The attempts so far, counted from whichever thread runs them.
    let attempts: CriticalState<Int>
    func runEffect() async throws -> Int {
        let attempt = attempts.withLock { count in
            count += 1
            return count
        }
        if attempt == 1 { throw CancellationError() }
        return 1
    }
}

@MainActor
final class CancellingClientScope: Scope {
    let attempts: CriticalState<Int>
    var outcomes: [String] = []
    var failures: [RetryFailure] = []

    init(attempts: CriticalState<Int>) {
        self.attempts = attempts
    }

    enum When: Sendable {
        case userTappedLoad
        case loaded(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedLoad:
            effectsState.enqueue(
                CancellingClient(attempts: attempts).mapToResult().map(When.loaded), retrying: uploadRetries)
        case .loaded(.success(let value)):
            outcomes.append("loaded \(value)")
        case .loaded(.failure(let error)):
            outcomes.append("failed: \(error)")
            if let failure = error as? RetryFailure { failures.append(failure) }
        }
    }
}

@MainActor
final class UploadScreen: Scope {
    @Subscope var uploader: Uploader?

    enum When: Sendable { case userClosedUploader }

    func update(_ when: When) throws {
        uploader = nil
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RetryTests {
    private func uploader(_ answers: [Result<Int, HTTPFailure>]) -> (Uploader, ManualEffectClock) {
        let clock = ManualEffectClock()
        let uploader = Uploader(ScriptedServer(answers))
        uploader.inject(EffectClock(clock))
        return (uploader, clock)
    }

    @Test func aSuccessAtTheThirdAttemptDeliversOnceAfterBackingOff() async {
        let (uploader, clock) = uploader([
            .failure(HTTPFailure(status: 500)), .failure(HTTPFailure(status: 502)), .success(7),
        ])
        uploader.send(.userTappedUpload)
        await waitUntil("the first wait") { clock.sleeperCount == 1 }
        #expect(uploader.server.attempts == 1)
        #expect(uploader.effectsState.effects.count == 1, "one effect for all its attempts")

        clock.advance(by: .seconds(1))
        await waitUntil("the second attempt and its wait") {
            uploader.server.attempts == 2 && clock.sleeperCount == 1
        }
        clock.advance(by: .milliseconds(1_999))
        await mainActorBarrier()
        #expect(uploader.server.attempts == 2, "the second wait is two seconds")
        #expect(uploader.outcomes.isEmpty)
        #expect(uploader.effectsState.effects.count == 1)

        clock.advance(by: .milliseconds(1))
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.server.attempts == 3)
        #expect(uploader.outcomes == ["saved 7"])
    }

    @Test func aClientThrowingCancellationIsNotRetriedAndItsFailureIsDelivered() async {
        let attempts = CriticalState(0)
        let scope = CancellingClientScope(attempts: attempts)
        let clock = ManualEffectClock()
        scope.inject(EffectClock(clock))
        scope.send(.userTappedLoad)
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(attempts.withLock { $0 } == 1, "a cancellation is not retried")
        #expect(clock.sleeperCount == 0, "no wait for a next attempt")
        #expect(scope.outcomes == ["failed: CancellationError()"])
    }

    @Test func givingUpDeliversOneFailureWithTheLastError() async {
        let (uploader, clock) = uploader([500, 502, 503, 504].map { .failure(HTTPFailure(status: $0)) })
        uploader.send(.userTappedUpload)
        await passEachWaitOfTheUploadPolicy(of: uploader.server, on: clock)
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.server.attempts == 4)
        #expect(uploader.outcomes == ["failed: HTTP 504"])
    }

    @Test func aFailureThePolicyGivesUpOnIsDeliveredAtOnce() async {
        let (uploader, clock) = uploader([.failure(HTTPFailure(status: 404)), .success(1)])
        uploader.send(.userTappedUpload)
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.server.attempts == 1)
        #expect(clock.sleeperCount == 0)
        #expect(uploader.outcomes == ["failed: HTTP 404"])
    }

    @Test func aServerAskingToWaitIsWaitedFor() async {
        let (uploader, clock) = uploader([
            .failure(HTTPFailure(status: 429, retryAfter: .seconds(30))), .success(2),
        ])
        uploader.send(.userTappedUpload)
        await waitUntil("the server's wait") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(29))
        await mainActorBarrier()
        #expect(uploader.server.attempts == 1, "not after the policy's one second")
        clock.advance(by: .seconds(1))
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.outcomes == ["saved 2"])
    }

    @Test func cancelledByKeyWhileWaitingItNeverAttemptsAgain() async {
        let (uploader, clock) = uploader([.failure(HTTPFailure(status: 500)), .success(1)])
        uploader.send(.userTappedUpload)
        await waitUntil("the first wait") { clock.sleeperCount == 1 }

        uploader.send(.userTappedCancel)

        #expect(uploader.effectsState.effects.isEmpty)
        clock.advance(by: .seconds(10))
        await drainCompletions(of: uploader.runtime)
        #expect(uploader.server.attempts == 1)
        #expect(uploader.outcomes.isEmpty)
    }

    @Test func dismissedWhileWaitingItNeverAttemptsAgain() async {
        let clock = ManualEffectClock()
        let screen = UploadScreen()
        screen.inject(EffectClock(clock))
        let uploader = Uploader(ScriptedServer([.failure(HTTPFailure(status: 500)), .success(1)]))
        screen.uploader = uploader
        uploader.send(.userTappedUpload)
        await waitUntil("the first wait") { clock.sleeperCount == 1 }

        screen.send(.userClosedUploader)

        #expect(uploader.effectsState.effects.isEmpty)
        clock.advance(by: .seconds(10))
        await drainCompletions(of: uploader.runtime)
        #expect(uploader.server.attempts == 1)
        #expect(uploader.outcomes.isEmpty)
    }

    @Test func aRestartCancelsTheWaitingAttemptsAndStartsAfresh() async {
        let (uploader, clock) = uploader([
            .failure(HTTPFailure(status: 500)), .failure(HTTPFailure(status: 500)), .success(3),
        ])
        uploader.send(.userTappedUpload)
        await waitUntil("the first wait") { clock.sleeperCount == 1 }

        uploader.send(.userTappedUpload)
        await waitUntil("the new effect's first wait") {
            uploader.server.attempts == 2 && clock.sleeperCount == 1
        }
        #expect(uploader.effectsState.effects.count == 1)

        clock.advance(by: .seconds(1))
        #expect(await uploader.effectsState.settlesWithinTestPatience())
        #expect(uploader.server.attempts == 3, "the replaced effect never attempted again")
        #expect(uploader.outcomes == ["saved 3"])
    }
}

@Suite
struct RetryStateMachineTests {
    private func waits(_ policy: RetryPolicy, onVirtualTime: Bool = true, failures: Int) -> [RetryStateMachine
        .Action]
    {
        var machine = RetryStateMachine(policy: policy, onVirtualTime: onVirtualTime)
        return (0..<failures).map { _ in machine.attemptEnded(failure: HTTPFailure(status: 500)) }
    }

    @Test func theWaitsGrowExponentiallyUpToTheCapThenTheLastFailureIsDelivered() {
        let policy = RetryPolicy.exponentialBackoff(
            maxAttempts: 7, initialDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(
            waits(policy, failures: 7)
                == [100, 200, 400, 800, 1_000, 1_000].map { .retry(after: .milliseconds($0)) } + [.deliver])
    }

    @Test func aCancellationIsDeliveredNeverRetriedWhateverThePolicySays() {
        var machine = RetryStateMachine(policy: uploadRetries, onVirtualTime: true)
        #expect(machine.attemptEnded(failure: CancellationError()) == .deliver)
        #expect(machine.attempt == 1)
    }

    @Test func aSuccessIsDeliveredAtOnce() {
        var machine = RetryStateMachine(policy: uploadRetries, onVirtualTime: true)
        #expect(machine.attemptEnded(failure: nil) == .deliver)
        #expect(machine.attempt == 1)
    }

    @Test func seededJitterShortensEachWaitTheSameWayOnEveryRun() {
        let policy = RetryPolicy.exponentialBackoff(
            maxAttempts: 6, initialDelay: .seconds(1), maxDelay: .seconds(60),
            jitter: .seeded(upTo: 0.5, seed: 42))
        let first = waits(policy, onVirtualTime: false, failures: 5)
        #expect(first == waits(policy, onVirtualTime: true, failures: 5), "live and in a plan alike")
        for (index, action) in first.enumerated() {
            let full = Duration.seconds(1 << index)
            guard case .retry(let wait) = action else {
                Issue.record("attempt \(index + 1) was not retried")
                continue
            }
            #expect(wait <= full && wait >= full / 2, "\(wait) within half of \(full)")
        }
    }

    @Test func unseededJitterIsNoneOnVirtualTime() {
        let policy = RetryPolicy.exponentialBackoff(
            maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(60), jitter: .random(upTo: 1))
        #expect(waits(policy, failures: 2) == [.retry(after: .seconds(1)), .retry(after: .seconds(2))])
    }

    @Test func valuesOutOfRangeSaturateWithoutTrapping() {
        #expect(
            waits(
                .exponentialBackoff(maxAttempts: 0, initialDelay: .seconds(1), maxDelay: .seconds(1)),
                failures: 1)
                == [.deliver], "fewer than one attempt counts as one")
        #expect(
            waits(
                .exponentialBackoff(maxAttempts: 3, initialDelay: .seconds(-5), maxDelay: .seconds(1)),
                failures: 2)
                == [.retry(after: .zero), .retry(after: .zero)])
        #expect(
            waits(
                .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), multiplier: .nan, maxDelay: .seconds(10)),
                failures: 2)
                == [.retry(after: .seconds(1)), .retry(after: .seconds(1))])
        #expect(
            waits(
                .exponentialBackoff(
                    maxAttempts: .max, initialDelay: .seconds(Int64.max), multiplier: .infinity,
                    maxDelay: .seconds(Int64.max), jitter: .seeded(upTo: .infinity, seed: 1)), failures: 3
            )
            .allSatisfy { if case .retry(let wait) = $0 { wait <= EffectClock.longestWait } else { false } })
        #expect(
            waits(
                .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(1), maxDelay: .seconds(1)) { _ in
                    .retryAfter(.seconds(-3))
                }, failures: 1) == [.retry(after: .zero)])
    }

    @Test func aMultiplierBelowOneShrinksTheWaitsAndOneOfZeroOrBelowRetriesAtOnce() {
        #expect(
            waits(
                .exponentialBackoff(
                    maxAttempts: 4, initialDelay: .seconds(4), multiplier: 0.5, maxDelay: .seconds(10)),
                failures: 3)
                == [.retry(after: .seconds(4)), .retry(after: .seconds(2)), .retry(after: .seconds(1))])
        for multiplier: Double in [0, -0.5, -3, -.infinity, -.greatestFiniteMagnitude] {
            #expect(
                waits(
                    .exponentialBackoff(
                        maxAttempts: 4, initialDelay: .seconds(4), multiplier: multiplier,
                        maxDelay: .seconds(10)),
                    failures: 3)
                    == [.retry(after: .seconds(4)), .retry(after: .zero), .retry(after: .zero)],
                "multiplier \(multiplier)")
        }
    }
}
