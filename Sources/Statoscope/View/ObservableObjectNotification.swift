#if canImport(Combine)
    import Combine
#endif

/// Tells an `ObservableObject` scope's subscribers that a `@Subscope` property is about to change, as
/// `@Published` does for the properties it wraps, so that a sheet bound to a child appears and
/// disappears with it.
///
/// Only scopes that use the default `ObservableObjectPublisher` are notified; nothing happens where
/// Combine is not available.
@MainActor
func announceSubscopeWillChange(in parent: some Scope) {
    #if canImport(Combine)
        guard let object = parent as? any ObservableObject else { return }
        (object.objectWillChange as any Publisher as? ObservableObjectPublisher)?.send()
    #endif
}
