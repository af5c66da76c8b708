// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

import Statoscope

/// Posts the count to the server and returns what the server stored.
/// Prints as `PostCount(count: 1)`: the demo's log lines name the count, not the dependency.
public struct PostCount: Effect, Equatable, CustomStringConvertible {
    public let count: Int
    @Injected var api: CounterAPI

    public init(count: Int) {
        self.count = count
    }

    public var description: String { "PostCount(count: \(count))" }

    public func runEffect() async throws -> CounterDTO {
        try await api.postCount(count)
    }
}
