// What every sample about effects takes as known: a counter's payload, and the effect that posts it.
import Foundation
import Statoscope

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// `nonisolated`, as a type that effects decode off the main actor is in a module that is main-actor
// isolated by default, like a new Xcode app.
nonisolated struct DTO: Codable, Equatable, Sendable {
    let count: Int
}

struct NetworkEffect<Response: Decodable & Sendable>: Effect, Equatable {
    let request: URLRequest

    func runEffect() async throws -> Response {
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONDecoder().decode(Response.self, from: data)
    }
}
