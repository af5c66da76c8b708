/// The clock effects wait on: the quiet period of a debounced effect
/// (``EffectKeyPolicy/debounce(_:)``), and any effect that reads it with `@Injected`.
///
/// The continuous clock by default. Inject another for a subtree, to speed a live run up or to let a
/// test decide when time passes:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func injectSample(app: App, fasterClock: some Clock<Duration>) { … } -->
/// ```swift
/// app.injectObject(EffectClock(fasterClock))   // `app` and every scope below it wait on it
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
public struct EffectClock: Injectable {
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let elapsedTime: @Sendable () -> Duration

    /// Waits on `clock`.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        sleeper = { try await clock.sleep(for: $0) }
        elapsedTime = { origin.duration(to: clock.now) }
    }

    /// The continuous clock. One value for the process, so that a throttle's intervals are measured
    /// from one origin.
    public static let defaultValue = EffectClock(ContinuousClock())

    /// The time passed on the clock since this value was made: what a throttle measures.
    var elapsed: Duration { elapsedTime() }

    /// Suspends for `duration` on the clock; throws `CancellationError` if the task is cancelled
    /// meanwhile.
    public func sleep(for duration: Duration) async throws {
        try await sleeper(duration)
    }
}
