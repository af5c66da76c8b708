// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// Writes the user's profile to the server, which answers with the profile it stored.
/// Prints the profile alone: the demo's log lines name what is saved, not the dependency.
package struct SaveProfile: Effect, Equatable, CustomStringConvertible {
    package let profile: ProfileDTO
    @Injected var api: ProfileAPI

    package init(profile: ProfileDTO) {
        self.profile = profile
    }

    package var description: String { "SaveProfile(\(profile))" }

    package func runEffect() async throws -> ProfileDTO {
        try await api.save(profile)
    }
}
