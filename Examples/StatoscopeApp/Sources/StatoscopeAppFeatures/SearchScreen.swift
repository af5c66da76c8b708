// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// Search as you type: each keystroke shows at once, and the server is asked once the user paused
/// for `quietPeriod`, so a burst of typing costs one request. A keystroke replaces the search waiting
/// or running, so the results shown always answer the query shown; clearing the query cancels it.
@Observable
public final class SearchScreen: Scope {
    /// Longer than the gap between the keystrokes of a word, short enough to feel immediate after it.
    public nonisolated static let quietPeriod = Duration.milliseconds(300)
    static let searchKey = "search"

    public private(set) var query = ""
    public private(set) var results: [String] = []
    public private(set) var isSearching = false
    public private(set) var errorMessage: String?

    public init() {}

    public enum When: Equatable, Sendable {
        case userTypedQuery(String)
        case resultsArrived(query: String, Result<[String], APIError>)
    }

    public func update(_ when: When) throws {
        switch when {
        case .userTypedQuery(let newQuery):
            query = newQuery
            errorMessage = nil
            guard !newQuery.allSatisfy(\.isWhitespace) else {
                effectsState.cancelEffect(key: Self.searchKey)
                isSearching = false
                results = []
                return
            }
            // The results stay on screen until the new ones arrive, so the list does not flicker.
            isSearching = true
            effectsState.enqueue(
                Search(query: newQuery)
                    .mapToResultWithError { APIError($0) }
                    .map { When.resultsArrived(query: newQuery, $0) },
                key: Self.searchKey, ifKeyInFlight: .debounce(Self.quietPeriod))
        case .resultsArrived(let answered, let result):
            guard isSearching, answered == query else {
                throw InvalidStateError("results for \(String(reflecting: answered)) arrived unasked")
            }
            isSearching = false
            switch result {
            case .success(let titles):
                results = titles
            case .failure(let error):
                results = []
                errorMessage = error.message
            }
        }
    }
}
