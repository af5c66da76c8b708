import Statoscope

/// Workload 2: `send` through pass-through middlewares, and with middleware support but none installed.
///
/// Budgets: with logging off (no middleware installed), middleware support adds nothing measurable:
/// `send` on a scope that had a middleware and no longer has one stays within 10% (the run-to-run
/// noise of this machine) of `send` on a scope that never had one. The production configuration:
/// one app-wide pass-through middleware adds at most 15 ns; logging at a level that logs nothing at
/// most 1.5x plain `send`; an untracked event at most 20 ns more, a tracked one at most 1 µs; and
/// everything on at most 100x the hand-written `handle(_:)`. A scope's own pass-through middleware
/// adds at most 15 ns per middleware, seen through the scope's own type or a base class; a scope
/// without middleware pays nothing measurable for other scopes' middleware.
@MainActor
enum MiddlewareWorkload {
    /// "Nothing measurable": within the noise between repetitions of the same loop on this machine.
    static let noise = 1.10

    static func run(_ context: WorkloadContext) {
        let taps = TapSequence()
        let baseline = SendWorkload.send(to: CounterScope(), taps, name: "send, no middleware ever added")
        let cases = [
            baseline,
            afterRemoval(taps),
            afterDroppedRegistration(taps),
            afterDroppedRecorder(taps),
            afterReleasedScope(taps),
            withPassThrough(count: 1, taps),
            withPassThrough(count: 3, taps),
            elsewhere(count: 1, taps),
            withAppWidePassThrough(taps),
            withQuietLogging(taps),
            withAnalyticsNotTracking(taps),
            withAnalyticsTracking(),
            withEverythingOn(),
            SendWorkload.handWritten(taps),
            withAnalyticsTrackingUntilDelivered(),
            withAppWideReplacing(taps),
            elsewhere(count: 1_000, taps),
            SendWorkload.send(
                to: SubclassedCounterScope(), taps, name: "send through a base-class reference"),
            withPassThroughSubclass(count: 1, taps),
            withPassThroughSubclass(count: 3, taps),
        ]
        let results = Sampler.measure(cases, in: context)
        context.recordBaseline(results[0])
        // Removed, dropped, or gone with its scope: each leaves `send` on its fast path.
        for result in results[1...4] {
            context.record(result, against: results[0], budget: .ratio(atMost: noise))
        }
        // A scope's own pass-through middleware: at most 15 ns each over plain `send`.
        context.record(results[5], against: results[0], budget: .value(atMost: results[0].figure + 15))
        context.record(results[6], against: results[0], budget: .value(atMost: results[0].figure + 45))
        // Other scopes' middleware: nothing measurable for a scope without any.
        context.record(results[7], against: results[0], budget: .ratio(atMost: noise))
        context.record(results[16], against: results[0], budget: .ratio(atMost: noise))
        // The same through a base-class reference, against plain `send` through one.
        context.record(results[17], against: results[0])
        context.record(results[18], against: results[17], budget: .value(atMost: results[17].figure + 15))
        context.record(results[19], against: results[17], budget: .value(atMost: results[17].figure + 45))
        // The issue's budget: one app-wide pass-through middleware adds at most 15 ns to `send`.
        context.record(results[8], against: results[0], budget: .value(atMost: results[0].figure + 15))
        // Logging on at a level the default handler drops: at most 1.5x plain `send`.
        context.record(results[9], against: results[0], budget: .ratio(atMost: 1.5))
        // Analytics installed, the event not a `TrackedWhen`: at most 20 ns over plain `send`.
        context.record(results[10], against: results[0], budget: .value(atMost: results[0].figure + 20))
        // A tracked event: at most 1 µs.
        context.record(results[11], against: results[0], budget: .value(atMost: 1_000))
        // Every event tracked, an error handler and the flight recorder: at most 100x the
        // hand-written `handle(_:)`, measured here again so that the ratio is of one run.
        context.recordBaseline(results[13])
        context.record(results[12], against: results[13], budget: .ratio(atMost: 100))
        // What delivery costs in all, the encoder's thread included: at most 1 µs per tracked event.
        context.record(results[14], against: results[0], budget: .value(atMost: 1_000))
        // A middleware that passes on an event it made: reported, beside the pass-through row.
        context.record(results[15], against: results[0])
    }

    /// A scope whose middleware was added and removed: the library has its runtime and has seen
    /// middleware, and none is installed now.
    private static func afterRemoval(_ taps: TapSequence) -> TimedCase {
        let scope = CounterScope()
        scope.addMiddleware { scope, when, next in try next(when) }.remove()
        return SendWorkload.send(
            to: scope, taps, name: "send, middleware added then removed (none installed)")
    }

    /// An app-wide middleware whose registration was dropped without `remove()`.
    private static func afterDroppedRegistration(_ taps: TapSequence) -> TimedCase {
        _ = Middleware.addAppWide { event, next in try next(event) }
        return SendWorkload.send(
            to: CounterScope(), taps, name: "send, app-wide middleware registration dropped")
    }

    /// A recorder released without `stop()`.
    private static func afterDroppedRecorder(_ taps: TapSequence) -> TimedCase {
        let scope = CounterScope()
        _ = Recorder(recording: scope) { _ in }
        return SendWorkload.send(to: scope, taps, name: "send, recorder dropped without stop()")
    }

    /// A scope that had a middleware and was released without removing it, its registration kept;
    /// the release check drops the middleware a second later, while the workload runs.
    private static func afterReleasedScope(_ taps: TapSequence) -> TimedCase {
        var registration: MiddlewareRegistration?
        do {
            let released = CounterScope()
            registration = released.addMiddleware { scope, when, next in try next(when) }
        }
        let scope = CounterScope()
        scope.send(taps.scopeEvents[0])
        var timedCase = SendWorkload.send(to: scope, taps, name: "send, a scope with middleware released")
        timedCase.tearDown = { registration?.remove() }
        return timedCase
    }

    /// `count` middlewares that pass every event on, installed only while this case is timed.
    static func withPassThrough(count: Int, _ taps: TapSequence) -> TimedCase {
        let scope = CounterScope()
        return installing(
            count, SendWorkload.send(to: scope, taps, name: "send through \(passThrough(count))")
        ) { _ in
            scope.addMiddleware { scope, when, next in try next(when) }
        }
    }

    /// The same on a subclass sent its events through a base-class reference, the middlewares added
    /// in turn through the subclass and the base class.
    static func withPassThroughSubclass(count: Int, _ taps: TapSequence) -> TimedCase {
        let scope = SubclassedCounterScope()
        let base: BaseCounterScope = scope
        let through = count == 1 ? "the subclass" : "the subclass and the base class"
        let name = "send through a base-class reference and \(passThrough(count)) added through \(through)"
        return installing(count, SendWorkload.send(to: base, taps, name: name)) { index in
            index.isMultiple(of: 2)
                ? scope.addMiddleware { scope, when, next in try next(when) }
                : base.addMiddleware { scope, when, next in try next(when) }
        }
    }

    private static func passThrough(_ count: Int) -> String {
        "\(count) pass-through middleware\(count == 1 ? "" : "s") (+\(15 * count) ns)"
    }

    /// `send` to a scope without middleware while `count` other scopes have one each: what every
    /// scope of an app pays once some have middleware (a logger per feature scope, say).
    static func elsewhere(count: Int, _ taps: TapSequence) -> TimedCase {
        let others = (0..<count).map { _ in CounterScope() }
        let elsewhere = count == 1 ? "1 on another scope" : "\(count.grouped) on other scopes"
        return installing(
            count, SendWorkload.send(to: CounterScope(), taps, name: "send, no middleware here, \(elsewhere)")
        ) { index in
            others[index].addMiddleware { scope, when, next in try next(when) }
        }
    }

    /// `timedCase` with the `count` middlewares `add` makes installed only while it is timed: a
    /// middleware that stayed would slow other cases down.
    private static func installing(
        _ count: Int, _ timedCase: TimedCase,
        _ add: @escaping @MainActor (_ index: Int) -> MiddlewareRegistration
    ) -> TimedCase {
        var timedCase = timedCase
        var registrations: [MiddlewareRegistration] = []
        timedCase.setUp = { registrations = (0..<count).map(add) }
        timedCase.tearDown = {
            for registration in registrations { registration.remove() }
            registrations.removeAll()
        }
        return timedCase
    }

    /// One app-wide middleware that passes every event on, installed only while this case is timed.
    static func withAppWidePassThrough(_ taps: TapSequence) -> TimedCase {
        withAppWide(taps, name: "send through 1 app-wide pass-through middleware (+15 ns)") { event, next in
            try next(event)
        }
    }

    /// One app-wide middleware that passes on, for every event, an event it made of the same `When`:
    /// the event is unboxed into the scope's `When` again.
    static func withAppWideReplacing(_ taps: TapSequence) -> TimedCase {
        withAppWide(taps, name: "send through 1 app-wide middleware passing an event it made") {
            event, next in
            try next(event.with(when: event.when))
        }
    }

    /// `send` through `middleware`, installed only while the case is timed.
    private static func withAppWide(
        _ taps: TapSequence, name: String, _ middleware: @escaping AppWideMiddleware
    ) -> TimedCase {
        var registration: MiddlewareRegistration?
        var timedCase = SendWorkload.send(to: CounterScope(), taps, name: name)
        timedCase.setUp = { registration = Middleware.addAppWide(middleware) }
        timedCase.tearDown = { registration?.remove() }
        return timedCase
    }

    /// `EventLogging` on at `.debug`, below the default handler's `.info`: it logs nothing.
    static func withQuietLogging(_ taps: TapSequence) -> TimedCase {
        var timedCase = SendWorkload.send(
            to: CounterScope(), taps, name: "send, EventLogging on at a level that logs nothing")
        timedCase.setUp = { EventLogging.enable(level: .debug) }
        timedCase.tearDown = { EventLogging.disable() }
        return timedCase
    }

    /// Analytics installed; the counter's events are not `TrackedWhen`, so none is tracked.
    static func withAnalyticsNotTracking(_ taps: TapSequence) -> TimedCase {
        var registration: MiddlewareRegistration?
        var timedCase = SendWorkload.send(
            to: CounterScope(), taps, name: "send, analytics installed, event not tracked (+20 ns)")
        timedCase.setUp = { registration = Analytics.install { _ in } }
        timedCase.tearDown = { registration?.remove() }
        return timedCase
    }

    /// Analytics installed and every event tracked: what `send` costs the main actor, which hands
    /// each event over to be encoded and delivered off it.
    static func withAnalyticsTracking() -> TimedCase {
        let scope = TallyScope()
        let counter = AnalyticsCounter()
        var registration: MiddlewareRegistration?
        var timedCase = TimedCase(name: "send, analytics installed, event tracked") { iterations in
            for index in 0..<iterations { scope.send(.add(index)) }
            return UInt64(truncatingIfNeeded: scope.total)
        }
        timedCase.setUp = { registration = Analytics.install(counter.sink) }
        timedCase.tearDown = {
            registration?.remove()
            AnalyticsCounter.waitUntilDelivered()
        }
        return timedCase
    }

    /// The same, timed until every event reached the sink: the main actor and the delivery together.
    static func withAnalyticsTrackingUntilDelivered() -> TimedCase {
        let scope = TallyScope()
        let counter = AnalyticsCounter()
        var registration: MiddlewareRegistration?
        var timedCase = TimedCase(name: "send, analytics installed, event tracked, until delivered") {
            iterations in
            for index in 0..<iterations { scope.send(.add(index)) }
            AnalyticsCounter.waitUntilDelivered()
            return UInt64(truncatingIfNeeded: scope.total &+ counter.count)
        }
        timedCase.setUp = { registration = Analytics.install(counter.sink) }
        timedCase.tearDown = { registration?.remove() }
        return timedCase
    }

    /// Every event tracked, an error handler and a flight recorder, as a shipped app runs.
    static func withEverythingOn() -> TimedCase {
        let scope = TallyScope()
        let counter = AnalyticsCounter()
        var analytics: MiddlewareRegistration?
        var handler: ErrorReporting.Registration?
        var recorder: FlightRecorder?
        var reports = 0
        var timedCase = TimedCase(name: "send, every event tracked, error handler, flight recorder") {
            iterations in
            for index in 0..<iterations { scope.send(.add(index)) }
            return UInt64(truncatingIfNeeded: scope.total &+ reports)
        }
        timedCase.setUp = {
            analytics = Analytics.install(counter.sink)
            handler = ErrorReporting.addHandler { _ in reports &+= 1 }
            recorder = FlightRecorder(recording: scope, keepingLast: 1_000)
        }
        timedCase.tearDown = {
            analytics?.remove()
            handler?.remove()
            recorder?.stop()
            AnalyticsCounter.waitUntilDelivered()
        }
        return timedCase
    }
}
