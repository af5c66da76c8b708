import Foundation

/// A value and the lock that guards it, reachable only with the lock held: the lock lives with the
/// state it guards. `Sendable` when the state is (below); `CriticalStateTests` has threads race on one
/// instance, which ThreadSanitizer checks in CI.
///
/// Declared public under the `StatoscopeInternals` SPI, which only the library's own modules import:
/// every module of the library takes it on hot paths, and only public declarations are inlined, and
/// so specialised, across modules. Users never see it.
@_spi(StatoscopeInternals)
public final class CriticalState<State> {
    @usableFromInline let lock = NSLock()
    // SAFETY: Sound because the only access, `withLock(_:)`'s, lasts exactly while the lock is held,
    // so an access from another thread waits for it to end; and no `body` calls back into the same
    // instance: every caller's body is a few lines of work on plain data, never the app's code (a
    // caller that hands what it took to the app, as analytics hands events to its sinks, does so
    // after `withLock` returned). The run-time check cost each `withLock` a call.
    @exclusivity(unchecked) @usableFromInline var state: State

    /// Guards `state`.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the lock held, giving it the state to read or change.
    @inlinable
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

// SAFETY: Sound because `state` is reached only through `withLock(_:)`, under the lock, and is
// `Sendable` itself, so what a caller takes out of it may go to another thread.
extension CriticalState: @unchecked Sendable where State: Sendable {}
