/// Facts about the whole tree of scopes that caches compare against.
@MainActor
@usableFromInline
package enum ScopeTree {
    /// Changes whenever a scope is linked, unlinked or given a dependency anywhere; a value resolved
    /// from the tree stays valid while this is unchanged.
    @usableFromInline package static var generation: UInt64 = 0

    static func changed() {
        generation &+= 1
    }
}
