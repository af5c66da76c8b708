/// Reads a tree the way it stands, for descriptions, test checks and replays: it follows the
/// children the `@Subscope` properties hold and never links, moves or creates anything.
@MainActor
package enum TreeReading {
    /// A child held by a `@Subscope` property, as a read of the tree sees it.
    package struct Child {
        /// Its name in the parent: `detail`, `rows[2]`.
        package let name: String
        package let scope: any Scope
        package let runtime: ScopeRuntime?
        /// Where the child is linked instead, when it was moved below another parent; a read does
        /// not follow it there.
        package let linkedElsewhere: String?
    }

    /// The children `scope`'s `@Subscope` properties hold, in declaration order; a child never
    /// linked yet (an initial value never read) counts as the parent's.
    package static func children(of scope: any Scope, runtime: ScopeRuntime?) -> [Child] {
        ScopeProperty.declaredChildren(of: scope).map { name, child in
            let childRuntime = ScopeRuntimeTable.existingRuntime(forObject: child)
            var elsewhere: String?
            if let childRuntime, childRuntime.tree.lifetime != .root,
                childRuntime.tree.parent !== runtime
                    || runtime == nil
            {
                elsewhere = childRuntime.path
            }
            return Child(name: name, scope: child, runtime: childRuntime, linkedElsewhere: elsewhere)
        }
    }

    /// Every scope of the subtree of `root` with its path, depth first, `root` first.
    static func subtree(of root: any Scope) -> [(scope: any Scope, path: String)] {
        let rootRuntime = ScopeRuntimeTable.existingRuntime(forObject: root)
        var found: [(scope: any Scope, path: String)] = []
        var stack: [(scope: any Scope, runtime: ScopeRuntime?, path: String)] = [
            (root, rootRuntime, rootRuntime?.path ?? "\(type(of: root))")
        ]
        // A scope met again (a row listed twice, or one whose property holds a scope above it, a
        // link that was refused) is listed once, so a walk of a tree that holds a cycle ends.
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let (scope, runtime, path) = stack.popLast() {
            found.append((scope, path))
            let children = children(of: scope, runtime: runtime).filter {
                $0.linkedElsewhere == nil && visited.insert(ObjectIdentifier($0.scope)).inserted
            }
            stack.append(contentsOf: children.reversed().map { ($0.scope, $0.runtime, "\(path).\($0.name)") })
        }
        return found
    }
}

extension Scope {
    /// Every scope of this subtree with its path, depth first, this scope first. Reads only.
    package var subtreeScopes: [(scope: any Scope, path: String)] {
        TreeReading.subtree(of: self)
    }
}
