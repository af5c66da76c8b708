import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A filter whose text settles once the user paused: a delayed event, keyed, with no effect to run.
@MainActor
final class SettlingFilter: Scope {
    var text = ""
    var settled: [String] = []
    var reminders = 0

    enum When: Sendable, Equatable {
        case userTyped(String, after: Duration = .milliseconds(300))
        case userTypedThenFailed(String)
        case userCleared
        case remindLater(Duration)
        case textSettled
        case reminded
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let text, let delay):
            self.text = text
            effectsState.enqueue(.textSettled, after: delay, key: "settle")
        case .userTypedThenFailed(let text):
            effectsState.enqueue(.textSettled, after: .milliseconds(300), key: "settle")
            throw InvalidStateError("the filter refused \(text)")
        case .userCleared:
            effectsState.cancelEffect(key: "settle")
        case .remindLater(let delay):
            effectsState.enqueue(.reminded, after: delay)
        case .textSettled:
            settled.append(text)
        case .reminded:
            reminders += 1
        }
    }
}

/// A screen presenting a filter, which closing dismisses.
@MainActor
final class FilterScreen: Scope {
    @Subscope var filter: SettlingFilter? = SettlingFilter()

    enum When: Sendable { case userClosedFilter }

    func update(_ when: When) throws {
        filter = nil
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct DelayedEventTests {
    private func filter() -> (SettlingFilter, ManualEffectClock) {
        let clock = ManualEffectClock()
        let filter = SettlingFilter()
        filter.inject(EffectClock(clock))
        return (filter, clock)
    }

    @Test func aDelayedEventIsSentOnceItsDelayPassedOnTheInjectedClockAndListedWhileItWaits() async {
        let (filter, clock) = filter()
        filter.send(.userTyped("s"))
        #expect(
            filter.effectsState.effects.compactMap { $0 as? DelayedEvent<SettlingFilter.When> }
                == [DelayedEvent(.textSettled, after: .milliseconds(300))])
        await waitUntil("the event waiting on the injected clock") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(299))
        await mainActorBarrier()
        #expect(filter.settled.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(await filter.effectsState.settlesWithinTestPatience())
        #expect(filter.settled == ["s"])
    }

    @Test func aNewEventWithItsKeyReplacesTheWaitingOneAndWaitsAnew() async {
        let (filter, clock) = filter()
        filter.send(.userTyped("s"))
        await waitUntil("the first event waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(200))
        filter.send(.userTyped("sw"))
        filter.send(.userTyped("swi"))
        #expect(filter.effectsState.effects.count == 1, "each one replaced the one before")
        await waitUntil("only the last event waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(299))
        await mainActorBarrier()
        #expect(filter.settled.isEmpty, "the quiet period started again with the last one")
        clock.advance(by: .milliseconds(1))
        #expect(await filter.effectsState.settlesWithinTestPatience())
        #expect(filter.settled == ["swi"], "sent once, for the burst")
    }

    @Test func aHugeDelayWaitsTheLongestWaitAndCancellingItByKeySendsNothingAndKeepsNothing() async {
        let (filter, clock) = filter()
        filter.send(.userTyped("s", after: .seconds(Int64.max)))
        await waitUntil("the event waiting on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: EffectClock.longestWait - .seconds(1))
        await mainActorBarrier()
        #expect(filter.settled.isEmpty)
        filter.send(.userCleared)
        #expect(filter.effectsState.effects.isEmpty)
        await drainCompletions(of: filter.runtime)
        #expect(clock.sleeperCount == 0, "its wait ended with it")
        clock.advance(by: .seconds(Int64.max))
        await mainActorBarrier()
        #expect(filter.settled.isEmpty)
    }

    @Test(arguments: [Duration.zero, .milliseconds(-5), .seconds(Int64.min)])
    func aDelayOfZeroOrLessIsSentOnceTheUpdateReturnedWithoutTheClock(delay: Duration) async {
        let (filter, clock) = filter()
        filter.send(.remindLater(delay))
        #expect(filter.reminders == 0, "not inside the update that enqueued it")
        #expect(await filter.effectsState.settlesWithinTestPatience())
        #expect(filter.reminders == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test func anUpdateThatThrowsEnqueuesNoEventAndLeavesTheWaitingOneAlone() async {
        let (filter, clock) = filter()
        filter.send(.userTyped("s"))
        await waitUntil("the event waiting") { clock.sleeperCount == 1 }
        filter.send(.userTypedThenFailed("sw"))
        #expect(filter.effectsState.effects.count == 1)
        clock.advance(by: .milliseconds(300))
        #expect(await filter.effectsState.settlesWithinTestPatience())
        #expect(filter.settled == ["s"], "the first event kept its key and its time")
    }

    @Test func aScopeDismissedWhileItsEventWaitsGetsNothingAndKeepsNothing() async throws {
        let clock = ManualEffectClock()
        let screen = FilterScreen()
        screen.inject(EffectClock(clock))
        weak var released: SettlingFilter?
        do {
            let filter = try #require(screen.filter)
            released = filter
            filter.send(.userTyped("s"))
            filter.send(.remindLater(.seconds(1)))
            await waitUntil("both events waiting") { clock.sleeperCount == 2 }

            screen.send(.userClosedFilter)

            #expect(filter.effectsState.effects.isEmpty, "ended in the same send")
            await drainCompletions(of: filter.runtime)
            #expect(clock.sleeperCount == 0)
            clock.advance(by: .seconds(10))
            await mainActorBarrier()
            #expect(filter.settled.isEmpty && filter.reminders == 0)
        }
        #expect(released == nil, "nothing of its delayed events keeps the filter")
    }
}

/// Sends itself the same event again a millisecond after each one, for ever.
@MainActor
final class Repeater: Scope {
    var count = 0

    enum When: Sendable { case again }

    func update(_ when: When) throws {
        count += 1
        effectsState.enqueue(.again, after: .milliseconds(1))
    }
}

@MainActor
@Suite
struct VirtualDelayedEventLimitTests {
    @Test func eventsThatEnqueueThemselvesAgainStopTheClockAtTheLimit() {
        // Synchronous on the main actor: no plan runs in between to see the recorded mode.
        ScopeRuntime.effectExecution = .recorded
        defer { ScopeRuntime.effectExecution = .running }
        let clock = PlanClock()
        let repeater = Repeater()
        repeater.inject(clock.effectClock)
        repeater.send(.again)

        #expect(!clock.advance(by: .seconds(86_400), limit: 1_000))

        #expect(repeater.count == 1_001, "the first, and the thousand the clock sent")
        #expect(clock.now == .seconds(1), "stopped at the last event sent")
        #expect(repeater.effectsState.effects.count == 1, "the next one still scheduled")
        repeater.effectsState.cancelAllEffects()
    }

    @Test func eventsThatEnqueueThemselvesAgainAsEffectsStopTheClockAtTheLimit() {
        ScopeRuntime.effectExecution = .recorded
        defer { ScopeRuntime.effectExecution = .running }
        let clock = PlanClock()
        let repeater = EffectRepeater()
        repeater.inject(clock.effectClock)
        repeater.send(.again)

        #expect(!clock.advance(by: .seconds(86_400), limit: 1_000))

        #expect(repeater.count == 1_001, "the first, and the thousand the clock sent")
        #expect(clock.now == .seconds(1), "stopped at the last event sent")
        #expect(repeater.effectsState.effects.count == 1, "the next one still waiting")
        repeater.effectsState.cancelAllEffects()
    }
}

/// Like ``Repeater``, with its event enqueued as an animated `DelayedEvent` effect.
@MainActor
final class EffectRepeater: Scope {
    var count = 0

    enum When: Sendable { case again }

    func update(_ when: When) throws {
        count += 1
        effectsState.enqueue(
            DelayedEvent(When.again, after: .milliseconds(1)).animation(SendAnimation { $0() }))
    }
}
