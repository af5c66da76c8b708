extension ScopeRuntime {
    /// Makes `child` a child of this scope at `place`: moving it from another parent, or bringing it
    /// back into the app if it was leaving or dismissed. A link that would put a scope below itself
    /// is refused and reported, and the tree stays as it was.
    func link(_ child: ScopeRuntime, as place: PlaceInParent) {
        if child.tree.parent === self, child.tree.lifetime == .linked {
            guard let current = child.tree.place, !current.isSame(as: place) else { return }
            // Moved within its parent: paths below it changed, and the cached ones with them.
            child.tree.place = place
            ScopeTree.valuesChanged()
            child.announce(.moved)
            return
        }
        if let refusal = cycleRefusal(linking: child, as: place) {
            return ErrorReporting.report(ErrorReport(error: refusal, source: .treeChange, runtime: self))
        }
        let changesAncestors = child.tree.parent !== self
        // Whatever its lifetime: a dismissed child is still among its dismissed parent's children,
        // and must not be dismissed or revived with them once it lives here.
        child.tree.parent?.tree.children.remove(child)
        let wasDismissed = child.tree.lifetime == .dismissed
        child.tree.parent = self
        tree.hasBeenParent = true
        child.tree.place = place
        child.tree.lifetime = .linked
        child.tree.dismissedPath = nil
        tree.children.append(child)
        if wasDismissed { ScopeLifetimes.revive(child) }
        if tree.lifetime == .dismissed { ScopeLifetimes.dismiss(child, isTop: false) }
        if changesAncestors { ScopeLifetimes.linked(child) }
        ScopeTree.valuesChanged()
    }

    /// Why linking `child` below this scope would make a cycle, or nil when it would not: this
    /// scope is `child` or below it (a dismissed scope's former ancestors count, since its path
    /// still goes through them).
    private func cycleRefusal(linking child: ScopeRuntime, as place: PlaceInParent) -> ScopeCycleRefused? {
        // A scope that never had a child is below no scope but itself: a tree built one new level
        // at a time links in constant time however deep it grows.
        guard child.tree.hasBeenParent || child === self else { return nil }
        var ancestor: ScopeRuntime? = self
        while let runtime = ancestor, runtime !== child { ancestor = runtime.tree.parent }
        guard ancestor != nil else { return nil }
        let name: String
        switch place {
        case .property(let property): name = property
        case .row(let list): name = list.property
        case .formerRow(let property, _): name = property
        }
        return ScopeCycleRefused(
            childTypeName: String(describing: child.scopeType), childPath: child.path,
            parentPath: path, property: name)
    }

    /// Links `child`, which one of this scope's `@Subscope` properties holds, if it was never linked:
    /// an initial child on its property's first read, or one a replay sends an event to. A child
    /// linked elsewhere meanwhile stays where it is.
    package func adoptIfNeverLinked(_ child: any Scope, as place: PlaceInParent) {
        let existing = ScopeRuntimeTable.existingRuntime(forObject: child)
        guard existing == nil || existing?.tree.lifetime == .root else { return }
        link(existing ?? ScopeRuntimeTable.runtime(for: child), as: place)
    }

    /// Takes `child` out of this scope's property `property`: it leaves the app, unless linked
    /// again before the running update returns. A child moved meanwhile to another property, here
    /// or elsewhere, stays.
    func unlink(_ child: ScopeRuntime, from property: String) {
        guard child.tree.parent === self, case .property(let name) = child.tree.place, name == property
        else { return }
        leave(child, renamedAs: nil)
    }

    /// Takes the row that stood at `index` out of `list`; its name stays the one it had there, for
    /// the reports of events sent to it later.
    func unlink(_ child: ScopeRuntime, from list: ChildList, at index: Int) {
        guard child.tree.parent === self, case .row(let rowList) = child.tree.place, rowList === list
        else { return }
        leave(child, renamedAs: .formerRow(property: list.property, index: index))
    }

    /// A linked child leaves the app when the running update returns; a dismissed one (below this
    /// dismissed scope) stays dismissed on its own, no longer revived with this scope.
    private func leave(_ child: ScopeRuntime, renamedAs place: PlaceInParent?) {
        switch child.tree.lifetime {
        case .linked:
            if let place { child.tree.place = place }
            tree.children.remove(child)
            ScopeTree.valuesChanged()
            ScopeLifetimes.childLeft(child)
        case .dismissed:
            child.tree.dismissedPath = child.tree.dismissedPath ?? child.path
            if let place { child.tree.place = place }
            tree.children.remove(child)
            ScopeTree.valuesChanged()
        case .root, .leaving:
            break
        }
    }

    /// This runtime and its ancestors, nearest first; a leaving or dismissed scope's former
    /// ancestors included.
    package var selfAndAncestors: UnfoldFirstSequence<ScopeRuntime> {
        sequence(first: self, next: { $0.tree.parent })
    }

    /// The root of the scope's tree: this runtime for a root; a leaving or dismissed scope's former
    /// root.
    package var root: ScopeRuntime {
        var runtime = self
        while let parent = runtime.tree.parent { runtime = parent }
        return runtime
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
            guard let name = runtime.nameInParent, runtime.tree.parent != nil else {
                prefix = String(describing: runtime.scopeType)
                break
            }
            names.append(name)
        }
        return ([prefix ?? ""] + names.reversed()).joined(separator: ".")
    }

    /// The name of the parent's property holding this scope, with its index for a row (`rows[2]`),
    /// if it is linked or was.
    package var nameInParent: String? {
        switch tree.place {
        case nil:
            return nil
        case .property(let name):
            return name
        case .formerRow(let property, let index):
            return ChildList.name(of: property, at: index)
        case .row(let list):
            if let frozen = tree.frozenRowIndex { return ChildList.name(of: list.property, at: frozen) }
            let index = list.index(of: scopeID, near: tree.rowHint) ?? tree.rowHint
            tree.rowHint = index
            return ChildList.name(of: list.property, at: index)
        }
    }

    /// Fixes a row's index as it is now: a dismissed scope keeps the path it had, whatever becomes
    /// of its parent's list afterwards.
    func freezeRowIndex() {
        guard case .row(let list) = tree.place, tree.frozenRowIndex == nil else { return }
        tree.frozenRowIndex = list.index(of: scopeID, near: tree.rowHint) ?? tree.rowHint
    }

    /// The first runtime of this subtree, depth first, that satisfies `predicate`.
    package func firstInSubtree(where predicate: (ScopeRuntime) -> Bool) -> ScopeRuntime? {
        var stack = [self]
        while let runtime = stack.popLast() {
            if predicate(runtime) { return runtime }
            stack.append(contentsOf: runtime.tree.children.all)
        }
        return nil
    }
}
