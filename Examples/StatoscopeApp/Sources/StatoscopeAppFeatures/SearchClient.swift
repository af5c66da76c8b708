import Statoscope

/// The search server, as a dependency: the search effect reads it with `@Injected`.
public struct SearchClient: Injectable {
    /// The titles that match a query, best match first.
    public var search: @Sendable (String) async throws -> [String]

    /// A client made of its one request.
    public init(search: @escaping @Sendable (String) async throws -> [String]) {
        self.search = search
    }

    /// With nothing injected there is no server to ask: say so, rather than answer nothing, which
    /// would read as "no match".
    public static var defaultValue: SearchClient {
        SearchClient { _ in throw APIError(message: "no SearchClient injected") }
    }

    /// What previews read: a simulated server that answers at once.
    public static var previewValue: SearchClient {
        .simulated(SimulatedServer(latency: .zero))
    }

    /// A client of the simulated server that runs inside the app.
    public static func simulated(_ server: SimulatedServer) -> SearchClient {
        SearchClient { try await server.search($0) }
    }
}
