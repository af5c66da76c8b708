// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation
import Statoscope

/// The counter's server, as a dependency: the effect reads it with `@Injected`, tests inject a mock.
package struct CounterAPI: Injectable, CustomStringConvertible {
    /// Which client this is; subtree descriptions print it instead of the closure.
    package var name: String
    /// Posts the count; the server answers with the count it stored.
    package var postCount: @Sendable (Int) async throws -> CounterDTO

    package init(name: String, postCount: @escaping @Sendable (Int) async throws -> CounterDTO) {
        self.name = name
        self.postCount = postCount
    }

    /// Talks to a server at `baseURL`: `POST /counter` with `{"count": n}`.
    ///
    /// The name leaves the URL out: the port changes from run to run, and a replayed session must
    /// describe its tree exactly as the recorded one did.
    package static func live(baseURL: URL) -> CounterAPI {
        CounterAPI(name: "live") { count in
            try await JSONOverHTTP.send(
                "POST", baseURL.appendingPathComponent("counter"), body: CounterDTO(count: count),
                decoding: CounterDTO.self)
        }
    }

    /// With nothing injected there is no server to talk to: say so rather than guess an address.
    package static var defaultValue: CounterAPI {
        CounterAPI(name: "unconfigured") { _ in
            throw ServerError(message: "no CounterAPI injected")
        }
    }

    package var description: String { "CounterAPI.\(name)" }
}
