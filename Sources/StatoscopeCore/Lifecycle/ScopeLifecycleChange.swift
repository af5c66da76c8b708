/// What the lifecycle decided about a scope, as its runtime's parts are told (see
/// ``ScopeRuntimePart``). ``ScopeLifetimes`` and the runtime table decide; nothing else does.
package enum ScopeLifecycleChange {
    /// Linked below a parent it was not below: a new child, one moved from another parent, or a
    /// scope of a subtree linked so (each scope of the subtree is told). Its ancestors changed.
    case linked
    /// Moved within its parent, to another property or another row: its path changed, not its
    /// ancestors.
    case moved
    /// Out of the app: unlinked and not linked again before the update returned, or below a scope
    /// that was. Its effects end; events sent to it are refused.
    case dismissed
    /// Back in the app: it, or the top of its subtree, was linked again after a dismissal.
    case revived
    /// The scope was released: its runtime is being dropped.
    case released
}
