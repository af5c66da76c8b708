@_spi(StatoscopeInternals) import StatoscopeCore

/// The queue between the main actor, which accepts tracked events, and the sinks of
/// ``Analytics/install(_:)``, which receive them encoded, off the main actor.
///
/// Encoding an event costs far more than handing it over, an append under a lock. One
/// task at a time drains the queue, so sinks receive events one at a time, in the order they were
/// accepted; it ends when the queue is empty, so nothing runs while no event is tracked.
final class AnalyticsDelivery: Sendable {
    static let shared = AnalyticsDelivery()

    /// A tracked event accepted by its update, with what it needs to become an ``AnalyticsEvent``.
    struct Accepted: Sendable {
        let when: any TrackedWhen
        let scopePath: String
        /// The sinks installed when it was accepted, that receive it.
        let sinks: [AnalyticsSink]
        /// Where it was accepted: its sinks receive it there, and a warning about it is logged there.
        let isolation: InstrumentIsolation?
    }

    private struct Queue: Sendable {
        var accepted = ChunkedQueue<Accepted>()
        var isDraining = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let queue = CriticalState(Queue())

    func enqueue(_ accepted: Accepted) {
        let startsDraining = queue.withLock { queue in
            queue.accepted.append(accepted)
            defer { queue.isDraining = true }
            return !queue.isDraining
        }
        guard startsDraining else { return }
        Task.detached(priority: .utility) { self.drain() }
    }

    /// Returns once every event accepted so far has reached its sinks.
    func waitUntilDelivered() async {
        await withCheckedContinuation { continuation in
            let isIdle = queue.withLock { queue in
                guard queue.isDraining else { return true }
                queue.waiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    private func drain() {
        // Chunks go back and forth between the queue and this drain, emptied in between: see
        // `ChunkedQueue`.
        var batch: [[Accepted]] = []
        // One encoder for the whole drain: its storage serves every event.
        let encoder = EventEncoding.redactingEncoder()
        while true {
            let waiters = queue.withLock { queue in
                queue.accepted.recycle(&batch)
                guard !queue.accepted.isEmpty else {
                    queue.isDraining = false
                    queue.accepted.releaseSpares()
                    defer { queue.waiters = [] }
                    return queue.waiters
                }
                batch = queue.accepted.takeAll()
                return []
            }
            guard !batch.isEmpty else {
                for waiter in waiters { waiter.resume() }
                return
            }
            for chunk in batch.indices {
                for index in batch[chunk].indices { deliver(batch[chunk][index], using: encoder) }
                // Emptied here rather than under the lock, where the main actor would wait for it.
                batch[chunk].removeAll(keepingCapacity: true)
            }
        }
    }

    private func deliver(_ accepted: Accepted, using encoder: EventValueEncoder) {
        let event: AnalyticsEvent
        do {
            event = try EventEncoding.analyticsEvent(
                of: accepted.when, scopePath: accepted.scopePath, using: encoder)
        } catch {
            let message = "\(error)"
            let isolation = accepted.isolation
            Task { @MainActor in
                InstrumentIsolation.$current.withValue(isolation) {
                    ErrorReporting.logger.warning("\(message)", source: LogSource.name)
                }
            }
            return
        }
        guard let isolation = accepted.isolation else {
            for sink in accepted.sinks { sink.deliver(event) }
            return
        }
        // A sink's code answers an event accepted in an isolation of instruments, as a middleware's
        // does: what it reports or writes, from here or from the tasks it makes, happens there.
        InstrumentIsolation.$current.withValue(isolation) {
            for sink in accepted.sinks { sink.deliver(event) }
        }
    }
}

/// A sink of ``Analytics/install(_:)``.
struct AnalyticsSink: Sendable {
    let deliver: @Sendable (AnalyticsEvent) -> Void
    /// The isolation it was installed in, if any: it receives only the events accepted there.
    let isolation: InstrumentIsolation?
}
