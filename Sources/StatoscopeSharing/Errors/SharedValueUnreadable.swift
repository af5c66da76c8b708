/// A saved shared value could not be read: the default value (or, on a reload, the value the app
/// had) is used instead, and a copy of what was saved is kept aside, unchanged.
public struct SharedValueUnreadable: Error, Sendable, CustomStringConvertible {
    /// The name of the value's key.
    public let key: String
    /// Where the value is saved: a file's path, for instance.
    public let location: String
    /// Why it could not be read.
    public let reason: String
    /// Where the copy is kept, or nil when none could be made.
    public let keptAside: String?

    /// One line naming the key and what happened.
    public var description: String {
        let copy = keptAside.map { "a copy is kept at \($0)" } ?? "no copy could be kept"
        return "the saved value \"\(key)\" at \(location) could not be read: \(reason); \(copy); "
            + "it is not used"
    }
}

/// A shared value could not be saved: the app keeps it, and the next change tries again.
public struct SharedValueNotSaved: Error, Sendable, CustomStringConvertible {
    /// The name of the value's key.
    public let key: String
    /// Where it was to be saved.
    public let location: String
    /// What the storage threw.
    public let reason: String

    /// One line naming the key and what happened.
    public var description: String {
        "the shared value \"\(key)\" could not be saved to \(location): \(reason)"
    }
}
