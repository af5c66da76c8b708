@_spi(StatoscopeInternals) import StatoscopeCore

/// The instruments that watch `update` itself: the taps on updates and analytics, which the core's
/// full path runs through ``InstrumentHooks/updateWork`` while any is installed.
///
/// The lists are global because app-wide instruments are, like swift-log's bootstrap.
@MainActor
package enum UpdateInstruments {
    /// Observers of the event exactly as `update` receives it, after every middleware.
    static let taps = InstrumentList<UpdateTap>(onChange: installedChanged)
    /// Analytics' sinks on the main actor, each with the scope that accepted the event.
    static let analyticsSinks = InstrumentList<@MainActor (any Scope, AnalyticsEvent) -> Void>(
        onChange: installedChanged)
    /// Analytics' sinks off the main actor, through ``AnalyticsDelivery``.
    static let deliveredAnalyticsSinks = InstrumentList<AnalyticsSink>(onChange: installedChanged)

    private static var tracksEvents: Bool { !analyticsSinks.isEmpty || !deliveredAnalyticsSinks.isEmpty }

    /// Gives the core what runs `update` now that taps or analytics came or went.
    static func installedChanged() {
        let taps = taps.isEmpty ? nil : UpdateTapping.shared
        let tracker = tracksEvents ? AnalyticsTracker.shared : nil
        let installed = InstrumentHooks.updateWork.value
        guard installed?.taps !== taps || installed?.tracker !== tracker else { return }
        InstrumentHooks.updateWork.set(
            taps == nil && tracker == nil ? nil : UpdateWork(taps: taps, tracker: tracker))
    }

    static func updateWithTaps<S: Scope>(_ when: S.When, _ scope: S, tracker: (any EventTracker)?)
        throws
    {
        guard !taps.isEmpty else {
            return try EventTracking.updateTrackingIfTracked(when, scope, tracker: tracker)
        }
        let finishes = taps.elements.map { $0.willUpdate(scope, when) }
        do {
            try EventTracking.updateTrackingIfTracked(when, scope, tracker: tracker)
        } catch {
            for finish in finishes { finish?(error) }
            throw error
        }
        for finish in finishes { finish?(nil) }
    }

    /// Runs `update`, and hands analytics the event if the app tracks this case and `update`
    /// accepted it. `tracked` is `when`, as a ``TrackedWhen``.
    static func updateTracking<S: Scope>(_ when: S.When, _ tracked: any TrackedWhen, _ scope: S)
        throws
    {
        guard tracked.isTracked else {
            return try Dispatcher.runUpdate(when, of: scope)
        }
        let scopePath = scope.scopePath
        // What the main-actor sinks receive is made before the update, which may change what the
        // event's values refer to, and handed over only once the update accepted the event.
        var made: AnalyticsEvent?
        if !analyticsSinks.isEmpty {
            do {
                made = try EventEncoding.analyticsEvent(of: tracked, scopePath: scopePath)
            } catch {
                ErrorReporting.logger.warning("\(error)", source: LogSource.name)
            }
        }
        try Dispatcher.runUpdate(when, of: scope)
        if let made {
            for sink in analyticsSinks.elements { sink(scope, made) }
        }
        if !deliveredAnalyticsSinks.isEmpty {
            var sinks = deliveredAnalyticsSinks.elements
            let isolation = InstrumentIsolation.capture()
            if !InstrumentHooks.isolations.isEmpty {
                sinks.removeAll { sink in sink.isolation.map { !$0.includesCurrent } ?? false }
                guard !sinks.isEmpty else { return }
            }
            AnalyticsDelivery.shared.enqueue(
                AnalyticsDelivery.Accepted(
                    when: tracked, scopePath: scopePath, sinks: sinks, isolation: isolation))
        }
    }
}

/// Watches events exactly as `update` receives them, for state-diff logging.
@MainActor
struct UpdateTap {
    /// Called before `update`; returns what to call after it, with the error it threw if any.
    let willUpdate: @MainActor (any Scope, any Sendable) -> (@MainActor ((any Error)?) -> Void)?
}

/// The taps on updates, as the core's full path calls them.
final class UpdateTapping: UpdateTaps {
    static let shared = UpdateTapping()

    func run<S: Scope>(_ when: S.When, _ scope: S, tracker: (any EventTracker)?) throws {
        try UpdateInstruments.updateWithTaps(when, scope, tracker: tracker)
    }
}

/// Analytics, as the core's full path calls it.
final class AnalyticsTracker: EventTracker {
    static let shared = AnalyticsTracker()

    func update<S: Scope>(_ when: S.When, tracked: any TrackedWhen, _ scope: S) throws {
        try UpdateInstruments.updateTracking(when, tracked, scope)
    }
}
