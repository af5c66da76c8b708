/// Dismissal: ends the work of scopes that leave the app, and turns away the events sent to them.
///
/// Global because a dismissal made anywhere changes what `send` must check everywhere: while a
/// dismissed scope is still held (by a view, a timer), `send` takes its full path and asks here.
@MainActor
enum ScopeLifetimes {
    /// Children unlinked by the running update, dismissed when it returns unless linked again.
    @exclusivity(unchecked) private static var leaving: [ScopeRuntime] = []
    /// The tops of dismissed subtrees whose scopes may still be alive: while there is one, each
    /// event's scope is checked.
    private static var dismissedTops: [ScopeRuntime] = []

    /// A linked child was unlinked: dismissed now outside any update, else when the update returns.
    static func childLeft(_ child: ScopeRuntime) {
        guard Dispatcher.isUpdating else { return dismissLeft(child) }
        child.tree.lifetime = .leaving
        leaving.append(child)
        Dispatcher.hasDeferredWork = true
    }

    /// The update returned: the children it unlinked and did not link again leave the app.
    static func settleLeavingChildren() {
        guard !leaving.isEmpty else { return }
        let left = leaving
        leaving.removeAll()
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
            runtime.tree.lifetime = .dismissed
            runtime.cancelAllEffects()
            pending.append(contentsOf: runtime.tree.children)
        }
        if isTop, top.scope != nil, !dismissedTops.contains(where: { $0 === top }) {
            dismissedTops.append(top)
            Dispatcher.checksLifetimes = true
        }
    }

    /// A dismissed scope was linked again: its subtree is back in the app.
    static func revive(_ top: ScopeRuntime) {
        var pending = top.tree.children
        while let runtime = pending.popLast() {
            runtime.tree.lifetime = .linked
            runtime.tree.dismissedPath = nil
            pending.append(contentsOf: runtime.tree.children)
        }
        dismissedTops.removeAll { $0.tree.lifetime != .dismissed }
        Dispatcher.checksLifetimes = !dismissedTops.isEmpty
    }

    /// The error to report instead of delivering an event to `scope`, if it is dismissed.
    ///
    /// First forgets the dismissed scopes that were released since, so that `send` returns to its
    /// fast path as soon as none is held.
    static func refusal(for scope: AnyObject, when: any Sendable) -> EventToDismissedScope? {
        if dismissedTops.contains(where: { $0.scope == nil }) {
            forgetReleasedTops()
        }
        guard let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope),
            runtime.tree.lifetime == .dismissed
        else { return nil }
        return EventToDismissedScope(scopeType: runtime.scopeType, path: runtime.path, when: when)
    }

    private static func forgetReleasedTops() {
        let released = dismissedTops.filter { $0.scope == nil }
        dismissedTops.removeAll { $0.scope == nil }
        // A released top's descendants that are still held stay dismissed, as tops of their own.
        for top in released { ScopeRuntimeTable.dropReleased(top) }
        Dispatcher.checksLifetimes = !dismissedTops.isEmpty
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
