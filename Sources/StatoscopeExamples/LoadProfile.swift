// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

import Statoscope

/// Reads the user's profile from the server.
/// Prints as `LoadProfile()`: the demo's log lines need not name the dependency.
public struct LoadProfile: Effect, Equatable, CustomStringConvertible {
    @Injected var api: ProfileAPI

    public init() {}

    public var description: String { "LoadProfile()" }

    public func runEffect() async throws -> ProfileDTO {
        try await api.load()
    }
}
