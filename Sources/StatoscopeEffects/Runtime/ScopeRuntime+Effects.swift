@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

extension ScopeRuntime {
    /// Told of every step of every effect's lifecycle, for logging; nil costs one check per step.
    ///
    /// Global because logging is switched on for the whole app at once, like swift-log's bootstrap.
    package static var lifecycleObserver: LifecycleHook? {
        get { effectRunning.hooks.observer }
        set {
            // The replaced hook is swapped out and released after the change: it may hold the last
            // reference to the app's objects (a logger's handler), whose deinit is the app's code.
            var replaced = newValue
            swap(&replaced, &effectRunning.hooks.observer)
        }
    }

    /// Told of every step of every effect's lifecycle, for the flight recorder; apart from
    /// ``lifecycleObserver`` so that logging and the flight recorder come and go independently.
    package static var lifecycleRecorder: LifecycleHook? {
        get { effectRunning.hooks.recorder }
        set {
            // Swapped out, as ``lifecycleObserver`` is.
            var replaced = newValue
            swap(&replaced, &effectRunning.hooks.recorder)
        }
    }

    /// Told of every step of every effect's lifecycle, for the live inspector; apart from the two
    /// above so that logging, the flight recorder and the inspector come and go independently.
    package static var lifecycleInspector: LifecycleHook? {
        get { effectRunning.hooks.inspector }
        set {
            // Swapped out, as ``lifecycleObserver`` is.
            var replaced = newValue
            swap(&replaced, &effectRunning.hooks.inspector)
        }
    }

    package typealias LifecycleHook = @MainActor (ScopeRuntime, EffectLifecycleEvent, any Effect) -> Void

    /// Tasks started and not yet back on the main actor, cancelled ones included.
    package var unfinishedRuns: Int { effectTasks.unfinishedRuns }

    /// Stages an effect without a key; it starts when the running update returns, or at once outside
    /// any update.
    ///
    /// Apart from the keyed enqueue, so that the common case copies and tests no optional key: that
    /// cost more than staging the effect.
    @usableFromInline
    func enqueue(_ effect: EnqueuedEffect) {
        guard !isDismissed else { return rejectForDismissal(effect) }
        let part = ownEffectPart
        part.machine.stage(effect)
        notify(.enqueued, effect)
        startOrStageCommit(in: part)
    }

    /// Stages an effect; it starts when the running update returns, or at once outside any update.
    @usableFromInline
    func enqueue(_ effect: EnqueuedEffect, key: AnyHashable?, policy: EffectKeyPolicy) {
        guard !isDismissed else { return rejectForDismissal(effect) }
        let part = ownEffectPart
        if key == nil, case .cancelOlder = policy {
            // No key to compare: one step of the machine, no result to inspect.
            part.machine.stage(effect)
            notify(.enqueued, effect)
        } else {
            let (now, clock) = now(for: policy)
            switch part.machine.enqueue(effect, key: key, policy: policy, now: now, clock: clock) {
            case .dropped:
                notify(.droppedForKeyInFlight, effect)
                return
            case .throttled:
                notify(.droppedByThrottle, effect)
                return
            case .staged(_, let cancelled):
                notify(.enqueued, effect)
                if let cancelled { notify(.cancelled, cancelled.payload) }
            }
            releaseKeys(in: part)
        }
        startOrStageCommit(in: part)
    }

    /// A dismissed scope has no work: what it enqueues (from a view still holding it, say) is
    /// cancelled before it starts.
    private func rejectForDismissal(_ effect: EnqueuedEffect) {
        notify(.enqueued, effect)
        notify(.cancelled, effect)
    }

    /// The staged effects start when the running update returns, or now outside any update.
    private func startOrStageCommit(in part: EffectPart) {
        if Dispatcher.isUpdating {
            if part.tasks.markStaged() { Dispatcher.stage(self) }
        } else {
            commitStagedEffects(failed: false)
        }
    }

    /// The time a throttle measures its interval on, and the clock it was read on: the scope's plan
    /// clock while effects are recorded, else the scope's ``EffectClock``. A scope given another
    /// clock since its latest start, live or in a plan, starts a new interval.
    /// Other policies read no clock.
    private func now(for policy: EffectKeyPolicy) -> (Duration, AnyObject?) {
        switch policy {
        case .throttle, .throttleLatest: break
        case .cancelOlder, .keepOlder, .debounce: return (.zero, nil)
        }
        if Self.effectExecution == .recorded {
            guard let clock = planClock else { return (.zero, nil) }
            return (clock.now, clock)
        }
        let clock = resolve(EffectClock.self)
        return (clock.elapsed, clock.identity)
    }

    /// Starts the staged effects, or discards them when the update that staged them threw.
    func commitStagedEffects(failed: Bool) {
        let part = ownEffectPart
        part.tasks.isStaged = false
        guard !failed else {
            for entry in part.machine.discardStaged() { notify(.discarded, entry.payload) }
            releaseKeys(in: part)
            resumeSettleWaitersIfIdle(in: part)
            return
        }
        switch Self.effectExecution {
        case .running:
            if let only = part.machine.commitOnlyStaged() {
                start(in: part, only.id, only.payload, after: only.delay)
                return
            }
            // Taken out while in use: a buffer reused by every update that enqueues effects.
            var started = part.tasks.startBuffer
            part.tasks.startBuffer = []
            cancelReplaced(in: part, part.machine.commitStaged(starting: &started))
            for effect in started {
                start(in: part, effect.id, effect.payload, after: effect.delay)
            }
            started.removeAll(keepingCapacity: true)
            part.tasks.startBuffer = started
            releaseKeys(in: part)
        case .recorded:
            let committed = part.machine.commitStaged()
            cancelReplaced(in: part, committed.replaced)
            var arrived: [@MainActor () -> Void] = []
            for entry in committed.started {
                let id = entry.id
                if let delay = entry.delay {
                    schedule(id, after: delay)
                } else if let arrival = arrivalOnStart(id, entry.payload) {
                    arrived.append(arrival)
                }
                if entry.payload.isStream, let timer = entry.payload.pristine as? RepeatingTimer {
                    startTimer(entry.id, timer, after: entry.delay ?? .zero)
                }
            }
            releaseKeys(in: part)
            // A delayed event with no delay, or an effect that only waits for none, arrives now, in
            // the order enqueued, once the table is settled: what its update does to this scope's
            // effects holds for those after it.
            for arrival in arrived { arrival() }
        case .discarded:
            for entry in part.machine.discardStaged() { notify(.discarded, entry.payload) }
            releaseKeys(in: part)
            resumeSettleWaitersIfIdle(in: part)
        }
    }

    /// The update that enqueued newer effects with their keys returned: the older ones end now.
    private func cancelReplaced(
        in part: EffectPart, _ replaced: [EffectsStateMachine<EnqueuedEffect>.Entry]
    ) {
        for entry in replaced {
            dropTask(in: part, of: entry.payload, cancelling: true)
            notify(.cancelled, entry.payload)
        }
    }

    private func start(
        in part: EffectPart, _ id: EffectID, _ effect: EnqueuedEffect, after delay: Duration?
    ) {
        let dependencies = dependenciesForEffects()
        let body = effect.body
        body.runtime = self
        body.id = id
        body.isolation = InstrumentIsolation.capture()
        switch dependencies.attached(to: body.pristine, scopePath: path) {
        case .failure(let missing):
            // Its read would have no value to return: it fails without running, reported for its scope.
            CompletionInbox.shared.post(body: body, outcome: .failed(missing), isFinal: true)
        case .success(let copy):
            // Set before the task that runs it exists.
            body.attachedPristine = copy
            if let delay {
                EffectStarter.shared.start(
                    body, providing: dependencies, after: delay, on: resolve(EffectClock.self))
            } else {
                EffectStarter.shared.start(body, providing: dependencies)
            }
        }
        if part.tasks.taskStarted() { ScopeRuntimeTable.becameBusy(self) }
        // A delayed effect starts once its delay has passed (`waitEnded`): until then it is scheduled.
        notify(delay.map { .scheduled(after: $0) } ?? .started, effect)
    }

    /// An effect's task is back with its outcome.
    func finishRun(_ id: EffectID, outcome: EffectOutcome) {
        let part = ownEffectPart
        part.tasks.unfinishedRuns -= 1
        finish(in: part, id, outcome: outcome)
    }

    /// An effect finished: delivers its outcome unless it was cancelled or the scope is gone.
    package func finish(_ id: EffectID, outcome: EffectOutcome) {
        finish(in: ownEffectPart, id, outcome: outcome)
    }

    private func finish(in part: EffectPart, _ id: EffectID, outcome: EffectOutcome) {
        // A cancelled effect's task was dropped when it was cancelled.
        guard let effect = part.machine.completePayload(id) else { return }
        releaseKeys(in: part)
        dropTask(in: part, of: effect, cancelling: false)
        guard let scope else {
            ScopeRuntimeTable.dropReleased(self)
            return
        }
        switch outcome {
        case .deliver(let deliver):
            notify(.completed, effect)
            deliver(scope)
        case .failed(let error):
            notify(.failed(error), effect)
            report(error, of: effect)
        case .nothing, .retrying, .waitEnded:
            // A retry's wait and a delay's end are never final: the last attempt's outcome is.
            notify(.completed, effect)
        }
        resumeSettleWaitersIfIdle(in: part)
    }

    /// An element of a running stream arrived: delivered unless the stream was cancelled, ended or
    /// the scope is gone. The stream stays in flight.
    package func deliverElement(_ id: EffectID, outcome: EffectOutcome) {
        let part = ownEffectPart
        guard let entry = part.machine.entry(id), entry.phase == .running else { return }
        guard let scope else {
            ScopeRuntimeTable.dropReleased(self)
            return
        }
        switch outcome {
        case .deliver(let deliver):
            deliver(scope)
        case .failed(let error):
            report(error, of: entry.payload)
        case .retrying(let wait, let notice):
            notify(.retrying(after: wait), entry.payload)
            notice?(scope)
        case .waitEnded:
            notify(.started, entry.payload)
        case .nothing:
            break
        }
    }

    private func report(_ error: any Error, of effect: EnqueuedEffect) {
        ErrorReporting.report(ErrorReport(error: error, source: .effect(effect.pristine), runtime: self))
    }

    /// Cancels the effects matching `predicate`, given each pristine effect.
    func cancelEffects(where predicate: (EffectsStateMachine<EnqueuedEffect>.Entry) -> Bool) {
        // SAFETY: Sound against re-entry because the predicate is the app's code (it may read this
        // scope's effects, enqueue or cancel some itself, send events) and runs while no access to
        // the unchecked `effects` is live: `inFlight` is computed, so the read ends once it returned
        // a copy of the entries, and the table changes only afterwards, cancelling those of the
        // matching effects that are still in flight. `ReentrancyTests` covers it.
        let part = ownEffectPart
        let matching = part.machine.inFlight.filter(predicate).map(\.id)
        guard !matching.isEmpty else { return }
        ended(in: part, part.machine.cancel(ids: matching))
    }

    /// Cancels the effect enqueued with `key`, and the older one it is to replace, if any.
    func cancelEffects(key: AnyHashable) {
        let part = ownEffectPart
        ended(in: part, part.machine.cancel(key: key))
    }

    private func ended(in part: EffectPart, _ cancelled: [EffectsStateMachine<EnqueuedEffect>.Entry]) {
        releaseKeys(in: part)
        guard !cancelled.isEmpty else { return }
        cancelReplaced(in: part, cancelled)
        resumeSettleWaitersIfIdle(in: part)
    }

    /// Cancels every effect of the scope.
    func cancelAllEffects() {
        let part = ownEffectPart
        guard !part.machine.isEmpty else { return }
        for entry in part.machine.cancelAll() {
            dropTask(in: part, of: entry.payload, cancelling: true)
            notify(.cancelled, entry.payload)
        }
        releaseKeys(in: part)
        resumeSettleWaitersIfIdle(in: part)
    }

    /// Releases the keys the table let go of, now that the access to it has ended: a key is the
    /// app's value, and its deinit, the app's code, may enqueue, read or cancel this scope's effects.
    /// A key the table let go of and no call here took yet is released by the next.
    private func releaseKeys(in part: EffectPart) {
        guard part.machine.hasReleasedKeys else { return }
        withExtendedLifetime(part.machine.takeReleasedKeys()) {}
    }

    /// Suspends until no effect of the scope is staged or running.
    func waitUntilSettled() async {
        while !effects.isEmpty {
            await withCheckedContinuation { effectTasks.settleWaiters.append($0) }
        }
    }

    /// Suspends until no effect of the scope is staged or running, or until `timeout` has passed on
    /// the continuous clock. Returns whether the scope settled.
    func waitUntilSettled(timeout: Duration) async -> Bool {
        // Bounded, so that the deadline is an instant the continuous clock can sleep until.
        let deadline = ContinuousClock.now.advanced(by: EffectClock.boundedWait(timeout))
        while !effects.isEmpty {
            guard ContinuousClock.now < deadline else { return false }
            let settled = await withCheckedContinuation { continuation in
                let waiter = SettleWaiter(continuation)
                effectTasks.timedSettleWaiters.append(waiter)
                waiter.timer = Task { @MainActor [weak self, weak waiter] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    guard let waiter else { return }
                    self?.effectTasks.timedSettleWaiters.removeAll { $0 === waiter }
                    waiter.resume(settled: false)
                }
            }
            guard settled else { return effects.isEmpty }
        }
        return true
    }

    private func resumeSettleWaitersIfIdle(in part: EffectPart) {
        guard part.machine.isEmpty else { return }
        resumeSettleWaiters(in: part)
    }

    // Apart from the check above, which runs once per effect finished: with the waiters' generic
    // buffers in the same function, every call would look up their metadata first.
    @inline(never)
    private func resumeSettleWaiters(in part: EffectPart) {
        if !part.tasks.settleWaiters.isEmpty {
            let waiters = part.tasks.settleWaiters
            part.tasks.settleWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
        if !part.tasks.timedSettleWaiters.isEmpty {
            let waiters = part.tasks.timedSettleWaiters
            part.tasks.timedSettleWaiters.removeAll()
            for waiter in waiters { waiter.resume(settled: true) }
        }
    }

    func notify(_ event: EffectLifecycleEvent, _ effect: EnqueuedEffect) {
        let hooks = Self.effectRunning.hooks
        guard hooks.observer != nil || hooks.recorder != nil || hooks.inspector != nil else { return }
        hooks.observer?(self, event, effect.pristine)
        hooks.recorder?(self, event, effect.pristine)
        hooks.inspector?(self, event, effect.pristine)
    }

    /// Forgets an effect's task, cancelling it if asked; an effect that never started has none.
    ///
    /// A started effect's body knows its runtime until its final outcome was delivered, and this runs
    /// before that, once per started effect: when it is cancelled, or when it finishes uncancelled.
    ///
    /// A finished effect's body keeps its task, which has posted its outcome and is ending: the table
    /// no longer has the effect, so nothing cancels it, and the task is released with the body. (The
    /// task lets go of its closure, which holds the body, when it ends: the two hold each other
    /// only until then.)
    private func dropTask(in part: EffectPart, of effect: EnqueuedEffect, cancelling: Bool) {
        guard effect.body.runtime != nil else { return }
        if cancelling { EffectStarter.shared.cancel(effect.body) }
        if part.tasks.taskDropped() { ScopeRuntimeTable.becameIdle(self) }
    }
}

/// The lifecycle hooks of ``ScopeRuntime``, kept together: a step with neither installed costs one
/// read.
@MainActor
struct LifecycleHooks {
    var observer: ScopeRuntime.LifecycleHook?
    var recorder: ScopeRuntime.LifecycleHook?
    var inspector: ScopeRuntime.LifecycleHook?
}
