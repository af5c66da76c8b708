import Statoscope
import StatoscopeTestSupport
import Testing

/// A predicate given to `cancelEffect(where:)` is the app's code: it may read the scope's effects and
/// cancel some itself while the library is choosing which to cancel.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ReentrantCancellationTests {
    @Test func aPredicateThatReadsAndCancelsEffectsItselfLeavesTheTableRight() async {
        let downloader = Downloader()
        for (value, key) in [(1, "a"), (2, "b"), (3, "c"), (4, "d")] {
            downloader.send(.startKeyed(value, key: key, policy: .cancelOlder))
        }
        var seen: [Int] = []
        downloader.effectsState.cancelEffect { effect in
            // Reads the table, and cancels another effect, from inside the predicate.
            seen.append(downloader.effectsState.effects.count)
            if seen.count == 1 { downloader.effectsState.cancelEffect(key: "c") }
            return (effect as? GatedEffect)?.value == 1 || (effect as? GatedEffect)?.value == 3
        }
        #expect(seen.first == 4, "the predicate sees every effect in flight")
        let left = downloader.effectsState.effects.compactMap { ($0 as? GatedEffect)?.value }
        #expect(left == [2, 4])

        // Cancelling everything from inside a predicate leaves nothing for the outer call to cancel.
        downloader.effectsState.cancelEffect { _ in
            downloader.effectsState.cancelAllEffects()
            return true
        }
        #expect(downloader.effectsState.effects.isEmpty)
        downloader.send(.start(5))
        #expect(downloader.effectsState.effects.count == 1, "the scope takes new work afterwards")
        await downloader.gate.open()
        await downloader.effectsState.waitUntilSettled()
        #expect(downloader.received == [5])
    }
}
