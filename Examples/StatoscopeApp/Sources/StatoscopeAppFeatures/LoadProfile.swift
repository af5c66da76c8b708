import Statoscope

/// Reads the user's profile.
public struct LoadProfile: Effect, Equatable {
    @Injected var client: ProfileClient

    /// The request.
    public init() {}

    /// The profile.
    public func runEffect() async throws -> Profile {
        try await client.load()
    }
}
