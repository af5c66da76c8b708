// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// Search as you type: each keystroke updates the query at once, and the server is asked only once
/// the user paused for `quietPeriod`, so a burst of typing costs one request.
///
/// The search is keyed and debounced: a keystroke replaces the search waiting for its quiet period,
/// or already running, so the results shown always answer the query shown. Clearing the query
/// cancels the search.
@MainActor
package final class SearchScreen: Scope {
    /// Long enough to span the gap between keystrokes of a user typing a word, short enough that the
    /// results feel immediate once they stop.
    package nonisolated static let quietPeriod = Duration.milliseconds(300)
    /// The key of the one search this screen runs at a time.
    static let searchKey = "search"

    package private(set) var query = ""
    package private(set) var viewDisplaysResults: [String] = []
    package private(set) var viewShowsSearching = false
    package private(set) var viewDisplaysError: String?

    package init() {}

    package enum When: Codable, Sendable, Equatable {
        case userTypesQuery(String)
        case networkFinishesSearching(query: String, NetworkOutcome<[String]>)
    }

    package func update(_ when: When) throws {
        switch when {
        case .userTypesQuery(let newQuery):
            query = newQuery
            viewDisplaysError = nil
            guard !newQuery.allSatisfy(\.isWhitespace) else {
                // Nothing to look for: the results of an older query would answer a question the
                // user no longer asks.
                effectsState.cancelEffect(key: Self.searchKey)
                viewShowsSearching = false
                viewDisplaysResults = []
                return
            }
            // The previous results stay on screen until the new ones arrive, so the list does not
            // flicker while the user types.
            viewShowsSearching = true
            effectsState.enqueue(
                Search(query: newQuery)
                    .mapToResultWithError { ServerError($0) }
                    .map { When.networkFinishesSearching(query: newQuery, NetworkOutcome($0)) },
                key: Self.searchKey, ifKeyInFlight: .debounce(Self.quietPeriod))
        case .networkFinishesSearching(let answeredQuery, let outcome):
            // The debounce cancels a replaced search, so an answer to another query, or one when
            // nothing is searching, is a duplicated or forged event: it must not replace the results.
            guard viewShowsSearching, answeredQuery == query else {
                let now = viewShowsSearching ? "searching for \(String(reflecting: query))" : "not searching"
                throw InvalidStateError(
                    "results for \(String(reflecting: answeredQuery)) arrived while \(now)")
            }
            viewShowsSearching = false
            switch outcome {
            case .success(let results):
                viewDisplaysResults = results
            case .failure(let error):
                viewDisplaysResults = []
                viewDisplaysError = error.message
            }
        }
    }
}
