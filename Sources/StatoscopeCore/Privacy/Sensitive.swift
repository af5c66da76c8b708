import Foundation
import Observation

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
/// Mark a scope's stored property sensitive without changing its type by using it as a property
/// wrapper:
///
/// <!-- compiled inside: final class Login: Scope { enum When { case submit }; func update(_ when: When) throws {} … } -->
/// ```swift
/// @Sensitive var password = ""
/// ```
///
/// In an `@Observable` class, mark it `@ObservationIgnored`, as every property wrapper: the wrapper
/// then tells observers itself when the value is read and changed, so `observe {}` and SwiftUI views
/// see it change like any other property of the class.
///
/// <!-- compiled inside: @Observable final class SignIn: Scope { enum When { case submit }; func update(_ when: When) throws {} … } -->
/// ```swift
/// @ObservationIgnored @Sensitive var password = ""
/// ```
///
/// Analytics and recordings receive it redacted (see ``EventValue/redacted``), and it prints as
/// `<redacted>`, so logs, state diffs, error reports, descriptions and test specifications do not
/// show it either (the rule: <doc:MiddlewareAndAnalytics#What-stays-private>). Everywhere else,
/// ``value`` is the real value.
@propertyWrapper
public struct Sensitive<Value>: CustomStringConvertible, CustomDebugStringConvertible {
    /// The real value.
    public var value: Value

    /// Tells observers of an `Observable` class about the wrapped property: made on the first read
    /// through such a class, so a value that is not a stored property of one carries none.
    private var registrar: ObservationRegistrar?

    /// Wraps a sensitive value.
    public init(_ value: Value) {
        self.value = value
    }

    /// Wraps a sensitive stored property's initial value: `@Sensitive var password = ""`.
    public init(wrappedValue: Value) {
        self.value = wrappedValue
    }

    /// The real value, as the wrapped property reads and writes it.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// Reads and writes a wrapped property of a class; in an `Observable` class, observers are told
    /// of both, as for the class's own properties (an assignment of an equal value tells nothing).
    public static subscript<Enclosing: AnyObject>(
        _enclosingInstance instance: Enclosing,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Sensitive<Value>>
    ) -> Value {
        get {
            if Enclosing.self is any Observable.Type {
                if instance[keyPath: storageKeyPath].registrar == nil {
                    instance[keyPath: storageKeyPath].registrar = ObservationRegistrar()
                }
                instance[keyPath: storageKeyPath].registrar?.registerAccess(to: wrappedKeyPath, of: instance)
            }
            return instance[keyPath: storageKeyPath].value
        }
        set {
            // Without a registrar nothing has read the property through Observation: no one to tell.
            if let registrar = instance[keyPath: storageKeyPath].registrar,
                !isEqual(instance[keyPath: storageKeyPath].value, newValue)
            {
                registrar.notifyingChange(of: wrappedKeyPath, of: instance) {
                    instance[keyPath: storageKeyPath].value = newValue
                }
            } else {
                instance[keyPath: storageKeyPath].value = newValue
            }
        }
    }

    /// Whether two values are known to be equal: an assignment of an equal value notifies no
    /// observer, as in an `@Observable` class's own properties.
    private static func isEqual(_ old: Value, _ new: Value) -> Bool {
        guard let old = old as? any Equatable else { return false }
        return old.isEqual(to: new)
    }

    /// `<redacted>`: the value never reaches a log.
    public var description: String { EventValue.redactionPlaceholder }

    /// `<redacted>`: the value never reaches a log.
    public var debugDescription: String { EventValue.redactionPlaceholder }
}

/// A sensitive value, as the library compares it without ever printing it.
package protocol SensitiveValue {
    /// Text that differs when the value does; compared in memory, never written anywhere.
    var identityText: String { get }
}

extension Sensitive: SensitiveValue {
    package var identityText: String { String(reflecting: value) }
}

extension Sensitive: Sendable where Value: Sendable {}

extension Sensitive: Equatable where Value: Equatable {
    /// Whether the values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value
    }
}

extension Sensitive: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}

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
