import Foundation

/// A value that must stay out of analytics, recordings and logs: an email, a token, a password.
///
/// Wrap the associated value of an event with it:
///
/// <!-- compiled inside: final class ProfileScreen: Scope { var email = ""; func update(_ when: When) throws { if case .userTypesNewEmail(let userEmail) = when { email = userEmail.value } } }; @MainActor func sample(profile: ProfileScreen, text: String) { … } -->
/// <!-- declarations at the top level -->
/// ```swift
/// enum When: Codable {
///     case userTypesNewEmail(userEmail: Sensitive<String>)
/// }
/// profile.send(.userTypesNewEmail(userEmail: Sensitive(text)))
/// // in update: self.email = userEmail.value
/// ```
///
/// Analytics and recordings receive it redacted (see ``EventValue/redacted``), and it prints as
/// `<redacted>`, so log lines do not show it either. Everywhere else, ``value`` is the real value.
public struct Sensitive<Value>: CustomStringConvertible, CustomDebugStringConvertible {
    /// The real value.
    public var value: Value

    /// Wraps a sensitive value.
    public init(_ value: Value) {
        self.value = value
    }

    /// `<redacted>`: the value never reaches a log.
    public var description: String { EventValue.redactionPlaceholder }

    /// `<redacted>`: the value never reaches a log.
    public var debugDescription: String { EventValue.redactionPlaceholder }
}

extension Sensitive: Sendable where Value: Sendable {}
extension Sensitive: Equatable where Value: Equatable {}
extension Sensitive: Hashable where Value: Hashable {}

extension Sensitive: Encodable where Value: Encodable {
    /// Encodes the value; for analytics and recordings, a placeholder of the same shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if encoder.userInfo[EventEncoding.redactsSensitiveValues] as? Bool == true {
            try container.encode(try EventEncoding.value(of: value).redacted)
        } else {
            try container.encode(value)
        }
    }
}

extension Sensitive: Decodable where Value: Decodable {
    /// Decodes the value (a redacted one reads as its placeholder).
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Value.self)
    }
}
