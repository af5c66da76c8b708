// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation
import Statoscope

/// The server's live count, as a dependency: a long-lived connection on which the server pushes the
/// count whenever any device changes it. The stream effect reads it with `@Injected`, tests inject a
/// mock.
package struct LiveCountAPI: Injectable, CustomStringConvertible {
    /// Which client this is; subtree descriptions print it instead of the closure.
    package var name: String
    /// Opens a connection: the count the server holds first, then each change, until the server
    /// closes the connection, it fails, or the consumer stops iterating.
    package var updates: @Sendable () -> AsyncThrowingStream<CounterDTO, any Error>

    package init(name: String, updates: @escaping @Sendable () -> AsyncThrowingStream<CounterDTO, any Error>)
    {
        self.name = name
        self.updates = updates
    }

    /// Listens to the server at `baseURL`: `GET /counter/live`, a stream of server-sent events whose
    /// data is `{"count": n}`. The name leaves the URL out for the reason
    /// `CounterAPI.live(baseURL:)` gives.
    package static func live(baseURL: URL) -> LiveCountAPI {
        let url = baseURL.appendingPathComponent("counter").appendingPathComponent("live")
        return LiveCountAPI(name: "live") {
            EventStreamOverHTTP.events(from: url, decoding: CounterDTO.self)
        }
    }

    /// With nothing injected there is no server to listen to: the stream fails at once, saying so.
    package static var defaultValue: LiveCountAPI {
        LiveCountAPI(name: "unconfigured") {
            AsyncThrowingStream { $0.finish(throwing: ServerError(message: "no LiveCountAPI injected")) }
        }
    }

    package var description: String { "LiveCountAPI.\(name)" }
}
