import Logging

/// Where errors thrown by updates and effects go, and those the app reports as handled: every
/// registered handler, and the log.
///
/// `send` never throws and never crashes: when `update` throws, or an effect throws without being
/// mapped to a `Result`, the error is logged and handed to each handler, for crash reporting or
/// analytics. An error the app handles instead of throwing reaches them too once reported, with
/// ``Scope/reportHandled(_:during:)`` from `update` or ``reportHandled(_:)`` from an effect's work:
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

    /// Logs a report and hands it to every handler, oldest registration first. A handled report
    /// (``ErrorReport/isHandled``) is logged at `warning` level, any other at `error` level.
    ///
    /// A handler running while an event is delivered changes no shared value: its write is refused,
    /// and logged rather than reported, so that a handler cannot receive its own refusals.
    public static func report(_ report: ErrorReport) {
        Dispatcher.handingOverReport {
            var report = report
            for enrich in InstrumentHooks.errorReportEnrichers.elements { enrich(&report) }
            if report.isHandled {
                logger.warning("\(report.description)", source: LogSource.name)
            } else {
                logger.error("\(report.description)", source: LogSource.name)
            }
            for handle in handlers.elements {
                handle(report)
            }
        }
    }

    /// Reports an error that an effect's work handled: it threw nothing, and went on (with a
    /// cached value, say). Handlers receive it as they receive the errors effects throw, with
    /// ``ErrorReport/isHandled`` set, the effect as its ``ErrorReport/source``, and the scope that
    /// started the effect.
    ///
    /// Call it from the effect's `runEffect()`, or from a closure effect, or from a task either
    /// makes; it returns once the handlers have run. In `update`, call ``Scope/reportHandled(_:during:)``
    /// instead. Called from code that no effect runs, it has no scope to report for, and only logs
    /// the error, saying so.
    ///
    /// <!-- compiled with: Services -->
    /// <!-- compiled inside: enum HandledEffectSample { … } -->
    /// ```swift
    /// struct LoadProfileOrCached: Effect {
    ///     @Injected var api: APIClient
    ///     let cached: Profile
    ///
    ///     func runEffect() async throws -> Profile {
    ///         do {
    ///             return try await api.loadProfile()
    ///         } catch {
    ///             await ErrorReporting.reportHandled(error)
    ///             return cached
    ///         }
    ///     }
    /// }
    /// ```
    nonisolated public static func reportHandled(_ error: any Error) async {
        guard let effect = RunningEffect.current else {
            return await logHandledOutsideEffects(error)
        }
        await effect.reportHandled(error)
    }

    private static func logHandledOutsideEffects(_ error: any Error) {
        logger.error(
            """
            ErrorReporting.reportHandled(_:) was called from code that no effect runs, so no scope is \
            known to report it for: \(Redaction.describe(error)); from update, call \
            reportHandled(_:during:) on the scope
            """, source: LogSource.name)
    }

    /// A handler added with ``addHandler(_:)``: removing or releasing it stops the handler.
    public typealias Registration = InstrumentRegistration
}
