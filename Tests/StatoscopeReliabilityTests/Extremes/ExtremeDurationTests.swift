import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The extremes of `Duration`: the range's ends, zero, and a negative value.
enum ExtremeDuration {
    /// The largest `Duration`.
    static let largest = Duration(_high: .max, low: .max)
    /// The most negative `Duration`.
    static let smallest = Duration(_high: .min, low: 0)
    /// The largest whole number of seconds, a value a user types.
    static let maxSeconds = Duration.seconds(Int64.max)
    /// The largest value both of whose components are in range: what `components` can still tell.
    static let maxComponents = Duration(
        secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)
    /// The most negative whole number of seconds, through the components initializer.
    static let minSeconds = Duration(secondsComponent: Int64.min, attosecondsComponent: 0)

    /// The values beyond the longest wait.
    static let huge: [Duration] = [largest, maxComponents, maxSeconds]

    /// Each value an interval or timeout is tried with: the ends, zero, and negative.
    static let all: [Duration] = [
        largest, maxComponents, maxSeconds, .zero, .milliseconds(-1), minSeconds, smallest,
    ]
}

/// A scope whose every effect is enqueued with the key policy its event names.
@MainActor
final class Interval: Scope {
    var finished: [Int] = []

    enum When: Sendable {
        case run(Int, EffectKeyPolicy)
        case finished(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .run(let number, let policy):
            effectsState.enqueue(AnyEffect { number }.map(When.finished), key: "work", ifKeyInFlight: policy)
        case .finished(let number):
            finished.append(number)
        }
    }
}

/// Every `Duration` a user can pass to the effects and their clock, at its extremes: each one works,
/// saturates as documented, or is refused with a message naming it; none traps.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ExtremeDurationTests {
    @Test(arguments: ExtremeDuration.huge)
    func aHugeDebounceWaitsTheLongestWaitOnTheInjectedClock(quietPeriod: Duration) async {
        let clock = ManualEffectClock()
        let scope = Interval()
        scope.inject(EffectClock(clock))
        scope.send(.run(1, .debounce(quietPeriod)))
        await waitUntil("the debounced effect waiting on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: EffectClock.longestWait - .nanoseconds(1))
        await mainActorBarrier()
        #expect(scope.finished.isEmpty)
        #expect(scope.effectsState.effects.count == 1)
        clock.advance(by: .nanoseconds(1))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.finished == [1])
    }

    @Test(arguments: ExtremeDuration.huge)
    func aHugeDebounceOnTheContinuousClockWaitsUntilCancelled(quietPeriod: Duration) async {
        let scope = Interval()
        scope.send(.run(1, .debounce(quietPeriod)))
        #expect(await !scope.effectsState.waitUntilSettled(timeout: .milliseconds(20)))
        scope.effectsState.cancelAllEffects()
        #expect(scope.effectsState.effects.isEmpty)
        #expect(scope.finished.isEmpty)
    }

    @Test(arguments: [Duration.zero, .milliseconds(-1), ExtremeDuration.minSeconds, ExtremeDuration.smallest])
    func aDebounceOfZeroOrLessStartsAtOnce(quietPeriod: Duration) async {
        let clock = ManualEffectClock()
        let scope = Interval()
        scope.inject(EffectClock(clock))
        scope.send(.run(1, .debounce(quietPeriod)))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.finished == [1], "the clock never moved")
        #expect(clock.sleeperCount == 0)
    }

    @Test(arguments: ExtremeDuration.all)
    func aThrottleOfAnyIntervalNeverTraps(interval: Duration) async {
        let clock = ManualEffectClock()
        let scope = Interval()
        scope.inject(EffectClock(clock))
        scope.send(.run(1, .throttle(interval)))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        clock.advance(by: .seconds(3_600))
        scope.send(.run(2, .throttle(interval)))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.finished == (interval > .seconds(3_600) ? [1] : [1, 2]))
    }

    @Test(arguments: ExtremeDuration.huge)
    func aHugeTimeoutWaitsForTheEffects(timeout: Duration) async {
        let gate = Gate()
        let scope = Interval()
        scope.effectsState.enqueue(AnyEffect { await gate.wait() }.map { Interval.When.finished(1) })
        let waiter = Task { await scope.effectsState.waitUntilSettled(timeout: timeout) }
        await mainActorBarrier()
        await gate.open()
        #expect(await waiter.value)
        #expect(scope.finished == [1])
    }

    @Test(arguments: [Duration.zero, .milliseconds(-1), ExtremeDuration.minSeconds, ExtremeDuration.smallest])
    func aTimeoutOfZeroOrLessReturnsAtOnce(timeout: Duration) async {
        let gate = Gate()
        let scope = Interval()
        scope.effectsState.enqueue(AnyEffect { await gate.wait() }.map { Interval.When.finished(1) })
        #expect(await !scope.effectsState.waitUntilSettled(timeout: timeout))
        await gate.open()
        #expect(await scope.effectsState.settlesWithinTestPatience())
    }

    @Test(arguments: ExtremeDuration.all)
    func theEffectClockSleepsAnyDurationWithoutTrapping(duration: Duration) async {
        let sleeper = Task { try await EffectClock.defaultValue.sleep(for: duration) }
        if duration > .zero { sleeper.cancel() }
        let result = await sleeper.result
        if duration > .zero {
            #expect(throws: CancellationError.self) { try result.get() }
        } else {
            #expect(throws: Never.self) { try result.get() }
        }
    }
}
