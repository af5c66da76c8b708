@_spi(StatoscopeInternals) import StatoscopeCore

/// What keeps a tree apart from the live app: a replay's tree, set on its root. A dependency that
/// holds the app's state (a `SharedStore`) is swapped, wherever a scope of the tree resolves it, for
/// a stand-in of the tree's own, made the first time and kept as long as the tree: the replay then
/// changes, saves and tells nothing of the app's.
@MainActor
package final class DependencyStandIns {
    /// Each stand-in made so far, with the value it stands for, held so that no other value takes
    /// its identity while the tree lives.
    private var made: [ObjectIdentifier: (original: AnyObject, standIn: AnyObject)] = [:]

    /// The stand-in for `original` in this tree: the one made for it before, else `make()`'s.
    package func standIn<Value: AnyObject>(for original: Value, make: () -> Value) -> Value {
        let key = ObjectIdentifier(original)
        if let existing = made[key]?.standIn as? Value { return existing }
        let standIn = make()
        made[key] = (original, standIn)
        return standIn
    }
}

extension ScopeRuntime {
    /// The stand-ins of the tree this scope is in, if it is kept apart from the live app.
    package var dependencyStandIns: DependencyStandIns? {
        provider(of: DependencyCache.standInsKey)?.existingDependencyPart?.cache.standIns
    }

    /// Keeps this scope's subtree apart from the live app (see ``DependencyStandIns``); a subtree
    /// already kept apart keeps its stand-ins, and what they hold.
    package func keepApartFromTheLiveApp() {
        guard dependencies.standIns == nil else { return }
        dependencies.standIns = DependencyStandIns()
        // A new provider: every scope below resolves its stores again.
        ScopeTree.changed()
    }
}
