// What the doc comments of time in test plans take as known: a search that waits for the user to
// pause typing, as in *Long-lived effects*.
import Foundation
import Statoscope

struct Search: Effect, Equatable {
    let query: String
    func runEffect() async throws -> [String] { [query] }
}

@MainActor
final class SearchScreen: Scope {
    var results: [String] = []

    enum When: Sendable {
        case userTyped(String)
        case resultsArrived([String])
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let query):
            effectsState.enqueue(
                Search(query: query).map(When.resultsArrived), key: "search",
                ifKeyInFlight: .debounce(.milliseconds(300)))
        case .resultsArrived(let results):
            self.results = results
        }
    }
}
