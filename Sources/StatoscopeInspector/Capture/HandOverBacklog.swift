import Foundation

/// How many of the elements the main actor handed over its consumer, off the main actor, has not
/// taken yet; and the wait that keeps them few.
///
/// The consumer renders and writes what it takes, which costs more than noting it: an app that sends
/// events faster than that for long (hundreds of thousands in one burst) would otherwise pile them
/// up in memory. Once ``limit`` elements wait, the main actor waits at the hand-over until the
/// consumer has taken enough, so the inspector's memory stays bounded however long the burst, and
/// the app is slowed only while it outpaces the inspector. A consumer that takes nothing for
/// ``patience`` (a second in the inspector) is not waited for again until it has caught up: the
/// elements then wait in memory, none is dropped. (The consumer runs on the cooperative pool, which
/// the app's own blocking work can fill; the main actor never waits for it longer than that.)
final class HandOverBacklog {
    /// How many elements may wait for the consumer before the main actor waits for it.
    static let limit = 2_048
    /// How long the main actor waits, at most, for the consumer to take its next batch.
    let patience: TimeInterval

    /// Guards the state below, and wakes the main actor's wait when the consumer takes.
    private let condition = NSCondition()
    private var waiting = 0
    private var isClosed = false
    /// Cleared when a wait runs out of patience, set again once the consumer has caught up: a
    /// consumer kept from running costs the main actor one wait, not one at every hand-over.
    private var isPatient = true

    init(patience: TimeInterval = 1) {
        self.patience = patience
    }

    /// The main actor handed `count` more elements over.
    func added(_ count: Int) {
        condition.lock()
        waiting += count
        condition.unlock()
    }

    /// The consumer took `count` elements.
    func taken(_ count: Int) {
        condition.lock()
        waiting -= count
        if waiting < Self.limit { isPatient = true }
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer takes nothing more: nobody waits for it again.
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Why a wait at the hand-over ended.
    enum WaitEnd: Equatable {
        case belowLimit, closed, outOfPatience
    }

    /// Returns once fewer than ``limit`` elements wait, the consumer is closed, or it took nothing
    /// for ``patience`` (at once, if it has not caught up since it last did); and which.
    @discardableResult
    func waitUntilBelowLimit() -> WaitEnd {
        condition.lock()
        defer { condition.unlock() }
        while waiting >= Self.limit {
            guard !isClosed else { return .closed }
            // Each batch the consumer takes wakes this wait, and gives it `patience` again.
            guard isPatient, condition.wait(until: Date(timeIntervalSinceNow: patience)) else {
                isPatient = false
                return .outOfPatience
            }
        }
        return .belowLimit
    }

    /// How many elements wait for the consumer now.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting
    }
}

// SAFETY: Sound because its variables are read and written only with `condition` locked,
// in the methods above, and `condition` itself is thread-safe: nothing else is stored.
extension HandOverBacklog: @unchecked Sendable {}
