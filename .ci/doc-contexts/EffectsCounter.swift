// What *Working with effects* takes as known: a counter that saves its count through a server, and
// the services its effects call.
import Foundation
import Statoscope

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct DTO: Decodable, Equatable, Sendable {
    let count: Int
}

struct Profile: Sendable {
    let name: String
}

struct ProfileAPI: Sendable {
    func loadProfile() async throws -> Profile { Profile(name: "Ada") }
}

struct Search: Effect, Equatable {
    let query: String
    init(_ query: String) { self.query = query }
    func runEffect() async throws -> [String] { [query] }
}

@MainActor
final class Counter: Scope {
    private(set) var viewDisplaysTotalCount = 0
    private(set) var viewDisplaysError: String?

    enum When {
        case userTappedIncrementButton
        case networkPostCompleted(Result<DTO, any Error>)
        case resultsArrived(Result<[String], any Error>)
    }

    func update(_ when: When) throws {}
}
