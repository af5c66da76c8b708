/// The storage of a `@Superscope` property, whatever its ancestor's type: lets a test plan check
/// that a scope reaches the ancestors it declares, without reading them.
package protocol SuperscopeDeclaration {
    /// Why `scope`, which declares this property, cannot reach its ancestor, where `holders` are the
    /// scopes above it as a read of the tree sees them, root first (a child never linked yet counts
    /// as its parent's); nil when it can.
    @MainActor func missingAncestor(
        of scope: any Scope, at path: String, below holders: [any Scope]
    ) -> MissingSuperscopeError?
}

extension Superscope: SuperscopeDeclaration {
    @MainActor
    package func missingAncestor(
        of scope: any Scope, at path: String, below holders: [any Scope]
    ) -> MissingSuperscopeError? {
        if (try? scope.superscope(Ancestor.self)) != nil { return nil }
        // The tree as it stands: the holders above, nearest first, and what each of them reaches.
        for holder in holders.reversed() {
            if holder is Ancestor || (try? holder.superscope(Ancestor.self)) != nil { return nil }
        }
        let wasEverLinked =
            !holders.isEmpty
            || ScopeRuntimeTable.existingRuntime(for: scope).map { $0.tree.lifetime != .root } == true
        return MissingSuperscopeError(
            ancestorType: Ancestor.self, scopeType: type(of: scope), path: path, wasEverLinked: wasEverLinked)
    }
}

extension Scope {
    /// The first scope of this subtree, this one included, that cannot reach an ancestor one of its
    /// `@Superscope` properties declares, and why; nil when every one is reachable. Reads only: it
    /// links, caches and creates nothing.
    ///
    /// Reading such a property stops the program (see ``Superscope``). A test plan checks this before
    /// each step that sends an event, so that the step fails with the message instead of the read
    /// stopping the whole test process.
    package var firstMissingAncestorInSubtree: MissingSuperscopeError? {
        let runtime = ScopeRuntimeTable.existingRuntime(forObject: self)
        var stack: [(scope: any Scope, runtime: ScopeRuntime?, path: String, holders: [any Scope])] = [
            (self, runtime, runtime?.path ?? "\(type(of: self))", [])
        ]
        // Each scope once: a tree holding a cycle (a link that was refused) is still walked to its end.
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while let (scope, runtime, path, holders) = stack.popLast() {
            if let missing = SuperscopeDeclarations.firstMissing(of: scope, at: path, below: holders) {
                return missing
            }
            let children = TreeReading.children(of: scope, runtime: runtime).filter {
                $0.linkedElsewhere == nil && visited.insert(ObjectIdentifier($0.scope)).inserted
            }
            for child in children.reversed() {
                stack.append((child.scope, child.runtime, "\(path).\(child.name)", holders + [scope]))
            }
        }
        return nil
    }
}

/// The `@Superscope` properties of scope types: a plan asks of every scope of its tree before each
/// step that sends an event, after the tree changed, and in a process that runs tests every event's
/// scope is asked before its update runs.
@MainActor
enum SuperscopeDeclarations {
    private static let properties = DeclaredProperties<any SuperscopeDeclaration>()

    /// The first of `scope`'s ancestors that it declares and cannot reach, as a scope of the live
    /// tree; `path` is asked only when one is missing.
    static func firstMissing(of scope: any Scope, at path: () -> String) -> MissingSuperscopeError? {
        guard properties.mayDeclare(Swift.type(of: scope)) else { return nil }
        return firstMissing(of: scope, at: path(), below: [])
    }

    static func firstMissing(
        of scope: any Scope, at path: String, below holders: [any Scope]
    ) -> MissingSuperscopeError? {
        properties.first(of: scope) { $0.missingAncestor(of: scope, at: path, below: holders) }
    }
}
