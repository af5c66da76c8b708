import Foundation
import Observation
import Statoscope
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The earlier Statoscope README's basic example, as written, with `@Observable` in place of `ObservableObject`/`@Published`.
@Observable
final class Counter: Scope {

    var viewDisplaysTotalCount: Int = 0

    enum When {
        case userTappedIncrementButton
        case userTappedDecrementButton
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        case .userTappedDecrementButton:
            viewDisplaysTotalCount = max(0, viewDisplaysTotalCount - 1)
        }
    }
}

// The earlier Statoscope README's effects example, as written but for the Observation change.
struct DTO: Codable, Equatable {
    let count: Int
}

struct NetworkEffect<Response: Decodable>: Effect {
    let request: URLRequest
    func runEffect() async throws -> Response {
        try JSONDecoder().decode(Response.self, from: try await URLSession.shared.data(for: request).0)
    }
}

@Observable
final class SyncedCounter: Scope {

    var viewDisplaysTotalCount: Int = 0
    var viewDisplaysError: String?
    var viewShowsLoadingAndDisablesButtons: Bool = false

    enum When {
        case userTappedIncrementButton
        case userTappedDecrementButton
        case networkPostCompleted(Result<DTO, Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount = viewDisplaysTotalCount + 1
            try triggerNetworkUpdate()
        case .userTappedDecrementButton:
            guard viewDisplaysTotalCount > 0 else {
                return
            }
            viewDisplaysTotalCount = viewDisplaysTotalCount - 1
            try triggerNetworkUpdate()
        case .networkPostCompleted(let remoteCounter):
            viewShowsLoadingAndDisablesButtons = false
            switch remoteCounter {
            case .success(let remoteCounterSuccess):
                viewDisplaysTotalCount = remoteCounterSuccess.count
            case .failure(let error):
                viewDisplaysError = error.localizedDescription
            }
        }
    }

    private func triggerNetworkUpdate() throws {
        viewShowsLoadingAndDisablesButtons = true
        guard let url = URL(string: "http://statoscope.com") else {
            fatalError()
        }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(DTO(count: viewDisplaysTotalCount))
        effectsState.enqueue(
            NetworkEffect<DTO>(request: request)
                .mapToResult()
                .map(When.networkPostCompleted)
        )
    }
}

@MainActor
struct SeedCounterTests {
    @Test func basicCounterFollowsTheSeedsUserFlow() async {
        let counter = Counter()
        #expect(counter.viewDisplaysTotalCount == 0)
        counter.send(.userTappedIncrementButton)
        #expect(counter.viewDisplaysTotalCount == 1)
        counter.send(.userTappedDecrementButton)
        #expect(counter.viewDisplaysTotalCount == 0)
        counter.send(.userTappedDecrementButton)
        #expect(counter.viewDisplaysTotalCount == 0)
    }

    /// Runs `body` with effects recorded instead of run. These tests check the request the effect
    /// would send; sending it and then cancelling it would hit a Linux Foundation bug, where cancelling
    /// a live `URLSession` request can crash the process.
    private func withEffectsRecorded(_ body: () throws -> Void) rethrows {
        let execution = ScopeRuntime.effectExecution
        ScopeRuntime.effectExecution = .recorded
        defer { ScopeRuntime.effectExecution = execution }
        try body()
    }

    @Test func syncedCounterEnqueuesThePostWithTheNewCount() async throws {
        try withEffectsRecorded {
            try checkThePostWithTheNewCount()
        }
    }

    private func checkThePostWithTheNewCount() throws {
        let counter = SyncedCounter()
        counter.send(.userTappedIncrementButton)
        #expect(counter.viewDisplaysTotalCount == 1)
        #expect(counter.viewShowsLoadingAndDisablesButtons)
        let effects = counter.effectsState.effects
        #expect(effects.count == 1)
        let request = try #require(effects.first as? NetworkEffect<DTO>).request
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://statoscope.com")
        #expect(try JSONDecoder().decode(DTO.self, from: #require(request.httpBody)) == DTO(count: 1))
        counter.effectsState.cancelAllEffects()
        #expect(counter.effectsState.effects.isEmpty)
    }

    @Test func syncedCounterHandlesTheCompletionsTheSeedDescribes() async {
        let counter = SyncedCounter()
        withEffectsRecorded {
            counter.send(.userTappedIncrementButton)
            counter.effectsState.cancelAllEffects()
        }
        counter.send(.networkPostCompleted(.failure(CancellationError())))
        #expect(counter.viewDisplaysTotalCount == 1)
        #expect(counter.viewDisplaysError == CancellationError().localizedDescription)
        #expect(!counter.viewShowsLoadingAndDisablesButtons)
        counter.send(.networkPostCompleted(.success(DTO(count: 7))))
        #expect(counter.viewDisplaysTotalCount == 7)
    }
}
