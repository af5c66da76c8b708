extension ScopeRuntime {
    /// Makes `child` a child of this scope under `name`: moving it from another parent, or bringing
    /// it back into the app if it was leaving or dismissed.
    func link(_ child: ScopeRuntime, as name: String) {
        if child.tree.parent === self, child.tree.lifetime == .linked {
            guard child.tree.nameInParent != name else { return }
            // Moved within its parent: paths below it changed, and the cached ones with them.
            child.tree.nameInParent = name
            ScopeTree.valuesChanged()
            return
        }
        let changesAncestors = child.tree.parent !== self
        if child.tree.lifetime == .linked, let former = child.tree.parent {
            former.tree.children.removeAll { $0 === child }
        }
        let wasDismissed = child.tree.lifetime == .dismissed
        child.tree.parent = self
        child.tree.nameInParent = name
        child.tree.lifetime = .linked
        child.tree.dismissedPath = nil
        tree.children.append(child)
        if wasDismissed { ScopeLifetimes.revive(child) }
        if tree.lifetime == .dismissed { ScopeLifetimes.dismiss(child, isTop: false) }
        if changesAncestors { child.forgetProvidersInSubtree() }
        ScopeTree.valuesChanged()
    }

    /// Links `child`, which one of this scope's `@Subscope` properties holds, if it was never linked:
    /// an initial child on its property's first read, or one a replay sends an event to. A child
    /// linked elsewhere meanwhile stays where it is.
    func adoptIfNeverLinked(_ child: any Scope, as name: String) {
        let existing = ScopeRuntimeTable.existingRuntime(forObject: child)
        guard existing == nil || existing?.tree.lifetime == .root else { return }
        link(existing ?? ScopeRuntimeTable.runtime(for: child), as: name)
    }

    /// Takes `child` out of this scope's property `property`: it leaves the app, unless linked
    /// again before the running update returns. A child moved meanwhile to another property, here
    /// or elsewhere, stays.
    func unlink(_ child: ScopeRuntime, from property: String) {
        guard child.tree.parent === self, child.tree.lifetime == .linked,
            let name = child.tree.nameInParent, name == property || name.hasPrefix(property + "[")
        else { return }
        tree.children.removeAll { $0 === child }
        ScopeTree.valuesChanged()
        ScopeLifetimes.childLeft(child)
    }

    /// This runtime and its ancestors, nearest first; a leaving or dismissed scope's former
    /// ancestors included.
    var selfAndAncestors: UnfoldFirstSequence<ScopeRuntime> {
        sequence(first: self, next: { $0.tree.parent })
    }

    /// Where the scope sits, from the root: `App.rows[2].detail`, or the type name for a root. A
    /// dismissed scope keeps the path it had.
    package var path: String {
        if let cachedPath = tree.cachedPath, tree.pathGeneration == ScopeTree.generation {
            return cachedPath
        }
        let path = computedPath
        tree.cachedPath = path
        tree.pathGeneration = ScopeTree.generation
        return path
    }

    private var computedPath: String {
        var names: [String] = []
        var prefix: String?
        for runtime in selfAndAncestors {
            if let dismissedPath = runtime.tree.dismissedPath {
                prefix = dismissedPath
                break
            }
            guard let name = runtime.tree.nameInParent, runtime.tree.parent != nil else {
                prefix = String(describing: runtime.scopeType)
                break
            }
            names.append(name)
        }
        return ([prefix ?? ""] + names.reversed()).joined(separator: ".")
    }

    /// The name of the parent's property holding this scope, if it is linked.
    package var nameInParent: String? { tree.nameInParent }

    /// The first runtime of this subtree, depth first, that satisfies `predicate`.
    func firstInSubtree(where predicate: (ScopeRuntime) -> Bool) -> ScopeRuntime? {
        var stack = [self]
        while let runtime = stack.popLast() {
            if predicate(runtime) { return runtime }
            stack.append(contentsOf: runtime.tree.children)
        }
        return nil
    }
}
