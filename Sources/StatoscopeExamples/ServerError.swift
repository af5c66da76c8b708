// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

/// A failed request, reduced to text so that the completion event that carries it stays `Codable`
/// (and so recordable): an arbitrary `Error` cannot be encoded.
public struct ServerError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public init(_ error: any Error) {
        self.message = (error as? ServerError)?.message ?? String(describing: error)
    }

    public var description: String { message }
}
