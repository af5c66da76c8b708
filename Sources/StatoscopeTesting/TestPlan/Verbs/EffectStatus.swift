import Statoscope

/// Where an effect is in its life, as ``TestPlan/THEN_EffectStatus(_:is:fileID:filePath:line:column:)``
/// checks it.
public enum EffectStatus: Sendable, Equatable, CustomStringConvertible {
    /// Started and waiting for its result: a one-shot effect the plan has not completed yet.
    case pending
    /// Waiting to start: a quiet period, a trailing throttle's window, a retry's next attempt, or a
    /// delayed event's delay.
    case scheduled
    /// A stream that started and has not ended.
    case open
    /// Completed, or, for a stream, ended.
    case ended
    /// Failed, with nothing made of its error (no `mapToResult()`).
    case failed
    /// Cancelled: by the app, by its scope's dismissal, or by the plan's clearing.
    case cancelled
    /// Enqueued but never started: its update threw, or its key policy dropped it.
    case neverStarted

    /// `scheduled`, `never started`.
    public var description: String {
        switch self {
        case .pending: "pending"
        case .scheduled: "scheduled"
        case .open: "open"
        case .ended: "ended"
        case .failed: "failed"
        case .cancelled: "cancelled"
        case .neverStarted: "never started"
        }
    }
}

extension EffectStatus {
    /// The status of a pending effect.
    @MainActor
    init(pending entry: PendingEffects.Entry) {
        if PendingEffects.startTime(of: entry) != nil {
            self = .scheduled
        } else {
            self = entry.payload.isStream ? .open : .pending
        }
    }

    /// The status of an effect that left the pending list.
    init(_ fate: EffectFate) {
        switch fate.how {
        case .completed: self = .ended
        case .failed: self = .failed
        case .cancelled, .clearedByPlan: self = .cancelled
        case .neverStarted: self = .neverStarted
        }
    }
}
