// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

/// A failed request, reduced to text so that the completion event that carries it stays `Codable`
/// (and so recordable): an arbitrary `Error` cannot be encoded.
package struct ServerError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(message: String) {
        self.message = message
    }

    package init(_ error: any Error) {
        self.message = (error as? ServerError)?.message ?? String(describing: error)
    }

    package var description: String { message }
}
