// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

/// The outcome of a request as a completion event carries it.
///
/// Swift's `Result` is not `Codable`, and the completion events must be, so that a session's
/// recording holds the server's answers and replays without a server.
package enum NetworkOutcome<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable,
    CustomStringConvertible
{
    case success(Value)
    case failure(ServerError)

    package init(_ result: Result<Value, ServerError>) {
        switch result {
        case .success(let value): self = .success(value)
        case .failure(let error): self = .failure(error)
        }
    }

    /// Short, for logs: `success(CounterDTO(count: 1))` rather than the fully qualified types.
    package var description: String {
        switch self {
        case .success(let value): "success(\(value))"
        case .failure(let error): "failure(\(error))"
        }
    }
}
