extension Scope {
    /// Sends an event to the scope: the single entry point.
    ///
    /// The event reaches ``update(_:)``; then the effects that update enqueued start. An error thrown
    /// by `update` never escapes: it goes to ``ErrorReporting`` and to the log. A `send` made while an
    /// update is running (from inside `update`, for instance) is queued and processed, in order,
    /// after the running update returns. An event sent to a scope that was dismissed does not reach
    /// `update`: ``ErrorReporting`` receives an ``EventToDismissedScope`` instead.
    @inlinable
    public func send(_ when: When) {
        do {
            try sendThrowing(when)
        } catch {
            Dispatcher.reportUpdateError(error, when: when, scope: self)
        }
    }

    /// Sends an event like ``send(_:)``, but throws what ``update(_:)`` threw instead of reporting it
    /// (an ``EventToDismissedScope`` for a dismissed scope).
    ///
    /// Made while another update is running, the event is queued like any re-entrant `send`; it has
    /// not run when this method returns, so whatever it throws later goes to ``ErrorReporting``.
    @inlinable
    public func sendThrowing(_ when: When) throws {
        // The common case touches no table and takes no lock: one main-actor global says whether an
        // update is already running and whether anything needs the full path (an instrument that
        // sees every event, a dismissed scope still held somewhere, a scope with middleware of its
        // own). While only some scopes need it, one probe of a filter tells that this scope is not
        // one of them.
        let gate = Dispatcher.gate
        guard
            gate == Dispatcher.open
                || (gate & ~Dispatcher.checkingLifetimes == Dispatcher.filtering
                    && !ScopeFilter.mayContain(self))
        else {
            return try Dispatcher.dispatch(when, to: self)
        }
        try Dispatcher.runOutermost(of: self) { try update(when) }
    }
}
