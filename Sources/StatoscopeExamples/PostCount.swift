// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// Posts the count to the server and returns what the server stored.
/// Prints as `PostCount(count: 1)`: the demo's log lines name the count, not the dependency.
package struct PostCount: Effect, Equatable, CustomStringConvertible {
    package let count: Int
    @Injected var api: CounterAPI

    package init(count: Int) {
        self.count = count
    }

    package var description: String { "PostCount(count: \(count))" }

    package func runEffect() async throws -> CounterDTO {
        try await api.postCount(count)
    }
}
