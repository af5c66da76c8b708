import Foundation
import Statoscope

/// The tally written by hand with analytics, as a view model calls an analytics client itself: it
/// either names each event, puts its value in a dictionary and calls the sink on the main actor, or
/// only hands the event to a queue that another thread would encode and deliver from. It is what
/// tracking an event through ``Analytics`` is compared with.
@MainActor
final class HandWrittenAnalyticsTally {
    /// Where the tally sends what it tracks.
    enum Delivery {
        /// Named and delivered here, on the main actor.
        case sink((AnalyticsEvent) -> Void)
        /// Handed over as it is, for another thread.
        case queue(HandedOverEvents)
    }

    var total = 0
    private let delivery: Delivery

    init(_ delivery: Delivery) {
        self.delivery = delivery
    }

    func handle(_ when: TallyScope.When) {
        switch when {
        case .add(let value): total &+= value
        case .reset: total = 0
        }
        switch delivery {
        case .sink(let sink):
            switch when {
            case .add(let value):
                sink(AnalyticsEvent(name: "add", parameters: ["_0": .int(value)], scopePath: "Tally"))
            case .reset:
                sink(AnalyticsEvent(name: "reset", parameters: [:], scopePath: "Tally"))
            }
        case .queue(let queue):
            queue.append(when)
        }
    }
}

/// Events handed over under a lock, as a hand-written analytics client queues them for its thread.
final class HandedOverEvents: @unchecked Sendable {
    // `@unchecked Sendable`: `events` is touched only with `lock` held.
    private let lock = NSLock()
    private var events: [TallyScope.When] = []

    var count: Int { lock.withLock { events.count } }

    func append(_ when: TallyScope.When) {
        lock.withLock { events.append(when) }
    }

    /// What a drain would take; the timed loop leaves it to the tear-down.
    func removeAll() {
        lock.withLock { events.removeAll(keepingCapacity: true) }
    }
}
