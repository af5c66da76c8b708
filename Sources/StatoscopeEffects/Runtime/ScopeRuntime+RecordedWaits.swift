@_spi(StatoscopeInternals) import StatoscopeCore

/// An effect whose whole work is to wait on the scope's ``EffectClock`` and return a value it holds:
/// what a test plan can end by itself, at the instant of its clock when the wait is over, since
/// nothing of it needs the test to say what it returns.
protocol RecordedWait {
    /// How long it waits.
    var wait: Duration { get }
    /// What it returns once the wait is over, boxed as a chain takes an outcome: a
    /// `Result<ResultType, any Error>`.
    var outcomeAfterWait: Any { get }
}

extension DelayedEvent: RecordedWait {
    var wait: Duration { delay }
    var outcomeAfterWait: Any { Result<Event, any Error>.success(event) }
}

extension ScopeRuntime {
    /// A recorded effect starts, in a test plan: what arrives at once, if anything (a delayed event
    /// with no delay, or an effect that only waits for none); one that waits longer is ended by the
    /// plan's clock (see ``startRecordedWait(_:_:)``).
    func arrivalOnStart(_ id: EffectID, _ effect: EnqueuedEffect) -> (@MainActor () -> Void)? {
        if let delivery = effect.deliveryOnStart {
            return { [self] in finish(id, outcome: delivery) }
        }
        guard let ended = startRecordedWait(id, effect) else { return nil }
        return { [self] in attemptEndedByHand(id, outcome: ended) }
    }

    /// A recorded effect started, in a test plan: if it only waits (a ``DelayedEvent`` enqueued as an
    /// effect, animated or mapped, rather than with ``ScopeEffects/enqueue(_:after:key:)``), it ends
    /// when the plan's clock has moved its wait past now, as it does live on the scope's clock. Returns
    /// its outcome, to end it with, when its wait is over already; else nil.
    func startRecordedWait(_ id: EffectID, _ effect: EnqueuedEffect) -> Any? {
        guard let waiting = effect.pristine as? any RecordedWait else { return nil }
        let outcome = waiting.outcomeAfterWait
        guard waiting.wait > .zero else { return outcome }
        // Outside a plan's tree no clock moves: the wait never ends.
        guard let clock = planClock else { return nil }
        clock.endEffect(at: clock.later(by: EffectClock.boundedWait(waiting.wait))) { [weak self] in
            // Nothing if it was cancelled, or ended by hand, meanwhile.
            self?.attemptEndedByHand(id, outcome: outcome)
        }
        return nil
    }
}
