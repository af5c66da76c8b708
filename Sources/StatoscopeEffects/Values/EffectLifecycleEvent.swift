@_spi(StatoscopeInternals) import StatoscopeCore

/// A step in an effect's life, as logging reports it.
package enum EffectLifecycleEvent: Sendable, CustomStringConvertible {
    /// Enqueued by an update; it starts when that update returns.
    case enqueued
    /// Not enqueued: an effect with its key is in flight and is kept.
    case droppedForKeyInFlight
    /// Not enqueued: an effect with its key started less than its throttle interval ago.
    case droppedByThrottle
    /// Dropped unstarted: the update that enqueued it threw.
    case discarded
    /// Waiting out its delay (a debounce's quiet period, a trailing throttle's window, a delayed
    /// event's delay) before its work starts, or its event is sent; it may be replaced or cancelled
    /// meanwhile, and then never starts.
    case scheduled(after: Duration)
    /// Running, off the main actor.
    case started
    /// Finished; its event is being delivered.
    case completed
    /// Finished by throwing; its error is reported.
    case failed(any Error)
    /// Cancelled: it will deliver nothing.
    case cancelled
    /// An attempt failed and its ``RetryPolicy`` tries again after this wait; it is still in flight.
    case retrying(after: Duration)

    package var description: String {
        guard case .failed(let error) = self else { return stepName }
        return "failed: \(error)"
    }

    /// The step's name without its details: a failure's error may hold values the app keeps private.
    package var stepName: String {
        switch self {
        case .enqueued: "enqueued"
        case .droppedForKeyInFlight: "dropped (its key is in flight)"
        case .droppedByThrottle: "dropped (its key started less than its throttle interval ago)"
        case .discarded: "discarded (its update threw)"
        case .scheduled(let wait): "scheduled (starts in \(wait))"
        case .started: "started"
        case .completed: "completed"
        case .failed: "failed"
        case .cancelled: "cancelled"
        case .retrying(let wait): "failed; tries again in \(wait)"
        }
    }
}
