@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeRuntime {
    /// A test plan ended the running attempt of a recorded effect with `outcome`, a boxed
    /// `Result<Pristine.ResultType, any Error>`: delivered through the effect's chain, unless the
    /// effect retries, in which case the scope gets the event it asked for each retry, if any, and
    /// the effect waits on the plan's clock for its next attempt (a wait of zero leaves it started).
    package func attemptEndedByHand(_ id: EffectID, outcome: Any) {
        guard let entry = effects.entry(id), entry.phase == .running else { return }
        switch entry.payload.attemptEndedByHand(outcome) {
        case .deliver(let last):
            finish(id, outcome: last)
        case .retry(let wait, let notice):
            // Logged, and the scope's event sent, as a live retry's are; what that event does to the
            // effect (a cancellation, say) holds before the wait.
            deliverElement(id, outcome: .retrying(after: wait, notice: notice))
            if wait > .zero { schedule(id, after: wait) }
        }
    }
}
