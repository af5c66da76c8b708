/// Where the instruments (middleware, logging, analytics, recording, the flight recorder) plug into
/// the core: the core calls what is registered here, along the installed ``EventRouting``, and never
/// names them.
@usableFromInline
@MainActor
package enum InstrumentHooks {
    /// App-wide middleware, outermost first.
    package static let appWide = InstrumentList<AppWideStep>(onChange: rebuildRouting)
    /// Observers of the events sent from outside any update: the session's inputs.
    package static let entryTaps = InstrumentList<EntryTap>(onChange: rebuildRouting)
    /// The middleware of individual scopes.
    package static let scopeMiddlewares = ScopeMiddlewares(onChange: rebuildRouting)
    /// What runs `update` while the instruments' module watches it (the taps on updates, analytics).
    package static let updateWork = InstrumentSlot<UpdateWork>(onChange: rebuildRouting)
    /// Observers of the errors updates throw: told by the dispatcher, on the throwing path only, so
    /// they need no full path.
    package static let updateFailures = InstrumentList<UpdateFailureObserver>()
    /// What instruments add to each error report when it is made, oldest registration first.
    package static let errorReportEnrichers = InstrumentList<ErrorReportEnricher>()
    /// The runs of ``withIsolatedInstruments(_:)-(()->Result)`` under way: while there is none, no
    /// code reads which one is current.
    package static let isolations = InstrumentList<InstrumentIsolation>()

    /// Installs `middleware` on `scope`: see `Scope.addMiddleware(_:)`.
    @usableFromInline
    static func addMiddleware(_ middleware: AnyScopeMiddleware, to scope: AnyObject) -> InstrumentRegistration
    {
        scopeMiddlewares.add(middleware, to: scope)
    }

    /// Gives the dispatcher the path that serves what is installed now, or none: `send` then takes
    /// its fast path. Only app-wide instruments send every event along it; a scope's middleware
    /// sends only the events to its scope.
    private static func rebuildRouting() {
        let work = updateWork.value
        let forEveryEvent = !appWide.isEmpty || !entryTaps.isEmpty || work != nil
        guard forEveryEvent || !scopeMiddlewares.isEmpty else {
            return Dispatcher.setRouting(nil, forEveryEvent: false)
        }
        Dispatcher.setRouting(
            EventRouting(
                appWide: appWide.elements, entryTaps: entryTaps.elements,
                scopeMiddlewares: scopeMiddlewares.isEmpty ? nil : scopeMiddlewares, updateWork: work),
            forEveryEvent: forEveryEvent)
    }
}

/// Adds to an error report what an instrument knows when the report is made.
package typealias ErrorReportEnricher = @MainActor (inout ErrorReport) -> Void
