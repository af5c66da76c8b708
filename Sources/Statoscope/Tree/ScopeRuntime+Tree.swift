extension ScopeRuntime {
    /// Makes `child` a child of this scope, under `name`; moving it from another parent if needed.
    func link(_ child: ScopeRuntime, as name: String) {
        if child.parent === self {
            child.nameInParent = name
            return
        }
        child.parent?.children.removeAll { $0 === child }
        child.parent = self
        child.nameInParent = name
        children.append(child)
        child.forgetProvidersInSubtree()
        ScopeTree.valuesChanged()
    }

    /// Detaches `child` from this scope. If the child is released, its effects, and those of its
    /// released descendants, are cancelled now rather than at the next sweep.
    func unlink(_ child: ScopeRuntime) {
        guard child.parent === self else { return }
        children.removeAll { $0 === child }
        child.parent = nil
        child.nameInParent = nil
        child.forgetProvidersInSubtree()
        ScopeTree.valuesChanged()
        if child.scope == nil {
            ScopeRuntimeTable.dropReleased(child)
        }
    }

    /// This runtime and its ancestors, nearest first.
    var selfAndAncestors: UnfoldFirstSequence<ScopeRuntime> {
        sequence(first: self, next: { $0.parent })
    }

    /// Where the scope sits, from the root: `App.rows[2].detail`, or the type name for a root.
    package var path: String {
        var names: [String] = []
        var root = self
        for runtime in selfAndAncestors {
            root = runtime
            if let name = runtime.nameInParent { names.append(name) }
        }
        return ([String(describing: root.scopeType)] + names.reversed()).joined(separator: ".")
    }

    /// The linked children whose scopes are alive.
    var liveChildren: [ScopeRuntime] {
        children.filter { $0.scope != nil }
    }
}
