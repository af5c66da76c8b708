import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A scope whose effects wait on a gate, enqueued with the key policy each event names, so a test
/// sees which are pending.
@MainActor
final class PacedWork: Scope {
    var finished: [Int] = []
    let gate = Gate()

    enum When: Sendable {
        case run(Int, EffectKeyPolicy)
        case runHeld(Int, EffectKeyPolicy)
        case finished(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .run(let number, let policy):
            effectsState.enqueue(
                AnyEffect { number }.map(When.finished), key: "work", ifKeyInFlight: policy)
        case .runHeld(let number, let policy):
            let gate = gate
            effectsState.enqueue(
                AnyEffect {
                    await gate.wait()
                    return number
                }.map(When.finished), key: "work", ifKeyInFlight: policy)
        case .finished(let number):
            finished.append(number)
        }
    }
}

/// A parent that injects the clock its child's throttle runs on.
@MainActor
final class ClockHolder: Scope {
    @Subscope var work = PacedWork()
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Durations at and past `EffectClock.longestWait`, and intervals of zero or less, as the docs
/// promise them: saturated at a century, never trapping, one interval per clock.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct DurationExtremesTests {
    private nonisolated static let largest = Duration(_high: .max, low: .max)

    @Test(arguments: [Duration.seconds(Int64.max), Self.largest, EffectClock.longestWait])
    func aHugeThrottleDropsForExactlyTheLongestWaitThenStarts(interval: Duration) async {
        let clock = ManualEffectClock()
        let scope = PacedWork()
        scope.inject(EffectClock(clock))
        scope.send(.run(1, .throttle(interval)))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        clock.advance(by: EffectClock.longestWait - .nanoseconds(1))
        scope.send(.run(2, .throttle(interval)))
        #expect(scope.effectsState.effects.isEmpty, "dropped within the longest wait")
        clock.advance(by: .nanoseconds(1))
        scope.send(.run(3, .throttle(interval)))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.finished == [1, 3])
    }

    @Test func aHugeDebounceOnAClockLateInItsLifeWaitsTheLongestWait() async {
        let clock = ManualEffectClock()
        // The clock has run for as long as `Duration` lets whole seconds count.
        clock.advance(by: .seconds(Int64.max))
        let scope = PacedWork()
        scope.inject(EffectClock(clock))
        scope.send(.run(1, .debounce(Self.largest)))
        await waitUntil("the debounced effect waiting on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: EffectClock.longestWait)
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.finished == [1])
    }

    @Test func anInjectedClockSleepsAHugeDurationForTheLongestWait() async throws {
        let clock = ManualEffectClock()
        let effectClock = EffectClock(clock)
        let sleeper = Task { try await effectClock.sleep(for: Self.largest) }
        await waitUntil("the sleeper waiting on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: EffectClock.longestWait - .nanoseconds(1))
        await mainActorBarrier()
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .nanoseconds(1))
        try await sleeper.value
    }

    @Test(arguments: [Duration.zero, .nanoseconds(-1), Duration(_high: .min, low: 0)])
    func aZeroOrNegativeDebounceNeverTouchesTheClock(quietPeriod: Duration) async {
        let clock = ManualEffectClock()
        let scope = PacedWork()
        scope.inject(EffectClock(clock))
        for number in 1...5 { scope.send(.run(number, .debounce(quietPeriod))) }
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(clock.sleeperCount == 0)
        #expect(scope.finished.last == 5, "the last of a burst always runs")
    }

    @Test(arguments: [Duration.zero, .nanoseconds(-1), Duration(_high: .min, low: 0)])
    func aThrottleOfZeroOrLessStartsEveryEffectWhileTheClockStandsStill(interval: Duration) async {
        let clock = ManualEffectClock()
        let scope = PacedWork()
        scope.inject(EffectClock(clock))
        for number in 1...5 {
            scope.send(.run(number, .throttle(interval)))
            #expect(await scope.effectsState.settlesWithinTestPatience())
        }
        #expect(scope.finished == [1, 2, 3, 4, 5])
    }

    @Test func aClockInjectedAboveAfterTheLatestStartStartsANewInterval() async {
        let first = ManualEffectClock()
        let holder = ClockHolder()
        holder.inject(EffectClock(first))
        holder.work.send(.run(1, .throttle(.seconds(60))))
        #expect(await holder.work.effectsState.settlesWithinTestPatience())
        holder.work.send(.run(2, .throttle(.seconds(60))))
        #expect(holder.work.effectsState.effects.isEmpty, "within the first clock's interval")

        let second = ManualEffectClock()
        holder.inject(EffectClock(second))
        holder.work.send(.run(3, .throttle(.seconds(60))))
        #expect(await holder.work.effectsState.settlesWithinTestPatience())
        #expect(holder.work.finished == [1, 3], "the new clock above starts a new interval")

        holder.work.send(.run(4, .throttle(.seconds(60))))
        #expect(holder.work.effectsState.effects.isEmpty, "within the second clock's interval")
        // The first clock again: another clock than the one of the latest start.
        holder.inject(EffectClock(first))
        holder.work.send(.run(5, .throttle(.seconds(60))))
        #expect(await holder.work.effectsState.settlesWithinTestPatience())
        #expect(holder.work.finished == [1, 3, 5])
    }

    @Test(arguments: [Duration.zero, .milliseconds(-1), Duration(_high: .min, low: 0)])
    func aSettlingTimeoutOfZeroOrLessWithNothingInFlightSaysSettled(timeout: Duration) async {
        let scope = PacedWork()
        #expect(await scope.effectsState.waitUntilSettled(timeout: timeout))
    }
}
