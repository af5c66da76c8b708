import StatoscopeAppFeatures

// Test plans never run effects, so the plans never call these clients: they are injected so that the
// tree under test never reads the unconfigured defaults, as the app never does.

extension CounterClient {
    /// A server that holds 3 and stores whatever it is sent.
    static let storing = CounterClient(load: { 3 }, save: { $0 })
}

extension ProfileClient {
    static let adasProfile = Profile(name: "Ada", email: "ada@example.com")

    /// A server holding Ada's profile, that stores whatever it is sent.
    static let holdingAda = ProfileClient(load: { adasProfile }, save: { $0 })
}

extension LiveCountClient {
    /// A server that holds the connection open and pushes nothing: plans feed the stream by hand.
    static let quiet = LiveCountClient { AsyncThrowingStream { _ in } }
}

extension SearchClient {
    /// A server whose catalog holds a few titles, answering those that start with the query.
    static let overCatalog = SearchClient { query in
        ["swift", "swiftly", "sweep"].filter { $0.hasPrefix(query) }
    }
}
