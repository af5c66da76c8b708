/// Facts about the whole tree of scopes that caches compare against.
///
/// Global because the caches (`@Injected`, `@Superscope`) live in the scopes' own storage, which has
/// no link to any tree object: one counter that every change bumps lets a cached read check, in one
/// load, that nothing anywhere changed since.
@MainActor
@usableFromInline
package enum ScopeTree {
    /// Changes whenever a scope is linked, unlinked or given a dependency anywhere; a value resolved
    /// from the tree stays valid while this is unchanged.
    ///
    /// Other modules read it through a call: an access they make to another module's stored
    /// property is checked for exclusivity at run time, which costs more than the call.
    @usableFromInline package static var generation: UInt64 { generations.values }

    /// Changes whenever a dependency type is injected at a scope that had none of that type; not when
    /// an injected value is replaced by another, nor when the tree changes shape (linking or
    /// unlinking forgets the providers of the moved subtree only). Which scope provides a dependency
    /// type stays valid while this is unchanged.
    package static var providersGeneration: UInt64 { generations.providers }

    // Global because the caches live in the scopes' own storage, with no link to a tree (see above).
    // SAFETY: Sound because only the main actor touches it and every access is a load or an
    // increment that calls nothing, so no access is held across a call. Read once per effect started
    // and per cached read: hot.
    @exclusivity(unchecked) private static var generations = (values: UInt64(0), providers: UInt64(0))

    /// Anything resolved anywhere may be stale: a dependency type was injected at a new place.
    package static func changed() {
        generations.values &+= 1
        generations.providers &+= 1
    }

    /// The tree changed shape, or an injected value was replaced by another of its type: resolved
    /// values are stale, but the scopes that provide them are the same, outside a moved subtree.
    package static func valuesChanged() {
        generations.values &+= 1
    }
}
