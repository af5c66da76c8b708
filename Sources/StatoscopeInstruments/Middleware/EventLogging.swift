import Logging
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects

/// Logs what happens in every scope: events, effects' lifecycles, errors and, optionally, the state
/// each event changed. Off by default; when off it costs nothing.
///
/// <!-- compiled in a function -->
/// ```swift
/// EventLogging.enable(level: .debug, stateDiffs: true)
/// ```
///
/// logs, through swift-log (and so through whatever handler the app bootstrapped), for a tap on a
/// counter whose update shows a spinner and saves the count with an effect:
///
/// <!-- output: event-log -->
/// ```
/// Dashboard.counter <- userTappedIncrementButton
/// Dashboard.counter effect SaveCount(count: 1) enqueued
/// Dashboard.counter changed viewDisplaysTotalCount: 0 -> 1; viewShowsLoading: false -> true
/// Dashboard.counter effect SaveCount(count: 1) started
/// Dashboard.counter effect SaveCount(count: 1) completed
/// Dashboard.counter <- countSaved(1)
/// Dashboard.counter changed viewShowsLoading: true -> false
/// ```
///
/// The lines are at `.debug` unless you pass another level; swift-log's default handler prints only
/// `.info` and above, so with it pass a logger whose `logLevel` is `.debug`, or `level: .info`.
@MainActor
public enum EventLogging {
    /// What logging installed, while it is on.
    // Global because logging is switched on for the whole app at once, like swift-log's bootstrap.
    private static var registrations: [MiddlewareRegistration] = []

    /// Whether logging is on.
    public static var isEnabled: Bool { !registrations.isEmpty }

    /// Turns logging on (again, with these settings if it was on).
    ///
    /// - Parameters:
    ///   - logger: Where the lines go. Its level is read now: when it drops lines at `level`, events
    ///     cost nothing more than with logging off, until logging is enabled again.
    ///   - level: The level of event and effect lines (swift-log's default handler drops lines below
    ///     `.info`); errors thrown by `update`, and effects that fail, are logged at `error` whatever
    ///     this says.
    ///   - stateDiffs: Whether to log, after each event, the stored properties it changed: every
    ///     change shows, a long value from a little before where it changed (with its element count,
    ///     if that changed), a `@Subscope` child as its type (`nil` when absent, `another Detail` when
    ///     replaced), an object replaced by a look-alike as `another`. Reading the state before and after each event costs a reflection of the scope
    ///     and a rendering of each property: keep it for debugging.
    public static func enable(
        logger: Logger = Logger(label: "Statoscope"), level: Logger.Level = .debug, stateDiffs: Bool = false
    ) {
        disable()
        // A handler's level is part of the logger value: it cannot drop fewer lines later, so events
        // it would drop need no middleware at all.
        let logsEvents = logger.logLevel <= level
        if logsEvents {
            registrations.append(
                Middleware.addAppWide { event, next in
                    logger.log(level: level, "\(event.description)", source: LogSource.name)
                    try next(event)
                })
        }
        registrations.append(
            InstrumentHooks.updateFailures.add { scope, error in
                logger.error("\(scope.scopePath) update threw \(error)", source: LogSource.name)
            })
        if stateDiffs, logsEvents {
            registrations.append(MiddlewareChain.taps.add(stateDiffTap(logger: logger, level: level)))
        }
        ScopeRuntime.lifecycleObserver = { runtime, step, effect in
            let line: Logger.Message = "\(runtime.path) effect \(ScopeProperty.render(effect)) \(step)"
            if case .failed = step {
                logger.error(line, source: LogSource.name)
            } else {
                logger.log(level: level, line, source: LogSource.name)
            }
        }
    }

    /// Turns logging off.
    public static func disable() {
        for registration in registrations { registration.remove() }
        registrations.removeAll()
        ScopeRuntime.lifecycleObserver = nil
    }

    private static func stateDiffTap(logger: Logger, level: Logger.Level) -> UpdateTap {
        UpdateTap { scope, _ in
            let before = StateDiff.Snapshot(of: scope)
            return { _ in
                let changes = StateDiff.Snapshot(of: scope).changes(since: before)
                guard !changes.isEmpty else { return }
                logger.log(
                    level: level, "\(scope.scopePath) changed \(changes.joined(separator: "; "))",
                    source: LogSource.name)
            }
        }
    }
}
