#if canImport(Combine)
    import Combine
#endif

/// Tells an `ObservableObject` scope's subscribers that a `@Subscope` property is about to change, as
/// `@Published` does for the properties it wraps, so that a sheet bound to a child appears and
/// disappears with it.
///
/// Only scopes whose publisher is an `ObservableObjectPublisher` are notified; nothing happens where
/// Combine is not available. This relies on `objectWillChange` returning, on every read, the publisher
/// a view subscribed to: Combine documents it of the publisher it synthesizes for a class with
/// `@Published` properties, and a scope without any declares its own (see the SwiftUI article).
@MainActor
func announceSubscopeWillChange(in parent: some Scope) {
    #if canImport(Combine)
        guard let object = parent as? any ObservableObject else { return }
        (object.objectWillChange as any Publisher as? ObservableObjectPublisher)?.send()
    #endif
}
