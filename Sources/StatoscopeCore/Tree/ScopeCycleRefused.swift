/// Assigning a child to a `@Subscope` property was refused: the child is the parent itself or one of
/// its ancestors, so linking it would have put a scope below itself.
///
/// The property holds what was assigned, but the tree stays as it was: the child keeps its place and
/// its work. ``ErrorReporting`` receives this error in a report whose source is
/// ``ErrorReport/Source/treeChange``.
public struct ScopeCycleRefused: Error, Sendable, CustomStringConvertible {
    /// The type of the scope that was assigned.
    public let childTypeName: String
    /// Where that scope sits, such as `List.next`.
    public let childPath: String
    /// Where the parent it was assigned to sits.
    public let parentPath: String
    /// The parent's property it was assigned to.
    public let property: String

    /// Names the scope, where it sits and where it was assigned.
    public var description: String {
        "\(parentPath).\(property): assigning \(childTypeName) at \(childPath) would link it below itself; "
            + "the tree was left as it was"
    }
}
