// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

/// The counter as the server sends and receives it (seed 003's `DTO`).
public struct CounterDTO: Codable, Sendable, Equatable, CustomStringConvertible {
    public var count: Int

    public init(count: Int) {
        self.count = count
    }

    public var description: String { "CounterDTO(count: \(count))" }
}
