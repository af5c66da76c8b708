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
    public static var logger = Logger(label: "Statoscope")

    private static var handlers: [(id: Int, handle: @MainActor (ErrorReport) -> Void)] = []
    private static var nextHandlerID = 0

    /// Registers a handler that receives every report from now on, until the registration is removed.
    ///
    /// Dropping the registration does not remove the handler: a handler costs nothing until an error
    /// happens, and crash reporters are installed once for the whole run.
    @discardableResult
    public static func addHandler(_ handler: @escaping @MainActor (ErrorReport) -> Void) -> Registration {
        nextHandlerID += 1
        handlers.append((nextHandlerID, handler))
        return Registration(id: nextHandlerID)
    }

    /// Logs a report and hands it to every handler, oldest registration first.
    public static func report(_ report: ErrorReport) {
        var report = report
        if report.flightRecording == nil { report.flightRecording = FlightRecorder.recordForReports() }
        logger.error("\(report.description)")
        for handler in handlers {
            handler.handle(report)
        }
    }

    /// A handler added with ``addHandler(_:)``; ``remove()`` stops it.
    public struct Registration: Sendable, Hashable {
        let id: Int

        /// Stops the handler from receiving further reports.
        @MainActor
        public func remove() {
            // The handler is taken out, and released once the list is changed: it may hold the last
            // reference to an object of the app's whose deinit adds or removes handlers.
            guard let index = ErrorReporting.handlers.firstIndex(where: { $0.id == id }) else { return }
            let removed = ErrorReporting.handlers.remove(at: index)
            withExtendedLifetime(removed) {}
        }
    }
}
