import Logging

/// Sends an analytics event for every event the app chose to track (``TrackedWhen``) that a scope
/// accepted.
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: @MainActor func sample() -> MiddlewareRegistration { … return analytics } -->
/// ```swift
/// let analytics = Analytics.install { event in
///     MyAnalytics.track(event.name, parameters: event.parameters)
/// }
/// ```
///
/// Each tracked `When` becomes an ``AnalyticsEvent`` named after its case, with its associated
/// values as parameters, once its `update` has returned: an event whose `update` threw is not
/// tracked. Events of types that are not ``TrackedWhen``, and cases whose
/// ``TrackedWhen/isTracked`` is false, are skipped. Sensitive values are redacted declaratively: per
/// value with ``Sensitive``, per case with ``SensitiveWhen``. An event that fails to encode is logged
/// as a warning and skipped; it still reaches its scope.
@MainActor
public enum Analytics {
    /// Installs an app-wide middleware that hands an event to `sink` for every tracked `When` that
    /// its scope accepted.
    ///
    /// Events are tracked for as long as the returned registration is kept: dropping it, like
    /// calling ``MiddlewareRegistration/remove()``, stops them.
    public static func install(_ sink: @escaping @MainActor (AnalyticsEvent) -> Void)
        -> MiddlewareRegistration
    {
        observe { _, event in sink(event) }
    }

    /// Like ``install(_:)``, with the scope that accepted each event: what a test plan needs to keep
    /// the events of its own tree.
    package static func observe(_ sink: @escaping @MainActor (any Scope, AnalyticsEvent) -> Void)
        -> MiddlewareRegistration
    {
        MiddlewareChain.analyticsSinks.add(sink)
    }

    /// Whether events of `type` may be tracked: whether it is a ``TrackedWhen``.
    @usableFromInline
    static func mayTrack(_ type: Any.Type) -> Bool {
        trackedTypes.flag(for: type)
    }

    private static let trackedTypes = TypeFlags { $0 is any TrackedWhen.Type }
    private static let sensitiveTypes = TypeFlags { $0 is any SensitiveWhen.Type }

    /// The analytics event of a `When`.
    public static func makeEvent(_ when: any Encodable, scopePath: String) throws -> AnalyticsEvent {
        let value: EventValue
        do {
            let isSensitiveCase =
                sensitiveTypes.flag(for: type(of: when)) && (when as? any SensitiveWhen)?.isSensitive == true
            value = try EventEncoding.redactedValue(of: when, isSensitiveCase: isSensitiveCase)
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
