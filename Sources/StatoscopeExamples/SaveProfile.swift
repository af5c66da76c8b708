// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

import Statoscope

/// Writes the user's profile to the server, which answers with the profile it stored.
/// Prints the profile alone: the demo's log lines name what is saved, not the dependency.
public struct SaveProfile: Effect, Equatable, CustomStringConvertible {
    public let profile: ProfileDTO
    @Injected var api: ProfileAPI

    public init(profile: ProfileDTO) {
        self.profile = profile
    }

    public var description: String { "SaveProfile(\(profile))" }

    public func runEffect() async throws -> ProfileDTO {
        try await api.save(profile)
    }
}
