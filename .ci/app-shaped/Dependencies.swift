// An app's dependencies and effects, written as the docs write them: an `Injectable` client, an
// `Effect` that reads it, a `StreamEffect`, and an error type that maps unexpected errors.
import Foundation
import Statoscope

struct RecipeClient: Injectable {
    var loadIngredients: @Sendable (String) async throws -> [String]
    var liveCount: @Sendable () -> AsyncStream<Int>

    static var defaultValue: RecipeClient { .live }
}

extension RecipeClient {
    static let live = RecipeClient(
        loadIngredients: { title in title == "Gazpacho" ? ["tomato", "cucumber"] : ["egg"] },
        liveCount: { AsyncStream { $0.finish() } })
    static let failing = RecipeClient(
        loadIngredients: { _ in throw URLError(.notConnectedToInternet) },
        liveCount: { AsyncStream { $0.finish() } })
}

struct LoadIngredients: Effect, Equatable {
    @Injected var client: RecipeClient
    let title: String

    func runEffect() async throws -> [String] {
        try await client.loadIngredients(title)
    }
}

struct LiveCount: StreamEffect, Equatable {
    @Injected var client: RecipeClient

    func makeElements() -> AsyncStream<Int> {
        client.liveCount()
    }
}

struct Countdown: StreamEffect, Equatable {
    let from: Int

    func makeElements() -> AsyncStream<Int> {
        AsyncStream { continuation in
            for remaining in stride(from: from, through: 0, by: -1) {
                continuation.yield(remaining)
            }
            continuation.finish()
        }
    }
}

enum SaveError: UnknownErrorRepresentable {
    case offline
    case unknownError
}

struct SaveRecipe: Effect, Equatable {
    let title: String

    func runEffect() async throws -> String {
        title
    }
}
