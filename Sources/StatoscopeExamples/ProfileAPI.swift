// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation
import Statoscope

/// The profile's server, as a dependency: the effects read it with `@Injected`, tests inject a mock.
package struct ProfileAPI: Injectable, CustomStringConvertible {
    /// Which client this is; subtree descriptions print it instead of the closures.
    package var name: String
    package var load: @Sendable () async throws -> ProfileDTO
    package var save: @Sendable (ProfileDTO) async throws -> ProfileDTO

    package init(
        name: String,
        load: @escaping @Sendable () async throws -> ProfileDTO,
        save: @escaping @Sendable (ProfileDTO) async throws -> ProfileDTO
    ) {
        self.name = name
        self.load = load
        self.save = save
    }

    /// Talks to a server at `baseURL`: `GET /profile` and `PUT /profile`. The name leaves the URL out
    /// for the reason `CounterAPI.live(baseURL:)` gives.
    package static func live(baseURL: URL) -> ProfileAPI {
        let url = baseURL.appendingPathComponent("profile")
        return ProfileAPI(
            name: "live",
            load: { try await JSONOverHTTP.send("GET", url, body: String?.none, decoding: ProfileDTO.self) },
            save: { try await JSONOverHTTP.send("PUT", url, body: $0, decoding: ProfileDTO.self) }
        )
    }

    package static var defaultValue: ProfileAPI {
        let unconfigured = ServerError(message: "no ProfileAPI injected")
        return ProfileAPI(
            name: "unconfigured", load: { throw unconfigured }, save: { _ in throw unconfigured })
    }

    package var description: String { "ProfileAPI.\(name)" }
}
