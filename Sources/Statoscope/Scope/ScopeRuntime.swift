/// What the library keeps for one scope: its effects and their tasks, its place in the tree, the
/// dependencies injected at it, and its middleware.
///
/// A scope declares no storage of the library's, so this lives in ``ScopeRuntimeTable``, keyed by the
/// scope's identity, and holds the scope weakly: a running effect never keeps its scope alive.
@MainActor
@usableFromInline
package final class ScopeRuntime {
    /// What happens to effects when the update that enqueued them returns. Anything but `running` is
    /// set only for the duration of a synchronous test run or replay on the main actor.
    package static var effectExecution = EffectExecution.running

    /// The scope this runtime serves; nil once it is released.
    package private(set) weak var scope: AnyObject?
    /// The scope's type, kept for reports made after the scope is gone.
    package let scopeType: any Scope.Type
    /// The scope's identity, kept for the same reason.
    package let scopeID: ObjectIdentifier

    /// The lifecycle of the scope's effects.
    package private(set) var effects = EffectsStateMachine<ScopeEffect>()
    private var tasks: [EffectID: Task<Void, Never>] = [:]
    /// Tasks started and not yet back on the main actor, cancelled ones included.
    package private(set) var unfinishedRuns = 0
    private var isStaged = false
    private var settleWaiters: [CheckedContinuation<Void, Never>] = []

    /// The runtime of the scope's parent in the tree; nil for a root.
    package internal(set) weak var parent: ScopeRuntime?
    /// The name of the parent's property holding this scope (`rows[2]` for an element of a list).
    package internal(set) var nameInParent: String?
    /// The runtimes of the scope's linked children, in the order they were linked.
    package internal(set) var children: [ScopeRuntime] = []

    /// Values injected at this scope with `injectObject`, keyed by their type.
    var injected: [ObjectIdentifier: any Injectable] = [:]
    /// For each dependency type this scope resolved, the scope that provides it, valid while
    /// `providersGeneration` is the tree's: see `provider(of:)`.
    var providers: [ObjectIdentifier: Provider] = [:]
    var providersGeneration: UInt64 = .max
    /// Every dependency this scope sees, cached for effects until the tree or an injection changes.
    var dependencySnapshot: (snapshot: DependencySnapshot, generation: UInt64)?

    /// The middleware of this scope, outermost first.
    var middlewares: [AnyScopeMiddleware] = []

    /// Told of every step of every effect's lifecycle, for logging; nil costs one check per step.
    package static var lifecycleObserver:
        (@MainActor (ScopeRuntime, EffectLifecycleEvent, any Effect) -> Void)?

    init<S: Scope>(scope: S) {
        self.scope = scope
        self.scopeType = S.self
        self.scopeID = ObjectIdentifier(scope)
    }

    /// Stages an effect; it starts when the running update returns, or at once outside any update.
    @usableFromInline
    func enqueue(_ effect: ScopeEffect, key: AnyHashable?, policy: EffectKeyPolicy) {
        switch effects.enqueue(effect, key: key, policy: policy) {
        case .dropped:
            notify(.droppedForKeyInFlight, effect)
            return
        case .staged(_, let cancelled):
            notify(.enqueued, effect)
            if let cancelled {
                cancelTask(cancelled.id)
                notify(.cancelled, cancelled.payload)
            }
        }
        if Dispatcher.isUpdating {
            if !isStaged {
                isStaged = true
                Dispatcher.stage(self)
            }
        } else {
            commitStagedEffects(failed: false)
        }
    }

    /// Starts the staged effects, or discards them when the update that staged them threw.
    func commitStagedEffects(failed: Bool) {
        isStaged = false
        guard !failed else {
            for entry in effects.discardStaged() { notify(.discarded, entry.payload) }
            resumeSettleWaitersIfIdle()
            return
        }
        switch Self.effectExecution {
        case .running:
            for entry in effects.commitStaged() {
                start(entry.id, entry.payload)
            }
        case .recorded:
            _ = effects.commitStaged()
        case .discarded:
            for entry in effects.discardStaged() { notify(.discarded, entry.payload) }
            resumeSettleWaitersIfIdle()
        }
    }

    private func start(_ id: EffectID, _ effect: ScopeEffect) {
        let dependencies = dependenciesForEffects()
        let body = effect.body
        let task: Task<Void, Never>
        // Without dependencies to provide, the task runs the body directly: an effect parked at an
        // `await` keeps every frame below it, and fewer frames fit in the task's first allocator slab.
        if dependencies.isEmpty {
            task = Task.detached { [self] in await body.run(reportingTo: self, id: id) }
        } else {
            task = Task.detached { [self] in
                await dependencies.provide { await body.run(reportingTo: self, id: id) }
            }
        }
        tasks[id] = task
        unfinishedRuns += 1
        notify(.started, effect)
        ScopeRuntimeTable.runningTaskCount += 1
        if ScopeRuntimeTable.runningTaskCount == 1 {
            ScopeRuntimeTable.startSweeping()
        }
    }

    /// An effect's task is back with its outcome.
    func finishRun(_ id: EffectID, outcome: EffectOutcome) {
        unfinishedRuns -= 1
        dropTask(id, cancelling: false)
        finish(id, outcome: outcome)
    }

    /// An effect finished: delivers its outcome unless it was cancelled or the scope is gone.
    package func finish(_ id: EffectID, outcome: EffectOutcome) {
        guard let entry = effects.complete(id) else { return }
        guard let scope else {
            ScopeRuntimeTable.dropReleased(self)
            return
        }
        switch outcome {
        case .deliver(let deliver):
            notify(.completed, entry.payload)
            deliver(scope)
        case .failed(let error):
            notify(.failed(error), entry.payload)
            ErrorReporting.report(
                ErrorReport(error: error, source: .effect(entry.payload.pristine), runtime: self))
        }
        resumeSettleWaitersIfIdle()
    }

    /// Cancels the effects matching `predicate`, given each pristine effect.
    func cancelEffects(where predicate: (EffectsStateMachine<ScopeEffect>.Entry) -> Bool) {
        for entry in effects.cancel(where: predicate) {
            cancelTask(entry.id)
            notify(.cancelled, entry.payload)
        }
        resumeSettleWaitersIfIdle()
    }

    /// Cancels every effect of the scope.
    func cancelAllEffects() {
        for entry in effects.cancelAll() {
            cancelTask(entry.id)
            notify(.cancelled, entry.payload)
        }
        resumeSettleWaitersIfIdle()
    }

    /// Releases what the runtime holds for a scope that is gone: its effects, its cached dependency
    /// providers and its middleware.
    func retire() {
        cancelAllEffects()
        // Providers are ancestors, held strongly while their children hold them in `children`:
        // dropping them once the scope is gone leaves no cycle behind.
        providers.removeAll()
        for _ in middlewares { Dispatcher.instrumentRemoved() }
        middlewares.removeAll()
    }

    /// Suspends until no effect of the scope is staged or running.
    func waitUntilSettled() async {
        while !effects.isEmpty {
            await withCheckedContinuation { settleWaiters.append($0) }
        }
    }

    private func resumeSettleWaitersIfIdle() {
        guard effects.isEmpty, !settleWaiters.isEmpty else { return }
        let waiters = settleWaiters
        settleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    private func notify(_ event: EffectLifecycleEvent, _ effect: ScopeEffect) {
        Self.lifecycleObserver?(self, event, effect.pristine)
    }

    private func cancelTask(_ id: EffectID) {
        dropTask(id, cancelling: true)
    }

    private func dropTask(_ id: EffectID, cancelling: Bool) {
        guard let task = tasks.removeValue(forKey: id) else { return }
        if cancelling { task.cancel() }
        ScopeRuntimeTable.runningTaskCount -= 1
    }
}
