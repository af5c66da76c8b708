/// A shared value was written outside an update: the write was refused and the value kept.
///
/// A shared value changes only inside `update(_:)`, where an event says why, so that middleware, logs
/// and recordings see every change. Reported to ``ErrorReporting`` with the path of the scope that
/// wrote it.
public struct SharedValueWriteRefused: Error, Sendable, CustomStringConvertible {
    /// The name of the value's key (`owned` for a value a scope owns).
    public let key: String

    /// One line naming the key and what happened.
    public var description: String {
        "the shared value \"\(key)\" was written outside an update and kept its value: "
            + "change it in update(_:), in answer to an event"
    }
}
