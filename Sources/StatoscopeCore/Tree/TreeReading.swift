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

        /// Whether the child is linked under a parent; one never read yet is not.
        @MainActor package var isLinked: Bool { runtime.map { $0.lifetime != .root } ?? false }

        /// Where the child's values resolve: its own runtime once linked, else (an initial child never
        /// read yet) its parent's `resolver`, where it will be linked.
        @MainActor package func resolver(under parentResolver: ScopeRuntime?) -> ScopeRuntime? {
            isLinked ? runtime : parentResolver
        }
    }

    /// A scope of a subtree as a walk finds it.
    package struct Place {
        package let scope: any Scope
        /// Its path from the subtree's root, `App.rows[2]`: where the tree links it, or will.
        package let path: String
        /// Where its values resolve (see ``Child/resolver(under:)``).
        package let resolver: ScopeRuntime?
        /// Whether it is the walk's root, or a child linked under its parent.
        package let isLinked: Bool
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

    /// Every scope of the subtree of `root` with its place, depth first, `root` first.
    static func subtree(of root: any Scope) -> [Place] {
        let rootRuntime = ScopeRuntimeTable.existingRuntime(forObject: root)
        var found: [Place] = []
        var stack: [(place: Place, runtime: ScopeRuntime?)] = [
            (
                Place(
                    scope: root, path: rootRuntime?.path ?? "\(type(of: root))", resolver: rootRuntime,
                    isLinked: true), rootRuntime
            )
        ]
        // A scope met again (a row listed twice, or one whose property holds a scope above it, a
        // link that was refused) is listed once, so a walk of a tree that holds a cycle ends.
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let (place, runtime) = stack.popLast() {
            found.append(place)
            let children = children(of: place.scope, runtime: runtime).filter {
                $0.linkedElsewhere == nil && visited.insert(ObjectIdentifier($0.scope)).inserted
            }
            stack.append(
                contentsOf: children.reversed().map {
                    (
                        Place(
                            scope: $0.scope, path: "\(place.path).\($0.name)",
                            resolver: $0.resolver(under: place.resolver), isLinked: $0.isLinked), $0.runtime
                    )
                })
        }
        return found
    }
}

extension Scope {
    /// Every scope of this subtree with its path, depth first, this scope first. Reads only.
    package var subtreeScopes: [(scope: any Scope, path: String)] {
        TreeReading.subtree(of: self).map { ($0.scope, $0.path) }
    }

    /// Every scope of this subtree with its place, depth first, this scope first. Reads only.
    package var subtreePlaces: [TreeReading.Place] {
        TreeReading.subtree(of: self)
    }
}
