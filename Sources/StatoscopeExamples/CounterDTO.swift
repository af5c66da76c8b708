// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

/// The counter as the server sends and receives it (the `DTO` of the earlier Statoscope's README).
package struct CounterDTO: Codable, Sendable, Equatable, CustomStringConvertible {
    package var count: Int

    package init(count: Int) {
        self.count = count
    }

    package var description: String { "CounterDTO(count: \(count))" }
}
