/// How long a bounded wait has waited, counted in the waiting task's own turns rather than on the
/// clock: a live test's `waitUntil`, the inspector's wait for its server to listen.
///
/// The main actor is the whole process's. On a loaded machine (another build, an IDE indexing, the
/// other tests of a run) a waiting task may not get it back for seconds while other work holds it:
/// that time says nothing about whether what it waits for will happen. So each turn counts what it
/// asked to sleep and a little more, never the time it spent queued behind others: a wait gives up
/// only after as many turns as a quiet machine would give it in `limit`.
package struct WaitPatience {
    /// The most a turn that asked for less counts, however late the waiting task runs again.
    package static let longestTurn: Duration = .milliseconds(10)

    /// The waiting time allowed, saturated to what the continuous clock can represent.
    package let limit: Duration
    /// The waiting time counted so far.
    package private(set) var spent: Duration = .zero

    package init(_ limit: Duration) {
        self.limit = min(max(limit, .zero), EffectClock.longestWait)
    }

    /// Whether the waiting time allowed is used up.
    package var isExhausted: Bool { spent >= limit }

    /// Lets other tasks run for about `interval`, then counts the turn.
    package mutating func pause(for interval: Duration = .milliseconds(1)) async {
        let start = ContinuousClock.now
        // A short sleep rather than a bare yield: the awaited work may need another thread's time.
        try? await Task.sleep(for: interval)
        count(since: start, asking: interval)
    }

    /// Counts a turn that began at `start` and asked to wait `interval`: what it took, up to
    /// `interval` or ``longestTurn``, whichever is longer.
    package mutating func count(since start: ContinuousClock.Instant, asking interval: Duration) {
        spent += min(ContinuousClock.now - start, max(interval, Self.longestTurn))
    }
}
