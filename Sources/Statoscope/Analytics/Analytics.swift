import Logging

/// Sends an analytics event for every `Codable` event that reaches any scope.
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: @MainActor func sample() -> MiddlewareRegistration { … return analytics } -->
/// ```swift
/// let analytics = Analytics.install { event in
///     MyAnalytics.track(event.name, parameters: event.parameters)
/// }
/// ```
///
/// Each `Encodable` `When` becomes an ``AnalyticsEvent`` named after its case, with its associated
/// values as parameters, before it reaches `update`. Events that are not `Encodable` are skipped.
/// Sensitive values are redacted declaratively: per value with ``Sensitive``, per case with
/// ``SensitiveWhen``. An event that fails to encode is logged as a warning and skipped; it still
/// reaches its scope.
@MainActor
public enum Analytics {
    /// Installs an app-wide middleware that hands an event to `sink` for every encodable `When`.
    ///
    /// Events are tracked for as long as the returned registration is kept: dropping it, like
    /// calling ``MiddlewareRegistration/remove()``, stops them.
    public static func install(_ sink: @escaping @MainActor (AnalyticsEvent) -> Void)
        -> MiddlewareRegistration
    {
        Middleware.addAppWide { event, next in
            if let encodable = event.when as? any Encodable {
                do {
                    sink(try makeEvent(encodable, scopePath: event.scopePath))
                } catch {
                    ErrorReporting.logger.warning("\(error)")
                }
            }
            try next(event.when)
        }
    }

    /// The analytics event of a `When`.
    public static func makeEvent(_ when: any Encodable, scopePath: String) throws -> AnalyticsEvent {
        let value: EventValue
        do {
            value = try EventEncoding.redactedValue(of: when)
        } catch {
            throw AnalyticsEncodingError(event: Redaction.describe(when), reason: "\(error)")
        }
        guard let (name, parameters) = EventEncoding.caseNameAndParameters(of: value) else {
            throw AnalyticsEncodingError(
                event: Redaction.describe(when),
                reason: "it does not encode as an enum case with its values (\(value))")
        }
        return AnalyticsEvent(name: name, parameters: parameters, scopePath: scopePath)
    }
}
