import Statoscope

/// Workload 2: `send` through pass-through middlewares, and with middleware support but none installed.
///
/// Budgets: with logging off (no middleware installed), middleware support adds nothing measurable:
/// `send` on a scope that had a middleware and no longer has one stays within 10% (the run-to-run
/// noise of this machine) of `send` on a scope that never had one; `send` on a scope without
/// middleware while other scopes have some at most 1.5x (one probe of a filter); logging at a level that logs nothing at most
/// 1.5x plain `send`. A pass-through middleware (a scope's own, through its type or a base class, or
/// app-wide) and analytics skipping an event it does not track, each at most 2x a hand-written
/// counter calling as many interceptors. A tracked event at most 5x a hand-written view model naming
/// it and calling the analytics sink itself, 15x until delivered; every event tracked, an error
/// handler and a flight recorder together at most 10x that view model.
@MainActor
enum MiddlewareWorkload {
    /// "Nothing measurable": within the noise between repetitions of the same loop on this machine.
    static let noise = 1.10
    /// One probe of the filter of the scopes that need `send`'s full path (those with middleware, and
    /// dismissed scopes still held), under a nanosecond, on a `send` of a dozen instructions.
    static let probe = 1.5
    /// A middleware against a hand-written interceptor, as `send` against `handle(_:)`.
    static let middlewareRatio = 2.0
    /// A tracked event's cost to the main actor against a view model naming the event and calling
    /// the sink itself: the library boxes the event, finds its scope's path and the sinks installed,
    /// and queues them for another thread.
    static let analyticsRatio = 8.0
    /// The same until delivered: encoding any `Codable` event, with its sensitive values redacted, on
    /// another thread, where the hand-written view model names one case it knows.
    static let deliveredRatio = 15.0
    /// Every event tracked, an error handler and a flight recorder, against the same view model.
    static let everythingOnRatio = 10.0

    static func run(_ context: WorkloadContext) {
        let taps = TapSequence()
        // Measured together, interleaved, then recorded grouped by the baseline each is compared with.
        let names = [
            "plain", "removed", "dropped", "recorderDropped", "released", "own1", "own3", "elsewhere1",
            "appWide", "quietLogging", "untracked", "tracked", "everythingOn", "delivered", "replacing",
            "elsewhere1000", "baseClass", "baseClass1", "baseClass3", "byHand1", "byHand3", "byHandAnalytics",
            "byHandHandOver",
        ]
        let cases = [
            SendWorkload.send(to: CounterScope(), taps, name: "send, no middleware ever added"),
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
            withAnalyticsTrackingUntilDelivered(),
            withAppWideReplacing(taps),
            elsewhere(count: 1_000, taps),
            SendWorkload.send(
                to: SubclassedCounterScope(), taps, name: "send through a base-class reference"),
            withPassThroughSubclass(count: 1, taps),
            withPassThroughSubclass(count: 3, taps),
            handWrittenIntercepted(count: 1, taps),
            handWrittenIntercepted(count: 3, taps),
            handWrittenAnalytics(),
            handWrittenAnalyticsHandOver(),
        ]
        let measured = Dictionary(uniqueKeysWithValues: zip(names, Sampler.measure(cases, in: context)))
        func result(_ name: String) -> Measured { measured[name]! }

        context.recordBaseline(result("plain"))
        // Removed, dropped, or gone with its scope: each leaves `send` on its fast path.
        for name in ["removed", "dropped", "recorderDropped", "released"] {
            context.record(result(name), against: result("plain"), budget: .ratio(atMost: noise))
        }
        // Other scopes' middleware costs a scope without any one probe of a filter.
        for name in ["elsewhere1", "elsewhere1000"] {
            context.record(result(name), against: result("plain"), budget: .ratio(atMost: probe))
        }
        context.record(result("baseClass"), against: result("plain"))
        // Logging on at a level the default handler drops: at most 1.5x plain `send`.
        context.record(result("quietLogging"), against: result("plain"), budget: .ratio(atMost: 1.5))
        // A middleware that passes on an event it made: reported.
        context.record(result("replacing"), against: result("plain"))
        // Pass-through middlewares and analytics skipping an event, against as many interceptors.
        context.recordBaseline(result("byHand1"))
        for name in ["own1", "baseClass1", "appWide", "untracked"] {
            context.record(result(name), against: result("byHand1"), budget: .ratio(atMost: middlewareRatio))
        }
        context.recordBaseline(result("byHand3"))
        for name in ["own3", "baseClass3"] {
            context.record(result(name), against: result("byHand3"), budget: .ratio(atMost: middlewareRatio))
        }
        // A tracked event's cost to the main actor, against the hand-written view model queueing the
        // event for another thread; then the whole of it until delivered, and everything a shipped
        // app turns on, against the view model naming the event and calling the sink itself.
        context.recordBaseline(result("byHandHandOver"))
        context.record(
            result("tracked"), against: result("byHandHandOver"), budget: .ratio(atMost: analyticsRatio))
        let byHand = result("byHandAnalytics")
        context.recordBaseline(byHand)
        context.record(result("delivered"), against: byHand, budget: .ratio(atMost: deliveredRatio))
        context.record(result("everythingOn"), against: byHand, budget: .ratio(atMost: everythingOnRatio))
    }

    /// A hand-written counter calling `count` interceptors that pass every event on.
    static func handWrittenIntercepted(count: Int, _ taps: TapSequence) -> TimedCase {
        let interceptors: [HandWrittenInterceptedCounter.Interceptor] = (0..<count).map { _ in
            { when, next in try next(when) }
        }
        let model = HandWrittenInterceptedCounter(interceptors: interceptors)
        let events = taps.handWrittenEvents
        let name = "hand-written handle(_:) through \(count) interceptor\(count == 1 ? "" : "s")"
        return TimedCase(name: name) { iterations in
            events.withUnsafeBufferPointer { events in
                for index in 0..<iterations {
                    model.send(events[index & TapSequence.mask])
                }
            }
            return UInt64(model.viewDisplaysTotalCount)
        }
    }

    /// The hand-written tally calling an analytics sink itself, on the main actor.
    static func handWrittenAnalytics() -> TimedCase {
        let counter = AnalyticsCounter()
        let model = HandWrittenAnalyticsTally(.sink(counter.sink))
        return TimedCase(name: "hand-written handle(_:) calling an analytics sink") { iterations in
            for index in 0..<iterations { model.handle(.add(index)) }
            return UInt64(truncatingIfNeeded: model.total &+ counter.count)
        }
    }

    /// The hand-written tally handing each event over, as it is, to a queue under a lock.
    static func handWrittenAnalyticsHandOver() -> TimedCase {
        let queue = HandedOverEvents()
        let model = HandWrittenAnalyticsTally(.queue(queue))
        var timedCase = TimedCase(name: "hand-written handle(_:) queueing the event for analytics") {
            iterations in
            for index in 0..<iterations { model.handle(.add(index)) }
            return UInt64(truncatingIfNeeded: model.total &+ queue.count)
        }
        timedCase.tearDown = { queue.removeAll() }
        return timedCase
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
        var registration: InstrumentRegistration?
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
        "\(count) pass-through middleware\(count == 1 ? "" : "s")"
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
        _ add: @escaping @MainActor (_ index: Int) -> InstrumentRegistration
    ) -> TimedCase {
        var timedCase = timedCase
        var registrations: [InstrumentRegistration] = []
        timedCase.setUp = { registrations = (0..<count).map(add) }
        timedCase.tearDown = {
            for registration in registrations { registration.remove() }
            registrations.removeAll()
        }
        return timedCase
    }

    /// One app-wide middleware that passes every event on, installed only while this case is timed.
    static func withAppWidePassThrough(_ taps: TapSequence) -> TimedCase {
        withAppWide(taps, name: "send through 1 app-wide pass-through middleware") { event, next in
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
        var registration: InstrumentRegistration?
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
        var registration: InstrumentRegistration?
        var timedCase = SendWorkload.send(
            to: CounterScope(), taps, name: "send, analytics installed, event not tracked")
        timedCase.setUp = { registration = Analytics.install { _ in } }
        timedCase.tearDown = { registration?.remove() }
        return timedCase
    }

    /// Analytics installed and every event tracked: what `send` costs the main actor, which hands
    /// each event over to be encoded and delivered off it.
    static func withAnalyticsTracking() -> TimedCase {
        let scope = TallyScope()
        let counter = AnalyticsCounter()
        var registration: InstrumentRegistration?
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
        var registration: InstrumentRegistration?
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
        var analytics: InstrumentRegistration?
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
