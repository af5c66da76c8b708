import Statoscope

/// Stores the user's profile; the server answers with the profile it stored.
public struct SaveProfile: Effect, Equatable {
    /// The profile to store.
    public let profile: Profile
    @Injected var client: ProfileClient

    /// The request that stores `profile`.
    public init(profile: Profile) {
        self.profile = profile
    }

    /// The profile the server stored.
    public func runEffect() async throws -> Profile {
        try await client.save(profile)
    }
}
