/// The side table from scopes to their runtimes.
///
/// With no stored property in the scope and no deinit hook, a released scope's entry is found and
/// dropped by a sweep: when it is unlinked from its parent, when its address is reused by a new
/// scope, when the table has doubled since the last sweep, when one of its effects completes, and,
/// while any effect runs anywhere, once a second. So a released scope's effects are cancelled within
/// about a second.
@MainActor
package enum ScopeRuntimeTable {
    private static var runtimes: [ObjectIdentifier: ScopeRuntime] = [:]
    private static var sweepThreshold = minimumSweepThreshold
    private static let minimumSweepThreshold = 64
    private static var sweeper: Task<Void, Never>?

    /// Tasks running effects, across all scopes; the sweeper runs while this is above zero.
    static var runningTaskCount = 0

    /// The interval of the sweep that runs while effects are running.
    static let sweepInterval: Duration = .seconds(1)

    /// The runtime of `scope`, made on first use.
    package static func runtime<S: Scope>(for scope: S) -> ScopeRuntime {
        let id = ObjectIdentifier(scope)
        if let runtime = runtimes[id] {
            if runtime.scope === scope { return runtime }
            // A released scope's address was reused by this one.
            runtime.retire()
        } else if runtimes.count >= sweepThreshold {
            sweepReleasedScopes()
            sweepThreshold = max(minimumSweepThreshold, runtimes.count * 2)
        }
        let runtime = ScopeRuntime(scope: scope)
        runtimes[id] = runtime
        return runtime
    }

    /// The runtime of `scope`, if it has one; never makes one.
    package static func existingRuntime(for scope: some Scope) -> ScopeRuntime? {
        guard let runtime = runtimes[ObjectIdentifier(scope)], runtime.scope === scope else {
            return nil
        }
        return runtime
    }

    /// Drops the runtimes of released scopes, cancelling their effects.
    package static func sweepReleasedScopes() {
        for (id, runtime) in runtimes where runtime.scope == nil {
            runtime.retire()
            runtimes[id] = nil
        }
    }

    /// Drops the runtime of a scope known to be released, and those of its released descendants.
    static func dropReleased(_ runtime: ScopeRuntime) {
        runtime.retire()
        if runtimes[runtime.scopeID] === runtime {
            runtimes[runtime.scopeID] = nil
        }
        for child in runtime.children where child.scope == nil {
            dropReleased(child)
        }
    }

    /// How many runtimes the table holds, released scopes' included until they are swept.
    package static var count: Int { runtimes.count }

    static func startSweeping() {
        guard sweeper == nil else { return }
        sweeper = Task { @MainActor in
            while runningTaskCount > 0 {
                try? await Task.sleep(for: sweepInterval)
                sweepReleasedScopes()
            }
            sweeper = nil
        }
    }
}
