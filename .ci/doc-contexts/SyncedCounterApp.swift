// What the testing articles' samples take as known: the counter of the earlier Statoscope's README,
// which posts each count to a server, and an app whose screens include it.
import Foundation
import Statoscope
import StatoscopeTesting
import Testing
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct DTO: Codable, Equatable, Sendable {
    let count: Int
}

struct NetworkEffect<Response: Decodable & Sendable>: Effect, Equatable {
    let request: URLRequest

    func runEffect() async throws -> Response {
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONDecoder().decode(Response.self, from: data)
    }
}

let expectedRequest: URLRequest = {
    var request = URLRequest(url: URL(string: "https://example.com/counter")!)
    request.httpMethod = "POST"
    return request
}()

final class Counter: Scope {
    var viewDisplaysTotalCount = 0
    var viewDisplaysError: String?
    var viewShowsLoadingAndDisablesButtons = false

    enum When {
        case userTappedIncrementButton
        case networkPostCompleted(Result<DTO, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
            viewShowsLoadingAndDisablesButtons = true
            effectsState.enqueue(
                NetworkEffect<DTO>(request: expectedRequest).mapToResult().map(When.networkPostCompleted))
        case .networkPostCompleted(.success(let dto)):
            viewDisplaysTotalCount = dto.count
            viewShowsLoadingAndDisablesButtons = false
        case .networkPostCompleted(.failure(let error)):
            viewDisplaysError = error.localizedDescription
            viewShowsLoadingAndDisablesButtons = false
        }
    }
}

struct APIClient: Injectable {
    var loadProfileName: @Sendable () async throws -> String
    static var defaultValue: APIClient { APIClient { "Ada" } }
    static let failing = APIClient { throw URLError(.notConnectedToInternet) }
}

final class Profile: Scope {
    var error: String?
    enum When { case loadFailed(String) }
    func update(_ when: When) throws {
        switch when {
        case .loadFailed(let message): error = message
        }
    }
}

final class Cart: Scope {
    var total = 0
    enum When { case userAddedItem }
    func update(_ when: When) throws { total += 1 }
}

final class App: Scope {
    @Subscope var counter = Counter()
    @Subscope var profile = Profile()
    @Subscope var cart = Cart()
    var title = ""

    enum When { case userOpenedProfile }
    func update(_ when: When) throws {}
}

let sessionURL = URL(fileURLWithPath: "session.jsonl")
