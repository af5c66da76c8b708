@_spi(StatoscopeInternals) import StatoscopeCore

/// App-wide middleware: code that sees every event of every scope.
///
/// <!-- compiled inside: @MainActor func sample() -> InstrumentRegistration { … return logging } -->
/// ```swift
/// let logging = Middleware.addAppWide { event, next in
///     print(event.description)   // the path and the event, sensitive values redacted
///     try next(event)
/// }
/// ```
///
/// An app-wide middleware can pass the event on (`try next(event)`), pass another event of the same
/// scope instead (`try next(event.with(when: ...))`), drop it, or wrap it, and it sees what `update`
/// throws. Order: app-wide middlewares in the order they were added, then the scope's own
/// (``Scope/addMiddleware(_:)``) in the order they were added, then `update`. With none installed
/// anywhere, `send` takes its fast path and pays nothing for them.
@MainActor
public enum Middleware {
    /// Adds a middleware that sees every event sent to any scope, with the scope it was sent to.
    ///
    /// The middleware runs for as long as the returned registration is kept: dropping it, like
    /// calling ``InstrumentRegistration/remove()``, takes the middleware out.
    ///
    /// Added inside ``withIsolatedInstruments(_:)-(()->Result)``, it sees only the events sent there
    /// (the others pass it by), and stops when that returns.
    public static func addAppWide(_ middleware: @escaping AppWideMiddleware) -> InstrumentRegistration {
        guard let isolation = InstrumentIsolation.capture() else {
            return InstrumentHooks.appWide.add(AppWideStep(body: middleware))
        }
        return isolation.endsWith(
            InstrumentHooks.appWide.add(
                AppWideStep { event, next in
                    guard isolation.includesCurrent else { return try next(event) }
                    try middleware(event, next)
                }))
    }
}
