/// A scope's place in its tree: its parent, its name there, its children, and whether it is in the
/// app (see ``ScopeRuntime``'s lifecycle contract).
@MainActor
struct TreeNode {
    /// Where a scope stands in its tree's lifecycle.
    enum Lifetime: Equatable {
        /// Never linked below a parent: a root.
        case root
        /// Linked below a parent.
        case linked
        /// Unlinked by the running update; dismissed when it returns unless linked again by then.
        case leaving
        /// Out of the app: its effects were cancelled and events sent to it are reported.
        case dismissed
    }

    /// The parent, or the last one for a scope leaving or dismissed, so its path and `@Superscope`
    /// stay readable; nil for a root.
    weak var parent: ScopeRuntime?
    /// The name of the parent's property holding this scope (`rows[2]` for an element of a list).
    var nameInParent: String?
    /// The linked children, in the order they were linked.
    var children: [ScopeRuntime] = []
    var lifetime = Lifetime.root
    /// The path a dismissed scope had when it was dismissed, for the reports of late events.
    var dismissedPath: String?
    /// The path as last computed, valid while ``ScopeTree/generation`` is `pathGeneration`: analytics
    /// and recorders read it for every event, and walking the ancestors each time cost more than the
    /// rest of tracking an event.
    var cachedPath: String?
    var pathGeneration: UInt64 = 0
    /// Ancestors given by a test to a scope tested on its own, nearest first.
    var superscopesForTesting: [any Scope] = []

    /// Linked, but its parent's runtime is gone: the parent was released and swept.
    var isOrphaned: Bool { lifetime == .linked && parent == nil }
}
