import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A lookup that takes ten seconds on the injected clock, so that it is still running when the
/// next one is enqueued.
struct SlowLookup: Effect {
    let query: String
    @Injected var clock: EffectClock

    func runEffect() async throws -> String {
        try await clock.sleep(for: .seconds(10))
        return query
    }
}

@MainActor
final class Finder: Scope {
    var found: [String] = []

    enum When: Sendable {
        case userTyped(String)
        case userMoved(String)
        case found(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let query):
            effectsState.enqueue(
                SlowLookup(query: query).map(When.found), key: "lookup",
                ifKeyInFlight: .debounce(.milliseconds(300)))
        case .userMoved(let position):
            effectsState.enqueue(
                AnyEffect { position }.map(When.found), key: "save",
                ifKeyInFlight: .throttleLatest(.seconds(1)))
        case .found(let result):
            found.append(result)
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct TrailingThrottleTests {
    private func finder() -> (Finder, ManualEffectClock) {
        let clock = ManualEffectClock()
        let finder = Finder()
        finder.inject(EffectClock(clock))
        return (finder, clock)
    }

    @Test func aNewDebouncedEffectCancelsOneAlreadyRunning() async {
        let (finder, clock) = finder()
        finder.send(.userTyped("s"))
        await waitUntil("the quiet period") { clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(300))
        await waitUntil("the lookup running, waiting ten seconds") { clock.sleeperCount == 1 }

        finder.send(.userTyped("sw"))

        await waitUntil("the running lookup cancelled and the new one waiting") { clock.sleeperCount == 1 }
        #expect(finder.effectsState.effects.map { ($0 as? SlowLookup)?.query } == ["sw"])
        clock.advance(by: .milliseconds(300))
        await waitUntil("the new lookup running") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(10))
        #expect(await finder.effectsState.settlesWithinTestPatience())
        #expect(finder.found == ["sw"])
    }

    @Test func theLatestOfAWindowStartsAtItsEndOnTheInjectedClock() async {
        let (finder, clock) = finder()
        finder.send(.userMoved("a"))
        #expect(await finder.effectsState.settlesWithinTestPatience())
        #expect(finder.found == ["a"], "the first starts at once")

        clock.advance(by: .milliseconds(400))
        finder.send(.userMoved("b"))
        finder.send(.userMoved("c"))
        await waitUntil("the latest waiting for the window's end") { clock.sleeperCount == 1 }
        #expect(finder.effectsState.effects.count == 1)
        clock.advance(by: .milliseconds(599))
        await mainActorBarrier()
        #expect(finder.found == ["a"])
        clock.advance(by: .milliseconds(1))
        #expect(await finder.effectsState.settlesWithinTestPatience())
        #expect(finder.found == ["a", "c"])
    }
}
