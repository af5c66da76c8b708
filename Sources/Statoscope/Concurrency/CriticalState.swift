import Foundation

/// A value and the lock that guards it, reachable only with the lock held.
///
/// `@unchecked Sendable` is sound because `state` is private and read or written only inside
/// ``withLock(_:)``, under `lock`; `CriticalStateTests` has threads race on one instance, which
/// ThreadSanitizer checks in CI.
package final class CriticalState<State>: @unchecked Sendable {
    private let lock = NSLock()
    // Unchecked: the lock already keeps every access apart, and the run-time check cost each
    // `withLock` a call.
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
