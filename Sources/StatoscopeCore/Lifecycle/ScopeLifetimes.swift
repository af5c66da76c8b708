/// The lifecycle of scopes in the tree, decided in one place: linking below a new parent, dismissal,
/// revival and release (with the runtime table's sweep) are decided here, and each scope's runtime
/// parts are told what was decided (``ScopeLifecycleChange``); they end or forget their own work in
/// reaction, never deciding it. It also turns away the events sent to dismissed scopes.
///
/// Global because a dismissal made anywhere changes what `send` must check everywhere: while a
/// dismissed scope is still held (by a view, a timer), `send` probes ``ScopeFilter`` and,
/// for a scope the filter cannot clear, asks here.
@MainActor
enum ScopeLifetimes {
    /// The scopes the lifecycle is deciding about, or looking out for.
    private struct Scopes {
        /// Children unlinked by the running update, dismissed when it returns unless linked again.
        var leaving: [ScopeRuntime] = []
        /// The dismissed scopes that may still be alive, each one of a dismissed subtree: what the
        /// filter is built from. Released ones are forgotten when their runtime is dropped, or by a
        /// sweep once the set has doubled.
        var held = IdentityTable<ScopeRuntime>()
        /// The size of `held` at which its released scopes are swept.
        var sweepThreshold = ScopeLifetimes.minimumSweepThreshold
    }

    // Global because a dismissal made anywhere changes what `send` checks everywhere.
    // SAFETY: Sound because only the main actor touches it and no access spans other code or
    // releases a runtime: `childLeft` appends a child its caller holds, `settleLeavingChildren` takes
    // the list out before the children it holds are dismissed, and a scope leaves `held` only while
    // its caller holds it (its runtime is being dropped or revived). Read by every dismissal, and by
    // `send` for a scope the filter cannot clear.
    @exclusivity(unchecked) private static var scopes = Scopes()
    private nonisolated static var minimumSweepThreshold: Int { 64 }

    /// A linked child was unlinked: dismissed now outside any update, else when the update returns.
    static func childLeft(_ child: ScopeRuntime) {
        // Released with no child of its own, it can never be linked again nor move anything: its
        // runtime goes now rather than when the update returns.
        guard Dispatcher.isUpdating, child.scope != nil || !child.tree.children.all.isEmpty else {
            return dismissLeft(child)
        }
        child.tree.lifetime = .leaving
        scopes.leaving.append(child)
        Dispatcher.noteDeferredWork()
    }

    /// The update returned: the children it unlinked and did not link again leave the app.
    static func settleLeavingChildren() {
        guard !scopes.leaving.isEmpty else { return }
        let left = scopes.leaving
        scopes.leaving.removeAll()
        for child in left where child.tree.lifetime == .leaving {
            dismissLeft(child)
        }
    }

    private static func dismissLeft(_ child: ScopeRuntime) {
        if child.scope == nil {
            ScopeRuntimeTable.dropReleased(child)
        } else {
            dismiss(child)
        }
    }

    /// Dismisses a subtree: every effect in it is cancelled and every scope in it marked dismissed.
    /// `isTop` is false for a subtree linked below a scope that is dismissed already.
    static func dismiss(_ top: ScopeRuntime, isTop: Bool = true) {
        if isTop {
            top.tree.dismissedPath = top.path
        }
        var pending = [top]
        while let runtime = pending.popLast() {
            if runtime !== top || !isTop { runtime.freezeRowIndex() }
            runtime.tree.lifetime = .dismissed
            runtime.announce(.dismissed)
            hold(runtime)
            pending.append(contentsOf: runtime.tree.children.all)
        }
    }

    /// A dismissed scope was linked again: its subtree is back in the app.
    static func revive(_ top: ScopeRuntime) {
        unhold(top)
        top.tree.frozenRowIndex = nil
        top.announce(.revived)
        var pending = top.tree.children.all
        while let runtime = pending.popLast() {
            runtime.tree.lifetime = .linked
            runtime.tree.dismissedPath = nil
            runtime.tree.frozenRowIndex = nil
            unhold(runtime)
            runtime.announce(.revived)
            pending.append(contentsOf: runtime.tree.children.all)
        }
    }

    /// `top` was linked below a parent it was not below: every scope of its subtree has new
    /// ancestors.
    static func linked(_ top: ScopeRuntime) {
        top.announce(.linked)
        guard !top.tree.children.all.isEmpty else { return }
        var pending = top.tree.children.all
        while let runtime = pending.popLast() {
            runtime.announce(.linked)
            pending.append(contentsOf: runtime.tree.children.all)
        }
    }

    /// The error to report instead of delivering an event to `scope`, if it is dismissed. Decided
    /// from the scope's own runtime: what else is dismissed costs nothing here.
    static func refusal(for scope: AnyObject, when: any Sendable) -> EventToDismissedScope? {
        guard let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope),
            runtime.tree.lifetime == .dismissed
        else { return nil }
        return EventToDismissedScope(scopeType: runtime.scopeType, path: runtime.path, when: when)
    }

    /// Counts a dismissed scope among those `send` must look out for.
    private static func hold(_ runtime: ScopeRuntime) {
        guard runtime.scope != nil, scopes.held.updateValue(runtime, forKey: runtime.scopeID) == nil else {
            return
        }
        if scopes.held.count >= scopes.sweepThreshold {
            // Dropping a released scope may dismiss its live children, which come back here.
            scopes.sweepThreshold = .max
            forgetReleased()
            scopes.sweepThreshold = max(minimumSweepThreshold, scopes.held.count * 2)
        }
        ScopeFilter.insert(runtime.scopeID)
    }

    /// A scope's runtime was dropped: if it was dismissed, it is no longer held.
    static func forget(_ runtime: ScopeRuntime) {
        // Only a dismissed scope is held: a released row that was never dismissed costs no lookup.
        guard runtime.tree.lifetime == .dismissed else { return }
        unhold(runtime)
    }

    private static func unhold(_ runtime: ScopeRuntime) {
        guard !scopes.held.isEmpty, scopes.held.removeValue(forKey: runtime.scopeID) != nil else { return }
        ScopeFilter.remove()
    }

    /// How many dismissed scopes may still be alive: ``ScopeFilter`` holds their bits.
    static var heldCount: Int { scopes.held.count }

    /// The dismissed scopes that may still be alive, for ``ScopeFilter`` to rebuild from.
    static var heldIDs: [ObjectIdentifier] { scopes.held.allKeys }

    /// Drops the held scopes that were released: their runtimes go, and with them their entries.
    private static func forgetReleased() {
        let released = scopes.held.allValues.filter { $0.scope == nil }
        for runtime in released {
            ScopeRuntimeTable.dropReleased(runtime)
            forget(runtime)
        }
        scopes.held.shrinkIfSparse()
    }
}

/// An event was sent to a scope that was dismissed: it was reported instead of reaching `update`.
///
/// A view or a timer may still hold a scope after its parent dismissed it (a late tap during a
/// dismissal animation, say). The event is not delivered, so the dismissed scope's `update` never
/// runs on a scope that is out of the app; ``ErrorReporting`` receives this error with the event.
public struct EventToDismissedScope: Error, Sendable, CustomStringConvertible {
    /// The type of the dismissed scope.
    public let scopeTypeName: String
    /// The path the scope had when it was dismissed, such as `Home.detail`.
    public let path: String
    /// The event, as text.
    public let event: String

    init(scopeType: any Scope.Type, path: String, when: any Sendable) {
        scopeTypeName = String(describing: scopeType)
        self.path = path
        event = Redaction.describe(when)
    }

    /// Names the scope, its last path and the event.
    public var description: String {
        "\(path): \(scopeTypeName) was dismissed; \(event) was not delivered"
    }
}
