import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

@MainActor
final class Metronome: Scope {
    var ticks: [Int] = []

    enum When: Sendable {
        case userTappedStart
        case userTappedStop
        case ticked(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedStart:
            effectsState.enqueue(RepeatingTimer(every: .seconds(1)).map(When.ticked), key: "timer")
        case .userTappedStop:
            effectsState.cancelEffect(key: "timer")
        case .ticked(let tick):
            ticks.append(tick)
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RepeatingTimerTests {
    private func metronome() -> (Metronome, ManualEffectClock) {
        let clock = ManualEffectClock()
        let metronome = Metronome()
        metronome.inject(EffectClock(clock))
        return (metronome, clock)
    }

    @Test func ticksAreMeasuredFromTheStartNotFromWhenTheLastWasHandled() async {
        let (metronome, clock) = metronome()
        metronome.send(.userTappedStart)
        await waitUntil("the first tick's wait") { clock.sleeperCount == 1 }

        clock.advance(by: .milliseconds(1_500))
        await waitUntil("the first tick, and the wait for the second") {
            metronome.ticks == [1] && clock.sleeperCount == 1
        }
        clock.advance(by: .milliseconds(500))
        await waitUntil("the second tick, two seconds after the start") { metronome.ticks == [1, 2] }

        clock.advance(by: .milliseconds(2_000))
        await waitUntil("the ticks due meanwhile, together") { metronome.ticks == [1, 2, 3, 4] }
        #expect(metronome.effectsState.effects.count == 1, "a timer runs until it is cancelled")

        metronome.send(.userTappedStop)
        #expect(metronome.effectsState.effects.isEmpty)
        clock.advance(by: .seconds(5))
        await drainCompletions(of: metronome.runtime)
        #expect(metronome.ticks == [1, 2, 3, 4])
    }

    @Test func theClockSleepsUntilAnInstantMeasuredFromItsNow() async throws {
        let manual = ManualEffectClock()
        let clock = EffectClock(manual)
        let start = clock.now
        manual.advance(by: .seconds(2))
        #expect(start.duration(to: clock.now) == .seconds(2))

        let woke = Task { try await clock.sleep(until: start.advanced(by: .seconds(3))) }
        await waitUntil("the sleeper") { manual.sleeperCount == 1 }
        manual.advance(by: .seconds(1))
        try await woke.value
        // A deadline already passed returns at once.
        try await clock.sleep(until: start)
    }
}

/// A scope whose every event, ticks included, starts another timer: its ticks multiply.
@MainActor
final class Multiplier: Scope {
    var ticks = 0

    enum When: Sendable {
        case start
        case ticked(Int)
    }

    func update(_ when: When) throws {
        if case .ticked = when { ticks += 1 }
        effectsState.enqueue(RepeatingTimer(every: .milliseconds(1)).map(When.ticked))
    }
}

@MainActor
@Suite
struct VirtualTimerLimitTests {
    @Test func timersThatTheirTicksStartStopTheClockAtTheLimit() {
        // Synchronous on the main actor: no plan runs in between to see the recorded mode.
        ScopeRuntime.effectExecution = .recorded
        defer { ScopeRuntime.effectExecution = .running }
        let clock = PlanClock()
        let multiplier = Multiplier()
        multiplier.inject(clock.effectClock)
        multiplier.send(.start)
        #expect(clock.timerTicks(within: .milliseconds(40)) == 40, "one timer running now")

        #expect(!clock.advance(by: .milliseconds(40), limit: 1_000))

        #expect(multiplier.ticks == 1_000)
        #expect(clock.now < .milliseconds(40), "stopped at the last tick delivered")
        multiplier.effectsState.cancelAllEffects()
    }
}
