/// Where the instruments (middleware, logging, analytics, recording, the flight recorder) plug into
/// the core: the core calls what is registered here, and the installed ``EventRouting``, and never
/// names them.
@MainActor
package enum InstrumentHooks {
    /// Observers of the errors updates throw: told by the dispatcher, on the throwing path only, so
    /// they need no full path.
    package static let updateFailures = InstrumentList<UpdateFailureObserver>()
    /// What instruments add to each error report when it is made, oldest registration first.
    package static let errorReportEnrichers = InstrumentList<ErrorReportEnricher>()
    /// The runs of ``withIsolatedInstruments(_:)-(()->Result)`` under way: while there is none, no
    /// code reads which one is current.
    package static let isolations = InstrumentList<InstrumentIsolation>()

    /// Installs the full path every event takes while any instrument is installed, or takes it out
    /// with `nil`: `send` then takes its fast path.
    package static func route(_ routing: EventRouting?) {
        Dispatcher.setRouting(routing)
    }
}

/// Adds to an error report what an instrument knows when the report is made.
package typealias ErrorReportEnricher = @MainActor (inout ErrorReport) -> Void
