/// The all of a scope's linked children, in no promised order: a child joins at the end and
/// leaves by trading places with the last one, so that a list of thousands of rows gains or loses one
/// without a search.
@MainActor
package struct ChildRuntimes {
    /// The children.
    private(set) var all: [ScopeRuntime] = []

    /// Adds a child that is not among them.
    mutating func append(_ child: ScopeRuntime) {
        child.tree.positionAmongSiblings = all.count
        all.append(child)
    }

    /// Removes `child` if it is among them.
    mutating func remove(_ child: ScopeRuntime) {
        let position = child.tree.positionAmongSiblings
        guard position < all.count, all[position] === child else { return }
        let last = all.removeLast()
        guard last !== child else { return }
        all[position] = last
        last.tree.positionAmongSiblings = position
    }
}
