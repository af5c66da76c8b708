import Logging

/// Where errors thrown by updates and effects go: every registered handler, and the log.
///
/// `send` never throws and never crashes: when `update` throws, or an effect throws without being
/// mapped to a `Result`, the error is logged and handed to each handler, for crash reporting or
/// analytics:
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: @MainActor func sample() -> ErrorReporting.Registration { … return registration } -->
/// ```swift
/// let registration = ErrorReporting.addHandler { report in
///     CrashReporter.record(report.error, context: report.description)
/// }
/// ```
@MainActor
public enum ErrorReporting {
    /// The logger errors are written to, at `error` level; replace it to change label or handler.
    ///
    /// Set inside ``withIsolatedInstruments(_:)-(()->Result)``, it is the logger of what happens
    /// there only, until that returns.
    public static var logger: Logger {
        get {
            var isolation = InstrumentIsolation.capture()
            while let inner = isolation {
                if let logger = inner.errorLogger { return logger }
                isolation = inner.enclosing
            }
            return appLogger
        }
        set {
            if let isolation = InstrumentIsolation.capture() {
                isolation.errorLogger = newValue
            } else {
                appLogger = newValue
            }
        }
    }

    // Global because errors are reported from wherever they happen, like swift-log's bootstrap.
    private static var appLogger = Logger(label: "Statoscope")

    private static let handlers = InstrumentList<@MainActor (ErrorReport) -> Void>()

    /// Registers a handler that receives every report from now on, until its registration is removed
    /// or released: keep the registration for as long as the handler should run (a crash reporter's,
    /// for the whole run: in your app's delegate, say).
    ///
    /// Added inside ``withIsolatedInstruments(_:)-(()->Result)``, it receives only the reports made
    /// there, and stops when that returns.
    public static func addHandler(_ handler: @escaping @MainActor (ErrorReport) -> Void) -> Registration {
        guard let isolation = InstrumentIsolation.capture() else { return handlers.add(handler) }
        return isolation.endsWith(
            handlers.add { report in
                if isolation.includesCurrent { handler(report) }
            })
    }

    /// Logs a report and hands it to every handler, oldest registration first.
    ///
    /// A handler running while an event is delivered changes no shared value: its write is refused,
    /// and logged rather than reported, so that a handler cannot receive its own refusals.
    public static func report(_ report: ErrorReport) {
        Dispatcher.handingOverReport {
            var report = report
            for enrich in InstrumentHooks.errorReportEnrichers.elements { enrich(&report) }
            logger.error("\(report.description)", source: LogSource.name)
            for handle in handlers.elements {
                handle(report)
            }
        }
    }

    /// A handler added with ``addHandler(_:)``: removing or releasing it stops the handler.
    public typealias Registration = MiddlewareRegistration
}
