import Foundation

/// A lock-guarded value, for sinks and handlers the tests install that run off the main actor.
// SAFETY: Sound because `stored` is read and written only with `lock` held, and `mutate`'s body works
// on the value alone.
final class LockedValue<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func mutate(_ body: (inout T) -> Void) {
        lock.lock()
        body(&stored)
        lock.unlock()
    }
}
