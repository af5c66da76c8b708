import Foundation

/// Where effects wait to be cancelled: holds any number of tasks in flight at once, and lets each go
/// as soon as its task is cancelled.
///
/// A continuation, not `Task.sleep`: 100,000 sleeping tasks would also measure 100,000 timers. The
/// gate counts arrivals and departures, so a workload knows when every task has reached it (its memory
/// is then all allocated) and when every cancelled task has left.
final class ParkingGate: @unchecked Sendable {
    // Guards everything below: tasks park and leave on the pool's threads, cancellation comes from the
    // main actor.
    private let lock = NSLock()
    private var parked: [Int: UnsafeContinuation<Void, Never>] = [:]
    /// Tickets whose task was cancelled before it stored its continuation.
    private var cancelledEarly: Set<Int> = []
    private var lastTicket = 0
    private var arrivedCount = 0
    private var departedCount = 0

    var arrivals: Int { lock.withLock { arrivedCount } }
    var departures: Int { lock.withLock { departedCount } }

    /// Suspends until the current task is cancelled.
    func park() async {
        let ticket = lock.withLock {
            lastTicket += 1
            arrivedCount += 1
            return lastTicket
        }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let wasCancelled = lock.withLock {
                    guard cancelledEarly.remove(ticket) == nil else { return true }
                    parked[ticket] = continuation
                    return false
                }
                if wasCancelled { continuation.resume() }
            }
        } onCancel: {
            let continuation = lock.withLock {
                let continuation = parked.removeValue(forKey: ticket)
                if continuation == nil { cancelledEarly.insert(ticket) }
                return continuation
            }
            continuation?.resume()
        }
        lock.withLock { departedCount += 1 }
    }

    /// Suspends the main actor, polling, until `count` tasks in all have arrived (or left).
    @MainActor
    func waitForArrivals(_ count: Int) async {
        while arrivals < count { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @MainActor
    func waitForDepartures(_ count: Int) async {
        while departures < count { try? await Task.sleep(for: .milliseconds(1)) }
    }
}
