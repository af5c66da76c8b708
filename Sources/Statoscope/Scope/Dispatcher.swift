/// Routes events into scopes' updates: the re-entrancy queue, the effects staged during an update,
/// and the fast path's bookkeeping.
///
/// All of it lives on the main actor, where every update runs, so one queue serves the whole app: no
/// update ever interleaves with another, whichever scopes they belong to.
@usableFromInline
@MainActor
enum Dispatcher {
    // The two values `send` uses are computed constants, not stored ones: a stored `static let` is
    // read through an accessor call from the user's module on every `send`.

    /// The gate value when no update is running and nothing needs the full path.
    @inlinable static var open: UInt8 { 0 }
    /// Set while an update runs: a `send` made then is queued.
    @inlinable static var updating: UInt8 { 1 << 0 }
    /// Set while anything (middleware, a test plan) needs every event to take the full path.
    static let instrumented: UInt8 = 1 << 1

    /// The fast path's only test: `open` means a `send` may call `update` directly.
    @usableFromInline static var gate: UInt8 = open

    /// Whether the running update left anything behind: staged effects or queued events.
    @usableFromInline static var hasDeferredWork = false

    /// Events sent while an update was running, oldest first.
    private static var queue: [QueuedEvent] = []
    private static var queueHead = 0

    /// Runtimes holding effects staged by the running update.
    private static var staged: [ScopeRuntime] = []

    /// Whether an update is running now; effects enqueued outside any update start at once.
    static var isUpdating: Bool { gate & updating != 0 }

    /// The full path of `sendUnsafe`: an update is running, or something needs every event.
    @usableFromInline
    static func dispatch<S: Scope>(_ when: S.When, to scope: S) throws {
        if isUpdating {
            queue.append(QueuedEvent(scope: scope, when: when))
            hasDeferredWork = true
            return
        }
        if gate & instrumented != 0 {
            MiddlewareChain.notifyEntry(when, to: scope)
        }
        gate |= updating
        do {
            try deliver(when, to: scope)
        } catch {
            finishOutermostUpdate(failed: true)
            throw error
        }
        finishOutermostUpdate(failed: false)
    }

    /// Instruments installed anywhere (middleware, taps); while there is one, every event takes the
    /// full path through ``MiddlewareChain``.
    private static var instrumentCount = 0

    static func instrumentAdded() {
        instrumentCount += 1
        gate |= instrumented
    }

    static func instrumentRemoved() {
        instrumentCount -= 1
        if instrumentCount == 0 { gate &= ~instrumented }
    }

    /// Runs one event through the middleware chain and the scope's update.
    static func deliver<S: Scope>(_ when: S.When, to scope: S) throws {
        guard gate & instrumented != 0 else { return try scope.update(when) }
        try MiddlewareChain.run(when, to: scope)
    }

    /// Ends the outermost update: starts or discards what it staged, then drains the queue.
    @inlinable
    static func finishOutermostUpdate(failed: Bool) {
        if hasDeferredWork {
            settleDeferredWork(failed: failed)
        }
        gate &= ~updating
    }

    @usableFromInline
    static func settleDeferredWork(failed: Bool) {
        commitStagedEffects(failed: failed)
        // Each queued event is an update of its own: its staged effects start or are discarded on its
        // own outcome, and what it throws is reported, since its sender has long returned.
        while queueHead < queue.count {
            let event = queue[queueHead]
            queueHead += 1
            event.run()
        }
        queue.removeAll(keepingCapacity: queue.capacity <= 64)
        queueHead = 0
        hasDeferredWork = false
    }

    /// Records that `runtime` staged an effect during the running update.
    static func stage(_ runtime: ScopeRuntime) {
        staged.append(runtime)
        hasDeferredWork = true
    }

    private static func commitStagedEffects(failed: Bool) {
        guard !staged.isEmpty else { return }
        // Taken out rather than copied, so that its buffer is reused instead of a new one being
        // allocated for every update that enqueues an effect.
        var runtimes = staged
        staged = []
        for runtime in runtimes {
            runtime.commitStagedEffects(failed: failed)
        }
        if staged.isEmpty {
            runtimes.removeAll(keepingCapacity: true)
            staged = runtimes
        }
    }

    /// Runs a queued event as an update of its own, reporting what it throws.
    fileprivate static func runQueued<S: Scope>(_ when: S.When, to scope: S) {
        do {
            try deliver(when, to: scope)
            commitStagedEffects(failed: false)
        } catch {
            commitStagedEffects(failed: true)
            reportUpdateError(error, when: when, scope: scope)
        }
    }

    /// Reports an error thrown by a scope's update to ``ErrorReporting`` and the log.
    @usableFromInline
    static func reportUpdateError<S: Scope>(_ error: any Error, when: S.When, scope: S) {
        ErrorReporting.report(ErrorReport(error: error, source: .update(when), scope: scope))
    }
}

/// An event sent while an update was running, waiting for its turn.
@MainActor
private struct QueuedEvent {
    let run: @MainActor () -> Void

    init<S: Scope>(scope: S, when: S.When) {
        run = { Dispatcher.runQueued(when, to: scope) }
    }
}
