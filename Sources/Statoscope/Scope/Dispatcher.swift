/// Routes events into scopes' updates: the re-entrancy queue, the work an update leaves behind, and
/// the gate that lets the common case skip all of it.
///
/// All of it lives on the main actor, where every update runs, so one queue serves the whole app: no
/// update ever interleaves with another, whichever scopes they belong to. That is why its state is
/// global: it is the state of the main actor's one stream of updates.
@usableFromInline
@MainActor
enum Dispatcher {
    // The two values `send` uses are computed constants, not stored ones: a stored `static let` is
    // read through an accessor call from the user's module on every `send`.

    /// The gate value when no update is running and nothing needs the full path.
    @inlinable static var open: UInt8 { 0 }
    /// Set while an update runs: a `send` made then is queued.
    @inlinable static var updating: UInt8 { 1 << 0 }
    /// Set while a route is installed: every event goes through it.
    private static let routed: UInt8 = 1 << 1
    /// Set while a dismissed scope may still be held: every event's scope is checked.
    private static let checkingLifetimes: UInt8 = 1 << 2

    /// The fast path's only test: `open` means a `send` may call `update` directly.
    @usableFromInline static var gate: UInt8 = open

    /// Whether the running update left work behind: staged effects, children leaving, queued events.
    @usableFromInline static var hasDeferredWork = false

    /// Events sent while an update was running, oldest first.
    private static var queue: [QueuedEvent] = []
    private static var queueHead = 0

    /// Runtimes holding effects staged by the running update.
    private static var staged: [ScopeRuntime] = []

    /// Whether an update is running now; effects enqueued outside any update start at once.
    static var isUpdating: Bool { gate & updating != 0 }

    /// The one hook of the full path: while set, every event is handed to it instead of `update`.
    /// Middleware installs itself here; the dispatcher knows nothing more of it.
    static var route: (any EventRoute)? {
        didSet { setGate(routed, route != nil) }
    }

    /// Whether events must be checked against dismissed scopes before delivery.
    static var checksLifetimes: Bool {
        get { gate & checkingLifetimes != 0 }
        set { setGate(checkingLifetimes, newValue) }
    }

    private static func setGate(_ bit: UInt8, _ isSet: Bool) {
        if isSet { gate |= bit } else { gate &= ~bit }
    }

    /// Runs `update` as the outermost update: what it leaves behind is settled when it returns,
    /// whether it returns or throws. The fast path and the full path share it.
    @inlinable
    static func runOutermost(_ update: () throws -> Void) rethrows {
        gate |= updating
        do {
            try update()
        } catch {
            finishOutermostUpdate(failed: true)
            throw error
        }
        finishOutermostUpdate(failed: false)
    }

    /// The full path of `sendUnsafe`: an update is running, or something needs every event.
    @usableFromInline
    static func dispatch<S: Scope>(_ when: S.When, to scope: S) throws {
        if isUpdating {
            queue.append(QueuedEvent(scope: scope, when: when))
            hasDeferredWork = true
            return
        }
        defer { if !afterOutermost.isEmpty { runAfterOutermost() } }
        try runOutermost { try deliver(when, to: scope, isInput: true) }
    }

    /// Work an instrument asked to do once the running event has settled, outside any update: a
    /// recorder's output, which may send events of its own that must be inputs in their turn.
    static var afterOutermost: [@MainActor () -> Void] = []

    private static func runAfterOutermost() {
        let work = afterOutermost
        afterOutermost.removeAll()
        for item in work { item() }
    }

    /// Delivers one event: refused if its scope was dismissed, else through the route if one is
    /// installed, else to `update`. `isInput` says it came from outside any update.
    private static func deliver<S: Scope>(_ when: S.When, to scope: S, isInput: Bool) throws {
        if gate & checkingLifetimes != 0, let refusal = ScopeLifetimes.refusal(for: scope, when: when) {
            throw refusal
        }
        guard let route else { return try scope.update(when) }
        try route.deliver(when, to: scope, isInput: isInput)
    }

    /// Ends the outermost update: settles what it left behind, then lets `send` in again.
    @inlinable
    static func finishOutermostUpdate(failed: Bool) {
        if hasDeferredWork {
            settleDeferredWork(failed: failed)
        }
        gate &= ~updating
    }

    @usableFromInline
    static func settleDeferredWork(failed: Bool) {
        settleUpdate(failed: failed)
        // Each queued event is an update of its own: what it leaves behind is settled on its own
        // outcome, and what it throws is reported, since its sender has long returned.
        while queueHead < queue.count {
            let event = queue[queueHead]
            queueHead += 1
            event.run()
        }
        queue.removeAll(keepingCapacity: queue.capacity <= 64)
        queueHead = 0
        hasDeferredWork = false
    }

    /// Settles one update: the children it unlinked leave the app (cancelling their effects, staged
    /// ones included), then the effects it staged start, or are discarded if it threw.
    private static func settleUpdate(failed: Bool) {
        ScopeLifetimes.settleLeavingChildren()
        commitStagedEffects(failed: failed)
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
            try deliver(when, to: scope, isInput: false)
            settleUpdate(failed: false)
        } catch {
            settleUpdate(failed: true)
            reportUpdateError(error, when: when, scope: scope)
        }
    }

    /// Reports an error thrown by a scope's update to ``ErrorReporting`` and the log.
    @usableFromInline
    static func reportUpdateError<S: Scope>(_ error: any Error, when: S.When, scope: S) {
        ErrorReporting.report(ErrorReport(error: error, source: .update(when), scope: scope))
    }
}

/// The full path of every event while installed as ``Dispatcher/route``: it must end by calling the
/// scope's `update` (or decide not to).
@MainActor
protocol EventRoute: AnyObject {
    /// Delivers `when` to `scope`; `isInput` says it was sent from outside any update.
    func deliver<S: Scope>(_ when: S.When, to scope: S, isInput: Bool) throws
}

/// An event sent while an update was running, waiting for its turn.
@MainActor
private struct QueuedEvent {
    let run: @MainActor () -> Void

    init<S: Scope>(scope: S, when: S.When) {
        run = { Dispatcher.runQueued(when, to: scope) }
    }
}
