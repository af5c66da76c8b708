import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// An attempt that waits for its gate, then fails, counting the attempts.
final class HeldAttemptServer: @unchecked Sendable {
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

/// An attempt of `HeldAttemptServer`.
struct HeldAttempt: Effect {
    let server: HeldAttemptServer
    func runEffect() async throws -> Int { try await server.attempt() }
}

@MainActor
final class HeldAttemptRetrier: Scope {
    let server = HeldAttemptServer()
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
                HeldAttempt(server: server).mapToResult().map(When.done), key: "held",
                retrying: .exponentialBackoff(
                    maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(1)))
        case .cancel: effectsState.cancelEffect(key: "held")
        case .done(.success(let value)): outcomes.append("saved \(value)")
        case .done(.failure(let error)): outcomes.append("failed: \(error)")
        }
    }
}

/// A retry cancelled while an attempt runs, then restarted: only the new one is retried.
extension RetryTests {
    @Test func aRetryCancelledWhileAnAttemptRunsThenRestartedRetriesOnlyTheNewOne() async {
        let clock = ManualEffectClock()
        let retrier = HeldAttemptRetrier()
        retrier.inject(EffectClock(clock))
        retrier.send(.start)
        await waitUntil("the first attempt runs") { retrier.server.attempts == 1 }
        retrier.send(.cancel)
        retrier.send(.start)
        #expect(await retrier.effectsState.settlesWithinTestPatience())
        #expect(retrier.outcomes == ["saved 2"])
        await retrier.server.gate.open()
        await drainCompletions(of: retrier.runtime)
        for _ in 0..<10 { await mainActorBarrier() }
        #expect(clock.sleeperCount == 0, "the cancelled attempt's failure waits for no retry")
        #expect(retrier.server.attempts == 2, "the cancelled effect never attempted again")
        #expect(retrier.outcomes == ["saved 2"])
    }
}
