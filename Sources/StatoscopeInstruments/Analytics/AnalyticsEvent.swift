@_spi(StatoscopeInternals) import StatoscopeCore

/// An analytics event made from a `Codable` `When`: the case's name and its associated values.
///
/// `.userTypesNewEmail(userEmail: "a@b.c")` becomes an event named `userTypesNewEmail` with the
/// parameter `userEmail`; unlabelled values are named `_0`, `_1`, … as Swift's `Codable` names them;
/// nested values stay nested.
public struct AnalyticsEvent: Sendable, Hashable, CustomStringConvertible {
    /// The event's name: its `When` case.
    public let name: String
    /// The case's associated values, sensitive ones redacted.
    public let parameters: [String: EventValue]
    /// Where the scope that received the event sits in its tree: `App.rows[2].detail`.
    public let scopePath: String

    /// Makes an event; ``Analytics`` makes these from the app's events.
    public init(name: String, parameters: [String: EventValue], scopePath: String) {
        self.name = name
        self.parameters = parameters
        self.scopePath = scopePath
    }

    /// The name, the parameters and the scope.
    public var description: String {
        "\(name)\(EventValue.object(parameters)) at \(scopePath)"
    }
}

/// A `When` that analytics could not turn into an event.
public struct AnalyticsEncodingError: Error, CustomStringConvertible {
    /// The event, as text.
    public let event: String
    /// Why it could not be encoded.
    public let reason: String

    /// Names the event and the reason.
    public var description: String { "analytics cannot encode \(event): \(reason)" }
}
