@_spi(StatoscopeInternals) import StatoscopeCore

/// The instruments of the full path, and the parts of it that run unspecialised: a scope's own
/// middleware, the taps on updates and analytics.
///
/// The lists are global because app-wide instruments are, like swift-log's bootstrap. Whenever one
/// changes, the dispatcher gets a new ``EventRouting``; with nothing installed it gets none, and
/// `send` takes its fast path.
@usableFromInline
@MainActor
package enum MiddlewareChain {
    /// App-wide middleware, outermost first.
    static let appWide = InstrumentList<AppWideStep>(onChange: installedChanged)
    /// Observers of the event exactly as `update` receives it, after every middleware.
    static let taps = InstrumentList<UpdateTap>(onChange: installedChanged)
    /// Observers of the events sent from outside any update: the session's inputs.
    package static let entryTaps = InstrumentList<EntryTap>(onChange: installedChanged)
    /// Analytics' sinks on the main actor, each with the scope that accepted the event.
    static let analyticsSinks = InstrumentList<@MainActor (any Scope, AnalyticsEvent) -> Void>(
        onChange: installedChanged)
    /// Analytics' sinks off the main actor, through ``AnalyticsDelivery``.
    static let deliveredAnalyticsSinks = InstrumentList<AnalyticsSink>(onChange: installedChanged)
    /// The middleware of individual scopes.
    static let scoped = ScopeMiddlewares()

    private static var tracksEvents: Bool { !analyticsSinks.isEmpty || !deliveredAnalyticsSinks.isEmpty }

    /// Gives the dispatcher the path that serves what is installed now, or none.
    static func installedChanged() {
        let isEmpty =
            appWide.isEmpty && taps.isEmpty && entryTaps.isEmpty && !tracksEvents && scoped.isEmpty
        InstrumentHooks.route(
            isEmpty
                ? nil
                : EventRouting(
                    appWide: appWide.elements, entryTaps: entryTaps.elements,
                    scopedWork: !scoped.isEmpty || !taps.isEmpty ? ScopedWork.shared : nil,
                    tracker: tracksEvents ? AnalyticsTracker.shared : nil))
    }

    /// The innermost path when a scope may have middleware of its own or a tap watches updates.
    static func runScoped<S: Scope>(_ when: S.When, _ scope: S, tracker: (any EventTracker)?) throws {
        if !scoped.isEmpty, scoped.forgetReleasedScopes() {
            installedChanged()
        }
        guard !scoped.isEmpty, let middlewares = scoped.middlewares(of: scope) else {
            return try updateWithTaps(when, scope, tracker: tracker)
        }
        try runMiddlewares(middlewares, from: 0, when, scope, tracker: tracker)
    }

    private static func runMiddlewares<S: Scope>(
        _ chain: [AnyScopeMiddleware], from index: Int, _ when: S.When, _ scope: S,
        tracker: (any EventTracker)?
    ) throws {
        guard index < chain.count else { return try updateWithTaps(when, scope, tracker: tracker) }
        // SAFETY: Sound because the chain is this object's (`ScopeMiddlewares` checks the object, not
        // only its address, so a reused address finds nothing), every middleware added to it was
        // made as a `ScopeMiddleware` of its `When`, and every static type the object is reached
        // through shares that `When` (see `ScopeMiddleware`). The chain is a copy: a middleware that
        // adds or removes middleware while it runs changes the registry, not this walk. Debug builds
        // check the cast.
        let middleware = unsafeDowncast(chain[index], to: ScopeMiddleware<S.When>.self)
        try middleware.body(scope, when) { next in
            try runMiddlewares(chain, from: index + 1, next, scope, tracker: tracker)
        }
    }

    private static func updateWithTaps<S: Scope>(_ when: S.When, _ scope: S, tracker: (any EventTracker)?)
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
            return try scope.update(when)
        }
        let scopePath = scope.scopePath
        let isSensitiveCase = Analytics.isSensitiveCase(when)
        // What the main-actor sinks receive is made before the update, which may change what the
        // event's values refer to, and handed over only once the update accepted the event.
        var made: AnalyticsEvent?
        if !analyticsSinks.isEmpty {
            do {
                made = try EventEncoding.analyticsEvent(
                    of: tracked, isSensitiveCase: isSensitiveCase, scopePath: scopePath)
            } catch {
                ErrorReporting.logger.warning("\(error)", source: LogSource.name)
            }
        }
        try scope.update(when)
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
                    when: tracked, isSensitiveCase: isSensitiveCase, scopePath: scopePath, sinks: sinks,
                    isolation: isolation))
        }
    }
}

/// Watches events exactly as `update` receives them, for state-diff logging.
@MainActor
struct UpdateTap {
    /// Called before `update`; returns what to call after it, with the error it threw if any.
    let willUpdate: @MainActor (any Scope, any Sendable) -> (@MainActor ((any Error)?) -> Void)?
}

/// The scopes' own middleware and the taps on updates, as the core's full path calls them.
final class ScopedWork: ScopedEventWork {
    static let shared = ScopedWork()

    func run<S: Scope>(_ when: S.When, _ scope: S, tracker: (any EventTracker)?) throws {
        try MiddlewareChain.runScoped(when, scope, tracker: tracker)
    }
}

/// Analytics, as the core's full path calls it.
final class AnalyticsTracker: EventTracker {
    static let shared = AnalyticsTracker()

    func update<S: Scope>(_ when: S.When, tracked: any TrackedWhen, _ scope: S) throws {
        try MiddlewareChain.updateTracking(when, tracked, scope)
    }
}
