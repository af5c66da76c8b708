/// A server that runs inside the app, so that the example works with no network: it holds a count, a
/// profile and a catalog of titles, answers after a short delay as a real server would, and pushes
/// each change of the count to every open live-count connection.
public actor SimulatedServer {
    private let latency: Duration
    private var storedCount = 0
    private var storedProfile = Profile(name: "Ada", email: "ada@example.com")
    private let catalog: [String]
    private var listeners: [Int: AsyncThrowingStream<Int, any Error>.Continuation] = [:]
    private var nextListener = 0

    /// A server that answers each request after `latency`, searching `catalog`.
    public init(latency: Duration = .milliseconds(400), catalog: [String] = SimulatedServer.titles) {
        self.latency = latency
        self.catalog = catalog
    }

    /// A few titles to search.
    public static let titles = [
        "Swift", "Swift Concurrency", "SwiftUI", "Swift Testing", "Statoscope", "State machines",
        "Structured concurrency", "Observation",
    ]

    func count() async throws -> Int {
        try await Task.sleep(for: latency)
        return storedCount
    }

    func storeCount(_ count: Int) async throws -> Int {
        try await Task.sleep(for: latency)
        storedCount = max(0, count)
        for listener in listeners.values {
            listener.yield(storedCount)
        }
        return storedCount
    }

    func profile() async throws -> Profile {
        try await Task.sleep(for: latency)
        return storedProfile
    }

    func storeProfile(_ profile: Profile) async throws -> Profile {
        try await Task.sleep(for: latency)
        guard profile.email.contains("@") else {
            throw APIError(message: "\(profile.email) is not an email address")
        }
        storedProfile = profile
        return storedProfile
    }

    func search(_ query: String) async throws -> [String] {
        try await Task.sleep(for: latency)
        return catalog.filter { $0.localizedLowercase.contains(query.localizedLowercase) }
    }

    /// The count now, then each change, for as long as the reader keeps reading.
    nonisolated func countUpdates() -> AsyncThrowingStream<Int, any Error> {
        let (updates, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        Task { await listen(continuation) }
        return updates
    }

    private func listen(_ continuation: AsyncThrowingStream<Int, any Error>.Continuation) {
        let id = nextListener
        nextListener += 1
        listeners[id] = continuation
        continuation.onTermination = { _ in
            Task { await self.stopListening(id) }
        }
        continuation.yield(storedCount)
    }

    private func stopListening(_ id: Int) {
        listeners[id] = nil
    }
}
