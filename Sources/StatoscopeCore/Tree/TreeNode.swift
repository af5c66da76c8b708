/// A scope's place in its tree: its parent, its place there, its children, and whether it is in the
/// app (see ``ScopeRuntime``'s lifecycle contract).
@MainActor
package struct TreeNode {
    /// Where a scope stands in its tree's lifecycle.
    package enum Lifetime: Equatable {
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
    package weak var parent: ScopeRuntime?
    /// Which of the parent's properties holds this scope.
    var place: PlaceInParent?
    /// Where this scope's row last stood in its list: where the search for its index starts, so that
    /// a row shifted by an insert or a removal is found in a few steps.
    var rowHint = 0
    /// How many places of the list with serial ``placesListSerial`` this row holds (see
    /// ``ChildList/apply(_:newIdentities:runtimeAt:)``).
    var placesInList = 0
    var placesListSerial: UInt64 = 0
    /// A dismissed row's index, fixed when it was dismissed.
    var frozenRowIndex: Int?
    /// The linked children; a removal reorders them.
    package var children = ChildRuntimes()
    /// Whether any scope was ever linked below this one. Until then no scope's parent, current or
    /// former, is this one, so linking it anywhere cannot close a cycle and needs no walk up.
    var hasBeenParent = false
    /// This scope's position in its parent's ``children``, so that it leaves them without a search.
    var positionAmongSiblings = 0
    package var lifetime = Lifetime.root
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

/// Which of its parent's `@Subscope` properties holds a scope.
@MainActor
package enum PlaceInParent {
    /// A plain or optional child.
    case property(String)
    /// A row of a list: its index is found in the list when its name is read, so that an insert or a
    /// removal renames no other row.
    case row(ChildList)
    /// A row that left its list, named by the index it had there.
    case formerRow(property: String, index: Int)

    /// Whether both name the same property (or list) of one parent.
    func isSame(as other: PlaceInParent) -> Bool {
        switch (self, other) {
        case (.property(let name), .property(let otherName)): name == otherName
        case (.row(let list), .row(let otherList)): list === otherList
        case (.formerRow(let property, let index), .formerRow(let otherProperty, let otherIndex)):
            property == otherProperty && index == otherIndex
        default: false
        }
    }
}
