import Statoscope

/// Reads the count the server holds.
public struct LoadCount: Effect, Equatable {
    @Injected var client: CounterClient

    /// The request.
    public init() {}

    /// The count.
    public func runEffect() async throws -> Int {
        try await client.load()
    }
}
