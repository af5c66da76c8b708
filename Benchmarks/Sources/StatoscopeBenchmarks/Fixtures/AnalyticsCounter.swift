import Foundation
import Statoscope

/// A sink for analytics that counts what it receives, from the thread analytics delivers on.
final class AnalyticsCounter: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var received = 0

    /// What the sink received so far.
    var count: Int { lock.withLock { received } }

    func sink(_ event: AnalyticsEvent) {
        lock.withLock { received &+= 1 }
    }

    /// Blocks until every event tracked so far was delivered: a timed case's tear-down must not
    /// leave encoding running under the next case. Analytics delivers without the main actor, so
    /// blocking it here cannot deadlock.
    static func waitUntilDelivered() {
        let delivered = DispatchSemaphore(value: 0)
        Task.detached {
            await Analytics.waitUntilDelivered()
            delivered.signal()
        }
        delivered.wait()
    }
}
