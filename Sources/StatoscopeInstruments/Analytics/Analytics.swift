import Logging
@_spi(StatoscopeInternals) import StatoscopeCore

/// Sends an analytics event for every event the app chose to track (``TrackedWhen``) that a scope
/// accepted.
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: @MainActor func sample() -> InstrumentRegistration { … return analytics } -->
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
/// value with ``Sensitive``, per case with ``SensitiveWhen``, the event's own case or one inside its
/// values at any depth. An event that fails to encode is logged as a warning and skipped; it still
/// reaches its scope.
///
/// Events are encoded and handed to the sink off the main actor: `send` pays only for handing the
/// event over, and the sink may call an analytics SDK that takes its time. The sink receives one
/// event at a time, in the order their updates accepted them; ``waitUntilDelivered()`` waits for
/// those accepted so far.
@MainActor
public enum Analytics {
    /// Installs a sink that receives an event for every tracked `When` that its scope accepted.
    ///
    /// Events are tracked for as long as the returned registration is kept: dropping it, like
    /// calling ``InstrumentRegistration/remove()``, stops them; events accepted before still reach
    /// the sink. The sink is called off the main actor, one event at a time, in order.
    ///
    /// Installed inside ``withIsolatedInstruments(_:)-(()->Result)``, it receives only the events
    /// accepted there, and stops when that returns.
    public static func install(_ sink: @escaping @Sendable (AnalyticsEvent) -> Void) -> InstrumentRegistration
    {
        let isolation = InstrumentIsolation.capture()
        let registration = UpdateInstruments.deliveredAnalyticsSinks.add(
            AnalyticsSink(deliver: sink, isolation: isolation))
        return isolation?.endsWith(registration) ?? registration
    }

    /// Returns once every event tracked so far has reached the sinks of ``install(_:)``: in a test,
    /// before checking what a sink received, or before an app is suspended.
    public nonisolated static func waitUntilDelivered() async {
        await AnalyticsDelivery.shared.waitUntilDelivered()
    }

    /// Hands `sink` the event of every tracked `When` its scope accepted, with that scope, on the
    /// main actor as soon as the update returns: what a test plan needs to check each step's events.
    package static func observe(_ sink: @escaping @MainActor (any Scope, AnalyticsEvent) -> Void)
        -> InstrumentRegistration
    {
        UpdateInstruments.analyticsSinks.add(sink)
    }

    /// The analytics event of a `When`, as the sinks of ``install(_:)`` receive it.
    package static func makeEvent(_ when: any Encodable, scopePath: String) throws -> AnalyticsEvent {
        try EventEncoding.analyticsEvent(of: when, scopePath: scopePath)
    }
}
