@_spi(StatoscopeInternals) import StatoscopeCore

/// The tasks running one scope's effects, and who waits for them to settle: the plumbing beside
/// the pure ``EffectsStateMachine``.
@MainActor
struct EffectTasks {
    /// Effects whose task is running and not yet dropped; each body holds its own task.
    var runningTasks = 0
    /// Tasks started and not yet back on the main actor, cancelled ones included.
    var unfinishedRuns = 0
    /// Whether the running update staged effects here, so the dispatcher commits them once.
    var isStaged = false
    /// The effects an update's return starts, kept between updates for its buffer.
    var startBuffer: [EffectsStateMachine<EnqueuedEffect>.Started] = []
    /// `waitUntilSettled()` callers, resumed once no effect is staged or running.
    var settleWaiters: [CheckedContinuation<Void, Never>] = []
    /// `waitUntilSettled(timeout:)` callers, resumed once no effect is staged or running, or when
    /// their time is up.
    var timedSettleWaiters: [SettleWaiter] = []

    // Each change is one mutating call, so that it costs one exclusivity check of the runtime's
    // property rather than one per field it touches.

    /// Notes that the running update staged effects here; returns whether it is the first time.
    mutating func markStaged() -> Bool {
        guard !isStaged else { return false }
        isStaged = true
        return true
    }

    /// Counts a task started; returns whether it is the only one running.
    mutating func taskStarted() -> Bool {
        runningTasks += 1
        unfinishedRuns += 1
        return runningTasks == 1
    }

    /// Counts a task dropped, finished or cancelled; returns whether none is running any more.
    mutating func taskDropped() -> Bool {
        runningTasks -= 1
        return runningTasks == 0
    }
}
