import Statoscope

/// Stores a count; the server answers with the count it stored.
public struct SaveCount: Effect, Equatable {
    /// The count to store.
    public let count: Int
    @Injected var client: CounterClient

    /// The request that stores `count`.
    public init(count: Int) {
        self.count = count
    }

    /// The count the server stored.
    public func runEffect() async throws -> Int {
        try await client.save(count)
    }
}
