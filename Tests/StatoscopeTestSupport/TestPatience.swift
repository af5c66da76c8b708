import Foundation
import StatoscopeEffects
import Testing

/// How long a test waits for something that takes microseconds when all goes well, counted in the
/// waiting task's own turns (see ``TestPatience``): a loaded machine, on which every suite shares one
/// main actor, stretches a wait rather than failing it, and a test that hangs still ends.
public let testPatience: Duration = .seconds(120)

/// A wait's patience, counted in the waiting task's own turns rather than on the clock: while other
/// tests hold the main actor on a busy machine, it does not run down. Each turn counts at most what
/// it asked to wait or 10 milliseconds, so on a quiet machine it is the time on the clock.
public struct TestPatience {
    private var patience: WaitPatience

    /// Patience for `limit`, ``testPatience`` unless given.
    public init(_ limit: Duration = testPatience) {
        patience = WaitPatience(limit)
    }

    /// Whether the patience is used up.
    public var isExhausted: Bool { patience.isExhausted }

    /// Lets other tasks run for about `interval`, then counts the turn; returns whether some
    /// patience is left.
    @discardableResult
    public mutating func pause(for interval: Duration = .milliseconds(1)) async -> Bool {
        await patience.pause(for: interval)
        return !patience.isExhausted
    }

    /// Counts a turn that began at `start` and asked to wait `interval`.
    public mutating func count(since start: ContinuousClock.Instant, asking interval: Duration) {
        patience.count(since: start, asking: interval)
    }
}

/// Sleeps until ``testPatience`` has run out, counted in turns: the timer of a wait that fails when
/// it fires. Throws `CancellationError` once cancelled.
public func sleepThroughTestPatience() async throws {
    var patience = TestPatience()
    while !patience.isExhausted {
        try Task.checkCancellation()
        await patience.pause(for: .milliseconds(10))
    }
    try Task.checkCancellation()
}

extension ScopeEffects {
    /// Whether the scope settles (no effect staged or running) within ``testPatience``, counted in
    /// turns: ``waitUntilSettled(timeout:)`` counts the clock, which a loaded machine runs down
    /// while the test waits for the main actor.
    public func settlesWithinTestPatience() async -> Bool {
        var patience = TestPatience()
        while true {
            let start = ContinuousClock.now
            if await waitUntilSettled(timeout: .milliseconds(10)) { return true }
            patience.count(since: start, asking: .milliseconds(10))
            if patience.isExhausted { return false }
        }
    }
}

/// Returns once the main actor has run every job queued on it before this call.
///
/// The main actor runs its jobs in the order they were queued, so a job queued now runs after
/// them: awaiting it is a barrier, where a number of `Task.yield()` calls would only be a guess.
@MainActor
public func mainActorBarrier() async {
    await Task { @MainActor in }.value
}

/// Spins on the main actor, holding it, until `condition` holds or ``testPatience`` runs out on the
/// clock; returns whether it held. What other tasks post meanwhile waits for the main actor, so a
/// test sees it all delivered in one turn.
@MainActor
public func holdingTheMainActor(until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + testPatience
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(100)
    }
    return true
}
