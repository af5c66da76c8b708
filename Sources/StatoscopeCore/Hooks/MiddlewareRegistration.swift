/// An installed middleware or instrument; ``remove()`` takes it out.
///
/// What dropping the registration does depends on what it registers, and each method that returns
/// one says which:
/// - an app-wide instrument (``Middleware/addAppWide(_:)``, ``Analytics/install(_:)``) lasts as long
///   as its registration: keep the registration for as long as it should run;
/// - a scope's middleware (``Scope/addMiddleware(_:)``) lasts as long as its scope, or until removed.
@MainActor
public final class MiddlewareRegistration {
    private let onRemove: @MainActor () -> Void
    private let removesWhenDropped: Bool

    package init(removesWhenDropped: Bool, onRemove: @escaping @MainActor () -> Void) {
        self.onRemove = onRemove
        self.removesWhenDropped = removesWhenDropped
    }

    /// An identifier no other instrument has, so that removal finds its own entry.
    package static func nextID() -> UInt64 {
        Serial.next()
    }

    /// Removes it: events sent from now on skip it. Removing twice does nothing more.
    public func remove() {
        onRemove()
    }

    isolated deinit {
        if removesWhenDropped { onRemove() }
    }
}
