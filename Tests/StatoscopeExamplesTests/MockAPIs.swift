import StatoscopeExamples

// Test plans never run effects, so these clients are never called by the plans: they are injected
// so that the tree under test never reads the unconfigured defaults, as the app never does.

extension CounterAPI {
    /// A server that stores whatever it is sent.
    static let echoing = CounterAPI(name: "echoing") { CounterDTO(count: $0) }
}

extension ProfileAPI {
    static let johnsProfile = ProfileDTO(name: "John", email: "john@example.com")

    /// A server holding John's profile, that saves whatever it is sent.
    static let holdingJohn = ProfileAPI(name: "holdingJohn", load: { johnsProfile }, save: { $0 })
}

extension SearchAPI {
    static let catalog = ["swift", "swift-format", "swiftly", "sweep"]

    /// A server whose catalog holds a few titles, answering those that start with the query.
    static let overCatalog = SearchAPI(name: "overCatalog") { query in
        catalog.filter { $0.hasPrefix(query) }
    }
}

extension LiveCountAPI {
    /// A server that holds the connection open and pushes nothing: plans feed the stream by hand.
    static let quiet = LiveCountAPI(name: "quiet") {
        AsyncThrowingStream { _ in }
    }
}
