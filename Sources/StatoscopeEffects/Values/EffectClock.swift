@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// The clock effects wait on: the quiet period of a debounced effect
/// (``EffectKeyPolicy/debounce(_:)``), and any effect that reads it with `@Injected`.
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
    private let elapsedTime: @Sendable () -> Duration
    /// Identifies this value and its copies: a throttle measures an interval between two instants of
    /// one clock, and an interval that started on another clock is over.
    let identity = Identity()

    /// Waits on `clock`.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        sleeper = { try await clock.sleep(for: $0) }
        elapsedTime = { origin.duration(to: clock.now) }
    }

    /// An object whose identity is that of an ``EffectClock`` value.
    final class Identity: Sendable {}

    /// The continuous clock. One value for the process, so that every throttle that no injection
    /// concerns measures its intervals on one clock.
    public static let defaultValue = EffectClock(ContinuousClock())

    /// The longest wait, a century: a debounce's quiet period (``EffectKeyPolicy/debounce(_:)``), a
    /// throttle's interval (``EffectKeyPolicy/throttle(_:)``), a ``sleep(for:)`` and a settling
    /// timeout (``ScopeEffects/waitUntilSettled(timeout:)``) longer than this count as this long.
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

    /// Suspends for `duration` on the clock; throws `CancellationError` if the task is cancelled
    /// meanwhile.
    ///
    /// A `duration` longer than ``longestWait`` waits that long, one of zero or less does not wait.
    public func sleep(for duration: Duration) async throws {
        try await sleeper(Self.boundedWait(duration))
    }
}
