/// An installed instrument (a middleware, a tap, an error handler, an analytics sink); ``remove()``
/// takes it out.
///
/// One rule for every instrument that returns one (``Middleware/addAppWide(_:)``,
/// ``Analytics/install(_:)``, ``Scope/addMiddleware(_:)``, ``ErrorReporting/addHandler(_:)``): it runs
/// until its registration is removed or released, so keep the registration for as long as the
/// instrument should run. (A scope's middleware also ends with its scope.) Recorders and flight
/// recorders follow the same rule as objects: each stops when it is stopped or released.
@MainActor
public final class InstrumentRegistration: Hashable {
    private let onRemove: @MainActor () -> Void

    package init(onRemove: @escaping @MainActor () -> Void) {
        self.onRemove = onRemove
    }

    /// An identifier no other instrument has, so that removal finds its own entry.
    package static func nextID() -> UInt64 {
        Serial.next()
    }

    /// Whether the two are the same registration.
    public nonisolated static func == (lhs: InstrumentRegistration, rhs: InstrumentRegistration) -> Bool {
        lhs === rhs
    }

    /// Hashes the registration's identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Removes it: events sent from now on skip it. Removing twice does nothing more.
    public func remove() {
        onRemove()
    }

    isolated deinit {
        onRemove()
    }
}
