import Foundation

/// A value and the lock that guards it, reachable only with the lock held.
///
/// `@unchecked Sendable` is sound because `state` is private and read or written only inside
/// ``withLock(_:)``, under `lock`; `CriticalStateTests` has threads race on one instance, which
/// ThreadSanitizer checks in CI.
// SAFETY: Sound as the comment above says: `state` is reached only through `withLock(_:)`.
package final class CriticalState<State>: @unchecked Sendable {
    private let lock = NSLock()
    // SAFETY: Sound because the only access, `withLock(_:)`'s, lasts exactly while the lock is held,
    // so an access from another thread waits for it to end; and no `body` calls back into the same
    // instance: every caller's body is a few lines of work on plain data, never the app's code (a
    // caller that hands what it took to the app, as analytics hands events to its sinks, does so
    // after `withLock` returned). The run-time check cost each `withLock` a call.
    @exclusivity(unchecked) private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the lock held, giving it the state to read or change.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
