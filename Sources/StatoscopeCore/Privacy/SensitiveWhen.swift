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
/// redact all of its values, wherever the case sits: sent itself, or inside another event, a state
/// property or an effect, at any depth (the rule: <doc:MiddlewareAndAnalytics#What-stays-private>).
/// To redact one value of a case, wrap it in ``Sensitive`` instead.
///
/// The conformance is read off the main actor, so it cannot be isolated to it: under main-actor
/// default isolation, the conformance and its `isSensitive` are nonisolated without being marked so.
public protocol SensitiveWhen: SendableMetatype {
    /// Whether all of this event's values must be kept out of analytics and recordings.
    var isSensitive: Bool { get }
}
