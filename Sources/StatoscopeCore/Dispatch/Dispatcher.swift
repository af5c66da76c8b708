/// Routes events into scopes' updates: the re-entrancy queue, the work an update leaves behind, and
/// the gate that lets the common case skip all of it.
///
/// All of it lives on the main actor, where every update runs, so one queue serves the whole app: no
/// update ever interleaves with another, whichever scopes they belong to. That is why its state is
/// global: it is the state of the main actor's one stream of updates: the gate, which every `send`
/// reads; the installed path, which every event reads while an instrument is installed, and what
/// keeps it alive; and what the running update leaves behind.
@usableFromInline
@MainActor
package enum Dispatcher {
    // The two values `send` uses are computed constants, not stored ones: a stored `static let` is
    // read through an accessor call from the user's module on every `send`.

    /// The gate value when no update is running and nothing needs the full path.
    @inlinable static var open: UInt8 { 0 }
    /// Set while an update runs: a `send` made then is queued.
    @inlinable static var updating: UInt8 { 1 << 0 }
    /// Set while an instrument that sees every event is installed: every event takes the full path.
    private static let routed: UInt8 = 1 << 1
    /// Set while some scopes need the full path (a dismissed scope still held, a scope with
    /// middleware of its own): every event's scope is probed in ``ScopeFilter``.
    @inlinable static var filtering: UInt8 { 1 << 2 }
    /// Set while a dismissed scope may still be held: an event to a scope the filter holds is
    /// checked against the dismissed scopes. Never set without `filtering`.
    @inlinable static var checkingLifetimes: UInt8 { 1 << 7 }
    /// Set until the first event: it learns whether the process runs tests (see ``TestFailures``).
    @inlinable static var firstEvent: UInt8 { 1 << 3 }
    /// Set in a process that runs tests: a scope that cannot reach an ancestor its `@Superscope`
    /// properties declare gets no event, and the running test fails, instead of the read stopping
    /// every test of the process.
    @inlinable static var checkingAncestors: UInt8 { 1 << 4 }
    /// Set while the running update left work behind (staged effects, children leaving, queued
    /// events), settled when it returns; only ever set while `updating` is.
    @inlinable static var deferredWork: UInt8 { 1 << 5 }
    /// Set while an instrument waits for the running event to settle (see ``afterSettling(_:)``).
    @inlinable static var afterOutermostWork: UInt8 { 1 << 6 }

    /// What every `send` reads, side by side so that one address serves all of it: the gate, and
    /// the bits of ``ScopeFilter`` that `send` probes while the gate says so. Apart, the filter's
    /// address was fetched again for every event instead of once for a loop of them.
    ///
    /// It also holds what code other than an update runs inside a delivery (see ``writeGuard``):
    /// the full path, which marks it, holds this address already, and the fast path never reads it.
    @usableFromInline
    struct SendState {
        /// The fast path's only test: `open` means a `send` may call `update` directly.
        @usableFromInline var gate: UInt8
        /// What runs now besides updates, as the bits below say: while an update runs, a change to
        /// shared state is an update's only while neither `instrumentRuns` nor `handlerRuns` is set.
        @usableFromInline var writeGuard: UInt8
        /// ``ScopeFilter``'s bits, or nil while no scope needs the full path: owned by the filter.
        @usableFromInline var filterWords: UnsafeMutablePointer<UInt64>?
        /// 64 minus the number of bits that index a filter bit.
        @usableFromInline var filterShift: UInt64
        /// The scope whose update the main actor runs now, outermost or queued: its tree is the one
        /// whose shared values may change (see ``isUpdatingTree(of:)``). Meaningful only while
        /// `updating` is set.
        @usableFromInline var updatingScope: ObjectIdentifier?
    }

    // Global because every `send`, of any scope, reads it before anything else.
    // Starts with `firstEvent` set, spelt as literals so that the initial value stays a constant.
    // SAFETY: Sound because only the main actor touches it and every access is a load, a store or a
    // bit operation that calls nothing, so no access is live while other code runs (`runOutermost`
    // sets `updating` before it calls `update`, not during the call; the write guard is saved before
    // the code it marks runs and restored after, in accesses of their own); the filter's bits are
    // replaced only by `ScopeFilter`, which calls no code of the app's meanwhile. Read by every
    // `send`: hot.
    @exclusivity(unchecked) @usableFromInline static var sendState = SendState(
        gate: 1 << 3, writeGuard: 0, filterWords: nil, filterShift: 64, updatingScope: nil)

    /// The fast path's only test: `open` means a `send` may call `update` directly.
    @inlinable static var gate: UInt8 {
        get { sendState.gate }
        set { sendState.gate = newValue }
    }

    /// What the running update, and the events queued behind it, leave for the dispatcher to settle.
    fileprivate struct Work {
        /// Events sent while an update was running, oldest first.
        var queue: [QueuedEvent] = []
        /// The next queued event to run.
        var queueHead = 0
        /// Runtimes holding effects staged by the running update.
        var staged: [ScopeRuntime] = []
        /// What instruments asked to do once the running event has settled.
        var afterOutermost: [@MainActor () -> Void] = []
    }

    // Global because the main actor runs one update at a time, whichever scope it belongs to: what
    // one leaves behind is settled before any other starts.
    // SAFETY: Sound because only the main actor touches it and no access spans other code or
    // releases anything of the app's: a queued event is built before it is appended, run after it was
    // swapped out of its slot, and released (its scope and its `When`, whose deinits are the app's)
    // at the end of the loop's iteration, outside any access, and `removeAll` then releases only
    // `QueuedEvent.ran`, which holds nothing (a deinit that sends appends behind, and the loop runs
    // it); `stage` appends a runtime its caller holds, and `settleStagedRuntimes` takes the list out
    // before the runtimes commit, giving its buffer back only once empty; the work after settling is
    // taken out before it runs. `ReentrancyTests.aScopeReleasedAfterItsQueuedEventRanMaySendFromItsDeinit`.
    @exclusivity(unchecked) private static var work = Work()

    /// Whether an update is running now; effects enqueued outside any update start at once.
    @inlinable package static var isUpdating: Bool { gate & updating != 0 }

    /// The full path, while any instrument is installed: every event takes it instead of going
    /// straight to `update`. Held unowned so that reading it for an event costs no reference
    /// counting; `routeOwners.installed` keeps it alive.
    // Global because instruments are installed for the whole app, like swift-log's bootstrap.
    // SAFETY: Sound because only the main actor touches it, every access is a load or a store of a
    // pointer, and the path it points to outlives every walk of it: it is owned by
    // `routeOwners.installed` while installed and, once replaced while an update runs, by
    // `routeOwners.retired` until the outermost update has settled, after every walk of it has
    // returned; a path replaced outside any update has no walk in progress (walks run only inside an
    // update). `setRouting` stores the new owner and this pointer before it releases the old path,
    // so a deinit that release runs sees a consistent dispatcher; `deliver` asserts the ownership in
    // debug builds. Read by every event while an instrument is installed: hot.
    // `AppWideMiddlewareTests.removingAnAppWideMiddlewareWhoseClosureHoldsAnotherRegistrationRemovesBoth`.
    @exclusivity(unchecked) @usableFromInline static var routing: Unmanaged<EventRouting>?

    /// What keeps the paths alive: the installed one, and the paths and parts of paths (a scope's
    /// middleware) replaced while an update ran, which that update's delivery may still be walking,
    /// kept until the outermost update ends.
    struct RouteOwners {
        var installed: EventRouting?
        var retired: [AnyObject] = []
    }

    // Global because `routing` is, and these keep what it points to alive.
    // SAFETY: Sound because only the main actor touches it and no access releases a path: the
    // installed path and the retired ones are each swapped out with a local, and released after the
    // access.
    @exclusivity(unchecked) private static var routeOwners = RouteOwners()

    /// Installs the full path, or takes it out with `nil`. `forEveryEvent` says whether every event
    /// takes it; else only the events to the scopes ``ScopeFilter`` holds do, and the others keep the
    /// fast path.
    package static func setRouting(_ newRouting: EventRouting?, forEveryEvent: Bool) {
        // The replaced path is swapped out, and released only once the dispatcher's state is whole
        // again: it may hold the last reference to the app's middleware, whose captures run deinits
        // of the app's, which may add or remove instruments and so call this again.
        var replaced = newRouting
        swap(&replaced, &routeOwners.installed)
        // SAFETY: Sound because `routeOwners.installed` now owns the path this points to (see
        // `routing`).
        routing = newRouting.map { Unmanaged.passUnretained($0) }
        setGate(routed, newRouting != nil && forEveryEvent)
        if let replaced { retireIfWalked(replaced) }
    }

    /// Keeps `replaced`, a path or a part of one, until the outermost update ends if an update is
    /// running, since its delivery may be walking it; else it goes when the caller lets go of it.
    package static func retireIfWalked(_ replaced: AnyObject) {
        guard isUpdating else { return }
        routeOwners.retired.append(replaced)
        noteDeferredWork()
    }

    /// ``ScopeFilter``'s table was made or freed, or the dismissed scopes held came or went: `send`
    /// probes the table while it exists.
    static func filterChanged() {
        let exists = sendState.filterWords != nil
        setGate(filtering, exists)
        setGate(checkingLifetimes, exists && ScopeFilter.table.holdsDismissed)
    }

    private static func setGate(_ bit: UInt8, _ isSet: Bool) {
        if isSet { gate |= bit } else { gate &= ~bit }
    }

    /// Runs `update` as the outermost update of `scope`: what it leaves behind is settled when it
    /// returns, whether it returns or throws. The fast path and the full path share it.
    @inlinable
    static func runOutermost<S: Scope>(of scope: S, _ update: () throws -> Void) rethrows {
        gate |= updating
        sendState.updatingScope = ObjectIdentifier(scope)
        do {
            try update()
        } catch {
            finishOutermostUpdate(failed: true)
            updateThrew(error, in: scope)
            throw error
        }
        finishOutermostUpdate(failed: false)
    }

    /// Tells the failure observers (error logging) what an update threw; a refusal to deliver to a
    /// dismissed scope is not an update's error. Only the throwing path pays for it.
    @usableFromInline
    static func updateThrew(_ error: any Error, in scope: any Scope) {
        let observers = InstrumentHooks.updateFailures
        guard !observers.isEmpty, !(error is EventToDismissedScope) else { return }
        callingInstruments {
            for observer in observers.elements { observer(scope, error) }
        }
    }

    /// The full path of `sendThrowing`: an update is running, or something needs every event.
    ///
    /// Inlinable, like the path it takes, so that it is specialised for the scope's type where the
    /// event is sent.
    @inlinable
    static func dispatch<S: Scope>(_ when: S.When, to scope: S) throws {
        if gate & firstEvent != 0 { learnWhetherTestsRun() }
        if isUpdating {
            return queueEvent(when, to: scope)
        }
        defer { if gate & afterOutermostWork != 0 { runAfterOutermost() } }
        try runOutermost(of: scope) { try deliver(when, to: scope, isInput: true) }
    }

    @usableFromInline
    static func queueEvent<S: Scope>(_ when: S.When, to scope: S) {
        work.queue.append(QueuedEvent(scope: scope, when: when))
        noteDeferredWork()
    }

    /// Queues an animated send made while an update runs: the event's update runs inside
    /// `animation` when its turn comes, as it would have run had it been sent outside any update;
    /// `neverSent` runs if the animation returns without calling its `send`.
    static func queueEvent<S: Scope>(
        _ when: S.When, to scope: S, animation: SendAnimation,
        ifNeverSent neverSent: @escaping @MainActor () -> Void
    ) {
        work.queue.append(QueuedEvent(scope: scope, when: when, animation: animation, ifNeverSent: neverSent))
        noteDeferredWork()
    }

    /// The running update left work behind, to settle when it returns.
    package static func noteDeferredWork() {
        gate |= deferredWork
    }

    /// Asks for `item` to run once the running event has settled, outside any update: a recorder's
    /// output, which may send events of its own that must be inputs in their turn.
    package static func afterSettling(_ item: @escaping @MainActor () -> Void) {
        work.afterOutermost.append(item)
        gate |= afterOutermostWork
    }

    @usableFromInline
    static func runAfterOutermost() {
        var items: [@MainActor () -> Void] = []
        swap(&items, &work.afterOutermost)
        gate &= ~afterOutermostWork
        for item in items { item() }
    }

    /// The first event of the process: from now on, events are checked for missing ancestors if
    /// tests run.
    @usableFromInline
    static func learnWhetherTestsRun() {
        setGate(firstEvent, false)
        setGate(checkingAncestors, TestFailures.reporter != nil)
    }

    /// Delivers one event: refused if its scope was dismissed, else along the full path if one is
    /// installed, else to `update`. `isInput` says it came from outside any update.
    @inlinable
    static func deliver<S: Scope>(_ when: S.When, to scope: S, isInput: Bool) throws {
        if gate & checkingLifetimes != 0, ScopeFilter.mayContain(scope) {
            try checkLifetime(of: scope, when: when)
        }
        if gate & checkingAncestors != 0 { try checkAncestors(of: scope) }
        guard let routing else { return try scope.update(when) }
        assert(ownsPath(routing), "the path an event walks is owned by the dispatcher")
        try withGuaranteed(routing) { try $0.deliver(when, to: scope, isInput: isInput) }
    }

    /// Calls `body` with `object`, counting no reference: what the caller holds keeps it alive. For
    /// the path, `routeOwners.installed` does, and a path replaced during an update is kept until it ends.
    ///
    /// A function of this module's rather than a closure handed to the standard library directly: a
    /// main-actor closure passed to a module built in the Swift 5 language mode is checked at run
    /// time to run on the main actor, which costs as much as the reference counting saved.
    // SAFETY: Sound because every caller passes an object that something else owns for the whole
    // call: the installed path (see `routing`); an app-wide step, owned by its path's
    // `appWideOwners` while the path is walked (see `EventRouting.appWide`); a scope's middleware
    // chain, owned by `ScopeMiddlewares` or, once replaced during an update, by `routeOwners.retired`
    // (the registry itself is a static constant, alive for the whole process)
    // until the outermost update has settled; or a step of that chain, owned by the chain's `owners`
    // (see `ScopeMiddlewareChain.steps`, in `Hooks/ScopeMiddleware/ScopeMiddlewareChain.swift`).
    @inlinable
    static func withGuaranteed<Object: AnyObject, Result>(
        _ object: Unmanaged<Object>, _ body: (Object) throws -> Result
    ) rethrows -> Result {
        // SAFETY: Sound because `object` is owned elsewhere for the whole call, as every caller
        // makes sure (above), and `body` gets the reference for the call only.
        try object._withUnsafeGuaranteedRef(body)
    }

    /// Whether `path` is the installed path or one replaced during the running update: what makes
    /// walking it without a reference sound (see `routing`). Asked in debug builds only.
    // SAFETY: Sound because it only compares the pointer's object with those the dispatcher owns,
    // without retaining or calling it.
    @usableFromInline
    static func ownsPath(_ path: Unmanaged<EventRouting>) -> Bool {
        let object = path.takeUnretainedValue()
        return routeOwners.installed === object || routeOwners.retired.contains { $0 === object }
    }

    /// In a process that runs tests: fails the running test and refuses the event when `scope`
    /// cannot reach an ancestor it declares, which its update would read.
    @usableFromInline
    static func checkAncestors(of scope: any Scope) throws {
        guard let missing = SuperscopeDeclarations.firstMissing(of: scope, at: { scope.scopePath }) else {
            return
        }
        TestFailures.reporter?.failRunningTest("\(missing.description); the event was not delivered")
        throw missing
    }

    @usableFromInline
    static func checkLifetime<S: Scope>(of scope: S, when: S.When) throws {
        if let refusal = ScopeLifetimes.refusal(for: scope, when: when) { throw refusal }
    }

    /// Ends the outermost update: settles what it left behind, then lets `send` in again.
    @inlinable
    static func finishOutermostUpdate(failed: Bool) {
        if gate & deferredWork != 0 {
            settleDeferredWork(failed: failed)
        }
        gate &= ~updating
    }

    @usableFromInline
    static func settleDeferredWork(failed: Bool) {
        settleUpdate(failed: failed)
        gate &= ~deferredWork
        while true {
            // Each queued event is an update of its own: what it leaves behind is settled on its own
            // outcome, and what it throws is reported, since its sender has long returned.
            while work.queueHead < work.queue.count {
                // Taken out rather than copied: what the event holds (its scope, its `When`) is
                // released at the end of this iteration, outside any access to the queue, and a
                // deinit of the app's that runs then may send, which queues behind.
                var event = QueuedEvent.ran
                let head = work.queueHead
                swap(&event, &work.queue[head])
                work.queueHead = head + 1
                event.run()
            }
            work.queue.removeAll(keepingCapacity: work.queue.capacity <= 64)
            work.queueHead = 0
            // Released outside any access to the list, now that no delivery walks them: they hold
            // the app's middleware, whose captures may run deinits that send or add instruments.
            var retired: [AnyObject] = []
            swap(&retired, &routeOwners.retired)
            retired.removeAll()
            // What those deinits, or the queued events, left behind is settled in turn.
            guard gate & deferredWork != 0 else { return }
            gate &= ~deferredWork
            settleUpdate(failed: false)
        }
    }

    /// Settles one update: the children it unlinked leave the app (cancelling their effects, staged
    /// ones included), then the effects it staged start, or are discarded if it threw.
    private static func settleUpdate(failed: Bool) {
        ScopeLifetimes.settleLeavingChildren()
        settleStagedRuntimes(failed: failed)
    }

    /// Records that `runtime` staged an effect during the running update.
    package static func stage(_ runtime: ScopeRuntime) {
        work.staged.append(runtime)
        noteDeferredWork()
    }

    private static func settleStagedRuntimes(failed: Bool) {
        guard !work.staged.isEmpty else { return }
        // Taken out rather than copied, so that its buffer is reused instead of a new one being
        // allocated for every update that enqueues an effect.
        var runtimes: [ScopeRuntime] = []
        swap(&runtimes, &work.staged)
        for runtime in runtimes {
            runtime.effectPart?.updateSettled(of: runtime, failed: failed)
        }
        if work.staged.isEmpty {
            // One by one from the end, usually once: `removeAll(keepingCapacity:)` replaces a range
            // generically, which costs more.
            while runtimes.popLast() != nil {}
            work.staged = runtimes
        }
    }

    /// Runs a queued event as an update of its own, reporting what it throws.
    fileprivate static func runQueued<S: Scope>(_ when: S.When, to scope: S) {
        let sender = sendState.updatingScope
        sendState.updatingScope = ObjectIdentifier(scope)
        defer { sendState.updatingScope = sender }
        do {
            try deliver(when, to: scope, isInput: false)
            settleUpdate(failed: false)
        } catch {
            settleUpdate(failed: true)
            updateThrew(error, in: scope)
            reportUpdateError(error, when: when, scope: scope)
        }
    }

    /// Reports that the animation of an animated send returned without calling its `send`: the event
    /// was sent after it, unanimated.
    static func reportAnimationNeverSent<S: Scope>(_ when: S.When, scope: S) {
        let error = AnimationNeverSent(scopeType: S.self, event: Redaction.describe(when))
        ErrorReporting.report(ErrorReport(error: error, source: .update(when), scope: scope))
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

    /// What a slot of the queue holds once its event was taken out to run: it holds nothing.
    static let ran = QueuedEvent(run: {})

    init<S: Scope>(scope: S, when: S.When) {
        run = { Dispatcher.runQueued(when, to: scope) }
    }

    init<S: Scope>(
        scope: S, when: S.When, animation: SendAnimation,
        ifNeverSent neverSent: @escaping @MainActor () -> Void
    ) {
        run = {
            // Its turn has come while the queue is being run: what the animation sends before it
            // calls its `send` is queued behind the event, as a send made during an update is.
            if !Dispatcher.animate(animation, around: { Dispatcher.runQueued(when, to: scope) }) {
                neverSent()
            }
        }
    }

    private init(run: @escaping @MainActor () -> Void) {
        self.run = run
    }
}
