// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

import Statoscope

/// Reads the user's profile from the server.
public struct LoadProfile: Effect, Equatable {
    @Injected var api: ProfileAPI

    public init() {}

    public func runEffect() async throws -> ProfileDTO {
        try await api.load()
    }
}
