// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// Reads the user's profile from the server.
/// Prints as `LoadProfile()`: the demo's log lines need not name the dependency.
package struct LoadProfile: Effect, Equatable, CustomStringConvertible {
    @Injected var api: ProfileAPI

    package init() {}

    package var description: String { "LoadProfile()" }

    package func runEffect() async throws -> ProfileDTO {
        try await api.load()
    }
}
