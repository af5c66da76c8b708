/// A saved shared value could not be read: the default value (or, on a reload, the value the app
/// had) is used instead, and a copy of what was saved is kept aside, unchanged. When no copy can be
/// made (the app may not read it), the value is never saved over it: each save of the key is refused
/// with a ``SharedValueNotSaved``, reported once, until a reload finds it readable.
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
        let copy =
            keptAside.map { "a copy is kept at \($0)" }
            ?? "no copy could be kept, so nothing is saved over it"
        return "the saved value \"\(key)\" at \(location) could not be read: \(reason); \(copy); "
            + "it is not used"
    }
}

/// A shared value could not be saved: the app keeps it, a reload does not replace it, and the next
/// save (a change, a flush, a reload) tries again.
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
