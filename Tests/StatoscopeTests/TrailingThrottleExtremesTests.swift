import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

struct EchoedMove: Effect, Equatable {
    let value: Int
    func runEffect() async throws -> Int { value }
}

/// Saves with a trailing throttle of the interval it is given.
@MainActor
final class TrailingSaver: Scope {
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
                EchoedMove(value: value).map(When.saved), key: "save",
                ifKeyInFlight: .throttleLatest(interval))
        case .saved(let value): saved.append(value)
        }
    }
}

/// Throttles a burst for the longest interval on a manual clock advanced past it. Run in a process of
/// its own: a trap fails only the test.
@MainActor
func runTheLongestTrailingThrottle() async {
    let clock = ManualEffectClock()
    let trailer = TrailingSaver(Duration(_high: .max, low: .max))
    trailer.inject(EffectClock(clock))
    trailer.send(.move(1))
    trailer.send(.move(2))
    trailer.send(.move(3))
    _ = await waitUntil("the latest waits", within: .seconds(30)) { clock.sleeperCount == 1 }
    clock.advance(by: Duration(_high: .max, low: .max))
    for _ in 0..<10 { await mainActorBarrier() }
    trailer.effectsState.cancelAllEffects()
}

/// A trailing throttle of zero or less starts every effect; one of the longest interval never traps.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct TrailingThrottleExtremesTests {
    @Test func aTrailingThrottleOfZeroOrLessStartsEveryEffect() async {
        for interval in [Duration.zero, .seconds(-1), Duration(_high: .min, low: 0)] {
            let trailer = TrailingSaver(interval)
            trailer.inject(EffectClock(ManualEffectClock()))
            trailer.send(.move(1))
            #expect(await trailer.effectsState.settlesWithinTestPatience())
            trailer.send(.move(2))
            #expect(await trailer.effectsState.settlesWithinTestPatience(), "\(interval)")
            #expect(trailer.saved == [1, 2], "\(interval)")
        }
    }

    @Test func aTrailingThrottleOfTheLongestIntervalNeverTraps() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await runTheLongestTrailingThrottle()
        }
    }
}
