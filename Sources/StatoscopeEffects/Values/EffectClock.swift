@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// The clock effects wait on: the quiet period of a debounced effect
/// (``EffectKeyPolicy/debounce(_:)``), the delay of a delayed event
/// (``ScopeEffects/enqueue(_:after:key:)``), and any effect that reads it with `@Injected`.
///
/// The continuous clock by default. Inject another for a subtree, to speed a live run up or to let a
/// test decide when time passes:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func injectSample(app: App, fasterClock: some Clock<Duration>) { … } -->
/// ```swift
/// app.inject(EffectClock(fasterClock))   // `app` and every scope below it wait on it
/// ```
///
/// An effect that waits should wait on it too, so that the same injection controls it:
///
/// ```swift
/// struct Poll: Effect {
///     @Injected var clock: EffectClock
///     func runEffect() async throws -> Int {
///         try await clock.sleep(for: .seconds(30))
///         return 1
///     }
/// }
/// ```
///
/// A wait never traps, however long: one longer than ``longestWait`` (a century) lasts a century,
/// which is in practice until its effect is cancelled, and one of zero or less does not wait.
public struct EffectClock: Injectable {
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let deadlineSleeper: @Sendable (Duration) async throws -> Void
    private let elapsedTime: @Sendable () -> Duration
    /// The wrapped clock's minimum resolution.
    public let minimumResolution: Duration
    /// Identifies this value and its copies: a throttle measures an interval between two instants of
    /// one clock, and an interval that started on another clock is over.
    let identity = Identity()
    /// The test plan's clock whose time this is, for a clock a plan provides; nil for any other.
    package let planClock: PlanClock?

    /// Waits on `clock`.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        sleeper = { try await clock.sleep(for: $0) }
        deadlineSleeper = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
        elapsedTime = { origin.duration(to: clock.now) }
        minimumResolution = clock.minimumResolution
        planClock = nil
    }

    /// The clock of `planClock`, whose time `time` holds as the plan moves it: a sleep lasts until
    /// its task is cancelled, since nothing in a plan waits.
    init(planClock: PlanClock, time: CriticalState<Duration>) {
        sleeper = { _ in try await Task.sleep(for: Self.longestWait) }
        deadlineSleeper = { _ in try await Task.sleep(for: Self.longestWait) }
        elapsedTime = { time.withLock { $0 } }
        minimumResolution = .nanoseconds(1)
        self.planClock = planClock
    }

    /// An object whose identity is that of an ``EffectClock`` value.
    final class Identity: Sendable {}

    /// The continuous clock. One value for the process, so that every throttle that no injection
    /// concerns measures its intervals on one clock.
    public static let defaultValue = EffectClock(ContinuousClock())

    /// The longest wait, a century: a debounce's quiet period (``EffectKeyPolicy/debounce(_:)``), a
    /// delayed event's delay (``ScopeEffects/enqueue(_:after:key:)``), a throttle's interval
    /// (``EffectKeyPolicy/throttle(_:)``), a ``sleep(for:)`` and a settling timeout
    /// (``ScopeEffects/waitUntilSettled(timeout:)``) longer than this count as this long.
    ///
    /// The continuous clock, like any clock whose instants count from a recent start, reaches a
    /// century from now without overflowing, and in practice a wait this long lasts until its effect
    /// is cancelled. A test plan's clock follows the same rule.
    public static let longestWait: Duration = .seconds(3_155_760_000)

    /// `duration` as waited: at most ``longestWait``, and zero when negative.
    static func boundedWait(_ duration: Duration) -> Duration {
        min(max(duration, .zero), longestWait)
    }

    /// The time passed on the clock since this value was made: what a throttle measures.
    var elapsed: Duration { elapsedTime() }

    /// How far from its clock's start an instant goes, either way: far beyond any clock that has run
    /// for `.seconds(Int64.max)`, and near enough that the time between any two instants fits in a
    /// `Duration`.
    package static let farthestOffset = Duration.seconds(Int64.max) * 8

    /// `offset + duration`, saturating at ``farthestOffset`` either way, so that no duration a caller
    /// passes overflows.
    package static func saturated(_ offset: Duration, plus duration: Duration) -> Duration {
        let offset = bounded(offset)
        if duration > .zero {
            return duration >= farthestOffset - offset ? farthestOffset : offset + duration
        }
        return duration <= .zero - farthestOffset - offset ? .zero - farthestOffset : offset + duration
    }

    /// The time from `start` to `end`, each taken within ``farthestOffset``: it fits in a `Duration`.
    package static func distance(from start: Duration, to end: Duration) -> Duration {
        bounded(end) - bounded(start)
    }

    private static func bounded(_ offset: Duration) -> Duration {
        min(max(offset, .zero - farthestOffset), farthestOffset)
    }

    /// Suspends for `duration` on the clock; throws `CancellationError` if the task is cancelled
    /// meanwhile.
    ///
    /// A `duration` longer than ``longestWait`` waits that long, one of zero or less does not wait.
    public func sleep(for duration: Duration) async throws {
        try await sleeper(Self.boundedWait(duration))
    }
}

extension EffectClock: Clock {
    /// An instant of an ``EffectClock``: the time since that clock value was made, which its copies
    /// share. Compare and subtract only instants of one clock value.
    public struct Instant: InstantProtocol, Sendable {
        /// The time from the clock value's start to this instant.
        public let offset: Duration

        /// The instant `duration` later (earlier when negative), saturating at eight times
        /// `.seconds(Int64.max)` from the clock's start, either way: no duration traps.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: EffectClock.saturated(offset, plus: duration))
        }

        /// The time from this instant to `other`; between any two instants, it fits in a `Duration`.
        public func duration(to other: Instant) -> Duration {
            EffectClock.distance(from: offset, to: other.offset)
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// The clock's time now: measure from it, and sleep until an instant after it, so that the time
    /// spent handling events between waits causes no drift.
    ///
    /// <!-- compiled inside: func measureSample(clock: EffectClock) async throws { … } -->
    /// ```swift
    /// let start = clock.now
    /// for second in 1...3 {
    ///     try await clock.sleep(until: start.advanced(by: .seconds(second)))
    /// }
    /// ```
    public var now: Instant { Instant(offset: Self.saturated(.zero, plus: elapsed)) }

    /// Suspends until the clock reaches `deadline`; throws `CancellationError` if the task is
    /// cancelled meanwhile. A deadline already passed returns at once; one more than
    /// ``longestWait`` ahead waits that long.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let wait = now.duration(to: deadline)
        guard wait > .zero else { return try Task.checkCancellation() }
        if wait > Self.longestWait { return try await sleeper(Self.longestWait) }
        try await deadlineSleeper(deadline.offset)
    }
}
