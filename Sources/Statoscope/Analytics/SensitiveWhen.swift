/// An event type some of whose cases carry nothing but sensitive values, such as a typed password.
///
/// <!-- compiled inside: final class Login: Scope { enum When { case userTypedEmail(String), userTypedPassword(Sensitive<String>) }; func update(_ when: When) throws {} } … -->
/// ```swift
/// extension Login.When: SensitiveWhen {
///     var isSensitive: Bool {
///         if case .userTypedPassword = self { return true }
///         return false
///     }
/// }
/// ```
///
/// Logs, error reports, analytics, recordings and specifications keep a sensitive case's name and
/// redact all of its values (the rule: <doc:MiddlewareAndAnalytics#What-stays-private>). To redact
/// one value of a case, wrap it in ``Sensitive`` instead.
public protocol SensitiveWhen {
    /// Whether all of this event's values must be kept out of analytics and recordings.
    var isSensitive: Bool { get }
}
