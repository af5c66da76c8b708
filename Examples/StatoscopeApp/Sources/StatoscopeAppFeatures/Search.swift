import Statoscope

/// Asks the search server for the titles that match a query.
public struct Search: Effect, Equatable {
    /// What the user typed.
    public let query: String
    @Injected var client: SearchClient

    /// The request for `query`.
    public init(query: String) {
        self.query = query
    }

    /// The matching titles, best match first.
    public func runEffect() async throws -> [String] {
        try await client.search(query)
    }
}
