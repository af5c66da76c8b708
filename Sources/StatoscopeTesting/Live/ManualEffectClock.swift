import Foundation
import Statoscope

/// A clock whose time passes only when a live test advances it, for an `EffectClock` injected into
/// a live tree.
///
/// <!-- compiled with: Debounce -->
/// <!-- compiled inside: @MainActor func manualClockSample(search: SearchScreen) async { … } -->
/// ```swift
/// let clock = ManualEffectClock()
/// search.inject(EffectClock(clock))
/// search.send(.userTyped("sw"))   // debounced: waits on `clock`
/// clock.advance(by: .milliseconds(300))
/// ```
///
/// Deterministic: a sleeper wakes exactly when an advance reaches its deadline, sleepers wake in
/// deadline order (those with the same deadline in the order they began to sleep), and a cancelled
/// sleeper throws `CancellationError` at once. The clock never reads the wall clock. A woken task
/// runs on its own executor after `advance` returns: wait for what it does with `waitUntil`.
public final class ManualEffectClock: Clock {
    /// A point in the clock's time: how far it is from the clock's start.
    public struct Instant: InstantProtocol {
        /// The time from the clock's start.
        public let offset: Duration

        /// The instant `offset` after the clock's start.
        package init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative), saturating far beyond any clock a
        /// test runs: at eight times `.seconds(Int64.max)` from the start, either way.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: EffectClock.saturated(offset, plus: duration))
        }

        /// The time from this instant to `other`, each taken within eight times `.seconds(Int64.max)`
        /// of the start, so that it never overflows.
        public func duration(to other: Instant) -> Duration {
            EffectClock.distance(from: offset, to: other.offset)
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    // Guarded by `lock` (see the class's SAFETY note).
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var lastID: UInt64 = 0

    /// A clock at its start, with no sleeper.
    public init() {}

    /// The clock's current time.
    public var now: Instant { lock.withLock { current } }

    /// None: the clock moves only by what a test advances it.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are waiting on the clock: a test waits for a sleeper to exist before it
    /// advances past its deadline.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Suspends until the clock reaches `deadline`, or throws `CancellationError` at once when the
    /// calling task is cancelled. A deadline already reached returns at once.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            lastID &+= 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let resumeNow: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let cancelled = lock.withLock {
                sleepers.firstIndex { $0.id == id }.map { sleepers.remove(at: $0) }
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` (nothing for zero or less), waking every sleeper whose
    /// deadline it reaches, in deadline order.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: max(duration, .zero)))
    }

    /// Moves time forward to `instant` (nothing if it is not later), waking every sleeper whose
    /// deadline it reaches, in deadline order.
    public func advance(to instant: Instant) {
        let due = lock.withLock {
            guard current < instant else { return [Sleeper]() }
            current = instant
            let due = sleepers.enumerated().filter { $0.element.deadline <= instant }
                .sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }
                .map(\.element)
            sleepers.removeAll { $0.deadline <= instant }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

// SAFETY: Sound because `current`, `sleepers` and `lastID` are read and written only with `lock`
// held, and no continuation is resumed while it is held.
extension ManualEffectClock: @unchecked Sendable {}
