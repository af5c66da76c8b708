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
    /// Logging as it is on: for the whole app, and inside each run of
    /// ``withIsolatedInstruments(_:)-(()->Result)`` that turned it on.
    // Global because logging is switched on for the whole app at once, like swift-log's bootstrap.
    private static var settings: [Setting] = []

    /// Logging turned on for the whole app (no isolation) or inside one isolation.
    private struct Setting {
        let isolation: InstrumentIsolation?
        let registrations: [InstrumentRegistration]
        let effectLines: ScopeRuntime.LifecycleHook
    }

    /// Whether logging is on for what happens here: turned on for the whole app, or, inside
    /// ``withIsolatedInstruments(_:)-(()->Result)``, turned on there or in an isolation around it.
    public static var isEnabled: Bool {
        settings.contains { $0.isolation?.includesCurrent ?? true }
    }

    /// Turns logging on (again, with these settings if it was on).
    ///
    /// Inside ``withIsolatedInstruments(_:)-(()->Result)``, it turns logging on for what happens
    /// there only, until that returns; logging on for the whole app stays as it is.
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
        let isolation = InstrumentIsolation.capture()
        var registrations: [InstrumentRegistration] = []
        // A handler's level is part of the logger value: it cannot drop fewer lines later, so events
        // it would drop need no middleware at all.
        let logsEvents = logger.logLevel <= level
        if logsEvents {
            // Isolated by `addAppWide` itself when `isolation` is set.
            registrations.append(
                Middleware.addAppWide { event, next in
                    logger.log(level: level, "\(event.description)", source: LogSource.name)
                    try next(event)
                })
        }
        registrations.append(
            InstrumentHooks.updateFailures.add { scope, error in
                guard isolation?.includesCurrent ?? true else { return }
                logger.error("\(scope.scopePath) update threw \(error)", source: LogSource.name)
            })
        if stateDiffs, logsEvents {
            let tap = stateDiffTap(logger: logger, level: level)
            registrations.append(
                UpdateInstruments.taps.add(
                    UpdateTap { scope, when in
                        guard isolation?.includesCurrent ?? true else { return nil }
                        return tap.willUpdate(scope, when)
                    }))
        }
        settings.append(
            Setting(isolation: isolation, registrations: registrations) { runtime, step, effect in
                let line: Logger.Message = "\(runtime.path) effect \(ScopeProperty.render(effect)) \(step)"
                if case .failed = step {
                    logger.error(line, source: LogSource.name)
                } else {
                    logger.log(level: level, line, source: LogSource.name)
                }
            })
        isolation?.onEnd { remove(settingOf: isolation) }
        settingsChanged()
    }

    /// Turns off the logging turned on here: for the whole app, or, inside
    /// ``withIsolatedInstruments(_:)-(()->Result)``, the logging that isolation turned on. Logging
    /// turned on outside it stays on, and still logs what happens inside, as every instrument
    /// installed outside an isolation sees what happens in it.
    public static func disable() {
        remove(settingOf: InstrumentIsolation.capture())
    }

    private static func remove(settingOf isolation: InstrumentIsolation?) {
        guard let index = settings.firstIndex(where: { $0.isolation === isolation }) else { return }
        let removed = settings.remove(at: index)
        for registration in removed.registrations { registration.remove() }
        settingsChanged()
    }

    /// Gives effects' lifecycles the lines of every setting on.
    private static func settingsChanged() {
        let lines = settings.map { ($0.isolation, $0.effectLines) }
        guard !lines.isEmpty else {
            ScopeRuntime.lifecycleObserver = nil
            return
        }
        ScopeRuntime.lifecycleObserver = { runtime, step, effect in
            for (isolation, effectLines) in lines where isolation?.includesCurrent ?? true {
                effectLines(runtime, step, effect)
            }
        }
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
