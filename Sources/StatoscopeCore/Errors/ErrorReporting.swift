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
    // Global because errors are reported from wherever they happen, like swift-log's bootstrap.
    /// The logger errors are written to, at `error` level; replace it to change label or handler.
    public static var logger = Logger(label: "Statoscope")

    private static let handlers = InstrumentList<@MainActor (ErrorReport) -> Void>()

    /// Registers a handler that receives every report from now on, until the registration is removed.
    ///
    /// Dropping the registration does not remove the handler: a handler costs nothing until an error
    /// happens, and crash reporters are installed once for the whole run.
    @discardableResult
    public static func addHandler(_ handler: @escaping @MainActor (ErrorReport) -> Void) -> Registration {
        Registration(id: handlers.append(handler))
    }

    /// Logs a report and hands it to every handler, oldest registration first.
    public static func report(_ report: ErrorReport) {
        var report = report
        for enrich in InstrumentHooks.errorReportEnrichers.elements { enrich(&report) }
        logger.error("\(report.description)", source: LogSource.name)
        for handle in handlers.elements {
            handle(report)
        }
    }

    /// A handler added with ``addHandler(_:)``; ``remove()`` stops it.
    public struct Registration: Sendable, Hashable {
        let id: UInt64

        /// Stops the handler from receiving further reports.
        @MainActor
        public func remove() {
            ErrorReporting.handlers.remove(id: id)
        }
    }
}
