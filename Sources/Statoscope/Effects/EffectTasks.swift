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
    var startBuffer: [EffectsStateMachine<ScopeEffect>.Started] = []
    /// `waitUntilSettled()` callers, resumed once no effect is staged or running.
    var settleWaiters: [CheckedContinuation<Void, Never>] = []
    /// `waitUntilSettled(timeout:)` callers, resumed once no effect is staged or running, or when
    /// their time is up.
    var timedSettleWaiters: [SettleWaiter] = []
}
