import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// An effect that waits on the clock its scope's subtree injected.
struct Poll: Effect {
    @Injected var clock: EffectClock

    func runEffect() async throws -> String {
        try await clock.sleep(for: .seconds(30))
        return "polled"
    }
}

@MainActor
final class SearchBox: Scope {
    var results: [String] = []

    enum When: Sendable {
        case userTyped(String)
        case userCleared
        case startPolling
        case userPulledToRefresh(Int)
        case found(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let query):
            effectsState.enqueue(
                AnyEffect { query.uppercased() }.map(When.found), key: "search",
                ifKeyInFlight: .debounce(.milliseconds(300)))
        case .userCleared:
            effectsState.cancelEffect(key: "search")
        case .userPulledToRefresh(let pull):
            effectsState.enqueue(
                AnyEffect { "refresh \(pull)" }.map(When.found), key: "refresh",
                ifKeyInFlight: .throttle(.seconds(1)))
        case .startPolling:
            effectsState.enqueue(Poll().map(When.found))
        case .found(let result):
            results.append(result)
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct DebounceTests {
    private func searchBox() -> (SearchBox, ManualEffectClock) {
        let clock = ManualEffectClock()
        let box = SearchBox()
        box.inject(EffectClock(clock))
        return (box, clock)
    }

    @Test func ofABurstOnlyTheLastStartsOnceTheQuietPeriodPassed() async {
        let (box, clock) = searchBox()
        for query in ["s", "sw", "swi"] { box.send(.userTyped(query)) }
        #expect(box.effectsState.effects.count == 1, "each one replaced the one before")
        await waitUntil("the last search waiting on the injected clock") { clock.sleeperCount == 1 }

        clock.advance(by: .milliseconds(299))
        await mainActorBarrier()
        #expect(box.results.isEmpty)
        #expect(box.effectsState.effects.count == 1)

        clock.advance(by: .milliseconds(1))
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["SWI"])
    }

    @Test func typingAgainDuringTheQuietPeriodStartsItAnew() async {
        let (box, clock) = searchBox()
        box.send(.userTyped("a"))
        await waitUntil("the search waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(300))
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["A"])

        box.send(.userTyped("b"))
        await waitUntil("the search waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(200))
        box.send(.userTyped("bc"))
        await waitUntil("the newer search waiting") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(299))
        await mainActorBarrier()
        #expect(box.results == ["A"], "the quiet period restarted at \"bc\"")
        clock.advance(by: .milliseconds(1))
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["A", "BC"])
    }

    @Test func aDebouncedEffectCancelledWhileWaitingNeverStarts() async {
        let (box, clock) = searchBox()
        box.send(.userTyped("x"))
        await waitUntil("the search waiting") { clock.sleeperCount == 1 }
        let runtime = box.runtime

        box.send(.userCleared)

        #expect(box.effectsState.effects.isEmpty)
        #expect(clock.sleeperCount == 0, "its wait ended with it")
        clock.advance(by: .seconds(1))
        await drainCompletions(of: runtime)
        #expect(box.results.isEmpty)
    }

    @Test func anEffectWaitsOnTheClockItsSubtreeInjected() async {
        let (box, clock) = searchBox()
        box.send(.startPolling)
        await waitUntil("the poll waiting on the injected clock") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(30))
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["polled"])
    }

    @Test func aThrottledEffectStartsAtMostOncePerIntervalOnTheInjectedClock() async {
        let (box, clock) = searchBox()
        for pull in 1...3 { box.send(.userPulledToRefresh(pull)) }
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["refresh 1"], "the leading one starts, the rest of the burst is dropped")

        clock.advance(by: .milliseconds(999))
        box.send(.userPulledToRefresh(4))
        #expect(box.effectsState.effects.isEmpty)
        clock.advance(by: .milliseconds(1))
        box.send(.userPulledToRefresh(5))
        box.send(.userPulledToRefresh(6))
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["refresh 1", "refresh 5"])
    }

    @Test func aNewClockStartsANewThrottleInterval() async {
        let (box, clock) = searchBox()
        clock.advance(by: .seconds(60))
        box.send(.userPulledToRefresh(1))
        await box.effectsState.waitUntilSettled()

        let newClock = ManualEffectClock()
        box.inject(EffectClock(newClock))
        box.send(.userPulledToRefresh(2))
        await box.effectsState.waitUntilSettled()
        #expect(
            box.results == ["refresh 1", "refresh 2"], "the new clock's interval starts at its first effect")

        newClock.advance(by: .milliseconds(999))
        box.send(.userPulledToRefresh(3))
        #expect(box.effectsState.effects.isEmpty, "within the new clock's interval")
        newClock.advance(by: .milliseconds(1))
        box.send(.userPulledToRefresh(4))
        await box.effectsState.waitUntilSettled()
        #expect(box.results == ["refresh 1", "refresh 2", "refresh 4"])
    }
}
