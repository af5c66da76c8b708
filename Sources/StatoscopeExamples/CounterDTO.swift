// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

/// The counter as the server sends and receives it (the `DTO` of the earlier Statoscope's README).
public struct CounterDTO: Codable, Sendable, Equatable, CustomStringConvertible {
    public var count: Int

    public init(count: Int) {
        self.count = count
    }

    public var description: String { "CounterDTO(count: \(count))" }
}
