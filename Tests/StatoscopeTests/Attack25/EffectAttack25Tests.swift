import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Attacks on what *Long-lived effects and time* promises: retry policies at their extremes, live,
// timers of zero and of the longest intervals, trailing throttles at the extremes, the effect
// clock's instants at the ends of `Duration`, and a retry cancelled while an attempt runs.

/// An effect failing its first `failures` attempts, counted in `server`.
struct A25Flaky: Effect {
    let server: ScriptedServer
    func runEffect() async throws -> Int { try server.answer() }
}

/// Retries `A25Flaky` with the policy it is given.
@MainActor
final class A25Retrier: Scope {
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
                A25Flaky(server: server).mapToResult().map(When.done), key: "flaky", retrying: policy)
        case .cancel: effectsState.cancelEffect(key: "flaky")
        case .done(.success(let value)): outcomes.append("saved \(value)")
        case .done(.failure(let error)): outcomes.append("failed: \(error)")
        }
    }
}

/// Runs a retry live on the continuous clock with `jitter`, one failure then a success.
@MainActor
func a25RetryLive(jitter: RetryJitter) async {
    let retrier = A25Retrier(
        [.failure(HTTPFailure(status: 500)), .success(1)],
        policy: .exponentialBackoff(
            maxAttempts: 3, initialDelay: .milliseconds(1), maxDelay: .milliseconds(5), jitter: jitter))
    retrier.send(.start)
    let settled = await retrier.effectsState.waitUntilSettled(timeout: .seconds(60))
    precondition(settled && retrier.outcomes == ["saved 1"], "\(retrier.outcomes)")
}

/// A timer's ticks, counted.
@MainActor
final class A25Ticker: Scope {
    let interval: Duration
    var ticks = 0
    var last = 0
    init(_ interval: Duration) { self.interval = interval }
    enum When: Sendable {
        case start
        case stop
        case ticked(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .start: effectsState.enqueue(RepeatingTimer(every: interval).map(When.ticked), key: "timer")
        case .stop: effectsState.cancelEffect(key: "timer")
        case .ticked(let tick):
            ticks += 1
            last = tick
        }
    }
}

struct A25Echo: Effect, Equatable {
    let value: Int
    func runEffect() async throws -> Int { value }
}

/// Saves with a trailing throttle of the interval it is given.
@MainActor
final class A25Trailer: Scope {
    let interval: Duration
    var saved: [Int] = []
    init(_ interval: Duration) { self.interval = interval }
    enum When: Sendable {
        case move(Int)
        case saved(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .move(let value):
            effectsState.enqueue(
                A25Echo(value: value).map(When.saved), key: "save", ifKeyInFlight: .throttleLatest(interval))
        case .saved(let value): saved.append(value)
        }
    }
}

/// An attempt that waits for its gate, then fails, counting the attempts.
final class A25HeldServer: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    let gate = Gate()
    var attempts: Int { lock.withLock { count } }
    func attempt() async throws -> Int {
        let number = lock.withLock {
            count += 1
            return count
        }
        if number == 1 {
            await gate.wait()
            throw HTTPFailure(status: 500)
        }
        return number
    }
}

struct A25Held: Effect {
    let server: A25HeldServer
    func runEffect() async throws -> Int { try await server.attempt() }
}

@MainActor
final class A25HeldRetrier: Scope {
    let server = A25HeldServer()
    var outcomes: [String] = []
    enum When: Sendable {
        case start
        case cancel
        case done(Result<Int, any Error>)
    }
    func update(_ when: When) throws {
        switch when {
        case .start:
            effectsState.enqueue(
                A25Held(server: server).mapToResult().map(When.done), key: "held",
                retrying: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(1)))
        case .cancel: effectsState.cancelEffect(key: "held")
        case .done(.success(let value)): outcomes.append("saved \(value)")
        case .done(.failure(let error)): outcomes.append("failed: \(error)")
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EffectAttack25Tests {
    // MARK: - Retry

    @Test func aMultiplierBelowOneShrinksTheWaitsAsTheFormulaSays() async {
        let clock = ManualEffectClock()
        let retrier = A25Retrier(
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
        #expect(await retrier.effectsState.waitUntilSettled(timeout: .seconds(120)))
        #expect(retrier.outcomes == ["saved 4"])
        retrier.send(.cancel)
    }

    @Test func aMultiplierOfZeroOrBelowRetriesWithoutWaitingAfterTheFirstWait() async {
        for multiplier: Double in [0, -3, -.infinity] {
            let clock = ManualEffectClock()
            let retrier = A25Retrier(
                [.failure(HTTPFailure(status: 500)), .failure(HTTPFailure(status: 500)), .success(3)],
                policy: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), multiplier: multiplier,
                    maxDelay: .seconds(10)))
            retrier.inject(EffectClock(clock))
            retrier.send(.start)
            await waitUntil("the first wait", within: .seconds(120)) { clock.sleeperCount == 1 }
            clock.advance(by: .seconds(1))
            #expect(
                await retrier.effectsState.waitUntilSettled(timeout: .seconds(120)),
                "multiplier \(multiplier)")
            #expect(retrier.outcomes == ["saved 3"], "multiplier \(multiplier)")
            retrier.send(.cancel)
        }
    }

    @Test func aMaxDelayBelowTheInitialDelayCapsEveryWait() async {
        let clock = ManualEffectClock()
        let retrier = A25Retrier(
            [.failure(HTTPFailure(status: 500)), .success(2)],
            policy: .exponentialBackoff(maxAttempts: 2, initialDelay: .seconds(60), maxDelay: .seconds(1)))
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        await waitUntil("the wait") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        #expect(await retrier.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(retrier.outcomes == ["saved 2"])
    }

    @Test func aNotANumberJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await a25RetryLive(jitter: .random(upTo: .nan))
        }
    }

    @Test func aNegativeJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await a25RetryLive(jitter: .random(upTo: -1))
        }
    }

    @Test func anInfiniteOrAboveOneJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await a25RetryLive(jitter: .random(upTo: .infinity))
            await a25RetryLive(jitter: .random(upTo: 5))
            await a25RetryLive(jitter: .random(upTo: -.infinity))
        }
    }

    @Test func aSeededNotANumberOrNegativeJitterNeverTrapsLive() async {
        await #expect(processExitsWith: .success) {
            await a25RetryLive(jitter: .seeded(upTo: .nan, seed: 0))
            await a25RetryLive(jitter: .seeded(upTo: -2, seed: .max))
        }
    }

    @Test func aServerAskingForTheLongestWaitNeverTraps() async {
        await #expect(processExitsWith: .success) {
            await a25LongestServerWait()
        }
    }

    @Test func aRetryCancelledWhileAnAttemptRunsThenRestartedRetriesOnlyTheNewOne() async {
        let clock = ManualEffectClock()
        let retrier = A25HeldRetrier()
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        await waitUntil("the first attempt runs") { retrier.server.attempts == 1 }
        retrier.send(.cancel)
        retrier.send(.start)
        #expect(await retrier.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(retrier.outcomes == ["saved 2"])
        await retrier.server.gate.open()
        await drainCompletions(of: retrier.runtime)
        for _ in 0..<10 { await mainActorBarrier() }
        #expect(clock.sleeperCount == 0, "the cancelled attempt's failure waits for no retry")
        #expect(retrier.server.attempts == 2, "the cancelled effect never attempted again")
        #expect(retrier.outcomes == ["saved 2"])
    }

    // MARK: - Timers

    @Test func aTimerOfZeroOrLessTicksWithoutHoldingTheMainActorAndStops() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await a25TimersOfZeroOrLess()
        }
    }

    @Test func aTimerOfTheLongestIntervalNeverTrapsOnAManualClock() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await a25TimersOfTheLongestInterval()
        }
    }

    // MARK: - Trailing throttle

    @Test func aTrailingThrottleOfZeroOrLessStartsEveryEffect() async {
        for interval in [Duration.zero, .seconds(-1), Duration(_high: .min, low: 0)] {
            let trailer = A25Trailer(interval)
            trailer.inject(EffectClock(ManualEffectClock()))
            trailer.send(.move(1))
            #expect(await trailer.effectsState.waitUntilSettled(timeout: testPatience))
            trailer.send(.move(2))
            #expect(await trailer.effectsState.waitUntilSettled(timeout: testPatience), "\(interval)")
            #expect(trailer.saved == [1, 2], "\(interval)")
        }
    }

    @Test func aTrailingThrottleOfTheLongestIntervalNeverTraps() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await a25LongestTrailingThrottle()
        }
    }

    // MARK: - The effect clock

    @Test func anEffectClocksInstantAdvancedByTheLargestDurationNeverTraps() async {
        await #expect(processExitsWith: .success) {
            _ = EffectClock(ContinuousClock()).now.advanced(by: Duration(_high: .max, low: .max))
        }
    }

    @Test func anEffectClocksInstantAdvancedByTheLongestSecondsNeverTraps() async {
        await #expect(processExitsWith: .success) {
            _ = EffectClock(ContinuousClock()).now.advanced(by: .seconds(Int64.max))
        }
    }

    @Test func anEffectClocksInstantAdvancedByTheSmallestDurationNeverTraps() async {
        await #expect(processExitsWith: .success) {
            _ = EffectClock(ContinuousClock()).now.advanced(by: Duration(_high: .min, low: 0))
        }
    }

    @Test func aManualEffectClocksInstantsNeverTrapAtTheEndsOfDuration() async {
        await #expect(processExitsWith: .success) {
            let clock = EffectClock(ManualEffectClock())
            let later = clock.now.advanced(by: Duration(_high: .max, low: .max))
            _ = later.advanced(by: Duration(_high: .max, low: .max))
            _ = clock.now.duration(to: later)
            _ = later.duration(to: clock.now.advanced(by: Duration(_high: .min, low: 0)))
        }
    }

    @Test func anEffectClockSleepsUntilAnyInstantWithoutTrapping() async {
        await #expect(processExitsWith: .success) {
            let clock = EffectClock(ContinuousClock())
            let now = clock.now
            try? await clock.sleep(until: now.advanced(by: .seconds(-3_600)))
            let sleeper = Task { try await clock.sleep(until: now.advanced(by: .seconds(Int64.max / 4))) }
            sleeper.cancel()
            _ = try? await sleeper.value
        }
    }

    @Test func aManualClockAdvancedByAnyDurationNeverTraps() async {
        await #expect(processExitsWith: .success) {
            let clock = ManualEffectClock()
            clock.advance(by: .seconds(-5))
            clock.advance(by: Duration(_high: .min, low: 0))
            clock.advance(by: Duration(_high: .max, low: .max))
            clock.advance(by: Duration(_high: .max, low: .max))
            clock.advance(to: ManualEffectClock.Instant(offset: .seconds(-10)))
            _ = clock.now.advanced(by: Duration(_high: .max, low: .max))
            let sleeper = Task { try await clock.sleep(for: Duration(_high: .max, low: .max)) }
            sleeper.cancel()
            _ = try? await sleeper.value
        }
    }

    @Test func waitUntilAtTheEndsOfItsBoundNeverTraps() async {
        await #expect(processExitsWith: .success) {
            let held = await waitUntil("true at once", within: Duration(_high: .max, low: .max)) { true }
            precondition(held)
            let heldAgain = await waitUntil("true at once", within: .seconds(Int64.max)) { true }
            precondition(heldAgain)
        }
    }
}

@MainActor
func a25TimersOfZeroOrLess() async {
    for interval in [Duration.zero, .nanoseconds(1), .seconds(-1), Duration(_high: .min, low: 0)] {
        let ticker = A25Ticker(interval)
        ticker.send(.start)
        let ticked = await waitUntil("ticks", within: .seconds(30)) { ticker.ticks >= 100 }
        precondition(ticked, "\(interval)")
        ticker.send(.stop)
        let settled = await ticker.effectsState.waitUntilSettled(timeout: .seconds(30))
        precondition(settled, "\(interval)")
    }
}

@MainActor
func a25TimersOfTheLongestInterval() async {
    for interval in [Duration(_high: .max, low: .max), .seconds(Int64.max), .seconds(Int64.max / 2)] {
        let clock = ManualEffectClock()
        let ticker = A25Ticker(interval)
        ticker.inject(EffectClock(clock))
        ticker.send(.start)
        _ = await waitUntil("the timer waits", within: .seconds(30)) { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(Int64.max / 2))
        clock.advance(by: .seconds(Int64.max / 2))
        clock.advance(by: Duration(_high: .max, low: .max))
        for _ in 0..<10 { await mainActorBarrier() }
        ticker.send(.stop)
    }
}

@MainActor
func a25LongestTrailingThrottle() async {
    let clock = ManualEffectClock()
    let trailer = A25Trailer(Duration(_high: .max, low: .max))
    trailer.inject(EffectClock(clock))
    trailer.send(.move(1))
    trailer.send(.move(2))
    trailer.send(.move(3))
    _ = await waitUntil("the latest waits", within: .seconds(30)) { clock.sleeperCount == 1 }
    clock.advance(by: Duration(_high: .max, low: .max))
    for _ in 0..<10 { await mainActorBarrier() }
    trailer.effectsState.cancelAllEffects()
}

@MainActor
func a25LongestServerWait() async {
    let clock = ManualEffectClock()
    let retrier = A25Retrier(
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
