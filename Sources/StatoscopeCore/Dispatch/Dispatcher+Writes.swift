/// Who changes shared state while an event is delivered: the update the event is for, and the code
/// it calls, but none of the code that runs around it (middleware, taps on updates, analytics,
/// recorders, error handlers).
///
/// The fast path runs nothing but the update, so it marks nothing and pays nothing: the full path
/// marks its walk as instruments' code and clears the mark around the update it calls, and error
/// handlers are marked while they run.
extension Dispatcher {
    /// Set while the full path walks an event: code of instruments runs, unless an update runs
    /// inside it (``runUpdate(_:of:)``).
    @inlinable static var instrumentRuns: UInt8 { 1 << 0 }
    /// Set while error handlers run inside a delivery.
    @inlinable static var handlerRuns: UInt8 { 1 << 1 }
    /// Set while a report is handed to the error handlers, inside a delivery or outside any.
    @inlinable static var reportHandled: UInt8 { 1 << 2 }

    /// Why a change to shared state made now is not an update's, or nil when it is (for the tree
    /// of the scope written, ask ``isUpdatingTree(of:)`` too).
    package static var writeRefusal: WriteRefusal? {
        guard isUpdating else { return .outsideUpdate }
        let guarded = sendState.writeGuard
        if guarded & handlerRuns != 0 { return .errorHandler }
        if guarded & instrumentRuns != 0 { return .aroundUpdate }
        return nil
    }

    /// Whether the running update is one of the tree of the scope whose runtime is `writer`.
    ///
    /// The main actor runs one update at a time for every tree, but an update is its tree's: while it
    /// runs, a change to another tree's state (from a `deinit` it runs, or through a reference) is
    /// made outside any update of that tree.
    package static func isUpdatingTree(of writer: ScopeRuntime) -> Bool {
        guard isUpdating, let updating = sendState.updatingScope else { return false }
        // A scope with no runtime was never linked: it is a root.
        let updatingRoot = ScopeRuntimeTable.runtime(withID: updating)?.root.scopeID ?? updating
        let writerRoot = writer.root
        if updatingRoot == writerRoot.scopeID { return true }
        // A root made during an update of this tree, not linked yet, is a scope the update is
        // building: it joins the tree when linked, and the update may set it up first.
        guard writerRoot.lifetime == .root, let maker = writerRoot.madeDuringUpdateOf else { return false }
        return (ScopeRuntimeTable.runtime(withID: maker)?.root.scopeID ?? maker) == updatingRoot
    }

    /// Whether a report is being handed to the error handlers: a refusal met meanwhile is logged
    /// rather than reported, so that a handler that changes a shared value for every report it
    /// receives does not receive its own refusals without end.
    package static var isHandlingReport: Bool { sendState.writeGuard & reportHandled != 0 }

    /// Runs `body`, the full path's walk of an event, as instruments' code: only the updates it calls
    /// through ``runUpdate(_:of:)`` change shared state.
    @inlinable
    static func asInstruments<Result>(_ body: () throws -> Result) rethrows -> Result {
        let saved = sendState.writeGuard
        sendState.writeGuard = saved | instrumentRuns
        defer { sendState.writeGuard = saved }
        return try body()
    }

    /// Calls the update of `scope` from the full path, or from an instrument running it: the update,
    /// unlike the code around it, changes shared state.
    @inlinable
    package static func runUpdate<S: Scope>(_ when: S.When, of scope: S) throws {
        let saved = sendState.writeGuard
        sendState.writeGuard = saved & ~instrumentRuns
        defer { sendState.writeGuard = saved }
        try scope.update(when)
    }

    /// Runs `body`, which hands a report to the error handlers. Inside a delivery, they are marked
    /// as handlers; outside any, a change is refused anyway, and a mark would hold for the updates
    /// that a handler's `send` runs before it returns.
    static func handingOverReport(_ body: () -> Void) {
        let saved = sendState.writeGuard
        sendState.writeGuard = saved | reportHandled | (isUpdating ? handlerRuns : 0)
        defer { sendState.writeGuard = saved }
        body()
    }

    /// Runs `body`, which calls instruments (the observers of failed updates), as instruments' code
    /// inside a delivery; outside any, unmarked, for the reason ``handingOverReport(_:)`` gives.
    static func callingInstruments(_ body: () -> Void) {
        guard isUpdating else { return body() }
        asInstruments(body)
    }
}

/// Why a change to shared state is not an update's.
package enum WriteRefusal: Sendable {
    /// No update runs: a view's closure, an effect's task, a timer.
    case outsideUpdate
    /// An event is being delivered, and code around its update made the change: a middleware, a
    /// tap on updates, analytics, a recorder.
    case aroundUpdate
    /// An error handler made it while an event was being delivered.
    case errorHandler
}
