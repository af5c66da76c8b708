import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A timer's ticks, counted.
@MainActor
final class IntervalTicker: Scope {
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

/// Runs timers of zero, one nanosecond and less until each has ticked a hundred times, then stops them.
/// Run in a process of its own, which an alarm stops if a timer holds the main actor.
@MainActor
func runTimersOfZeroOrLess() async {
    for interval in [Duration.zero, .nanoseconds(1), .seconds(-1), Duration(_high: .min, low: 0)] {
        let ticker = IntervalTicker(interval)
        ticker.send(.start)
        let ticked = await waitUntil("ticks", within: .seconds(30)) { ticker.ticks >= 100 }
        precondition(ticked, "\(interval)")
        ticker.send(.stop)
        let settled = await ticker.effectsState.waitUntilSettled(timeout: .seconds(30))
        precondition(settled, "\(interval)")
    }
}

/// Runs timers of the longest intervals on a manual clock advanced to its end. Run in a process of its
/// own: a trap fails only the test.
@MainActor
func runTimersOfTheLongestInterval() async {
    for interval in [Duration(_high: .max, low: .max), .seconds(Int64.max), .seconds(Int64.max / 2)] {
        let clock = ManualEffectClock()
        let ticker = IntervalTicker(interval)
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

/// Timers of zero or less tick without holding the main actor, and stop; timers of the longest
/// intervals never trap.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RepeatingTimerExtremesTests {
    @Test func aTimerOfZeroOrLessTicksWithoutHoldingTheMainActorAndStops() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await runTimersOfZeroOrLess()
        }
    }

    @Test func aTimerOfTheLongestIntervalNeverTrapsOnAManualClock() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await runTimersOfTheLongestInterval()
        }
    }
}
