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

    /// The live child named `name`, linking first the children that the scope's `@Subscope`
    /// properties hold but were never read.
    func linkedChild(named name: String) -> ScopeRuntime? {
        if let child = liveChildren.first(where: { $0.nameInParent == name }) { return child }
        linkDeclaredChildren()
        return liveChildren.first { $0.nameInParent == name }
    }

    /// Links every child the scope's `@Subscope` properties hold: an initial value is otherwise
    /// linked only when its property is first read.
    func linkDeclaredChildren() {
        guard let scope else { return }
        for case .subscope(let subscope, let name) in ScopeProperty.all(of: scope) {
            _ = subscope.linkChildren(to: self, name: name)
        }
    }

    /// The live scopes of this subtree with their runtimes, depth first, this scope first; children
    /// never read yet are linked on the way.
    package func subtree() -> [(scope: any Scope, runtime: ScopeRuntime)] {
        var found: [(scope: any Scope, runtime: ScopeRuntime)] = []
        var stack = [self]
        while let runtime = stack.popLast() {
            guard let scope = runtime.scope as? any Scope else { continue }
            found.append((scope, runtime))
            runtime.linkDeclaredChildren()
            stack.append(contentsOf: runtime.liveChildren.reversed())
        }
        return found
    }

    /// The first runtime of this subtree, depth first, that satisfies `predicate`.
    func firstInSubtree(where predicate: (ScopeRuntime) -> Bool) -> ScopeRuntime? {
        var stack = [self]
        while let runtime = stack.popLast() {
            if predicate(runtime) { return runtime }
            stack.append(contentsOf: runtime.liveChildren)
        }
        return nil
    }

    /// The linked children whose scopes are alive.
    var liveChildren: [ScopeRuntime] {
        children.filter { $0.scope != nil }
    }
}
