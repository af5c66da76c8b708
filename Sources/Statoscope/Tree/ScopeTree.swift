/// Facts about the whole tree of scopes that caches compare against.
@MainActor
@usableFromInline
package enum ScopeTree {
    /// Changes whenever a scope is linked, unlinked or given a dependency anywhere; a value resolved
    /// from the tree stays valid while this is unchanged.
    @usableFromInline package static var generation: UInt64 = 0

    /// Changes whenever a scope is linked or unlinked, or a dependency type is injected at a scope
    /// that had none of that type; not when an injected value is replaced by another. Which scope
    /// provides a dependency type stays valid while this is unchanged.
    static var providersGeneration: UInt64 = 0

    static func changed() {
        generation &+= 1
        providersGeneration &+= 1
    }

    /// A scope's injected value was replaced by another of the same type: values resolved from the
    /// tree are stale, but every scope still has the same provider.
    static func injectedValueReplaced() {
        generation &+= 1
    }
}
