import Statoscope

/// Seed 003's counter, synced to a simulated server: each tap posts the new count, and the
/// server's answer comes back as an event.
@MainActor
final class Counter: Scope {
    var viewDisplaysTotalCount = 0
    var viewShowsLoadingAndDisablesButtons = false

    enum When: Sendable {
        case userTappedIncrementButton
        case serverAnswered(Result<Int, any Error>)
    }

    struct PostCount: Effect, Equatable {
        let count: Int
        func runEffect() async throws -> Int {
            try await Task.sleep(for: .milliseconds(20))
            return count
        }
    }

    func update(_ when: When) throws {
        print("event   \(when)")
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
            viewShowsLoadingAndDisablesButtons = true
            effectsState.enqueue(
                PostCount(count: viewDisplaysTotalCount).mapToResult().map(When.serverAnswered),
                key: "post"
            )
        case .serverAnswered(.success(let count)):
            guard viewShowsLoadingAndDisablesButtons else { throw InvalidStateError("no post in flight") }
            viewDisplaysTotalCount = count
            viewShowsLoadingAndDisablesButtons = false
        case .serverAnswered(.failure(let error)):
            print("error   \(error)")
            viewShowsLoadingAndDisablesButtons = false
        }
        print("state   count=\(viewDisplaysTotalCount) loading=\(viewShowsLoadingAndDisablesButtons)")
        print("effects \(effectsState.effects)")
    }
}

let counter = Counter()
counter.send(.userTappedIncrementButton)
counter.send(.userTappedIncrementButton)
await counter.effectsState.waitUntilSettled()
print("final   count=\(counter.viewDisplaysTotalCount)")
