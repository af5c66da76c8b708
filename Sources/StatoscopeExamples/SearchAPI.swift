// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// The search server, as a dependency: the search effect reads it with `@Injected`, tests inject a
/// mock.
package struct SearchAPI: Injectable, CustomStringConvertible {
    /// Which client this is; subtree descriptions print it instead of the closure.
    package var name: String
    /// Answers the titles that match a query, best match first.
    package var search: @Sendable (String) async throws -> [String]

    package init(name: String, search: @escaping @Sendable (String) async throws -> [String]) {
        self.name = name
        self.search = search
    }

    /// With nothing injected there is no server to ask: say so rather than answer nothing, which
    /// would read as "no match".
    package static var defaultValue: SearchAPI {
        SearchAPI(name: "unconfigured") { _ in
            throw ServerError(message: "no SearchAPI injected")
        }
    }

    package var description: String { "SearchAPI.\(name)" }
}
