/// The side table from scopes to their runtimes, and the sweep that stands in for a deinit hook.
///
/// A scope has no storage of the library's, so nothing tells the library when one is released. A
/// runtime holds its scope weakly; released scopes are found by a sweep that runs only while some
/// effect runs: once every ``sweepInterval``, it looks at the scopes with running effects (and their
/// ancestors) and ends the work of every released one. A released scope with no effect running
/// costs nothing but its entry and its object's own memory (its runtime keeps the address from being
/// reused, not what the scope held), both dropped when the table has doubled.
///
/// Global because a scope's identity is the only key the library has: any code holding a scope
/// must reach its runtime, and all of it runs on the main actor.
@MainActor
package enum ScopeRuntimeTable {
    /// The table and what its sweeps keep.
    private struct Table {
        /// Every runtime, by its scope's identity. The insertion in `runtime(for:)` finds its slot
        /// empty: the drop or sweep that may run just before it releases runtimes whose deinits may
        /// make a runtime for the same scope, so the slot is looked up again after them.
        var runtimes = IdentityTable<ScopeRuntime>()
        /// The size at which the next insertion sweeps released scopes first.
        var sizeSweepThreshold = ScopeRuntimeTable.minimumSizeSweepThreshold
        /// Set while a list links the rows that joined it before unlinking those that left: the rows
        /// that left and were released go with the change, and a sweep meanwhile would walk the
        /// whole table to find them.
        var sweepsDeferred = false
        /// Runtimes with at least one effect task running: the only ones the timed sweep looks at.
        /// An insertion replaces no other runtime, since a runtime keeps its scope's address, so no
        /// other runtime has its identity meanwhile.
        var busy = IdentityTable<ScopeRuntime>()
        /// The timed sweep, while any runtime is busy.
        var sweeper: Task<Void, Never>?
    }

    // Global because a scope's identity is the only key the library has (see above).
    // SAFETY: Sound because only the main actor touches it, a lookup compares addresses (no code of
    // the app's), and no change releases a runtime inside an access: a removed runtime is returned
    // (`removeValue`) and held by the caller while it is retired, growing or shrinking moves the
    // values to a new table that holds them before the old one goes, a sweep walks a copy
    // (`allValues`), and `retire` puts back a runtime it removed by mistake into the slot it just
    // emptied.
    // A runtime's release frees the app's injected values, whose deinits are the app's code, so this
    // matters. Read on every enqueue, start and completion of an effect: hot.
    @exclusivity(unchecked) private static var table = Table()

    /// The runtime found last, checked before the table: an effect's enqueue, start and completion
    /// each look up the same scope's runtime, and a comparison costs less than hashing. Apart from
    /// the table, whose first use sets it up: this one needs no setting up, so reading it costs one
    /// load.
    // Global because the table is.
    // SAFETY: Sound because only the main actor touches it and assigning it never releases the last
    // reference to a runtime: it always names a runtime the table also holds, and `retire` clears it
    // when it removes that runtime from the table, which `retire`'s caller holds.
    @exclusivity(unchecked) private static var lastFound: ScopeRuntime?
    private nonisolated static var minimumSizeSweepThreshold: Int { 64 }

    /// How often the sweep runs while any effect runs. A released root's effects are cancelled
    /// within two intervals at most (one to notice, one of scheduling slack): the documented bound
    /// is 100 ms.
    package static let sweepInterval: Duration = .milliseconds(40)

    /// The runtime of `scope`, made on first use: for writes (enqueueing, linking, injecting).
    package static func runtime(for scope: some Scope) -> ScopeRuntime {
        // The identifier alone: a runtime keeps its scope's address from being reused.
        if let last = lastFound, last.scopeID == ObjectIdentifier(scope) { return last }
        let id = ObjectIdentifier(scope)
        if let runtime = table.runtimes[id] {
            if runtime.scope === scope {
                lastFound = runtime
                return runtime
            }
            // A released scope's runtime at this scope's address: not while runtimes keep their
            // scope's address, but dropped rather than handed out if it ever happened.
            dropReleased(runtime)
        } else if table.runtimes.count >= table.sizeSweepThreshold, !table.sweepsDeferred {
            sweepReleasedScopes()
            table.sizeSweepThreshold = max(minimumSizeSweepThreshold, table.runtimes.count * 2)
        } else {
            return insertRuntime(for: scope, id: id)
        }
        // The drop or the sweep above released runtimes, and with them the app's injected values
        // and effects, whose deinits may have made this scope's runtime meanwhile: it is the one.
        if let made = table.runtimes[id], made.scope === scope {
            lastFound = made
            return made
        }
        return insertRuntime(for: scope, id: id)
    }

    /// Makes the runtime of `scope`, whose slot `id` is empty.
    private static func insertRuntime(for scope: some Scope, id: ObjectIdentifier) -> ScopeRuntime {
        let runtime = ScopeRuntime(scope: scope)
        table.runtimes[id] = runtime
        return runtime
    }

    /// Runs `body`, which makes runtimes for the rows that joined a list, without sweeping for
    /// released scopes (see `Table.sweepsDeferred`).
    static func deferringSweeps(_ body: () -> Void) {
        let wasDeferred = table.sweepsDeferred
        table.sweepsDeferred = true
        defer { table.sweepsDeferred = wasDeferred }
        body()
    }

    /// The runtime of `scope`, if it has one; never makes one: for reads.
    package static func existingRuntime(for scope: some Scope) -> ScopeRuntime? {
        existingRuntime(forObject: scope)
    }

    /// The runtime kept for the identity `id`, whether its scope is alive or released: a runtime
    /// keeps its scope's address, so no other object has that identity while it exists.
    package static func runtime(withID id: ObjectIdentifier) -> ScopeRuntime? {
        table.runtimes[id]
    }

    /// Whether `scope`, which the caller holds, is being released: its `deinit` runs. Its runtime,
    /// which holds it weakly, reaches it no more; a scope without one is asked through a weak
    /// reference, which is nil from the start of a `deinit`. Makes no runtime: one made for a scope
    /// going away would outlive it.
    package static func isBeingReleased(_ scope: some Scope) -> Bool {
        let id = ObjectIdentifier(scope)
        if let runtime = lastFound?.scopeID == id ? lastFound : table.runtimes[id] {
            // The runtime keeps its scope's address, so the scope at that address is the caller's.
            return runtime.scope == nil
        }
        weak let probe = scope
        return probe == nil
    }

    /// The runtime of a scope seen only as an object, if it has one.
    package static func existingRuntime(forObject object: AnyObject) -> ScopeRuntime? {
        if let last = lastFound, last.scopeID == ObjectIdentifier(object) { return last }
        guard let runtime = table.runtimes[ObjectIdentifier(object)], runtime.scope === object else {
            return nil
        }
        lastFound = runtime
        return runtime
    }

    /// Drops the runtimes of every released scope, ending their work and that of their live
    /// descendants.
    package static func sweepReleasedScopes() {
        for runtime in table.runtimes.allValues where runtime.scope == nil {
            dropReleased(runtime)
        }
        table.runtimes.shrinkIfSparse()
    }

    /// Drops the runtime of a scope known to be released: its effects are cancelled, and its live
    /// descendants, out of the app now, are dismissed.
    package static func dropReleased(_ runtime: ScopeRuntime) {
        guard retire(runtime) else { return }
        guard !runtime.tree.children.all.isEmpty else { return }
        // An explicit stack: a released chain can be thousands of scopes deep.
        var released = [runtime]
        while let runtime = released.popLast() {
            for child in runtime.tree.children.all {
                if child.scope == nil {
                    // Retired already, with its released descendants, when a sweep met it first:
                    // walking it again would make a sweep of a long released chain quadratic.
                    if retire(child) { released.append(child) }
                } else {
                    ScopeLifetimes.dismiss(child)
                }
            }
        }
    }

    /// Ends what a released scope's runtime holds and removes it from the table; false when it was
    /// removed already.
    private static func retire(_ runtime: ScopeRuntime) -> Bool {
        guard let removed = table.runtimes.removeValue(forKey: runtime.scopeID) else { return false }
        guard removed === runtime else {
            table.runtimes[runtime.scopeID] = removed
            return false
        }
        if lastFound === runtime { lastFound = nil }
        runtime.announce(.released)
        ScopeLifetimes.forget(runtime)
        return true
    }

    /// A runtime started its first running task: the timed sweep watches it.
    package static func becameBusy(_ runtime: ScopeRuntime) {
        table.busy[runtime.scopeID] = runtime
        guard table.sweeper == nil else { return }
        table.sweeper = Task { @MainActor in
            while !table.busy.isEmpty {
                try? await Task.sleep(for: sweepInterval)
                sweepBusyRuntimes()
            }
            table.sweeper = nil
        }
    }

    /// A runtime's last running task ended or was cancelled.
    package static func becameIdle(_ runtime: ScopeRuntime) {
        if table.busy[runtime.scopeID] === runtime { table.busy[runtime.scopeID] = nil }
    }

    /// Ends the work of busy runtimes that are out of the app: released, or below a released
    /// ancestor.
    package static func sweepBusyRuntimes() {
        for runtime in table.busy.allValues {
            if runtime.scope == nil {
                dropReleased(runtime)
                table.busy[runtime.scopeID] = nil
            } else if let released = runtime.selfAndAncestors.first(where: { $0.scope == nil }) {
                dropReleased(released)
            } else if runtime.tree.isOrphaned {
                ScopeLifetimes.dismiss(runtime)
            }
        }
    }
}
