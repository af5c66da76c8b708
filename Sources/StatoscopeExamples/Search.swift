// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// Asks the search server for the titles matching a query.
/// Prints as `Search(query: "sw")`: the demo's log lines name the query, not the dependency.
package struct Search: Effect, Equatable, CustomStringConvertible {
    package let query: String
    @Injected var api: SearchAPI

    package init(query: String) {
        self.query = query
    }

    package var description: String { "Search(query: \(String(reflecting: query)))" }

    package func runEffect() async throws -> [String] {
        try await api.search(query)
    }
}
