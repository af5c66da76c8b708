import Foundation
import Observation
import Statoscope
import StatoscopeTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The earlier Statoscope README's effects example, as written but for `@Observable` in place of
// `ObservableObject`/`@Published`, and `private` so that its `Counter` keeps the seed's name.

private struct DTO: Codable {
    let count: Int
}

private struct NetworkEffect<Response: Decodable>: Effect {
    let request: URLRequest
    func runEffect() async throws -> Response {
        try JSONDecoder().decode(Response.self, from: try await URLSession.shared.data(for: request).0)
    }
}

@Observable
private final class Counter: Scope {

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

// The seed's test as written, but for one string: `localizedDescription` is Foundation's, whose wording
// differs between platforms (Apple's reads "couldn’t", Linux's "could not"), so the expected message is
// asked of the platform's Foundation.
final class StatoscopeExample2: XCTestCase {
    // The seed's method, kept as written (its long line included):
    // swift-format-ignore
    func testCounterExample3UserFlow() throws {
        try Counter.GIVEN {
            Counter()
        }
        .THEN(\.viewDisplaysTotalCount, equals: 0)
        .THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
        .WHEN(.userTappedIncrementButton)
        .THEN(\.viewDisplaysTotalCount, equals: 1)
        .THEN(\.viewShowsLoadingAndDisablesButtons, equals: true)
        .FORK(.networkPostCompleted(.failure(CancellationError()))) { sut in
            try sut
                .THEN(\.viewDisplaysTotalCount, equals: 1)
                // Seed: "The operation couldn’t be completed. (Swift.CancellationError error 1.)"
                .THEN(\.viewDisplaysError, equals: CancellationError().localizedDescription)
                .THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
        }
        .WHEN(.networkPostCompleted(.success(DTO(count: 1))))
        .THEN(\.viewDisplaysTotalCount, equals: 1)
        .THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
        .runTest()
    }
}
