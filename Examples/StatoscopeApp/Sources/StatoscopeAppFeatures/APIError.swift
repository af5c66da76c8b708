/// A failed request, reduced to the text a screen shows, so that events carrying it are `Equatable`
/// and test plans can name the failure they expect.
public struct APIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the screen shows.
    public var message: String

    /// An error with the text a screen shows.
    public init(message: String) {
        self.message = message
    }

    /// The error a request threw, as a screen shows it.
    public init(_ error: any Error) {
        self.message = (error as? APIError)?.message ?? String(describing: error)
    }

    /// The message.
    public var description: String { message }
}
