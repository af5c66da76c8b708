import Statoscope
import Testing

/// Enqueues the same effect with a key policy, with a key or without one.
@MainActor
final class Fetcher: Scope {
    struct Fetch: Effect, Equatable {
        let id: Int
        func runEffect() async throws -> Int { id }
    }

    var fetched: [Int] = []

    enum When: Sendable {
        case fetch(Int)
        case fetchKeyed(Int)
        case fetched(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .fetch(let id):
            effectsState.enqueue(Fetch(id: id).map(When.fetched), ifKeyInFlight: .keepOlder)
        case .fetchKeyed(let id):
            effectsState.enqueue(Fetch(id: id).map(When.fetched), key: "fetch", ifKeyInFlight: .keepOlder)
        case .fetched(let id):
            fetched.append(id)
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EnqueueWithoutKeyTests {
    /// `enqueue(_:key:ifKeyInFlight:)` takes its key as an optional: without one, the policy has
    /// nothing to compare, and every effect runs.
    @Test func aKeyPolicyWithoutAKeyDropsNothing() async {
        let fetcher = Fetcher()
        fetcher.send(.fetch(1))
        fetcher.send(.fetch(2))
        #expect(fetcher.effectsState.effects.count == 2, "no key: both effects are in flight")
        fetcher.send(.fetchKeyed(3))
        fetcher.send(.fetchKeyed(4))
        #expect(fetcher.effectsState.effects.count == 3, "one key: keepOlder drops the newer effect")
        await fetcher.effectsState.waitUntilSettled()
        #expect(fetcher.fetched.sorted() == [1, 2, 3])
    }
}
