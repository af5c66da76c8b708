import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore

/// The analytics events the sink of `Analytics.install` received, as a test reads them: once every
/// event tracked so far was delivered, since the sink runs off the main actor.
@MainActor
final class TrackedEvents {
    private let received = CriticalState<[AnalyticsEvent]>([])
    private var registration: InstrumentRegistration?

    /// Starts keeping the events `include` accepts: every event the test tracks, when it runs with
    /// instruments of its own (`.isolatedInstruments`).
    init(where include: @escaping @Sendable (AnalyticsEvent) -> Bool = { _ in true }) {
        let received = received
        registration = Analytics.install { event in
            if include(event) { received.withLock { $0.append(event) } }
        }
    }

    func stop() {
        registration?.remove()
        registration = nil
    }

    /// What the sink received, once every event tracked so far has reached it.
    func delivered() async -> [AnalyticsEvent] {
        await Analytics.waitUntilDelivered()
        return received.withLock { $0 }
    }
}
