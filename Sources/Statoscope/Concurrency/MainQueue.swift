import Dispatch

/// Tells whether the caller runs on the main actor, and runs synchronous work there from any thread:
/// a test plan's steps, run from nonisolated test methods (XCTest methods written as plain functions)
/// as well as from `@MainActor` ones, and a scope's description, asked for from anywhere.
///
/// "On the main queue" is told by a value set on `DispatchQueue.main`, not by `Thread.isMainThread`:
/// on Linux, Swift Testing runs main-actor tests on a thread that drains the main queue without being
/// the main thread, and a `main.sync` from there would deadlock.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

    /// Whether the caller runs on the main queue, where the main actor runs.
    package static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }

    /// Runs `body` on the main actor: in place when already on the main queue, else through
    /// `DispatchQueue.main.sync`, blocking the caller until it returns.
    ///
    /// `assumeIsolated` is sound in both branches: the main actor's executor is the main queue, and
    /// `body` runs on it. `RunContextTests` runs plans from nonisolated Swift Testing tests,
    /// `EndToEndXCTests` from XCTest methods and `TreeIntegrationTests` from the main actor, all under
    /// ThreadSanitizer in CI.
    package static func sync<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        if isCurrent {
            // SAFETY: Sound as the comment above says: this is the main queue.
            return try MainActor.assumeIsolated(body)
        }
        return try DispatchQueue.main.sync {
            // SAFETY: Sound as the comment above says: `main.sync` runs this on the main queue.
            try MainActor.assumeIsolated(body)
        }
    }
}
