import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Retry policies at their extremes, live: multipliers below one, of zero or less, not a number,
// infinite, huge or tiny; a cap below the initial delay; jitter that is not a number, negative or
// infinite; a server asking for the longest wait.

/// An effect failing its first `failures` attempts, counted in `server`.
struct FlakyAttempt: Effect {
    let server: ScriptedServer
    func runEffect() async throws -> Int { try server.answer() }
}

/// Retries `FlakyAttempt` with the policy it is given.
@MainActor
final class PolicyRetrier: Scope {
    let server: ScriptedServer
    let policy: RetryPolicy
    var outcomes: [String] = []

    init(_ answers: [Result<Int, HTTPFailure>], policy: RetryPolicy) {
        server = ScriptedServer(answers)
        self.policy = policy
    }

    enum When: Sendable {
        case start
        case cancel
        case done(Result<Int, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .start:
            effectsState.enqueue(
                FlakyAttempt(server: server).mapToResult().map(When.done), key: "flaky", retrying: policy)
        case .cancel: effectsState.cancelEffect(key: "flaky")
        case .done(.success(let value)): outcomes.append("saved \(value)")
        case .done(.failure(let error)): outcomes.append("failed: \(error)")
        }
    }
}

/// Runs a retry live on the continuous clock with `jitter`, one failure then a success.
@MainActor
func retryLive(jitter: RetryJitter) async {
    let retrier = PolicyRetrier(
        [.failure(HTTPFailure(status: 500)), .success(1)],
        policy: .exponentialBackoff(
            maxAttempts: 3, initialDelay: .milliseconds(1), maxDelay: .milliseconds(5), jitter: jitter))
    retrier.send(.start)
    let settled = await retrier.effectsState.waitUntilSettled(timeout: .seconds(60))
    precondition(settled && retrier.outcomes == ["saved 1"], "\(retrier.outcomes)")
}

/// Retries once after a server asked for the longest wait, on a manual clock advanced past it. Run in a
/// process of its own: a trap fails only the test.
@MainActor
func retryAfterTheLongestServerWait() async {
    let clock = ManualEffectClock()
    let retrier = PolicyRetrier(
        [.failure(HTTPFailure(status: 429, retryAfter: Duration(_high: .max, low: .max)))],
        policy: .exponentialBackoff(
            maxAttempts: 2, initialDelay: .seconds(1), maxDelay: Duration(_high: .max, low: .max)
        ) { error in (error as? HTTPFailure)?.retryAfter.map(RetryDecision.retryAfter) ?? .retry })
    retrier.inject(EffectClock(clock))
    retrier.send(.start)
    _ = await waitUntil("the server's wait", within: .seconds(30)) { clock.sleeperCount == 1 }
    clock.advance(by: Duration(_high: .max, low: .max))
    _ = await retrier.effectsState.waitUntilSettled(timeout: .seconds(30))
    retrier.send(.cancel)
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RetryPolicyExtremesTests {
    @Test func aMultiplierBelowOneShrinksTheWaitsAsTheFormulaSays() async {
        let clock = ManualEffectClock()
        let retrier = PolicyRetrier(
            [500, 500, 500].map { .failure(HTTPFailure(status: $0)) } + [.success(4)],
            policy: .exponentialBackoff(
                maxAttempts: 4, initialDelay: .seconds(4), multiplier: 0.5, maxDelay: .seconds(10)))
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        for (attempt, wait) in [(1, 4_000), (2, 2_000), (3, 1_000)] {
            await waitUntil("wait \(attempt)", within: .seconds(120)) {
                retrier.server.attempts == attempt && clock.sleeperCount == 1
            }
            clock.advance(by: .milliseconds(wait - 1))
            await mainActorBarrier()
            #expect(retrier.server.attempts == attempt, "wait \(attempt) is \(wait) ms")
            clock.advance(by: .milliseconds(1))
        }
        #expect(await retrier.effectsState.settlesWithinTestPatience())
        #expect(retrier.outcomes == ["saved 4"])
        retrier.send(.cancel)
    }

    @Test func aMultiplierOfZeroOrBelowRetriesWithoutWaitingAfterTheFirstWait() async {
        for multiplier: Double in [0, -3, -.infinity] {
            let clock = ManualEffectClock()
            let retrier = PolicyRetrier(
                [.failure(HTTPFailure(status: 500)), .failure(HTTPFailure(status: 500)), .success(3)],
                policy: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), multiplier: multiplier,
                    maxDelay: .seconds(10)))
            retrier.inject(EffectClock(clock))
            retrier.send(.start)
            await waitUntil("the first wait", within: .seconds(120)) { clock.sleeperCount == 1 }
            clock.advance(by: .seconds(1))
            #expect(
                await retrier.effectsState.settlesWithinTestPatience(),
                "multiplier \(multiplier)")
            #expect(retrier.outcomes == ["saved 3"], "multiplier \(multiplier)")
            retrier.send(.cancel)
        }
    }

    @Test func aMaxDelayBelowTheInitialDelayCapsEveryWait() async {
        let clock = ManualEffectClock()
        let retrier = PolicyRetrier(
            [.failure(HTTPFailure(status: 500)), .success(2)],
            policy: .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(60), maxDelay: .seconds(1)))
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        await waitUntil("the wait") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        #expect(await retrier.effectsState.settlesWithinTestPatience())
        #expect(retrier.outcomes == ["saved 2"])
    }

    /// Runs `PolicyRetrier` with `multiplier`, initial delay 1 s and a cap of 5 s, failing three times,
    /// and checks that each wait is the one given (in milliseconds).
    private func checkWaits(multiplier: Double, maxDelay: Duration = .seconds(5), waits: [Int]) async {
        let clock = ManualEffectClock()
        let retrier = PolicyRetrier(
            [500, 500, 500].map { .failure(HTTPFailure(status: $0)) } + [.success(4)],
            policy: .exponentialBackoff(
                maxAttempts: 4, initialDelay: .seconds(1), multiplier: multiplier, maxDelay: maxDelay))
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        for (index, wait) in waits.enumerated() {
            let attempt = index + 1
            if wait == 0 {
                await waitUntil("attempt \(attempt + 1) starts at once", within: testPatience) {
                    retrier.server.attempts >= attempt + 1
                }
                continue
            }
            await waitUntil("wait \(attempt)", within: testPatience) {
                retrier.server.attempts == attempt && clock.sleeperCount == 1
            }
            clock.advance(by: .milliseconds(wait - 1))
            await mainActorBarrier()
            #expect(
                retrier.server.attempts == attempt, "multiplier \(multiplier): wait \(attempt) is \(wait) ms")
            clock.advance(by: .milliseconds(1))
        }
        #expect(await retrier.effectsState.settlesWithinTestPatience())
        #expect(retrier.outcomes == ["saved 4"], "multiplier \(multiplier)")
        retrier.send(.cancel)
    }

    @Test func aMultiplierThatIsNotANumberCountsAsOne() async {
        await checkWaits(multiplier: .nan, waits: [1_000, 1_000, 1_000])
        await checkWaits(multiplier: -.nan, waits: [1_000, 1_000, 1_000])
    }

    @Test func anInfiniteOrHugeMultiplierReachesTheCapAfterTheFirstWait() async {
        await checkWaits(multiplier: .infinity, waits: [1_000, 5_000, 5_000])
        await checkWaits(multiplier: .greatestFiniteMagnitude, waits: [1_000, 5_000, 5_000])
        await checkWaits(multiplier: 1e300, waits: [1_000, 5_000, 5_000])
    }

    @Test func aTinyOrNegativeZeroMultiplierRetriesAtOnceAfterTheFirstWait() async {
        await checkWaits(multiplier: -0.0, waits: [1_000, 0, 0])
        await checkWaits(multiplier: .leastNonzeroMagnitude, waits: [1_000, 0, 0])
    }

    // MARK: Jitter and the server's wait

    @Test func aNotANumberJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await retryLive(jitter: .random(upTo: .nan))
        }
    }

    @Test func aNegativeJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await retryLive(jitter: .random(upTo: -1))
        }
    }

    @Test func anInfiniteOrAboveOneJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await retryLive(jitter: .random(upTo: .infinity))
            await retryLive(jitter: .random(upTo: 5))
            await retryLive(jitter: .random(upTo: -.infinity))
        }
    }

    @Test func aSeededNotANumberOrNegativeJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await retryLive(jitter: .seeded(upTo: .nan, seed: 0))
            await retryLive(jitter: .seeded(upTo: -2, seed: .max))
        }
    }

    @Test func aServerAskingForTheLongestWaitNeverTraps() async {
        await #expect(processExitsWith: .success) {
            await retryAfterTheLongestServerWait()
        }
    }
}
